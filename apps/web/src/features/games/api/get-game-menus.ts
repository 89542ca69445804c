import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameMenu } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

export function getGameMenus(): Promise<GameMenu> {
  return apiClient.call(apiRoutes.gameMenus);
}

export function gameMenusQueryOptions() {
  return queryOptions({ queryKey: ['games', 'menus'], queryFn: getGameMenus, staleTime: 300_000 });
}

/** Header categories with their vendors; a category without vendors is not in the answer. */
export function useGameMenus() {
  return useQuery(gameMenusQueryOptions());
}
