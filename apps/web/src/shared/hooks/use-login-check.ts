import { useCallback } from 'react';
import { useOverlayStore } from '../stores/overlay-store.ts';
import { isTrialAccount, useSessionStore } from '../stores/session-store.ts';

/** What a trial account is told instead: its text key and its button's. */
export interface TrialNotice {
  messageKey: string;
  confirmKey?: string;
}

const registerFirst: TrialNotice = { messageKey: 'in_need_true_account', confirmKey: 'in_increase_submit' };

/**
 * Spec 5, "login check before protected actions": a visitor gets the login popup, a trial account
 * (type 4) gets the 'Please Register An Account First' warning (or the notice given), anyone else
 * goes ahead.
 */
export function useLoginCheck(trialNotice: TrialNotice = registerFirst) {
  const { messageKey, confirmKey } = trialNotice;
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
        void requestConfirm({ messageKey, ...(confirmKey ? { confirmKey } : {}), hideCancel: true });
        return;
      }
      action();
    },
    [token, isAgent, openModal, requestConfirm, messageKey, confirmKey],
  );
}
