import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

export function getDomainRoute(domain: string) {
  return apiClient.call(apiRoutes.domainRoute, { query: { domain } });
}

/** Whether this host is the member or the agent site, and the brand's other domains. */
export function domainRouteQueryOptions(domain: string = window.location.host) {
  return queryOptions({
    queryKey: ['system', 'domain-route', domain],
    queryFn: () => getDomainRoute(domain),
    staleTime: Infinity,
  });
}

export function useDomainRoute() {
  return useQuery(domainRouteQueryOptions());
}
