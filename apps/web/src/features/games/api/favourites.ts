import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Game, GameCategory } from '@khela/contract';
import { slotPageSize } from '../lobby/constants.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { nextPageOf } from './get-game-list.ts';

const favouritesKey = ['games', 'favourites'] as const;

/** The member's saved games as node ids (to mark tiles); empty for a visitor, without a call. */
export function useFavouriteIds(): ReadonlySet<number> {
  const token = useSessionStore((state) => state.token);
  const { data } = useQuery({
    queryKey: [...favouritesKey, 'ids', token],
    queryFn: () => apiClient.call(apiRoutes.favouriteGames),
    enabled: token !== null,
    select: (value) => new Set(value.list.map((ref) => ref.nodeId)),
    staleTime: 60_000,
  });
  return data ?? emptySet;
}
const emptySet: ReadonlySet<number> = new Set();

/** Spec 7 MCSFE_getFavoriteGamesList: clientType, platform, language, gameType, paging. */
export function useFavouriteList(gameType: GameCategory, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  const language = useLanguageStore((state) => state.language);
  return useInfiniteQuery({
    queryKey: [...favouritesKey, 'list', token, language, gameType],
    queryFn: async ({ pageParam }) => {
      const value = await apiClient.call(apiRoutes.favouriteGamesList, {
        query: {
          clientType: 3,
          platform: 'html5-desktop',
          gameType,
          pageNo: pageParam,
          pageSize: slotPageSize,
        },
      });
      return { ...value, games: value.content };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: enabled && token !== null,
  });
}

/** Adds or removes a saved game (spec 4: favourites toggled by add or remove). */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      game,
      favourite,
    }: {
      game: Game;
      favourite: boolean;
    }): Promise<{ nodeId: number; favourite: boolean }> => {
      const body = { nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType };
      return favourite
        ? apiClient.call(apiRoutes.addFavouriteGame, { body })
        : apiClient.call(apiRoutes.removeFavouriteGame, { body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });
}
