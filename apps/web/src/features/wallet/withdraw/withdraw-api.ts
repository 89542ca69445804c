import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

/** Withdrawals: every key sits under ['wallet'], so one invalidation after a movement refreshes all. */
export const withdrawKeys = {
  info: ['wallet', 'withdraw', 'info'] as const,
  accounts: ['wallet', 'withdraw', 'accounts'] as const,
  history: (pageNo: number) => ['wallet', 'withdraw', 'history', pageNo] as const,
};

export function useWithdrawInfo() {
  return useQuery({
    queryKey: withdrawKeys.info,
    queryFn: () => apiClient.call(apiRoutes.withdrawInfo),
    refetchOnMount: 'always',
  });
}

export function usePayoutAccounts() {
  return useQuery({
    queryKey: withdrawKeys.accounts,
    queryFn: () => apiClient.call(apiRoutes.payoutAccounts),
  });
}

export function useWithdrawHistory(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: withdrawKeys.history(pageNo),
    queryFn: () => apiClient.call(apiRoutes.withdrawHistory, { query: { pageNo, pageSize } }),
    placeholderData: keepPreviousData,
    // The operator decides elsewhere: ask again on every visit, and every 30 s while one is open.
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.list.some((item) => item.status === 'pending' || item.status === 'disbursed')
        ? 30_000
        : false,
  });
}

export interface BindBody {
  kind: 'bank' | 'ewallet';
  /** A bank's name. */
  providerName?: string;
  /** A mobile wallet's provider (issue 37). */
  walletProvider?: 'bkash' | 'nagad' | 'rocket' | 'upay';
  accountName: string;
  accountNumber: string;
  paymentPassword: string;
}

export function useBindPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BindBody) => apiClient.call(apiRoutes.bindPayoutAccount, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.accounts }),
  });
}

export interface WithdrawBody {
  accountId: number;
  amount: string;
  paymentPassword: string;
  requestId: string;
  /** Said only while a bonus is being wagered: the withdrawal forfeits it (BONUS_FORFEIT_REQUIRED). */
  forfeitBonus?: boolean;
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawBody) => apiClient.call(apiRoutes.createWithdrawal, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

export interface ConfirmBody {
  withdrawalId: number;
  receipt: 'full' | 'partial' | 'none';
  receivedAmount?: string;
  proof?: { contentType: 'image/png' | 'image/jpeg'; data: string };
}

export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmBody) => apiClient.call(apiRoutes.confirmWithdrawal, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
