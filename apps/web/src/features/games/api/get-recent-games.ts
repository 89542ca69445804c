import { useInfiniteQuery } from '@tanstack/react-query';
import type { GameCategory } from '@khela/contract';
import { slotPageSize } from '../lobby/constants.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { nextPageOf } from './get-game-list.ts';

/** Spec 7 GCS_recentGame (clientType, vassalage, language, paging): the member's latest launches. */
export function useRecentGames(
  filter: { gameType: GameCategory; vassalage?: string | null },
  enabled: boolean,
) {
  const token = useSessionStore((state) => state.token);
  const language = useLanguageStore((state) => state.language);
  return useInfiniteQuery({
    queryKey: ['games', 'recent', token, language, filter.gameType, filter.vassalage ?? null],
    queryFn: async ({ pageParam }) => {
      const value = await apiClient.call(apiRoutes.recentGames, {
        query: {
          clientType: 3,
          gameType: filter.gameType,
          ...(filter.vassalage ? { vassalage: filter.vassalage } : {}),
          pageNo: pageParam,
          pageSize: slotPageSize,
        },
      });
      return { ...value, games: value.list };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: enabled && token !== null,
  });
}
