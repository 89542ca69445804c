import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@khela/contract';
import { apiClient } from './api-client.ts';
import { apiRoutes } from './api-routes.ts';

/** Spec 7: the status call sends the host the visitor opened as `url`. */
export function getStatus(host: string): Promise<SystemStatus> {
  return apiClient.call(apiRoutes.status, { query: { url: host } });
}

export function statusQueryOptions(host: string = window.location.host) {
  return queryOptions({
    queryKey: ['system', 'status', host],
    queryFn: () => getStatus(host),
    // A maintenance window ends on its own: look again every minute while the page is open.
    refetchInterval: 60_000,
  });
}

export function useStatus() {
  return useQuery(statusQueryOptions());
}
