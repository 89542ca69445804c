import { ApiError, type BonusRefusalReason, type RewardState } from '@khela/contract';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import type { BadgeTone } from '../../../shared/ui/badge.tsx';
import { reasonTextKey, refusalReason } from '../bonus/bonus-labels.ts';

/**
 * A reward's state as its badge says it (gold waits for the member, blue became a bonus, muted
 * lapsed or voided by the operator).
 */
export const rewardStateLabels: Record<RewardState, { labelKey: string; tone: BadgeTone }> = {
  waiting: { labelKey: 'reward_state_waiting', tone: 'gold' },
  claimed: { labelKey: 'reward_state_claimed', tone: 'blue' },
  expired: { labelKey: 'reward_state_expired', tone: 'muted' },
  void: { labelKey: 'reward_state_void', tone: 'muted' },
};

/** The reasons a reward's claim is refused, said of a reward (the others read as a bonus's). */
const rewardReasonKeys: Partial<Record<BonusRefusalReason, string>> = {
  claimed: 'reward_reason_claimed',
  expired: 'reward_reason_expired',
  bonus_active: 'reward_reason_bonus_active',
  void: 'reward_reason_void',
};

/** The sentence of a refused or failed reward claim. */
export function rewardClaimErrorKey(error: unknown): string {
  const reason = refusalReason(error);
  if (reason === null) return errorTextKey(error);
  const key = Object.hasOwn(rewardReasonKeys, reason)
    ? rewardReasonKeys[reason as BonusRefusalReason]
    : undefined;
  return key ?? reasonTextKey(reason);
}

/**
 * Why the Invite friends page cannot be shown: referral is switched off for the brand
 * (FEATURE_DISABLED), or the viewer is an agent, who invites with the agent centre's links
 * (FORBIDDEN); any other failure as its own text.
 */
export function referralErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'FEATURE_DISABLED') return 'ref_error_off';
  if (error instanceof ApiError && error.code === 'FORBIDDEN') return 'ref_error_agent';
  return errorTextKey(error);
}
