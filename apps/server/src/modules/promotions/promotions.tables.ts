import { sql } from 'drizzle-orm';
import {
  bonusApplicationStates,
  bonusStates,
  rewardSources,
  rewardStates,
  type BonusRule,
} from '@khela/contract';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { uploadedImage } from '../../db/columns.ts';

/** One category's figures of a rebate claim, minor units as decimal text (jsonb keeps no bigint). */
export interface RebateClaimLine {
  gameType: string;
  validBet: string;
  countedBet: string;
  rateBp: number;
  amount: string;
}

/**
 * Manual rebate claims (issue 39; docs/promotions.md "Manual rebate"). Each claim counts the rounds
 * settled in [period_from, period_to): the next one starts where it ended, so no round is counted
 * twice. The unique (member_id, period_from) is the one-claim-per-period key: of two claims made at
 * the same moment, the second finds the first's row and pays nothing. `entry_id` is the journal
 * entry that paid it (kind bonus, platform → the member's main wallet).
 */
export const rebateClaims = pgTable(
  'rebate_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    currency: text('currency').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    lines: jsonb('lines').$type<RebateClaimLine[]>().notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rebate_claims_member_period_key').on(table.memberId, table.periodFrom),
    check('rebate_claims_period_check', sql`${table.periodTo} > ${table.periodFrom}`),
    check('rebate_claims_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * A bonus promotion's rule (issue 39 item 1; docs/promotions.md "Bonus money and wagering"): the
 * economics of one promotion page (content's promotion id), as data checked by the contract's
 * bonusRuleSchema. `paused` stops new claims; the page's dates bound the period.
 */
export const promotionRules = pgTable('promotion_rules', {
  promotionId: integer('promotion_id').primaryKey(),
  rule: jsonb('rule').$type<BonusRule>().notNull(),
  paused: boolean('paused').notNull().default(false),
  updatedBy: text('updated_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Whose, of which promotion and in which rule period (`member`, a brand day `2026-12-07`, a brand
 * week `w2026-12-07`): the key of one claim, and of one application, per rule period.
 */
const rulePeriodKey = () => ({
  memberId: integer('member_id').notNull(),
  promotionId: integer('promotion_id').notNull(),
  periodKey: text('period_key').notNull(),
});

/**
 * A member's claim of a bonus promotion and the bonus it gave. States: waiting (a deposit match
 * before its deposit), active (credited to the bonus wallet, being wagered), then one of converted,
 * forfeited, expired, lost, lapsed. The rule is copied at the claim, so editing a promotion never
 * changes a bonus already given.
 *
 * Keys: (promotion, member, period) makes one claim per rule period (`member`, a brand day
 * `2026-12-07`, or a brand week starting Monday `w2026-12-07`); the partial unique (member) where
 * waiting or active makes at most one open bonus per member. Of 50 simultaneous claims one row is
 * written, the others find the key taken.
 */
export const bonusClaims = pgTable(
  'bonus_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...rulePeriodKey(),
    state: text('state', { enum: bonusStates }).notNull(),
    currency: text('currency').notNull(),
    rule: jsonb('rule').$type<BonusRule>().notNull(),
    /** The bonus credited, minor units (0 while waiting). */
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Counted turnover to wager (amount × multiple), minor units. */
    wageringRequired: bigint('wagering_required', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Counted turnover wagered when the bonus ended (final figure); null while open. */
    wageringDone: bigint('wagering_done', { mode: 'bigint' }),
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
    /** The deposit that received it (deposit match). */
    depositOrderId: integer('deposit_order_id'),
    grantEntryId: bigint('grant_entry_id', { mode: 'number' }),
    /** What the end moved out of the bonus wallet (to cash when converted, else to the platform). */
    endAmount: bigint('end_amount', { mode: 'bigint' }),
    endEntryId: bigint('end_entry_id', { mode: 'number' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** waiting: when the claim lapses; active: when the bonus expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bonus_claims_rule_period_key').on(table.promotionId, table.memberId, table.periodKey),
    uniqueIndex('bonus_claims_open_key')
      .on(table.memberId)
      .where(sql`${table.state} in ('waiting', 'active')`),
    index('bonus_claims_open_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.state} in ('waiting', 'active')`),
    index('bonus_claims_promotion_idx').on(table.promotionId, table.claimedAt),
    check('bonus_claims_amount_check', sql`${table.amount} >= 0 and ${table.maxBet} > 0`),
  ],
);

/**
 * Members' own invitation codes (issue 39 item 3; docs/promotions.md "Referral"), made the first
 * time a member opens Invite friends: 10 characters, so never one of the agents' 8-character link
 * codes; registration tries agents' codes first.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    memberId: integer('member_id').primaryKey(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('referral_codes_code_key').on(sql`lower(${table.code})`)],
);

/**
 * Who invited whom: one row per account registered with a member's code (an account has at most
 * one referrer). `signals` are what registration noticed for review (`same_ip`: the friend
 * registered from the address the referrer registered from). The username is kept masked at
 * registration, so the referrer's page reads nothing of the accounts module.
 */
export const referrals = pgTable(
  'referrals',
  {
    inviteeId: integer('invitee_id').primaryKey(),
    referrerId: integer('referrer_id').notNull(),
    code: text('code').notNull(),
    inviteeMasked: text('invitee_masked').notNull(),
    signals: jsonb('signals')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('referrals_referrer_idx').on(table.referrerId, table.createdAt)],
);

/**
 * The reward centre: rewards waiting for their member to claim them (a referral reward when a
 * friend's first deposit of the rule's minimum was credited; a cash-back reward when a period of
 * the member's net loss was settled). Not money yet: claiming makes it a
 * bonus (bonus_claims, period key `reward:<id>`) credited through the ledger with the copied
 * rule's wagering. One referral reward per friend (unique invitee). An operator may void a waiting
 * one (state `void`, with who, when and why): it never becomes a bonus, and nothing moves.
 */
export const memberRewards = pgTable(
  'member_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    source: text('source', { enum: rewardSources }).notNull(),
    promotionId: integer('promotion_id').notNull(),
    /** referral: the friend whose deposit earned it, and that deposit. */
    inviteeId: integer('invitee_id'),
    depositOrderId: integer('deposit_order_id'),
    /** cashback: the period it pays back; raffle: the prize's place (the contract's Reward.detail). */
    detail: text('detail'),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    rule: jsonb('rule').$type<BonusRule>().notNull(),
    state: text('state', { enum: rewardStates }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    bonusClaimId: bigint('bonus_claim_id', { mode: 'number' }),
    /** void: the operator who voided the waiting reward, when and why (audited; never a bonus). */
    voidedBy: text('voided_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (table) => [
    uniqueIndex('member_rewards_referral_key')
      .on(table.inviteeId)
      .where(sql`${table.source} = 'referral'`),
    // One cash-back reward per member, promotion and period (its detail: `2026-12-06`, a week
    // `2026-12-07 – 2026-12-13`), whatever runs of the job overlap.
    uniqueIndex('member_rewards_cashback_key')
      .on(table.promotionId, table.memberId, table.detail)
      .where(sql`${table.source} = 'cashback'`),
    // One VIP level-up reward per member and level (its detail, the level), ever: a member who
    // falls and climbs back to a level is not paid for it again (docs/vip.md).
    uniqueIndex('member_rewards_vip_key')
      .on(table.memberId, table.detail)
      .where(sql`${table.source} = 'vip'`),
    index('member_rewards_member_idx').on(table.memberId, table.id),
    index('member_rewards_promotion_idx').on(table.promotionId),
    check('member_rewards_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * Cash-back periods settled (docs/promotions.md "Cash-back on losses"): one row per promotion and
 * brand day or week (`period_key` is the rewards' detail, `2026-12-06` or `2026-12-07 – 2026-12-13`),
 * written in the transaction that writes the period's rewards. The job's cursor: a period with a row
 * is done (members with no loss included), and of two runs at once the second finds the key taken
 * and writes nothing. `counted_from`/`counted_to` are the rounds' settlement times it counted (the
 * period cut to the promotion's dates and the rule's life).
 */
export const cashbackPeriods = pgTable(
  'cashback_periods',
  {
    promotionId: integer('promotion_id').notNull(),
    periodKey: text('period_key').notNull(),
    countedFrom: timestamp('counted_from', { withTimezone: true }).notNull(),
    countedTo: timestamp('counted_to', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** Rewards written and their sum, minor units. */
    rewards: integer('rewards').notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.promotionId, table.periodKey] }),
    check('cashback_periods_counted_check', sql`${table.countedTo} > ${table.countedFrom}`),
  ],
);

/**
 * Applications for a bonus obtained by application (rule `obtain: 'apply'`; docs/promotions.md
 * "Applications with review"): pictures and a comment an operator reviews. States: applying, then
 * approved (the bonus credited: `bonus_claim_id`, a bonus_claims row with this application's period
 * key, granted in the decision's transaction) or rejected (`decision_reason`, shown to the member).
 * The rule is copied when the member applies: the bonus is the one the member applied for.
 *
 * Keys: (promotion, member, period) makes one application per rule period, as bonus_claims' key
 * makes one claim. Four eyes: from the brand's threshold an approval is first recorded
 * (`first_approved_*`) and credited by a second operator; the check keeps the two apart in the
 * schema too.
 */
export const bonusApplications = pgTable(
  'bonus_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...rulePeriodKey(),
    state: text('state', { enum: bonusApplicationStates }).notNull().default('applying'),
    currency: text('currency').notNull(),
    rule: jsonb('rule').$type<BonusRule>().notNull(),
    /** The bonus applied for (the rule's amount), minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    comment: text('comment'),
    imageCount: integer('image_count').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    firstApprovedById: integer('first_approved_by_id'),
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    decidedById: integer('decided_by_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    bonusClaimId: bigint('bonus_claim_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('bonus_applications_rule_period_key').on(table.promotionId, table.memberId, table.periodKey),
    index('bonus_applications_waiting_idx')
      .on(table.submittedAt)
      .where(sql`${table.state} = 'applying'`),
    index('bonus_applications_submitted_idx').on(table.submittedAt),
    check('bonus_applications_amount_check', sql`${table.amount} > 0`),
    check('bonus_applications_images_check', sql`${table.imageCount} between 1 and 3`),
    // Four eyes, in the schema too: a first approval is credited by another operator.
    check(
      'bonus_applications_second_approver',
      sql`${table.state} <> 'approved' or ${table.firstApprovedById} is null or ${table.decidedById} <> ${table.firstApprovedById}`,
    ),
  ],
);

/** An application's pictures (png or jpg by their bytes, 5 MB each, 3 at most), for operators only. */
export const bonusApplicationImages = pgTable(
  'bonus_application_images',
  {
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    ...uploadedImage(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.position] })],
);
