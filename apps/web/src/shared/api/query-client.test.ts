import { describe, expect, it } from 'vitest';
import { ApiError } from '@khela/contract';
import { useOverlayStore } from '../stores/overlay-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { createQueryClient, shouldRetry } from './query-client.ts';

describe('query client', () => {
  it('retries network faults and server errors, never client errors', () => {
    expect(shouldRetry(0, new ApiError({ code: 'NETWORK', message: 'err_network', status: 0 }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ code: 'INTERNAL', message: 'err_unknown', status: 500 }))).toBe(
      true,
    );
    expect(shouldRetry(0, new ApiError({ code: 'NOT_FOUND', message: 'err_not_found', status: 404 }))).toBe(
      false,
    );
    expect(shouldRetry(2, new ApiError({ code: 'INTERNAL', message: 'err_unknown', status: 500 }))).toBe(
      false,
    );
  });

  it('ends the session when a call answers 401', async () => {
    useSessionStore.getState().setSession({ token: 'stale', isAgent: null, username: 'rahim01' });
    const queryClient = createQueryClient();
    await queryClient
      .fetchQuery({
        queryKey: ['member', 'info'],
        queryFn: () =>
          Promise.reject(new ApiError({ code: 'TOKEN_EXPIRED', message: 'err_token_expired', status: 401 })),
        retry: false,
      })
      .catch(() => undefined);
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('tells the member the session ended, closes the centres and offers the login', async () => {
    useSessionStore.getState().setSession({ token: 'revoked', isAgent: null, username: 'rahim01' });
    useOverlayStore.getState().openMemberCentre('securityCenter');
    const queryClient = createQueryClient();
    await queryClient
      .fetchQuery({
        queryKey: ['member', 'info'],
        queryFn: () =>
          Promise.reject(
            new ApiError({ code: 'UNAUTHENTICATED', message: 'err_not_logged_in', status: 401 }),
          ),
        retry: false,
      })
      .catch(() => undefined);
    const overlays = useOverlayStore.getState();
    expect(overlays.memberCentre.open).toBe(false);
    expect(overlays.pendingConfirm).toMatchObject({
      messageKey: 'err_token_expired',
      confirmKey: 'action_login',
    });
    overlays.settleConfirm(true);
    await Promise.resolve();
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
  });

  it('says nothing for a 401 without a session (a wrong password at login)', async () => {
    const queryClient = createQueryClient();
    await queryClient
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () =>
          Promise.reject(
            new ApiError({ code: 'UNAUTHENTICATED', message: 'err_not_logged_in', status: 401 }),
          ),
        retry: false,
      })
      .catch(() => undefined);
    expect(useOverlayStore.getState().pendingConfirm).toBeNull();
  });
});
