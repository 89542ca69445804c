import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletTransferBody } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { balanceQueryKey, getBalance } from '../../account/index.ts';

/** The balance call with every wallet, in the same cache entry as the header balance. */
export function useWallets() {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...balanceQueryKey, token],
    queryFn: getBalance,
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export interface TransferUplineBody {
  amount: string;
  paymentPassword: string;
  requestId: string;
}

export function useTransferUpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferUplineBody) => apiClient.call(apiRoutes.transferUpline, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

/** The main wallet and each transfer-mode vendor's game wallet, read live from the vendors. */
export function useGameWallets(wanted = true) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: ['wallet', 'games', token],
    queryFn: () => apiClient.call(apiRoutes.gameWallets),
    enabled: token !== null && wanted,
    staleTime: 10_000,
  });
}

/** GCS_walletTransfer: in, out or recall all; every wallet view is read again afterwards. */
export function useWalletTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletTransferBody) => apiClient.call(apiRoutes.walletTransfer, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
