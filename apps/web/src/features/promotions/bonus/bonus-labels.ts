import { ApiError, type BonusRefusalReason, type BonusState } from '@khela/contract';
import type { BadgeTone } from '../../../shared/ui/badge.tsx';

/** A bonus's state as its badge says it, and the badge's tone (gold waits, blue runs or paid, red lost). */
export const bonusStateLabels: Record<BonusState, { labelKey: string; tone: BadgeTone }> = {
  waiting: { labelKey: 'bonus_state_waiting', tone: 'gold' },
  active: { labelKey: 'bonus_state_active', tone: 'blue' },
  converted: { labelKey: 'bonus_state_converted', tone: 'blue' },
  forfeited: { labelKey: 'bonus_state_forfeited', tone: 'danger' },
  expired: { labelKey: 'bonus_state_expired', tone: 'muted' },
  lost: { labelKey: 'bonus_state_lost', tone: 'muted' },
  lapsed: { labelKey: 'bonus_state_lapsed', tone: 'muted' },
};

/** PROMOTION_NOT_ELIGIBLE's reasons (errors.ts), each as a sentence; the offer's `reason` too. */
const eligibilityReasonKeys: Record<BonusRefusalReason, string> = {
  not_started: 'bonus_reason_not_started',
  ended: 'bonus_reason_ended',
  paused: 'bonus_reason_paused',
  not_new: 'bonus_reason_not_new',
  deposited_before: 'bonus_reason_deposited_before',
  claimed: 'bonus_reason_claimed',
  limit_reached: 'bonus_reason_limit_reached',
  bonus_active: 'bonus_reason_bonus_active',
  agent: 'bonus_reason_agent',
  referral_only: 'bonus_reason_referral_only',
  expired: 'bonus_reason_expired',
  // Only a reward's claim meets it (an operator voided the reward).
  void: 'reward_reason_void',
  apply_only: 'bonus_reason_apply_only',
  claim_only: 'bonus_reason_claim_only',
  cashback_only: 'bonus_reason_cashback_only',
};

/** The sentence of a reason; a reason this page does not know (a newer server's) reads as the generic one. */
export function reasonTextKey(reason: string | null): string {
  const key =
    reason !== null && Object.hasOwn(eligibilityReasonKeys, reason)
      ? eligibilityReasonKeys[reason as BonusRefusalReason]
      : null;
  return key ?? 'err_promotion_not_eligible';
}

/** A refused claim's reason (PROMOTION_NOT_ELIGIBLE's `value.reason`), or null for any other failure. */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'PROMOTION_NOT_ELIGIBLE') return null;
  const reason = (error.value as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? reason : null;
}

/**
 * The rules of bonus money, in the order a player meets them (docs/promotions.md "Bonus money and
 * wagering"): the member centre and the promotion page explain them with these sentences.
 */
export const bonusRuleTextKeys = [
  'bonus_how_cash_first',
  'bonus_how_winnings',
  'bonus_how_wagering',
  'bonus_how_converts',
  'bonus_how_max_bet',
  'bonus_how_withdrawal',
  'bonus_how_expiry',
  'bonus_how_one_at_a_time',
  'bonus_how_lottery',
] as const;
