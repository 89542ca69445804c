import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { lotteryQueryKey } from './get-game-menu.ts';

/** A game's play types with their odds and stake limits. */
export function useLotteryOdds(gameCode: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...lotteryQueryKey, 'odds', gameCode],
    queryFn: () => apiClient.call(apiRoutes.lotteryOdds, { query: { gameCode } }),
    staleTime: 60_000,
  });
}
