import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every wallet and system account of the double-entry ledger (docs/design.md, Money).
 *
 * Addresses name accounts the way formance does: `member:42:main`, `member:42:bonus`,
 * `member:42:trial`, `member:42:hold`, `member:42:vendor:JILI` (a transfer-mode vendor's
 * sub-wallet), `house:BDT`, `platform:BDT`, `world:BDT` (where money enters and leaves the books),
 * `clearing:<provider>:BDT` (money in flight with a payment provider).
 *
 * `balance` is cached ONLY for member-owned wallets (it is what the guarded update checks). System
 * accounts keep `balance` NULL: every bet touches the house, and one hot row updated per movement
 * cuts throughput by two thirds (docs/design.md measured it), so their balance is the sum of their
 * postings. Amounts are integers in minor units of `currency` (`precision` decimals).
 *
 * `owner_member_id` deliberately has no foreign key: the members table belongs to the accounts
 * module, and a module reaches another only through its service.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    kind: text('kind').notNull(),
    ownerMemberId: bigint('owner_member_id', { mode: 'bigint' }),
    currency: text('currency').notNull(),
    precision: smallint('precision').notNull(),
    balance: bigint('balance', { mode: 'bigint' }),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_accounts_address_unique').on(table.address),
    index('ledger_accounts_owner_member_id_index').on(table.ownerMemberId),
    // A player's cached balance is the last guard against overdraft, below the guarded UPDATE.
    check('ledger_accounts_balance_guard', sql`${table.allowNegative} or ${table.balance} >= 0`),
    // Cached balance if and only if the account belongs to a member: no hot system rows.
    check(
      'ledger_accounts_balance_cached_for_members_only',
      sql`(${table.ownerMemberId} is null) = (${table.balance} is null)`,
    ),
    check(
      'ledger_accounts_members_never_negative',
      sql`${table.ownerMemberId} is null or not ${table.allowNegative}`,
    ),
    check('ledger_accounts_currency_iso', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('ledger_accounts_precision_range', sql`${table.precision} between 0 and 8`),
  ],
);

/**
 * One money movement. The idempotency key is unique: a replay finds the stored entry and moves
 * nothing; the request hash (sha256 of the canonical request) tells a replay from a different
 * request that reuses the key. Entries are append-only (a trigger refuses UPDATE and DELETE): a
 * mistake is fixed by a reversing entry, and `reverses_entry_id` is unique, so an entry is reversed
 * at most once.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }).references(
      (): AnyPgColumn => journalEntries.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('journal_entries_idempotency_key_unique').on(table.idempotencyKey),
    // Partial: nearly every entry reverses nothing, and a NULL needs no place in a unique index
    // (one index write less per entry on the hot path; issue 12).
    uniqueIndex('journal_entries_reverses_entry_id_unique')
      .on(table.reversesEntryId)
      .where(sql`${table.reversesEntryId} is not null`),
    // BRIN, not a btree: entries are appended in time order, so a block range's min/max answers
    // the by-date reads (reports, ledger browser), and an insert costs no btree descent and no
    // write to one hot right-hand leaf shared by every concurrent bet (issue 12).
    index('journal_entries_created_at_brin').using('brin', table.createdAt),
  ],
);

/**
 * The legs of an entry: signed amounts in minor units (negative leaves the account, positive
 * enters it). Per entry and currency they sum to zero: the posting function checks it before
 * writing and a statement trigger checks every INSERT again. One posting per account per entry, so
 * `balance_after` (set for cached member wallets only) is the account's running balance, in posting
 * id order, for the account record.
 *
 * `account_id` has no foreign key on purpose: a foreign key takes a FOR KEY SHARE row lock on the
 * referenced account, and every bet references `house:<currency>`: that is the hot row again
 * (lock multixacts on one tuple). The posting function resolves every account before it writes and
 * the verifier checks that every posting names an existing account of its currency.
 */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
  },
  (table) => [
    unique('postings_entry_account_unique').on(table.entryId, table.accountId),
    index('postings_account_id_index').on(table.accountId, table.id),
    check('postings_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);
