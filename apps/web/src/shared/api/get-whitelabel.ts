import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { Whitelabel } from '@khela/contract';
import { apiClient } from './api-client.ts';
import { apiRoutes } from './api-routes.ts';
import { setBrandDigits } from '../i18n/i18n.ts';

export async function getWhitelabel(): Promise<Whitelabel> {
  const brand = await apiClient.call(apiRoutes.whitelabel);
  // Every text is shown in the brand's digits (i18n.ts) from its first render on.
  setBrandDigits(brand.bengaliDigits);
  return brand;
}

/** Brand settings change rarely: fetched once per visit. */
export function whitelabelQueryOptions() {
  return queryOptions({ queryKey: ['system', 'whitelabel'], queryFn: getWhitelabel, staleTime: Infinity });
}

export function useWhitelabel() {
  return useQuery(whitelabelQueryOptions());
}

/**
 * The brand settings for components below the root layout, which renders nothing until they are in:
 * never undefined (reads the cache; suspends only if used outside that layout).
 */
export function useBrand(): Whitelabel {
  return useSuspenseQuery(whitelabelQueryOptions()).data;
}
