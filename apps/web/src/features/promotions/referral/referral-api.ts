import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { balanceQueryKey } from '../../account/index.ts';

const referralKey = ['promotions', 'referral'] as const;
const rewardsKey = ['promotions', 'rewards'] as const;
/** bonus-api.ts's key: a claimed reward is a new bonus in bonusDetails. */
const bonusKey = ['promotions', 'bonus'] as const;

/** Invite friends: the member's code, the running rule, the friends and what each earned. */
export function useReferral() {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...referralKey, token],
    queryFn: () => apiClient.call(apiRoutes.referral),
    enabled: token !== null,
    // A friend's deposit can earn a reward any time: the page shows the news each time it opens.
    refetchOnMount: 'always',
  });
}

/**
 * The reward centre's rewards and how many wait to be claimed (the member centre's badge reads the
 * same query while the panel is open, so a claim updates both). Asked only while `enabled`.
 */
export function useRewards(enabled = true) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: [...rewardsKey, token],
    queryFn: () => apiClient.call(apiRoutes.rewards),
    enabled: enabled && token !== null,
  });
}

/**
 * Claims a waiting reward: it becomes a bonus in the bonus wallet. Whatever the answer, the rewards,
 * the friends' list, the bonuses and the balance are read again (a refusal may mean news: claimed
 * in another tab, expired, another bonus opened).
 */
export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.call(apiRoutes.rewardClaim, { body: { id } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsKey }),
        queryClient.invalidateQueries({ queryKey: referralKey }),
        queryClient.invalidateQueries({ queryKey: bonusKey }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    },
  });
}
