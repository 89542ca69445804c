import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositOrder, DepositStatus, LimitPeriod } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

/** Deposits: every key sits under ['wallet'], so one invalidation after a movement refreshes all. */
export const depositKeys = {
  methods: ['wallet', 'deposit', 'methods'] as const,
  history: (filter: object) => ['wallet', 'deposit', 'history', filter] as const,
  limits: ['wallet', 'deposit', 'limits'] as const,
};

export function useDepositMethods() {
  return useQuery({
    queryKey: depositKeys.methods,
    queryFn: () => apiClient.call(apiRoutes.depositMethods),
    staleTime: 60_000,
  });
}

export interface DepositHistoryFilter {
  status?: DepositStatus;
  pageNo: number;
  pageSize: number;
}

/** `poll` answers how often to ask again (ms) given the orders seen, or false to stop. */
export function useDepositHistory(
  filter: DepositHistoryFilter,
  poll?: (orders: DepositOrder[] | undefined) => number | false,
) {
  return useQuery({
    queryKey: depositKeys.history(filter),
    queryFn: () => apiClient.call(apiRoutes.depositHistory, { query: filter }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    refetchInterval: poll ? (query) => poll(query.state.data?.list) : false,
  });
}

export function useDepositLimits() {
  return useQuery({
    queryKey: depositKeys.limits,
    queryFn: () => apiClient.call(apiRoutes.depositLimits),
  });
}

export interface CreateDepositBody {
  methodCode: string;
  amount: string;
  reference?: string;
  requestId: string;
  wallet?: { numberId: number; senderNumber: string; trxId: string };
}

/** A manual wallet deposit's receiving number (the server rotates them within their daily caps). */
export function useDepositWalletNumber() {
  return useMutation({
    mutationFn: (body: { methodCode: string; amount: string }) =>
      apiClient.call(apiRoutes.depositWalletNumber, { body }),
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDepositBody) => apiClient.call(apiRoutes.createDeposit, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

export type LimitsBody = Partial<Record<LimitPeriod, string | null>>;

export function useSetDepositLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LimitsBody) => apiClient.call(apiRoutes.setDepositLimits, { body }),
    onSuccess: (value) => queryClient.setQueryData(depositKeys.limits, value),
  });
}
