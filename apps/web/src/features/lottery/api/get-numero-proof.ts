import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
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

/** An own bet's Merkle inclusion proof (lotteryBetProof); nothing for a visitor. */
export function useBetProof(betId: number | null) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...lotteryQueryKey, 'betProof', betId, token],
    queryFn: () => apiClient.call(apiRoutes.lotteryBetProof, { query: { betId: betId ?? 0 } }),
    enabled: betId !== null && token !== null,
    retry: false,
  });
}
