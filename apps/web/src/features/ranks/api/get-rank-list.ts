import { useQuery } from '@tanstack/react-query';
import type { RankType } from '@khela/contract';
import { rankLimit } from '../../games/index.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

/** Spec 7 GCSGAME_getRankList (gameCategory ALL, limitNum 20), for bets or deposits. */
export function useRankList(rankType: RankType) {
  return useQuery({
    queryKey: ['ranks', rankType],
    queryFn: () =>
      apiClient.call(apiRoutes.rankList, { query: { rankType, gameCategory: 'ALL', limitNum: rankLimit } }),
    staleTime: 60_000,
  });
}
