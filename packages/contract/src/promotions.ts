import { z } from 'zod';
import { defineCall } from './define.ts';
import { gameCategorySchema } from './system.ts';
import { decimalAmountSchema } from './wallet.ts';

/**
 * Promotions that pay (issue 39). First of them, the manual rebate (spec 2 member centre
 * `manualRebate`, spec 6 flag): a share of the member's valid betting since the last claim, per game
 * category, paid as cash when the member claims it (docs/promotions.md "Manual rebate"). The share is
 * of edge-weighted betting (each stake × its game's house edge ÷ the reference edge of 5 %, as the
 * agents' wages), so a rebate can never pay more than the part of the house's expected win the brand
 * gives away.
 */

/** A claim's figures for one game category. Amounts are decimal strings in major units. */
export const rebateLineSchema = z.object({
  gameType: gameCategorySchema,
  /** Valid betting: stakes of the settled rounds (main wallet) that did not return the stake exactly. */
  validBet: decimalAmountSchema,
  /** The valid betting weighed by each game's house edge against the reference edge (5 %). */
  countedBet: decimalAmountSchema,
  /** The category's rate, percent of the counted betting ("0.5"). */
  rate: z.string(),
  amount: decimalAmountSchema,
});
export type RebateLine = z.infer<typeof rebateLineSchema>;

export const rebateClaimSchema = z.object({
  id: z.number().int(),
  /** When it was claimed, ms since epoch. */
  claimedAt: z.number().int(),
  /** The rounds it counted were settled in [from, to), ms since epoch. */
  from: z.number().int(),
  to: z.number().int(),
  amount: decimalAmountSchema,
  lines: z.array(rebateLineSchema),
});
export type RebateClaim = z.infer<typeof rebateClaimSchema>;

export const rebateValueSchema = z.object({
  /** What a claim now would count: rounds settled from `from` up to `to` (ms since epoch). */
  from: z.number().int(),
  to: z.number().int(),
  /** Rounds settled in the last `delaySeconds` wait for the next claim (a settlement may still be committing). */
  delaySeconds: z.number().int(),
  lines: z.array(rebateLineSchema),
  total: decimalAmountSchema,
  /** The smallest total a claim pays. */
  minimum: decimalAmountSchema,
  /** The categories' rates (percent), those above zero, for the page's table of rates. */
  rates: z.array(z.object({ gameType: gameCategorySchema, rate: z.string() })),
  /** The member's last claims, newest first (at most 10). */
  claims: z.array(rebateClaimSchema),
});
export type RebateValue = z.infer<typeof rebateValueSchema>;

/** Claiming takes no choice: the server counts the rounds itself. */
export const rebateClaimBodySchema = z.object({}).strict();

export const promotionCalls = {
  rebate: defineCall({
    id: 'rebate',
    method: 'GET',
    path: '/wps/promotion/rebate',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Manual rebate: what a claim now would pay per game category (valid betting since the last claim), the rates, the last claims',
    tag: 'promotions',
    value: rebateValueSchema,
  }),
  rebateClaim: defineCall({
    id: 'rebateClaim',
    method: 'POST',
    path: '/wps/promotion/rebate/claim',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Claims the manual rebate: pays the total to the main wallet in one journal entry, once per period (REBATE_BELOW_MINIMUM below the minimum)',
    tag: 'promotions',
    body: rebateClaimBodySchema,
    value: rebateClaimSchema,
  }),
};

// ---------------------------------------------------------------------------------------------
// Bonus promotions (issue 39 items 1–3; docs/promotions.md "Bonus money and wagering")

/**
 * What a bonus promotion gives. `deposit_match`: a percentage of the member's next deposit, up to a
 * cap (welcome with `firstDepositOnly`, reload without); `fixed`: a fixed bonus, given when claimed.
 */
export const bonusKinds = ['deposit_match', 'fixed'] as const;
export const bonusKindSchema = z.enum(bonusKinds);
export type BonusKind = z.infer<typeof bonusKindSchema>;

/** How often one member may claim the rule: once ever, once per brand day, once per brand week. */
export const claimPeriods = ['member', 'day', 'week'] as const;
export const claimPeriodSchema = z.enum(claimPeriods);
export type ClaimPeriod = z.infer<typeof claimPeriodSchema>;

/**
 * Categories whose betting can count toward wagering. Lottery bets draw cash only and never count
 * (their bet is placed by the platform, not a game round the bonus could fund).
 */
export const wageringCategories = ['LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT'] as const;
export const wageringCategorySchema = z.enum(wageringCategories);
export type WageringCategory = z.infer<typeof wageringCategorySchema>;

const percentSchema = z
  .string()
  .regex(/^(?:[1-9][0-9]{0,2}|0)(?:\.[0-9]{1,2})?$/, 'format')
  .refine((value) => Number(value) > 0 && Number(value) <= 200, 'between 0 and 200');

/**
 * A bonus promotion's rule, as data: what it gives, who may claim it and how often, and the
 * wagering that turns it into cash. Stored per promotion page (content's promotion id).
 */
export const bonusRuleSchema = z
  .object({
    kind: bonusKindSchema,
    /** deposit_match: the percentage of the deposit ("100"); null for fixed. */
    percent: percentSchema.nullable(),
    /** deposit_match: the most it gives; fixed: what it gives. */
    amount: decimalAmountSchema,
    /** deposit_match: the smallest deposit that receives it ("0" for any). */
    minDeposit: decimalAmountSchema,
    /** Only a member who has never deposited (a welcome bonus). */
    firstDepositOnly: z.boolean(),
    /** Only a member whose account is at most this many days old; null for anyone. */
    newMemberDays: z.number().int().min(1).max(365).nullable(),
    claimPeriod: claimPeriodSchema,
    /** How many claims the promotion takes in all (every member together); null for no limit. */
    maxClaims: z.number().int().min(1).max(10_000_000).nullable(),
    /** The turnover to wager: this many times the bonus, counted as docs/promotions.md says. */
    wageringMultiple: z.number().int().min(1).max(200),
    /** Percent of a category's edge-weighted betting that counts (0–100); a missing category counts 0. */
    weights: z.partialRecord(wageringCategorySchema, z.number().int().min(0).max(100)),
    /** The largest stake one bet may take while the bonus is being wagered. */
    maxBet: decimalAmountSchema,
    /** Days from the bonus's credit to its expiry (forfeited when not wagered by then). */
    expiryDays: z.number().int().min(1).max(90),
    /** deposit_match: days a claim waits for its deposit before it lapses. */
    depositWithinDays: z.number().int().min(1).max(30),
  })
  .superRefine((rule, context) => {
    if ((rule.kind === 'deposit_match') !== (rule.percent !== null)) {
      context.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'a deposit match has a percentage; a fixed bonus has none',
      });
    }
    if (!Object.values(rule.weights).some((weight) => (weight ?? 0) > 0)) {
      context.addIssue({ code: 'custom', path: ['weights'], message: 'at least one category must count' });
    }
  });
export type BonusRule = z.infer<typeof bonusRuleSchema>;

/**
 * A member's bonus: `waiting` (claimed, its deposit not made yet), `active` (credited, being
 * wagered), `converted` (wagered: became cash), `forfeited` (a withdrawal while wagering),
 * `expired` (not wagered in time), `lost` (the bonus wallet spent to nothing), `lapsed` (no deposit
 * came in time).
 */
export const bonusStates = [
  'waiting',
  'active',
  'converted',
  'forfeited',
  'expired',
  'lost',
  'lapsed',
] as const;
export const bonusStateSchema = z.enum(bonusStates);
export type BonusState = z.infer<typeof bonusStateSchema>;

export const bonusSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  /** The promotion's title in the asked language. */
  title: z.string(),
  kind: bonusKindSchema,
  state: bonusStateSchema,
  /** The bonus credited (0 while waiting). */
  amount: decimalAmountSchema,
  /** What the bonus wallet holds for it now (active), or what became cash or was forfeited (final). */
  balance: decimalAmountSchema,
  /** Wagering: counted turnover required, done so far, left. */
  wageringRequired: decimalAmountSchema,
  wageringDone: decimalAmountSchema,
  wageringLeft: decimalAmountSchema,
  maxBet: decimalAmountSchema,
  weights: z.partialRecord(wageringCategorySchema, z.number().int()),
  /** ms since epoch. */
  claimedAt: z.number().int(),
  /** When the bonus was credited; null while waiting. */
  activatedAt: z.number().int().nullable(),
  /** active: when it expires; waiting: when the claim lapses without a deposit. */
  expiresAt: z.number().int().nullable(),
  /** When it ended (converted, forfeited, expired, lost, lapsed). */
  endedAt: z.number().int().nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;

/** Why a member may not claim a bonus promotion now (PROMOTION_NOT_ELIGIBLE's `value.reason`). */
export const bonusRefusalReasons = [
  'not_started',
  'ended',
  'paused',
  'not_new',
  'deposited_before',
  'claimed',
  'limit_reached',
  'bonus_active',
  'agent',
] as const;
export const bonusRefusalReasonSchema = z.enum(bonusRefusalReasons);
export type BonusRefusalReason = z.infer<typeof bonusRefusalReasonSchema>;

/** The rule as the promotion page states it, amounts in major units. */
export const bonusOfferSchema = z.object({
  promotionId: z.number().int(),
  rule: bonusRuleSchema,
  /**
   * For the viewing member (spec 4): `claim` may claim now; `process` claimed, waiting for the
   * deposit; `issued` credited and being wagered; `claimed` claimed this period (wagered, or ended);
   * `closed` not open to this member (`reason` says why); `coming_soon` before the start.
   * A guest sees `claim` when the promotion is running (claiming asks for a login).
   */
  state: z.enum(['claim', 'process', 'issued', 'claimed', 'closed', 'coming_soon']),
  /** Why it is closed to this member (PROMOTION_NOT_ELIGIBLE's reasons); null otherwise. */
  reason: bonusRefusalReasonSchema.nullable(),
  /** The member's bonus of this promotion in the current period, if any. */
  bonus: bonusSchema.nullable(),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

export const bonusClaimBodySchema = z
  .object({ promotionId: z.number().int().min(1).max(2_147_483_647) })
  .strict();

export const bonusCalls = {
  bonusOffer: defineCall({
    id: 'bonusOffer',
    method: 'GET',
    path: '/wps/promotion/offer',
    auth: 'optional',
    encrypted: false,
    summary:
      "A bonus promotion's rule and its state for the viewing member (claim, process, issued, claimed, closed); 404 when the promotion gives no bonus",
    tag: 'promotions',
    query: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    value: bonusOfferSchema,
  }),
  bonusClaim: defineCall({
    id: 'bonusClaim',
    method: 'POST',
    path: '/wps/promotion/claim',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Claims a bonus promotion: a fixed bonus is credited to the bonus wallet at once, a deposit match waits for the next deposit (PROMOTION_NOT_ELIGIBLE with the reason)',
    tag: 'promotions',
    body: bonusClaimBodySchema,
    value: bonusSchema,
  }),
  bonuses: defineCall({
    id: 'bonuses',
    method: 'GET',
    path: '/wps/promotion/bonuses',
    auth: 'realMember',
    encrypted: false,
    summary:
      "The member's bonuses, newest first: amount, wagering required, done and left, maximum bet, expiry and state (member centre bonusDetails)",
    tag: 'promotions',
    value: z.object({
      /** The bonus wallet's balance. */
      bonusBalance: decimalAmountSchema,
      bonuses: z.array(bonusSchema),
    }),
  }),
};
