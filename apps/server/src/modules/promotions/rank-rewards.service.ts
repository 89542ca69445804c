import { wageringCategories, type BonusRule } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { major, type BonusSettings } from './bonus.service.ts';
import { memberRewards } from './promotions.tables.ts';

/**
 * VIP level-up rewards (docs/vip.md "Level-up rewards") go into the reward centre as any reward
 * does: a waiting `member_rewards` row of source `vip` (promotion 0: no page; detail the level), that
 * the member claims as bonus money (referral.service's claimReward) with the level's wagering. The
 * partial unique key `member_rewards_vip_key` makes it once per member and level, ever.
 */

const DAY_MS = 86_400_000;

/** Days a level-up reward waits in the reward centre before it expires. */
export const RANK_REWARD_CLAIM_DAYS = 30;

/** Days the bonus a claimed reward becomes has for its wagering. */
export const RANK_REWARD_EXPIRY_DAYS = 14;

/**
 * The bonus rule a level-up reward is claimed with: a fixed bonus of the reward, wagered
 * `wageringMultiple` times (the vip module checked it against the bound when the table was saved),
 * every category counting in full (wagering counts each bet by its edge: any weight is safe), at most
 * the reward a bet.
 */
export function rankRewardRule(settings: BonusSettings, amount: bigint, wageringMultiple: number): BonusRule {
  return {
    kind: 'fixed',
    percent: null,
    amount: major(settings, amount),
    minDeposit: '0',
    firstDepositOnly: false,
    newMemberDays: null,
    claimPeriod: 'member',
    maxClaims: null,
    wageringMultiple,
    weights: Object.fromEntries(wageringCategories.map((category) => [category, 100])),
    maxBet: major(settings, amount),
    expiryDays: RANK_REWARD_EXPIRY_DAYS,
    depositWithinDays: RANK_REWARD_CLAIM_DAYS,
  };
}

/**
 * Writes a level's reward for a member, in the caller's transaction; nothing when the member had it
 * already (whatever its state). Returns whether it was written.
 */
export async function offerRankReward(
  tx: Database,
  settings: BonusSettings,
  input: { memberId: number; level: number; amount: bigint; wageringMultiple: number; now: number },
): Promise<boolean> {
  if (input.amount <= 0n) return false;
  const [written] = await tx
    .insert(memberRewards)
    .values({
      memberId: input.memberId,
      source: 'vip',
      promotionId: 0,
      detail: String(input.level),
      currency: settings.currency,
      amount: input.amount,
      rule: rankRewardRule(settings, input.amount, input.wageringMultiple),
      state: 'waiting',
      expiresAt: new Date(input.now + RANK_REWARD_CLAIM_DAYS * DAY_MS),
    })
    .onConflictDoNothing()
    .returning({ id: memberRewards.id });
  return written !== undefined;
}
