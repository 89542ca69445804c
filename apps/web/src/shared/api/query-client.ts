import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@khela/contract';
import { shouldRetry } from '@khela/contract/client-kit';
import { useOverlayStore } from '../stores/overlay-store.ts';
import { useSessionStore } from '../stores/session-store.ts';

export { shouldRetry };

/**
 * A 401 means the token is missing, expired or revoked: the tab's session is over (spec 4). The
 * member is told and offered the login; the centres close, since everything in them needs the
 * session (left open, they waited forever on member info that could no longer load).
 */
function endSessionOnUnauthorised(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  const session = useSessionStore.getState();
  if (session.token === null) return;
  session.clearSession();
  const overlays = useOverlayStore.getState();
  overlays.closeMemberCentre();
  overlays.closeAgentCentre();
  void overlays
    .requestConfirm({ messageKey: 'err_token_expired', confirmKey: 'action_login', tone: 'notice' })
    .then((logIn) => {
      if (logIn) useOverlayStore.getState().openModal('loginPopupModal');
    });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOnUnauthorised }),
    mutationCache: new MutationCache({ onError: endSessionOnUnauthorised }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
