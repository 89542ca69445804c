import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberInfo } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

export const memberInfoQueryKey = ['member', 'info'] as const;

export function getMemberInfo(): Promise<MemberInfo> {
  return apiClient.call(apiRoutes.memberInfo);
}

export function memberInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...memberInfoQueryKey, token],
    queryFn: getMemberInfo,
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** The logged-in account (spec 3 "Member info"); loaded on start when a token exists (spec 2). */
export function useMemberInfo() {
  const token = useSessionStore((state) => state.token);
  return useQuery(memberInfoQueryOptions(token));
}
