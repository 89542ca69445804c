import { describe, expect, it } from 'vitest';
import { ApiError } from '@khela/contract';
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
});
