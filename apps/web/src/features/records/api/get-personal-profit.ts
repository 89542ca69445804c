import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GameCategory } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

export interface PersonalProfitFilter {
  from?: number;
  to?: number;
  gameType?: GameCategory;
}

export function getPersonalProfit(filter: PersonalProfitFilter) {
  return apiClient.call(apiRoutes.personalProfit, { query: filter });
}

/** The member's profit and loss (personalProfit): settled rounds by day (UTC) and category. */
export function usePersonalProfit(filter: PersonalProfitFilter) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: ['records', 'profit', token, filter],
    queryFn: () => getPersonalProfit(filter),
    placeholderData: keepPreviousData,
    enabled: token !== null,
  });
}
