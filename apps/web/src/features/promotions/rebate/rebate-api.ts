import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { balanceQueryKey } from '../../account/index.ts';

const rebateKey = ['promotions', 'rebate'] as const;

/** The manual rebate a claim now would pay, the rates and the last claims. */
export function useRebate() {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...rebateKey, token],
    queryFn: () => apiClient.call(apiRoutes.rebate),
    enabled: token !== null,
  });
}

/** Claims it: the page and the balance read again whatever the answer (a refusal may mean news). */
export function useClaimRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(apiRoutes.rebateClaim, { body: {} }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rebateKey }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    },
  });
}
