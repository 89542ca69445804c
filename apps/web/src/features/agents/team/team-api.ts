import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

/** The team calls of the agent centre (agents.ts in the contract): one cache key root, `agents`. */

type DownlineKind = 'member' | 'agent';
type AccountStatus = 'active' | 'disabled';

export type AffiliateLink = Awaited<ReturnType<typeof getLinks>>[number];
export type DownlineList = Awaited<ReturnType<typeof getDownlines>>;
export type DownlineDetail = Awaited<ReturnType<typeof getDownlineDetail>>;

export interface DownlineFilter {
  parent?: string;
  username?: string;
  kind?: DownlineKind;
  status?: AccountStatus;
  pageNo: number;
  pageSize: number;
}

export interface RegisterDownlineBody {
  username: string;
  password: string;
  confirmPassword: string;
  kind: DownlineKind;
  agentType?: 1 | 2 | 41 | 42;
  nickname?: string;
  mobileNum?: string;
  countryDialingCode?: string;
}

function getLinks() {
  return apiClient.call(apiRoutes.agentLinks);
}

function getDownlines(filter: DownlineFilter) {
  return apiClient.call(apiRoutes.agentDownlines, { query: filter });
}

function getDownlineDetail(username: string) {
  return apiClient.call(apiRoutes.agentDownlineDetail, { query: { username } });
}

function useToken() {
  return useSessionStore((state) => state.token);
}

/** Team size, figures of the period and each day of it (agentTeamOverview). */
export function useTeamOverview(range: { from: number; to: number }) {
  const token = useToken();
  return useQuery({
    queryKey: ['agents', 'overview', token, range],
    queryFn: () => apiClient.call(apiRoutes.agentTeamOverview, { query: range }),
    placeholderData: keepPreviousData,
    enabled: token !== null,
  });
}

export function useAffiliateLinks() {
  const token = useToken();
  return useQuery({ queryKey: ['agents', 'links', token], queryFn: getLinks, enabled: token !== null });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: DownlineKind) => apiClient.call(apiRoutes.agentCreateLink, { body: { kind } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents', 'links'] }),
  });
}

/** A new direct downline: the team lists and the overview change with it. */
export function useRegisterDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterDownlineBody) => apiClient.call(apiRoutes.agentRegisterDownline, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents'] }),
  });
}

export function useDownlines(filter: DownlineFilter) {
  const token = useToken();
  return useQuery({
    queryKey: ['agents', 'downlines', token, filter],
    queryFn: () => getDownlines(filter),
    placeholderData: keepPreviousData,
    enabled: token !== null,
  });
}

export function useDownlineDetail(username: string) {
  const token = useToken();
  return useQuery({
    queryKey: ['agents', 'downline', token, username],
    queryFn: () => getDownlineDetail(username),
    enabled: token !== null,
  });
}

export function useDownlineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; status: AccountStatus }) =>
      apiClient.call(apiRoutes.agentDownlineStatus, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents'] }),
  });
}

export interface TransferDownlineBody {
  username: string;
  amount: string;
  paymentPassword: string;
  requestId: string;
}

/** walletTransferDownline (sealed: the payment password); the wallets and the team are read again. */
export function useTransferDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferDownlineBody) => apiClient.call(apiRoutes.transferDownline, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['agents'] }),
      ]),
  });
}
