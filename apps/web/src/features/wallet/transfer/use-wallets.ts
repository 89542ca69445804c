import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { balanceQueryKey, getBalance } from '../../account/use-balance.ts';

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
