import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * VIP ranks (issue 40 item 1; docs/vip.md).
 *
 * `vip_config`: the one row (id 1) of the table's settings: the rolling period in brand days, the
 * upgrade job's cursor, who saved the table last and when. `vip_levels`: the rank table, level 0 (the base, thresholds 0, no
 * reward) first; thresholds and rewards in minor units of the brand's currency. The table is
 * replaced whole by the back office's save, in one transaction with its audit entry.
 */
export const vipConfig = pgTable(
  'vip_config',
  {
    id: smallint('id').primaryKey(),
    periodDays: integer('period_days').notNull(),
    /** The upgrade job's cursor: rounds settled and deposits approved before it were looked at. */
    scannedTo: timestamp('scanned_to', { withTimezone: true }),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [
    check('vip_config_one_row', sql`${table.id} = 1`),
    check('vip_config_period_check', sql`${table.periodDays} between 1 and 365`),
  ],
);

export const vipLevels = pgTable(
  'vip_levels',
  {
    level: smallint('level').primaryKey(),
    name: text('name').notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull(),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    wageringMultiple: integer('wagering_multiple').notNull(),
    /** Withdrawals asked in one brand day (not rejected) at most; null: no daily limit. */
    dailyWithdrawalLimit: bigint('daily_withdrawal_limit', { mode: 'bigint' }),
  },
  (table) => [
    check('vip_levels_level_check', sql`${table.level} >= 0`),
    check(
      'vip_levels_amounts_check',
      sql`${table.turnover} >= 0 and ${table.deposits} >= 0 and ${table.reward} >= 0`,
    ),
    check('vip_levels_daily_withdrawal_check', sql`${table.dailyWithdrawalLimit} > 0`),
  ],
);

/**
 * Each member's rank: the level held, since when, and when it is next reviewed (null at level 0:
 * nothing to lose). A member without a row is at level 0. Written only by the vip service, with the
 * row locked; each change also writes one `vip_rank_changes` row.
 */
export const vipMemberRanks = pgTable(
  'vip_member_ranks',
  {
    memberId: integer('member_id').primaryKey(),
    level: smallint('level').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    reviewAt: timestamp('review_at', { withTimezone: true }),
  },
  (table) => [
    check('vip_member_ranks_level_check', sql`${table.level} >= 0`),
    index('vip_member_ranks_review_idx').on(table.reviewAt),
  ],
);

/**
 * The history of ranks: one row per change, append-only. `upgrade`: the figures reached a higher
 * level (at once); `review`: the period's review set the level the figures hold (lower, or higher);
 * `operator`: set by hand in the back office (audited with its reason). The figures are those of the
 * period at the change, minor units.
 */
export const vipRankChanges = pgTable(
  'vip_rank_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    fromLevel: smallint('from_level').notNull(),
    toLevel: smallint('to_level').notNull(),
    reason: text('reason', { enum: ['upgrade', 'review', 'operator'] }).notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull(),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vip_rank_changes_member_idx').on(table.memberId, table.id),
    check('vip_rank_changes_moved_check', sql`${table.fromLevel} <> ${table.toLevel}`),
  ],
);
