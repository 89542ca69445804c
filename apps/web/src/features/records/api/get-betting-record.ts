import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GameCategory, RoundStatus } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

export interface BettingRecordFilter {
  gameType?: GameCategory;
  vassalage?: string;
  status?: RoundStatus;
  from?: number;
  to?: number;
  pageNo: number;
  pageSize: number;
}

export function getBettingRecord(filter: BettingRecordFilter) {
  return apiClient.call(apiRoutes.bettingRecord, { query: filter });
}

/**
 * The member's betting record (personalHistoryCopy), one page at a time, with totals over the whole
 * filtered set. Game names come in the visitor's language, so the language is part of the key.
 */
export function useBettingRecord(filter: BettingRecordFilter) {
  const token = useSessionStore((state) => state.token);
  const language = useLanguageStore((state) => state.language);
  return useQuery({
    queryKey: ['records', 'betting', token, language, filter],
    queryFn: () => getBettingRecord(filter),
    placeholderData: keepPreviousData,
    enabled: token !== null,
  });
}
