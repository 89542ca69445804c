import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { lotteryQueryKey } from './get-game-menu.ts';

/** The inputs to recompute a draw (seed, commitment, bets digest, published numbers). */
export function useNumeroProof(gameCode: string, numero: string, enabled: boolean) {
  return useQuery({
    queryKey: [...lotteryQueryKey, 'proof', gameCode, numero],
    queryFn: () => apiClient.call(apiRoutes.lotteryNumeroProof, { query: { gameCode, numero } }),
    enabled,
    retry: false,
  });
}
