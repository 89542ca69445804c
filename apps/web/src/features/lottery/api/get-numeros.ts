import { useQuery } from '@tanstack/react-query';
import type { NumeroResult } from '@khela/contract';
import { numeroListCount } from '@khela/contract/lottery-draw';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { lotteryQueryKey } from './get-game-menu.ts';

/**
 * Spec 7 numero list (count 100): a game's draw history, newest first. `pollMs` answers, from the
 * list on hand, how soon to ask again (while a result is awaited), or false.
 */
export function useNumeros(
  gameCode: string,
  pollMs: (list: readonly NumeroResult[] | undefined) => number | false,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: [...lotteryQueryKey, 'numeros', gameCode],
    queryFn: () => apiClient.call(apiRoutes.lotteryNumeros, { query: { gameCode, count: numeroListCount } }),
    refetchInterval: (query) => pollMs(query.state.data?.list),
  });
}
