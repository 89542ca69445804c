import {
  isAccountCentreType,
  isTrialAccount,
  useSessionStore,
} from '../../../shared/stores/session-store.ts';
import { useRewards } from './referral-api.ts';

/**
 * The member centre menu's badge on rewardCenter (spec 2: badge counts show on reward items when
 * above zero): how many rewards wait to be claimed. Asked only while `open` and for a real member;
 * a guest, a trial account or an agent has no reward centre (the server refuses them).
 */
export function useWaitingRewards(open: boolean): number {
  const token = useSessionStore((state) => state.token);
  const isAgent = useSessionStore((state) => state.isAgent);
  const isRealMember = token !== null && !isTrialAccount(isAgent) && !isAccountCentreType(isAgent);
  const { data } = useRewards(open && isRealMember);
  return data?.waiting ?? 0;
}
