import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

export function getPermission(host: string): Promise<Permission> {
  return apiClient.call(apiRoutes.permission, { query: { url: host } });
}

export function permissionQueryOptions(host: string = window.location.host) {
  return queryOptions({ queryKey: ['system', 'permission', host], queryFn: () => getPermission(host) });
}

export function usePermission() {
  return useQuery(permissionQueryOptions());
}
