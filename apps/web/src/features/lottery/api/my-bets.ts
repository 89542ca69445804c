import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LotteryBet, PlaceSlipBody } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { balanceQueryKey } from '../../account/index.ts';
import { lotteryQueryKey } from './get-game-menu.ts';

const myBetsKey = [...lotteryQueryKey, 'myBets'] as const;

/** The member's bets on one game, newest first (lotteryMyBets); nothing for a visitor. */
export function useMyLotteryBets(
  gameCode: string,
  pollMs: (list: readonly LotteryBet[] | undefined) => number | false,
) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...myBetsKey, gameCode, token],
    queryFn: () => apiClient.call(apiRoutes.lotteryMyBets, { query: { gameCode, pageNo: 1, pageSize: 50 } }),
    enabled: token !== null,
    refetchInterval: (query) => pollMs(query.state.data?.list),
  });
}

/** After money moved: the header balance and the records are stale (as the wallet pages do). */
function useAfterMoney() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'record'] });
    void queryClient.invalidateQueries({ queryKey: myBetsKey });
    void queryClient.invalidateQueries({ queryKey: [...lotteryQueryKey, 'recent'] });
  };
}

/** Places a slip (lotteryPlaceSlip); the body carries the slip's request id (retries place once). */
export function usePlaceSlip() {
  const afterMoney = useAfterMoney();
  return useMutation({
    mutationFn: (body: PlaceSlipBody) => apiClient.call(apiRoutes.lotteryPlaceSlip, { body }),
    onSuccess: afterMoney,
  });
}

export function useCancelLotteryBet() {
  const afterMoney = useAfterMoney();
  return useMutation({
    mutationFn: (betId: number) => apiClient.call(apiRoutes.lotteryCancelBet, { body: { betId } }),
    onSuccess: afterMoney,
  });
}
