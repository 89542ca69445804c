import { useCallback } from 'react';
import { useOverlayStore } from '../stores/overlay-store.ts';
import { isTrialAccount, useSessionStore } from '../stores/session-store.ts';

/**
 * Spec 5, "login check before protected actions": a visitor gets the login popup, a trial account
 * (type 4) gets the 'Please Register An Account First' warning, anyone else goes ahead.
 */
export function useLoginCheck() {
  const token = useSessionStore((state) => state.token);
  const isAgent = useSessionStore((state) => state.isAgent);
  const openModal = useOverlayStore((state) => state.openModal);
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);

  return useCallback(
    (action: () => void) => {
      if (token === null) {
        openModal('loginPopupModal');
        return;
      }
      if (isTrialAccount(isAgent)) {
        void requestConfirm({
          messageKey: 'in_need_true_account',
          confirmKey: 'in_increase_submit',
          hideCancel: true,
        });
        return;
      }
      action();
    },
    [token, isAgent, openModal, requestConfirm],
  );
}
