import { useQuery } from '@tanstack/react-query';
import type { LotteryPrizeMode } from '@khela/contract';
import { recentLotteryCount } from '@khela/contract/lottery-draw';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { lotteryQueryKey } from './get-game-menu.ts';

/** Spec 7 /lgw/vn/games/game_menu/recent (recentCount 100): a member's recent lotteries. */
export function useRecentLotteries(prizeMode: LotteryPrizeMode | undefined, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...lotteryQueryKey, 'recent', prizeMode ?? 'all', token],
    queryFn: () =>
      apiClient.call(apiRoutes.lotteryRecentGames, {
        query: { device: 'WEB', recentCount: recentLotteryCount, ...(prizeMode ? { prizeMode } : {}) },
      }),
    enabled: enabled && token !== null,
  });
}
