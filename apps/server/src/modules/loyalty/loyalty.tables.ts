import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * The points ledger (issue 40 item 2, docs/loyalty.md "The points ledger"): built like the money
 * ledger (docs/design.md, Money) but apart from it. Points are not money: kept in the money ledger
 * they would need a filter in every reader of balances, reports and the verifier's per-currency sums.
 *
 * Accounts: `member:<id>` (a member's points, cached balance, never negative), `system:issued` (where
 * earned points come from; goes negative) and `system:converted` (where points turned into cash go).
 * System accounts keep no cached balance: theirs is the sum of their postings. Points are whole
 * numbers and never expire (spec 9).
 *
 * Every table is written only by `points_post_entry` (sql/points_post_entry.sql, the one posting path;
 * sql/points_write_guard.sql refuses anything else), and entries and postings are append-only
 * (sql/points_append_only.sql).
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    ownerMemberId: integer('owner_member_id'),
    balance: bigint('balance', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('points_accounts_address_unique').on(table.address),
    unique('points_accounts_owner_unique').on(table.ownerMemberId),
    check('points_accounts_balance_guard', sql`${table.balance} >= 0`),
    check(
      'points_accounts_balance_cached_for_members_only',
      sql`(${table.ownerMemberId} is null) = (${table.balance} is null)`,
    ),
    check(
      'points_accounts_address_shape',
      sql`${table.address} ~ '^(member:[0-9]+|system:(issued|converted))$'`,
    ),
  ],
);

/**
 * One change of points. `reference` is the reference number the member sees in the points detail
 * (spec 3 "Points record: reference number"), made from the id. The idempotency key is unique and
 * stored with the request's hash: the same key with the same request is a replay (the first entry
 * is answered), with another request it is refused.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference')
      .notNull()
      .generatedAlwaysAs(sql`'PT' || lpad(id::text, 10, '0')`),
    kind: text('kind', { enum: ['earn', 'convert'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** What the member's points detail shows beside the amount (e.g. the brand day earned on). */
    remark: text('remark').notNull().default(''),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('points_entries_idempotency_key_unique').on(table.idempotencyKey),
    unique('points_entries_reference_unique').on(table.reference),
    check('points_entries_request_hash_shape', sql`${table.requestHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The legs of a points entry: signed whole points (negative leaves the account). Per entry they sum
 * to zero. `balance_after` is the member account's running balance (NULL for system accounts).
 */
export const pointsPostings = pgTable(
  'points_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => pointsEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => pointsAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
  },
  (table) => [
    unique('points_postings_entry_account_unique').on(table.entryId, table.accountId),
    index('points_postings_account_index').on(table.accountId, table.id),
    check('points_postings_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);

/**
 * The brand days whose points were credited (the job `loyalty-points`): a day's row is written in
 * the transaction that credits it, first, so two runs never credit one day twice (the second waits
 * on the key, then finds it taken). Per member the entry's idempotency key (`earn:<member>:<day>`)
 * holds the same promise again.
 */
export const loyaltyPointDays = pgTable(
  'loyalty_point_days',
  {
    /** The brand day, `YYYY-MM-DD` on the brand's clock (whitelabel `timeZone`). */
    day: text('day').notNull(),
    countedFrom: timestamp('counted_from', { withTimezone: true }).notNull(),
    countedTo: timestamp('counted_to', { withTimezone: true }).notNull(),
    members: integer('members').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.day] })],
);
