import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type RaffleEntry, type RaffleValue } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

const raffleKey = (promotionId: number | null, token: string | null) =>
  ['promotions', 'raffle', promotionId, token] as const;

/**
 * A promotion's raffle and where the viewer stands (a guest too: the token is in the key, so a login
 * asks again). A promotion without a raffle answers 404: `data` stays undefined. While the raffle is
 * open the member's tickets grow with their play: read again each minute the page is open.
 */
export function useRaffle(promotionId: number | null) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: raffleKey(promotionId, token),
    queryFn: () => apiClient.call(apiRoutes.raffle, { query: { id: promotionId ?? 0 } }),
    enabled: promotionId !== null,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.state === 'open' ||
      query.state.data?.state === 'locked' ||
      query.state.data?.state === 'counting'
        ? 60_000
        : false,
  });
}

/** True when the promotion simply has no raffle (not a failure to show). */
export function isNoRaffle(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Joins the raffle (MCS2_claimRafflePromotion); the answer is the raffle as the member now sees it. */
export function useJoinRaffle(promotionId: number) {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: () => apiClient.call(apiRoutes.raffleClaim, { body: { promotionId } }),
    onSuccess: (raffle) => queryClient.setQueryData<RaffleValue>(raffleKey(promotionId, token), raffle),
    onError: () => queryClient.invalidateQueries({ queryKey: raffleKey(promotionId, token) }),
  });
}

/** Every entry of a locked or drawn raffle, page by page (the verify button rebuilds the digest). */
export async function fetchRaffleEntries(promotionId: number): Promise<RaffleEntry[]> {
  const entries: RaffleEntry[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await apiClient.call(apiRoutes.raffleEntries, {
      query: { id: promotionId, pageNo, pageSize: 1000 },
    });
    entries.push(...page.list);
    if (page.list.length < page.pageSize || entries.length >= page.total) return entries;
  }
}
