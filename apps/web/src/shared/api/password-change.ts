import { ApiError } from '@khela/contract';
import { useOverlayStore } from '../stores/overlay-store.ts';
import { useSessionStore } from '../stores/session-store.ts';

/**
 * A session whose password must change first (a '123456' or expired password) is served nothing
 * else by the server (PASSWORD_CHANGE_REQUIRED): whichever page, reload or action asked, the
 * change-password dialog opens, so skipping it gets the person nowhere. Likewise an account opened
 * by its upline gets the payment-password form (PAYMENT_PASSWORD_SETUP_REQUIRED) after the change.
 */
export function askPasswordChangeOn(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (useSessionStore.getState().token === null) return;
  const overlays = useOverlayStore.getState();
  if (error.code === 'PASSWORD_CHANGE_REQUIRED') {
    if (!overlays.openModals.includes('changePassModal')) overlays.openModal('changePassModal');
  } else if (error.code === 'PAYMENT_PASSWORD_SETUP_REQUIRED') {
    // An account its upline opened sets its own payment password next (after the password change).
    if (!overlays.openModals.includes('paymentPasswordSetupModal')) {
      overlays.openModal('paymentPasswordSetupModal');
    }
  }
}
