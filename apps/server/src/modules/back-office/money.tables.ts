import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { fourEyesDecision } from '../../db/columns.ts';

/**
 * Manual adjustments (issue 15, issue 35). Posted at once below the threshold and within the
 * limits: a row `approved` with no decider (kept to count the day's adjustments against the limits).
 * At or above the four-eyes threshold, or over a limit: requested by one operator,
 * approved (the journal entry is posted, keyed `operator-adjust:adjustment:<id>`, so at most once)
 * or rejected by another. The row moves out of `pending` once, under a row lock.
 */
export const moneyAdjustments = pgTable(
  'money_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    username: text('username').notNull(),
    currency: text('currency').notNull(),
    /** Signed minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** The requester's idempotency key: a replay of the same request finds this row. */
    requestKey: text('request_key').notNull().unique('money_adjustments_request_key_unique'),
    ...fourEyesDecision(),
    entryId: bigint('entry_id', { mode: 'number' }),
    /**
     * Why an adjustment below the threshold still waits for a second operator: the limits it would
     * pass (per operator, per member, per brand day; docs/back-office-money.md). Null otherwise.
     */
    heldBecause: text('held_because'),
  },
  (table) => [
    index('money_adjustments_status_index').on(table.status, table.id),
    // The day's tallies of the limits: per member, per requester.
    index('money_adjustments_member_index').on(table.memberId, table.requestedAt),
    index('money_adjustments_requester_index').on(table.requestedById, table.requestedAt),
    check('money_adjustments_amount_not_zero', sql`${table.amount} <> 0`),
    // Four eyes, in the schema too: whoever decides is not whoever asked.
    check(
      'money_adjustments_second_approver',
      sql`${table.decidedById} is null or ${table.decidedById} <> ${table.requestedById}`,
    ),
  ],
);

/** The ledger verifier's runs (job `ledger-verify`, or an operator's "run now"): the last one is shown. */
export const ledgerVerifications = pgTable('ledger_verifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  ok: boolean('ok').notNull(),
  tookMs: integer('took_ms').notNull(),
  checks: jsonb('checks').notNull(),
});
