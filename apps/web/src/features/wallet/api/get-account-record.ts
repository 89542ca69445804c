import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecordKind } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

export interface AccountRecordFilter {
  type?: RecordKind;
  from?: number;
  to?: number;
  pageNo: number;
  pageSize: number;
}

export function getAccountRecord(filter: AccountRecordFilter) {
  return apiClient.call(apiRoutes.accountRecord, { query: filter });
}

/** The member's account record (transactionHistory), one page at a time. */
export function useAccountRecord(filter: AccountRecordFilter) {
  return useQuery({
    queryKey: ['wallet', 'record', filter],
    queryFn: () => getAccountRecord(filter),
    placeholderData: keepPreviousData,
  });
}
