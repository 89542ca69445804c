import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VipProgress } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

export const vipProgressQueryKey = ['member', 'vip'] as const;

/** The member's VIP rank and the way to the next level (docs/vip.md). */
export function vipProgressQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...vipProgressQueryKey, token],
    queryFn: (): Promise<VipProgress> => apiClient.call(apiRoutes.vipProgress),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useVipProgress(enabled = true) {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...vipProgressQueryOptions(token), enabled: enabled && token !== null });
}
