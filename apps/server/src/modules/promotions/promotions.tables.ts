import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
