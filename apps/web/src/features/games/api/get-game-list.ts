import { useInfiniteQuery } from '@tanstack/react-query';
import type { GameCategory, GameListValue, SlotClassify } from '@khela/contract';
import { slotPageSize } from '../lobby/constants.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';

export interface GameListFilter {
  gameType: GameCategory;
  vassalage?: string | null;
  gameClassify?: SlotClassify | null;
  gameName?: string;
  minBet?: string | null;
}

/** Spec 3 game list query: clientType 3, platform flash,html5-desktop, page size 21. */
export function getGameList(filter: GameListFilter, pageNo: number, pageSize = slotPageSize) {
  return apiClient.call(apiRoutes.gameList, {
    query: {
      clientType: 3,
      platform: 'flash,html5-desktop',
      gameType: filter.gameType,
      ...(filter.vassalage ? { vassalage: filter.vassalage } : {}),
      ...(filter.gameClassify ? { gameClassify: filter.gameClassify } : {}),
      ...(filter.gameName ? { gameName: filter.gameName } : {}),
      ...(filter.minBet ? { minBet: filter.minBet } : {}),
      pageNo,
      pageSize,
    },
  });
}

/** The next page to ask for, or undefined when the last page is loaded. */
export function nextPageOf(last: Pick<GameListValue, 'pageNo' | 'totalPages'>): number | undefined {
  return last.pageNo < last.totalPages ? last.pageNo + 1 : undefined;
}

/**
 * A game type's games, 21 a page, more pages appended by infinite scroll. A new filter is a new
 * list that starts again at page 1 (spec 4).
 */
export function useGameList(filter: GameListFilter, enabled = true) {
  const language = useLanguageStore((state) => state.language);
  return useInfiniteQuery({
    queryKey: ['games', 'list', language, filter],
    queryFn: ({ pageParam }) => getGameList(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
    staleTime: 60_000,
  });
}
