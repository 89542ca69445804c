import { z } from 'zod';
import { defineCall } from './define.ts';
import { plainTextSchema } from './input-rules.ts';
import { gameCategorySchema } from './system.ts';
import { amountPattern, compareAmounts } from './money.ts';
import { decimalAmountSchema, imageUploadSchema } from './wallet.ts';

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
 * cap (welcome with `firstDepositOnly`, reload without); `fixed`: a fixed bonus, given when claimed;
 * `referral`: a reward to the member who invited a friend, when the friend's first deposit of at
 * least `minDeposit` is credited (fixed `amount`, or `percent` of that deposit up to `amount`),
 * waiting in the reward centre until claimed, then a bonus with this rule's wagering; `cashback`: a
 * share of the member's net loss over a brand day or week (`claimPeriod`), by `tiers`, at most
 * `amount`, paid automatically after the period as a reward in the reward centre, then a bonus with
 * this rule's wagering (docs/promotions.md "Cash-back on losses").
 */
export const bonusKinds = ['deposit_match', 'fixed', 'referral', 'cashback'] as const;
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

/**
 * How a member obtains the bonus: `claim`, with the promotion page's button (a fixed bonus credited
 * at once, a deposit match waiting for the deposit), or `apply`, with an application (pictures, a
 * comment, the terms agreed) that an operator reviews and approves or rejects (docs/promotions.md
 * "Applications with review"). Only a fixed bonus is obtained by application. Optional: rules and
 * claims stored before it carry none, which means `claim`.
 */
export const bonusObtainWays = ['claim', 'apply'] as const;
export const bonusObtainSchema = z.enum(bonusObtainWays);
export type BonusObtain = z.infer<typeof bonusObtainSchema>;

const percentSchema = z
  .string()
  .regex(/^(?:[1-9][0-9]{0,2}|0)(?:\.[0-9]{1,2})?$/, 'format')
  .refine((value) => Number(value) > 0 && Number(value) <= 200, 'between 0 and 200');

/** A cash-back tier's share of the net loss: above 0, at most 100, two decimals ("5", "12.5"). */
export const cashbackPercentSchema = z
  .string()
  .regex(/^(?:[1-9][0-9]{0,2}|0)(?:\.[0-9]{1,2})?$/, 'format')
  .refine((value) => Number(value) > 0 && Number(value) <= 100, 'above 0 and at most 100');

/**
 * One step of the cash-back's tiered formula: from a net loss of `minLoss` (major units) the
 * period pays `percent` of the whole loss. The highest tier the loss reaches applies.
 */
export const cashbackTierSchema = z.object({
  minLoss: decimalAmountSchema,
  percent: cashbackPercentSchema,
});
export type CashbackTier = z.infer<typeof cashbackTierSchema>;

/** At most this many tiers in a cash-back rule. */
export const cashbackTiersMax = 10;

/**
 * A bonus promotion's rule, as data: what it gives, who may claim it and how often, and the
 * wagering that turns it into cash. Stored per promotion page (content's promotion id).
 */
/** A rule's weights must let at least one category count (bonus rules, raffles). */
export function requireCountedCategory(
  weights: Partial<Record<WageringCategory, number>>,
  context: z.core.$RefinementCtx,
): void {
  if (!Object.values(weights).some((weight) => (weight ?? 0) > 0)) {
    context.addIssue({ code: 'custom', path: ['weights'], message: 'at least one category must count' });
  }
}

export const bonusRuleSchema = z
  .object({
    kind: bonusKindSchema,
    /** deposit_match: the percentage of the deposit ("100"); null for fixed; referral: either. */
    percent: percentSchema.nullable(),
    /** deposit_match (and referral with a percent): the most it gives; fixed: what it gives. */
    amount: decimalAmountSchema,
    /** deposit_match: the smallest deposit that receives it ("0" for any); referral: the friend's. */
    minDeposit: decimalAmountSchema,
    /** Only a member who has never deposited (a welcome bonus). */
    firstDepositOnly: z.boolean(),
    /**
     * Only a member whose account is at most this many days old; null for anyone. Referral: the
     * friend's first deposit must come within this many days of the friend's registration.
     */
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
    /** deposit_match: days a claim waits for its deposit before it lapses; referral: days a reward waits in the reward centre. */
    depositWithinDays: z.number().int().min(1).max(30),
    /** `claim` (missing: the same) or `apply` (an application reviewed by an operator; fixed only). */
    obtain: bonusObtainSchema.optional(),
    /**
     * cashback only (and required there): the tiers, `minLoss` ascending; the highest tier the
     * period's net loss reaches gives its percent of the whole loss, at most `amount`.
     */
    tiers: z.array(cashbackTierSchema).min(1).max(cashbackTiersMax).optional(),
  })
  .superRefine((rule, context) => {
    if (rule.obtain === 'apply' && rule.kind !== 'fixed') {
      context.addIssue({
        code: 'custom',
        path: ['obtain'],
        message: 'only a fixed bonus is obtained by application',
      });
    }
    if (rule.kind !== 'referral' && (rule.kind === 'deposit_match') !== (rule.percent !== null)) {
      context.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'a deposit match has a percentage; a fixed bonus has none',
      });
    }
    if (rule.kind === 'cashback') {
      if (rule.claimPeriod === 'member') {
        context.addIssue({
          code: 'custom',
          path: ['claimPeriod'],
          message: 'a cash-back pays back a brand day or a brand week',
        });
      }
      if (!rule.tiers) {
        context.addIssue({ code: 'custom', path: ['tiers'], message: 'a cash-back rule has tiers' });
      }
      (rule.tiers ?? []).forEach((tier, index) => {
        if (!amountPattern.test(tier.minLoss)) return;
        if (tier.minLoss.startsWith('-')) {
          context.addIssue({ code: 'custom', path: ['tiers', index, 'minLoss'], message: 'at least 0' });
          return;
        }
        const before = rule.tiers?.[index - 1]?.minLoss;
        if (before !== undefined && amountPattern.test(before) && compareAmounts(tier.minLoss, before) <= 0) {
          context.addIssue({
            code: 'custom',
            path: ['tiers', index, 'minLoss'],
            message: 'each tier starts above the one before',
          });
        }
      });
    } else if (rule.tiers !== undefined) {
      context.addIssue({ code: 'custom', path: ['tiers'], message: 'only a cash-back rule has tiers' });
    }
    requireCountedCategory(rule.weights, context);
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
  'referral_only',
  'expired',
  /** A reward an operator voided (the reward centre's state `void`): it never becomes a bonus. */
  'void',
  /** The bonus is obtained by application (`POST /wps/promotion/apply`), not by a claim. */
  'apply_only',
  /** The bonus is claimed with the page's button: there is nothing to apply for. */
  'claim_only',
  /** A cash-back is paid by itself after each period (to the reward centre): nothing to claim. */
  'cashback_only',
] as const;
export const bonusRefusalReasonSchema = z.enum(bonusRefusalReasons);
export type BonusRefusalReason = z.infer<typeof bonusRefusalReasonSchema>;

/**
 * A member's application for a bonus obtained by application (rule `obtain: 'apply'`):
 * `applying` (sent, waiting for the operators' review), `approved` (the bonus was credited),
 * `rejected` (with the operator's reason).
 */
export const bonusApplicationStates = ['applying', 'approved', 'rejected'] as const;
export const bonusApplicationStateSchema = z.enum(bonusApplicationStates);
export type BonusApplicationState = z.infer<typeof bonusApplicationStateSchema>;

export const bonusApplicationSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  state: bonusApplicationStateSchema,
  /** The bonus it asks for: the rule's amount when it was sent. */
  amount: decimalAmountSchema,
  /** The member's comment (plain text), null when none. */
  comment: z.string().nullable(),
  /** How many pictures were sent (1–3; operators see them). */
  imageCount: z.number().int(),
  /** ms since epoch. */
  submittedAt: z.number().int(),
  /** When it was approved or rejected; null while applying. */
  decidedAt: z.number().int().nullable(),
  /** rejected: the operator's reason, for the member; null otherwise. */
  reason: z.string().nullable(),
});
export type BonusApplication = z.infer<typeof bonusApplicationSchema>;

/**
 * A cash-back rule's current period for the viewing member: the period (as a reward's detail says
 * it), its bounds (ms since epoch, the brand's zone), the net loss settled so far in it (0 when the
 * member won) and what it would pay if the period ended now (tiers and cap applied).
 */
export const cashbackProgressSchema = z.object({
  period: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  netLoss: decimalAmountSchema,
  amount: decimalAmountSchema,
});
export type CashbackProgress = z.infer<typeof cashbackProgressSchema>;

/** The rule as the promotion page states it, amounts in major units. */
export const bonusOfferSchema = z.object({
  promotionId: z.number().int(),
  rule: bonusRuleSchema,
  /**
   * For the viewing member (spec 4): `claim` may claim now (a rule with `obtain: 'apply'`: may
   * apply now, the page shows the application form); `applying` applied this period, waiting for
   * the review; `rejected` the application was rejected (`application.reason` says why); `process`
   * claimed, waiting for the deposit; `issued` credited and being wagered; `claimed` claimed this
   * period (wagered, or ended); `closed` not open to this member (`reason` says why);
   * `coming_soon` before the start; `joined` a referral promotion, in which every member takes part
   * by inviting friends, or a cash-back, in which every player takes part by playing. A guest sees `claim` when the promotion is running (claiming or applying
   * asks for a login). Every state is one of spec 4's activity states.
   */
  state: z.enum([
    'claim',
    'applying',
    'rejected',
    'process',
    'issued',
    'claimed',
    'closed',
    'coming_soon',
    'joined',
  ]),
  /** Why it is closed to this member (PROMOTION_NOT_ELIGIBLE's reasons); null otherwise. */
  reason: bonusRefusalReasonSchema.nullable(),
  /** The member's bonus of this promotion in the current period, if any. */
  bonus: bonusSchema.nullable(),
  /** The member's application of this promotion in the current period, if any (`obtain: 'apply'`). */
  application: bonusApplicationSchema.nullable(),
  /** A cash-back rule, for a member taking part (`joined`): the current period's loss so far. */
  cashback: cashbackProgressSchema.nullable().optional(),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

export const bonusClaimBodySchema = z
  .object({ promotionId: z.number().int().min(1).max(2_147_483_647) })
  .strict();

/** Spec 5: a comment of at most 140 characters; activity uploads png or jpg, 5 MB each, at most 3. */
export const applicationCommentMaxLength = 140;
export const applicationImagesMax = 3;

/**
 * An application: the promotion, pictures (png or jpg by their bytes, 5 MB each, 1 to 3: the
 * server sniffs each), an optional comment (plain text: normalised, no `<` or `>`, 140 characters)
 * and the terms agreed (`true`, nothing else).
 */
export const bonusApplyBodySchema = z
  .object({
    promotionId: z.number().int().min(1).max(2_147_483_647),
    comment: plainTextSchema({ max: applicationCommentMaxLength }).optional(),
    images: z.array(imageUploadSchema).min(1).max(applicationImagesMax),
    agreeTerms: z.literal(true, { error: 'the terms must be agreed to' }),
  })
  .strict();
export type BonusApplyBody = z.infer<typeof bonusApplyBodySchema>;

export const bonusCalls = {
  bonusOffer: defineCall({
    id: 'bonusOffer',
    method: 'GET',
    path: '/wps/promotion/offer',
    auth: 'optional',
    encrypted: false,
    summary:
      "A bonus promotion's rule and its state for the viewing member (claim, process, issued, claimed, closed); null when the promotion gives no bonus, 404 when there is no such promotion",
    tag: 'promotions',
    query: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    value: bonusOfferSchema.nullable(),
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
  bonusApply: defineCall({
    id: 'bonusApply',
    method: 'POST',
    path: '/wps/promotion/apply',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Applies for a bonus obtained by application: 1–3 png or jpg pictures (5 MB each), an optional comment (140), the terms agreed; an operator reviews it (PROMOTION_NOT_ELIGIBLE with the reason; VALIDATION_FAILED for a file)',
    tag: 'promotions',
    body: bonusApplyBodySchema,
    value: bonusApplicationSchema,
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

// ---------------------------------------------------------------------------------------------
// Referral and the reward centre (issue 39 item 3; docs/promotions.md "Referral")

/**
 * A reward in the reward centre: `waiting` to be claimed, `claimed` (it became a bonus), `expired`,
 * `void` (an operator voided it while it waited, e.g. a flagged referral: never a bonus).
 */
export const rewardStates = ['waiting', 'claimed', 'expired', 'void'] as const;
export const rewardStateSchema = z.enum(rewardStates);
export type RewardState = z.infer<typeof rewardStateSchema>;

/**
 * Where a reward came from: a friend's first deposit (referral), cash-back on a period's net loss
 * (cashback), a prize drawn in a raffle (raffle), a VIP rank level reached for the first time (vip,
 * docs/vip.md).
 */
export const rewardSources = ['referral', 'cashback', 'raffle', 'vip'] as const;
export const rewardSourceSchema = z.enum(rewardSources);

export const referralFriendSchema = z.object({
  /** The friend's username, masked ("ra***n"). */
  username: z.string(),
  /** ms since epoch. */
  registeredAt: z.number().int(),
  /** When the friend's deposit that earned the reward was credited; null before it. */
  qualifiedAt: z.number().int().nullable(),
  /** What the friend earned this member; null while none. */
  reward: decimalAmountSchema.nullable(),
  rewardState: rewardStateSchema.nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralValueSchema = z.object({
  /** The member's own invitation code: `/register?referralCode=<code>`. */
  code: z.string(),
  /** The running referral promotion and its rule; null when none runs (friends still register). */
  promotionId: z.number().int().nullable(),
  rule: bonusRuleSchema.nullable(),
  /** Friends who registered with the code, newest first (at most 100). */
  friends: z.array(referralFriendSchema),
  friendsCount: z.number().int(),
  /** Rewards earned through friends (waiting and claimed; not expired or void). */
  earned: decimalAmountSchema,
});
export type ReferralValue = z.infer<typeof referralValueSchema>;

export const rewardSchema = z.object({
  id: z.number().int(),
  source: rewardSourceSchema,
  promotionId: z.number().int(),
  /** The promotion's title in the asked language. */
  title: z.string(),
  /**
   * What earned it: the friend's masked username (referral), the period whose losses it pays back
   * (cashback: a brand day `2026-12-06`, or a week `2026-12-07 – 2026-12-13`), the prize's place
   * (raffle: `1`, `2` …), the rank level reached (vip: `5`; its promotionId is 0, its title the
   * level's name).
   */
  detail: z.string(),
  amount: decimalAmountSchema,
  state: rewardStateSchema,
  /** The bonus's wagering once claimed: this many times the amount, at most `maxBet` a bet. */
  wageringMultiple: z.number().int(),
  maxBet: decimalAmountSchema,
  /** ms since epoch. */
  createdAt: z.number().int(),
  /** waiting: when it expires unclaimed. */
  expiresAt: z.number().int(),
  claimedAt: z.number().int().nullable(),
  /** The bonus it became (bonusDetails). */
  bonusId: z.number().int().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardsValueSchema = z.object({
  /** How many wait to be claimed: the member centre's badge. */
  waiting: z.number().int(),
  /** Newest first, at most 50. */
  rewards: z.array(rewardSchema),
});
export type RewardsValue = z.infer<typeof rewardsValueSchema>;

export const rewardClaimBodySchema = z.object({ id: z.number().int().min(1).max(2_147_483_647) }).strict();

export const referralCalls = {
  referral: defineCall({
    id: 'referral',
    method: 'GET',
    path: '/wps/promotion/referral',
    auth: 'realMember',
    encrypted: false,
    summary:
      "Invite friends: the member's invitation code, the running referral rule, the friends who registered with it and what each earned (not for agents; FEATURE_DISABLED when referral is off)",
    tag: 'promotions',
    value: referralValueSchema,
  }),
  rewards: defineCall({
    id: 'rewards',
    method: 'GET',
    path: '/wps/promotion/rewards',
    auth: 'realMember',
    encrypted: false,
    summary: 'The reward centre: rewards waiting to be claimed (the badge count), claimed and expired',
    tag: 'promotions',
    value: rewardsValueSchema,
  }),
  rewardClaim: defineCall({
    id: 'rewardClaim',
    method: 'POST',
    path: '/wps/promotion/rewards/claim',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Claims a waiting reward: credited to the bonus wallet as a bonus with its wagering (PROMOTION_NOT_ELIGIBLE: claimed, expired, or another bonus is open)',
    tag: 'promotions',
    body: rewardClaimBodySchema,
    value: bonusSchema,
  }),
};
