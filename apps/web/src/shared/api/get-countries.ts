import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';
import { apiRoutes } from './api-routes.ts';

export function getCountries() {
  return apiClient.call(apiRoutes.countries);
}

/** Spec 2 "On start: loads the country code list" (dialing codes for mobile numbers). */
export function countriesQueryOptions() {
  return queryOptions({ queryKey: ['system', 'countries'], queryFn: getCountries, staleTime: Infinity });
}

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
