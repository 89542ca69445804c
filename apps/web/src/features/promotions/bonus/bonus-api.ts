import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type Bonus, type BonusApplyBody, type BonusOffer } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { balanceQueryKey } from '../../account/index.ts';

const bonusKey = ['promotions', 'bonus'] as const;
const offerKey = (promotionId: number | null, token: string | null) =>
  [...bonusKey, 'offer', promotionId, token] as const;

/**
 * A promotion's bonus rule and its state for the viewer (a guest too: the token is part of the key,
 * so a login asks again). A promotion that gives no bonus answers 404: `data` stays undefined.
 */
export function useBonusOffer(promotionId: number | null) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: offerKey(promotionId, token),
    queryFn: () => apiClient.call(apiRoutes.bonusOffer, { query: { id: promotionId ?? 0 } }),
    enabled: promotionId !== null,
    retry: false,
  });
}

/** True when the promotion simply gives no bonus (not a failure to show). */
export function isNoOffer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The offer's state once its bonus exists: waiting for the deposit, or credited and being wagered. */
function offerStateOf(bonus: Bonus): BonusOffer['state'] {
  return bonus.state === 'waiting' ? 'process' : bonus.state === 'active' ? 'issued' : 'claimed';
}

/**
 * Claims a bonus promotion. The offer shows the new bonus at once, then everything that depends on
 * it is read again whatever the answer (a refusal may mean the offer changed).
 */
export function useClaimBonus(promotionId: number) {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: () => apiClient.call(apiRoutes.bonusClaim, { body: { promotionId } }),
    onSuccess: (bonus) => {
      queryClient.setQueryData<BonusOffer>(offerKey(promotionId, token), (offer) =>
        offer ? { ...offer, state: offerStateOf(bonus), reason: null, bonus } : offer,
      );
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bonusKey }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    },
  });
}

/**
 * Applies for a bonus obtained by application (pictures, a comment, the terms agreed). The offer
 * shows the application at once (`applying`), then it is read again whatever the answer.
 */
export function useApplyBonus(promotionId: number) {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: (body: Omit<BonusApplyBody, 'promotionId'>) =>
      apiClient.call(apiRoutes.bonusApply, { body: { ...body, promotionId } }),
    onSuccess: (application) => {
      queryClient.setQueryData<BonusOffer>(offerKey(promotionId, token), (offer) =>
        offer ? { ...offer, state: 'applying', reason: null, application } : offer,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusKey }),
  });
}

/** The member's bonuses, newest first, and the bonus wallet's balance (member centre bonusDetails). */
export function useBonuses() {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...bonusKey, 'list', token],
    queryFn: () => apiClient.call(apiRoutes.bonuses),
    enabled: token !== null,
    refetchOnMount: 'always',
  });
}
