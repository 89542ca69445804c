import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@khela/contract';
import { useOverlayStore } from '../stores/overlay-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { askPasswordChangeOn } from './password-change.ts';

const required = new ApiError({
  code: 'PASSWORD_CHANGE_REQUIRED',
  message: 'err_password_change_required',
  status: 403,
});

afterEach(() => {
  useOverlayStore.getState().closeModal('changePassModal');
  useOverlayStore.getState().closeModal('paymentPasswordSetupModal');
  useSessionStore.getState().clearSession();
});

describe('askPasswordChangeOn', () => {
  it('opens the change-password dialog once when the server asks for the change', () => {
    useSessionStore.getState().setSession({ token: 'forced', isAgent: 0, username: 'demochange' });
    askPasswordChangeOn(required);
    askPasswordChangeOn(required);
    expect(useOverlayStore.getState().openModals).toEqual(['changePassModal']);
    // The session is kept: the dialog needs it for the change.
    expect(useSessionStore.getState().token).toBe('forced');
  });

  it('opens the payment-password form when an account its upline opened must set its own (issue 38)', () => {
    useSessionStore.getState().setSession({ token: 'downline', isAgent: 1, username: 'newagent' });
    const setup = new ApiError({
      code: 'PAYMENT_PASSWORD_SETUP_REQUIRED',
      message: 'err_payment_password_setup_required',
      status: 403,
    });
    askPasswordChangeOn(setup);
    askPasswordChangeOn(setup);
    expect(useOverlayStore.getState().openModals).toEqual(['paymentPasswordSetupModal']);
  });

  it('ignores other errors, and the code without a session', () => {
    useSessionStore.getState().setSession({ token: 'live', isAgent: 0, username: 'rahim01' });
    askPasswordChangeOn(new ApiError({ code: 'FORBIDDEN', message: 'err_forbidden', status: 403 }));
    askPasswordChangeOn(new Error('network'));
    useSessionStore.getState().clearSession();
    askPasswordChangeOn(required);
    expect(useOverlayStore.getState().openModals).toEqual([]);
  });
});
