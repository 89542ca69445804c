import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegisterSetting } from '@khela/contract';
import { apiClient } from './api-client.ts';
import { apiRoutes } from './api-routes.ts';

export function getRegisterSetting(): Promise<RegisterSetting> {
  return apiClient.call(apiRoutes.registerSetting);
}

/** Per-field registration rules (spec 5): which optional fields show and which are required. */
export function registerSettingQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'register-setting'],
    queryFn: getRegisterSetting,
    staleTime: 300_000,
  });
}

export function useRegisterSetting() {
  return useQuery(registerSettingQueryOptions());
}
