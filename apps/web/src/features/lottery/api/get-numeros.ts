import { useQuery } from '@tanstack/react-query';
import { numeroListCount } from '@khela/contract/lottery-draw';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { lotteryQueryKey } from './get-game-menu.ts';

/** Spec 7 numero list (count 100): a game's draw history, newest first. `pollMs` while a result is awaited. */
export function useNumeros(gameCode: string, pollMs: number | false) {
  return useQuery({
    queryKey: [...lotteryQueryKey, 'numeros', gameCode],
    queryFn: () => apiClient.call(apiRoutes.lotteryNumeros, { query: { gameCode, count: numeroListCount } }),
    refetchInterval: pollMs,
  });
}
