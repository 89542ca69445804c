import { useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

export interface LaunchRequest {
  nodeId: number;
  language: LanguageCode;
  theme: 'light' | 'dark';
  /** Where the vendor's own "back to lobby" goes: a path of this site. */
  lobbyUrl: string;
}

/**
 * One launch per visit of the game page: a launch token works once, so the answer is never reused
 * from cache and never retried on its own (a retry is the player's choice).
 */
export function useLaunchGame(request: LaunchRequest | null) {
  return useQuery({
    queryKey: ['games', 'launch', request],
    queryFn: () => {
      if (!request) throw new Error('no game to launch');
      return apiClient.call(apiRoutes.launchGame, { body: request });
    },
    enabled: request !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
