import { useCallback } from 'react';
import { useLoginCheck, type TrialNotice } from '../../shared/hooks/use-login-check.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';

const trialNotice: TrialNotice = { messageKey: 'in_please_information' };

/**
 * Spec 6: a visitor clicking chat gets the login popup; a trial account (type 4) gets
 * in_please_information; anyone else opens the chat room.
 */
export function useOpenChat() {
  const loginCheck = useLoginCheck(trialNotice);
  const openModal = useOverlayStore((state) => state.openModal);
  return useCallback(() => loginCheck(() => openModal('chatModal')), [loginCheck, openModal]);
}
