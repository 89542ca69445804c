import { useQuery } from '@tanstack/react-query';
import type { LotteryMenuValue, LotteryPrizeMode } from '@khela/contract';
import { lotteryRefreshDelay } from '@khela/contract/lottery-draw';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';
import { allGamesOf, openRemainTimes } from '../lib/lobby-filter.ts';

export const lotteryQueryKey = ['lottery'] as const;

export function getLotteryMenu(prizeMode: LotteryPrizeMode | undefined): Promise<LotteryMenuValue> {
  return apiClient.call(apiRoutes.lotteryGameMenu, {
    query: { device: 'WEB', ...(prizeMode ? { prizeMode } : {}) },
  });
}

/** Spec 4: the menu's next refresh, after the smallest remaining time among its open draws. */
export function menuRefreshDelay(menu: LotteryMenuValue | undefined): number {
  return lotteryRefreshDelay(menu ? openRemainTimes(allGamesOf(menu.gameMenus)) : []);
}

/** The lottery lobby (spec 7 /lgw/vn/games/game_menu), refreshed by the spec 4 timer. */
export function useLotteryMenu(prizeMode: LotteryPrizeMode | undefined) {
  const language = useLanguageStore((state) => state.language);
  return useQuery({
    queryKey: [...lotteryQueryKey, 'menu', prizeMode ?? 'all', language],
    queryFn: () => getLotteryMenu(prizeMode),
    refetchInterval: (query) => menuRefreshDelay(query.state.data),
    staleTime: 5_000,
  });
}
