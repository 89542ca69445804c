import { useCallback } from 'react';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { isTrialAccount, useSessionStore } from '../../shared/stores/session-store.ts';

/**
 * Spec 6: a visitor clicking chat gets the login popup; a trial account (type 4) gets
 * in_please_information; anyone else opens the chat room.
 */
export function useOpenChat() {
  const token = useSessionStore((state) => state.token);
  const isAgent = useSessionStore((state) => state.isAgent);
  const openModal = useOverlayStore((state) => state.openModal);
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);

  return useCallback(() => {
    if (token === null) {
      openModal('loginPopupModal');
      return;
    }
    if (isTrialAccount(isAgent)) {
      void requestConfirm({ messageKey: 'in_please_information', hideCancel: true });
      return;
    }
    openModal('chatModal');
  }, [token, isAgent, openModal, requestConfirm]);
}
