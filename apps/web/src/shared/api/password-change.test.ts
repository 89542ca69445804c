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

  it('ignores other errors, and the code without a session', () => {
    useSessionStore.getState().setSession({ token: 'live', isAgent: 0, username: 'rahim01' });
    askPasswordChangeOn(new ApiError({ code: 'FORBIDDEN', message: 'err_forbidden', status: 403 }));
    askPasswordChangeOn(new Error('network'));
    useSessionStore.getState().clearSession();
    askPasswordChangeOn(required);
    expect(useOverlayStore.getState().openModals).toEqual([]);
  });
});
