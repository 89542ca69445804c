import { z } from 'zod';
import { promotionActionSchema, promotionTypeSchema } from '../content.ts';
import { approveOrRejectFields, rejectionNeedsReason } from '../deposits.ts';
import { defineCall } from '../define.ts';
import { INT4_MAX, plainTextSchema } from '../input-rules.ts';
import {
  bonusApplicationStateSchema,
  bonusKindSchema,
  bonusRuleSchema,
  bonusStateSchema,
  cashbackPercentSchema,
  cashbackTiersMax,
  rewardStateSchema,
  wageringCategories,
  type WageringCategory,
} from '../promotions.ts';
import { amountInputSchema, decimalAmountSchema, imageUploadSchema } from '../wallet.ts';
import type { OperatorPermission } from './roles.ts';

/**
 * The back office's bonus promotions (issue 39 item 4; docs/back-office-promotions.md): the rule of
 * each promotion page (what it gives, who may claim, the wagering), its pause, and what its claims
 * cost and paid. The page itself (titles, texts, picture, start and end) is content, edited with
 * the content calls; a promotion ends by its page's end date.
 *
 * Amounts are decimal strings in major units (docs/design.md, Money).
 */

const promotionIdSchema = z.number().int().min(1).max(INT4_MAX);

/** One wagering category's weight, percent (0–100). */
const weightSchema = bonusRuleSchema.shape.weights.valueType;

/**
 * A rule as an operator sends it: the contract's bonusRuleSchema (with its refinements) whose
 * amounts are request amounts (bounded, as every amount a request carries), whose percentage has
 * a length bound, and whose weights are one optional field per wagering category (an unknown
 * category refused), so every field of the request has a name. The server checks it again against
 * the brand's bound (checkRule).
 */
export const bonusRuleInputSchema = bonusRuleSchema.safeExtend({
  percent: z.string().max(6).pipe(bonusRuleSchema.shape.percent.unwrap()).nullable(),
  amount: amountInputSchema,
  minDeposit: amountInputSchema,
  maxBet: amountInputSchema,
  tiers: z
    .array(
      z.strictObject({
        minLoss: amountInputSchema,
        percent: z.string().max(6).pipe(cashbackPercentSchema),
      }),
    )
    .min(1)
    .max(cashbackTiersMax)
    .optional(),
  weights: z.strictObject(
    Object.fromEntries(wageringCategories.map((category) => [category, weightSchema.optional()])) as Record<
      WageringCategory,
      z.ZodOptional<typeof weightSchema>
    >,
  ),
});
export type BonusRuleInput = z.input<typeof bonusRuleInputSchema>;

/**
 * Where the promotion page stands: `running` (shown, between its start and end), `coming_soon`
 * (before its start), `ended` (after its end), `hidden` (the page is switched off: no one can
 * claim), `deleted` (the page is gone, its rule or claims are left).
 */
export const bonusPageStatuses = ['running', 'coming_soon', 'ended', 'hidden', 'deleted'] as const;
export const bonusPageStatusSchema = z.enum(bonusPageStatuses);
export type BonusPageStatus = z.infer<typeof bonusPageStatusSchema>;

const countAndAmount = z.object({ count: z.number().int(), amount: decimalAmountSchema });

/** What a promotion's claims did, every claim since it began. */
export const bonusRuleFiguresSchema = z.object({
  /** Every claim. */
  claims: z.number().int(),
  /** Deposit matches claimed, waiting for their deposit. */
  waiting: z.number().int(),
  /** Bonuses credited to a bonus wallet (whatever became of them), and their sum. */
  granted: countAndAmount,
  /** Bonuses being wagered; `amount` is what their bonus wallets hold now: the liability. */
  active: countAndAmount,
  /** Wagered bonuses; `amount` is what moved to the members' cash. */
  converted: countAndAmount,
  /** Forfeited by a withdrawal; `amount` is what went back to the platform. */
  forfeited: countAndAmount,
  /** Not wagered in time; `amount` is what went back to the platform. */
  expired: countAndAmount,
  /** Bonus wallets spent to nothing. */
  lost: z.number().int(),
  /** Deposit matches whose deposit did not come in time. */
  lapsed: z.number().int(),
  /**
   * Referral rewards of the promotion (member_rewards; all zero for other kinds): `waiting` in the
   * referrers' reward centres (not money yet), `claimed` (each became one of the claims above),
   * `expired` (not claimed in time, nothing moved). A waiting reward past its time counts as expired.
   */
  rewards: z.object({ waiting: countAndAmount, claimed: countAndAmount, expired: countAndAmount }),
});
export type BonusRuleFigures = z.infer<typeof bonusRuleFiguresSchema>;

export const operatorBonusPromotionSchema = z.object({
  promotionId: z.number().int(),
  /** The page's title in English, else the brand's default language, else any; `#id` when deleted. */
  title: z.string(),
  /** The page's kind and how members take part (content); null when the page is deleted. */
  type: promotionTypeSchema.nullable(),
  action: promotionActionSchema.nullable(),
  /** The page's start and end (ms since epoch), null for open. */
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  pageStatus: bonusPageStatusSchema,
  /** The bonus rule; null when the page gives no bonus. */
  rule: bonusRuleSchema.nullable(),
  /** New claims are refused while paused (bonuses already given go on). */
  paused: z.boolean(),
  /** Who saved the rule last, and when (ms); null without a rule. */
  updatedBy: z.string().nullable(),
  updatedAt: z.number().int().nullable(),
  figures: bonusRuleFiguresSchema,
});
export type OperatorBonusPromotion = z.infer<typeof operatorBonusPromotionSchema>;

/** A member's bonus as the back office lists it. */
export const bonusClaimRowSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  username: z.string(),
  kind: bonusKindSchema,
  state: bonusStateSchema,
  /** The bonus credited (0 while waiting or lapsed). */
  amount: decimalAmountSchema,
  /** Counted turnover required (amount × the multiple at the claim). */
  wageringRequired: decimalAmountSchema,
  /** Counted turnover wagered when it ended; null while open (the member centre shows it live). */
  wageringDone: decimalAmountSchema.nullable(),
  /** active: what the member's bonus wallet holds now; null otherwise. */
  balance: decimalAmountSchema.nullable(),
  maxBet: decimalAmountSchema,
  /** ms since epoch. */
  claimedAt: z.number().int(),
  activatedAt: z.number().int().nullable(),
  /** waiting: when the claim lapses; active: when the bonus expires; null once ended. */
  expiresAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  /** What its end moved out of the bonus wallet (to cash when converted, else to the platform). */
  endAmount: decimalAmountSchema.nullable(),
  /** The deposit that received it (deposit match). */
  depositOrderId: z.number().int().nullable(),
  /** The journal entries that credited it and ended it. */
  grantEntryId: z.number().int().nullable(),
  endEntryId: z.number().int().nullable(),
});
export type BonusClaimRow = z.infer<typeof bonusClaimRowSchema>;

export const bonusClaimsQuerySchema = z.object({
  promotionId: z.coerce.number().int().min(1).max(INT4_MAX).optional(),
  state: bonusStateSchema.optional(),
  username: z.string().trim().min(1).max(64).optional(),
  days: z.coerce.number().int().min(1).max(90).default(7),
});

/** A referral reward (member_rewards, source `referral`) as the back office lists it. */
export const referralRewardRowSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  /** The member who invited the friend (and gets the reward). */
  referrerId: z.number().int(),
  referrer: z.string(),
  /** The friend whose deposit earned it; null if the account is gone. */
  inviteeId: z.number().int().nullable(),
  invitee: z.string().nullable(),
  /** When the friend registered with the referrer's code (ms). */
  registeredAt: z.number().int().nullable(),
  /** The friend's deposit that earned it. */
  depositOrderId: z.number().int().nullable(),
  currency: z.string(),
  amount: decimalAmountSchema,
  /**
   * A waiting reward past its time is `expired` (the member's next look marks it so); `void`: an
   * operator voided it while it waited (never a bonus).
   */
  state: rewardStateSchema,
  /** ms since epoch. */
  createdAt: z.number().int(),
  /** When it expires (waiting) or expired, unclaimed. */
  expiresAt: z.number().int(),
  claimedAt: z.number().int().nullable(),
  /** The bonus it became when claimed (Money → Bonus claims). */
  bonusClaimId: z.number().int().nullable(),
  /** void: the operator who voided it, when (ms) and why; null otherwise. */
  voidedBy: z.string().nullable(),
  voidedAt: z.number().int().nullable(),
  voidReason: z.string().nullable(),
  /**
   * What was noticed about the referral, for review (referrals.signals): `same_ip`, the friend
   * registered from the address the referrer registered from; `same_payout_account`, the two bound
   * one payout account; `same_device`, the two registered or logged in from one browser; empty when
   * nothing.
   */
  signals: z.array(z.string()),
});
export type ReferralRewardRow = z.infer<typeof referralRewardRowSchema>;

export const referralRewardsQuerySchema = z.object({
  state: rewardStateSchema.optional(),
  /** The referrer's or the friend's exact username. */
  username: z.string().trim().min(1).max(64).optional(),
  days: z.coerce.number().int().min(1).max(90).default(7),
  /** `true`: only rewards whose referral carries a signal. */
  flagged: z.enum(['true', 'false']).optional(),
});

/**
 * A member's application for a bonus obtained by application (bonus_applications), as the back
 * office reviews it (docs/back-office-promotions.md "Money → Bonus applications").
 */
export const bonusApplicationRowSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  currency: z.string(),
  /** The bonus it asks for (the rule's amount when it was sent). */
  amount: decimalAmountSchema,
  /** The member's comment, plain text (never markup); null when none. */
  comment: z.string().nullable(),
  /** Pictures sent (1–3), read one by one with operatorBonusApplicationImage. */
  imageCount: z.number().int(),
  state: bonusApplicationStateSchema,
  /** ms since epoch. */
  submittedAt: z.number().int(),
  /**
   * Four eyes: whether its approval needs two operators (the amount is at or above the brand's
   * `insiderControls.bonusApplicationSecondApproverFrom`), and the first approval while it waits
   * for the second operator (null otherwise).
   */
  needsSecondApprover: z.boolean(),
  firstApprovedBy: z.string().nullable(),
  firstApprovedAt: z.number().int().nullable(),
  /** Who approved (the second) or rejected it, when and why; null while applying. */
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  /** The bonus the approval credited (Money → Bonus claims). */
  bonusClaimId: z.number().int().nullable(),
});
export type BonusApplicationRow = z.infer<typeof bonusApplicationRowSchema>;

export const bonusApplicationsQuerySchema = z.object({
  state: bonusApplicationStateSchema.optional(),
  promotionId: z.coerce.number().int().min(1).max(INT4_MAX).optional(),
  username: z.string().trim().min(1).max(64).optional(),
  /** Sent in the last `days` days; applications still waiting are listed whatever their age. */
  days: z.coerce.number().int().min(1).max(90).default(30),
});

const applicationIdSchema = z.number().int().min(1).max(INT4_MAX);

export const promotionsAdminCalls = {
  operatorBonusRules: defineCall({
    id: 'operatorBonusRules',
    method: 'GET',
    path: '/api/operator/promotion/rules',
    auth: 'operator',
    encrypted: false,
    summary:
      "Every promotion page with its bonus rule (or none), pause, dates and status, what its claims cost and paid, and the bound's smallest wagering multiple",
    tag: 'back-office-promotions',
    value: z.object({
      /** The brand's currency, its sign and decimals (for the editor's amounts and preview). */
      currency: z.string(),
      currencySymbol: z.string(),
      currencyPrecision: z.number().int(),
      /**
       * The smallest wagering multiple the bound allows now (agents' wages and the highest rebate
       * rate leave the rest of the house's expected win to bonuses: docs/promotions.md). The same
       * for every promotion; null when nothing is left, so no rule can be saved.
       */
      smallestWageringMultiple: z.number().int().nullable(),
      promotions: z.array(operatorBonusPromotionSchema),
    }),
  }),
  operatorBonusRuleSave: defineCall({
    id: 'operatorBonusRuleSave',
    method: 'POST',
    path: '/api/operator/promotion/rule/save',
    auth: 'operator',
    encrypted: false,
    summary:
      "Creates or replaces a promotion page's bonus rule (checked against the house-edge bound; bonuses already given keep their rule), audited",
    tag: 'back-office-promotions',
    body: z.object({
      promotionId: promotionIdSchema,
      rule: bonusRuleInputSchema,
      paused: z.boolean().default(false),
    }),
    value: z.object({ promotionId: z.number().int(), rule: bonusRuleSchema, paused: z.boolean() }),
  }),
  operatorBonusRulePause: defineCall({
    id: 'operatorBonusRulePause',
    method: 'POST',
    path: '/api/operator/promotion/rule/pause',
    auth: 'operator',
    encrypted: false,
    summary: 'Pauses or resumes new claims of a bonus promotion (bonuses already given go on), audited',
    tag: 'back-office-promotions',
    body: z.object({ promotionId: promotionIdSchema, paused: z.boolean() }),
    value: z.object({ promotionId: z.number().int(), paused: z.boolean() }),
  }),
  operatorBonusRuleRemove: defineCall({
    id: 'operatorBonusRuleRemove',
    method: 'POST',
    path: '/api/operator/promotion/rule/remove',
    auth: 'operator',
    encrypted: false,
    summary:
      "Removes a promotion page's bonus rule (CONFLICT while a bonus of it is waiting or active), audited",
    tag: 'back-office-promotions',
    body: z.object({ promotionId: promotionIdSchema }),
    value: z.object({ promotionId: z.number().int() }),
  }),
  operatorBonusClaims: defineCall({
    id: 'operatorBonusClaims',
    method: 'GET',
    path: '/api/operator/promotion/claims',
    auth: 'operator',
    encrypted: false,
    summary:
      'Bonus claims of the last days, newest first (at most 200), by promotion, state and member, with their count and sums',
    tag: 'back-office-promotions',
    query: bonusClaimsQuerySchema,
    value: z.object({
      items: z.array(bonusClaimRowSchema),
      /** Every claim the filters match (not only the 200 listed), and their sums. */
      count: z.number().int(),
      /** Bonuses credited. */
      granted: decimalAmountSchema,
      /** What the active ones' bonus wallets hold now. */
      outstanding: decimalAmountSchema,
      /** Moved to cash by conversion. */
      converted: decimalAmountSchema,
      /** Back to the platform (forfeited and expired). */
      returned: decimalAmountSchema,
      /** The promotions with a rule or a claim, for the promotion filter (id and title). */
      promotions: z.array(z.object({ promotionId: z.number().int(), title: z.string() })),
    }),
  }),
  operatorReferralRewards: defineCall({
    id: 'operatorReferralRewards',
    method: 'GET',
    path: '/api/operator/promotion/referral-rewards',
    auth: 'operator',
    encrypted: false,
    summary:
      "Referral rewards of the last days, newest first (at most 200), by state, member (referrer or friend) and flagged referrals, with the friend's deposit, the bonus each became, the referral's signals, and their count and sums",
    tag: 'back-office-promotions',
    query: referralRewardsQuerySchema,
    value: z.object({
      items: z.array(referralRewardRowSchema),
      /** Every reward the filters match (not only the 200 listed), those flagged, and sums by state. */
      count: z.number().int(),
      flagged: z.number().int(),
      waiting: countAndAmount,
      claimed: countAndAmount,
      expired: countAndAmount,
      voided: countAndAmount,
    }),
  }),
  operatorReferralRewardVoid: defineCall({
    id: 'operatorReferralRewardVoid',
    method: 'POST',
    path: '/api/operator/promotion/referral-reward/void',
    auth: 'operator',
    encrypted: false,
    summary:
      'Voids a waiting referral reward (a flagged referral) with a reason (5–200 characters): it never becomes a bonus and nothing moves (CONFLICT when claimed, expired or void already), audited',
    tag: 'back-office-promotions',
    body: z.object({
      id: z.number().int().min(1).max(INT4_MAX),
      reason: plainTextSchema({ min: 5, max: 200 }),
    }),
    value: referralRewardRowSchema,
  }),
  operatorBonusApplications: defineCall({
    id: 'operatorBonusApplications',
    method: 'GET',
    path: '/api/operator/promotion/applications',
    auth: 'operator',
    encrypted: false,
    summary:
      'Bonus applications to review: waiting ones first (oldest first), then decided ones of the last days (newest first), at most 200, by state, promotion and member; with the four-eyes threshold',
    tag: 'back-office-promotions',
    query: bonusApplicationsQuerySchema,
    value: z.object({
      items: z.array(bonusApplicationRowSchema),
      /** Every application the filters match (not only the 200 listed), and those waiting. */
      count: z.number().int(),
      applying: z.number().int(),
      /** From this bonus an approval needs two operators; null when four eyes are off (`0`). */
      secondApproverFrom: decimalAmountSchema.nullable(),
      /** Promotions obtained by application or with an application, for the filter. */
      promotions: z.array(z.object({ promotionId: z.number().int(), title: z.string() })),
    }),
  }),
  operatorBonusApplicationImage: defineCall({
    id: 'operatorBonusApplicationImage',
    method: 'GET',
    path: '/api/operator/promotion/application/image',
    auth: 'operator',
    encrypted: false,
    summary: 'A picture a member sent with a bonus application (index 0 to 2)',
    tag: 'back-office-promotions',
    query: z.object({
      id: z.coerce.number().int().min(1).max(INT4_MAX),
      index: z.coerce.number().int().min(0).max(2).default(0),
    }),
    value: imageUploadSchema,
  }),
  operatorBonusApplicationDecide: defineCall({
    id: 'operatorBonusApplicationDecide',
    method: 'POST',
    path: '/api/operator/promotion/application/decide',
    auth: 'operator',
    encrypted: false,
    summary:
      'Approves (the bonus is credited; from the four-eyes threshold the first approval waits for a second operator) or rejects (with a reason the member sees) a bonus application, audited',
    tag: 'back-office-promotions',
    body: z.object({ id: applicationIdSchema, ...approveOrRejectFields }).refine(...rejectionNeedsReason),
    value: bonusApplicationRowSchema,
  }),
};

/**
 * Rules are edited like the promotion pages they belong to (content.read, content.write: the
 * content role and the owner); the claims, referral rewards and applications are members' money,
 * listed like the rebate's claims (money.read); an application is decided with the permission that
 * approves adjustments (money.adjust.approve).
 */
export const promotionsAdminCallPermissions: Record<keyof typeof promotionsAdminCalls, OperatorPermission> = {
  operatorBonusRules: 'content.read',
  operatorBonusRuleSave: 'content.write',
  operatorBonusRulePause: 'content.write',
  operatorBonusRuleRemove: 'content.write',
  operatorBonusClaims: 'money.read',
  operatorReferralRewards: 'money.read',
  // Voiding a waiting reward takes back what a bonus would have credited: decided like an
  // adjustment's approval (money.adjust.approve: the owner and finance).
  operatorReferralRewardVoid: 'money.adjust.approve',
  // Applications are members' money too: read like the claims; deciding one credits a bonus, as an
  // adjustment's approval credits money (money.adjust.approve: the owner and finance).
  operatorBonusApplications: 'money.read',
  operatorBonusApplicationImage: 'money.read',
  operatorBonusApplicationDecide: 'money.adjust.approve',
};
