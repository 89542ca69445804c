import { useQuery } from '@tanstack/react-query';
import type { GameCategory } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';

/** Hot games grouped by type (spec 7 GCSGAME_hotGamesV2: merchant, isPlatform 2, platform). */
export function getHotGames(filter: { gameType?: GameCategory; vassalage?: string | null }) {
  return apiClient.call(apiRoutes.hotGames, {
    query: {
      isPlatform: 2,
      platform: 'html5-desktop',
      ...(filter.gameType ? { gameType: filter.gameType } : {}),
      ...(filter.vassalage ? { vassalage: filter.vassalage } : {}),
    },
  });
}

/** Spec 4: the hot list is cached and not paged; the games of one type (and vendor) only. */
export function useHotGames(filter: { gameType: GameCategory; vassalage?: string | null }, enabled = true) {
  const language = useLanguageStore((state) => state.language);
  return useQuery({
    queryKey: ['games', 'hot', language, filter.gameType, filter.vassalage ?? null],
    queryFn: () => getHotGames(filter),
    select: (value) => value.list.find((group) => group.gameType === filter.gameType)?.games ?? [],
    staleTime: 300_000,
    enabled,
  });
}
