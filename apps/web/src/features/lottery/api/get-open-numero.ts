import { useQuery } from '@tanstack/react-query';
import { lotteryRefreshDelay } from '@khela/contract/lottery-draw';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { lotteryQueryKey } from './get-game-menu.ts';

/** A game's numero open for bets (spec 7 /lgw/vn/numeros/opened/game), refreshed as the lobby's (spec 4). */
export function useOpenNumero(gameCode: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...lotteryQueryKey, 'open', gameCode],
    queryFn: () => apiClient.call(apiRoutes.lotteryOpenNumero, { query: { gameCode } }),
    refetchInterval: (query) => lotteryRefreshDelay(query.state.data ? [query.state.data.remainTime] : []),
    retry: false,
  });
}
