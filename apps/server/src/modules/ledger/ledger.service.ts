import { recordKinds } from '@khela/contract/record-kinds';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { canonicalJson, requestHash } from '@khela/contract/request-hash';
import type { Database } from '../../db/database.ts';
import {
  isMemberAddress,
  memberVendorAddress,
  memberWalletAddress,
  parseAddress,
  systemAddress,
  type AccountKind,
  type MemberWalletKind,
} from './ledger.addresses.ts';
import { LedgerError, translateDatabaseError } from './ledger.errors.ts';
import { journalEntries, ledgerAccounts, postings } from './ledger.tables.ts';
import { MAX_MINOR_UNITS, MAX_PRECISION, isCurrencyCode, precisionOf } from './money.ts';

/**
 * The ledger: the only way money moves (docs/design.md, Money; docs/style.md 6 and 7).
 *
 * One money movement = one journal entry = one call of the ledger's one posting path, the SQL
 * function `ledger_post_entries` (one round trip, one transaction). Amounts are bigint minor units; a posting's sign is
 * the direction (negative leaves the account, positive enters it). Every function takes the
 * database (or a transaction: pass `tx` to make a movement part of a larger unit of work) and an
 * options object.
 *
 * A refusal raised inside the database (insufficient funds, idempotency mismatch …) aborts the
 * surrounding transaction, as any SQL error does: a caller that wants to go on after a refusal
 * inside its own transaction wraps the call in a nested `tx.transaction` (a savepoint).
 */

/** The journal entry kinds: the contract's list, so the account record's filter is the ledger's. */
export const entryKinds = recordKinds;
export type EntryKind = (typeof entryKinds)[number];

export interface LedgerAccount {
  id: number;
  address: string;
  kind: AccountKind;
  ownerMemberId: bigint | null;
  currency: string;
  precision: number;
  /** Cached balance of a member wallet; `null` for system accounts (see getBalance). */
  balance: bigint | null;
  allowNegative: boolean;
  createdAt: Date;
}

export interface PostingInput {
  address: string;
  /** Signed minor units: negative leaves the account, positive enters it. Never zero. */
  amount: bigint;
}

export interface PostEntryOptions {
  kind: EntryKind;
  /**
   * Unique per money movement (vendor transaction id, client request id, settlement key). Replaying
   * it with the same request returns the first result and moves nothing; with a different request
   * it is refused (IDEMPOTENCY_MISMATCH).
   */
  idempotencyKey: string;
  postings: readonly PostingInput[];
  /** Stored with the entry (round id, vendor, counterparty, operator …). Bigints become strings. */
  metadata?: Record<string, unknown>;
  /**
   * Extra request fields that make two calls with the same key "different requests" (e.g. a
   * vendor's round id). The kind, the postings and `reversesEntryId` always count; metadata does
   * not, so volatile values there (timestamps, client addresses) do not break replays.
   */
  request?: Record<string, unknown>;
  /** Set only by reverseEntry. */
  reversesEntryId?: number;
}

export interface PostedPosting {
  address: string;
  currency: string;
  amount: bigint;
  /** Balance of a member wallet right after this entry; `null` for system accounts. */
  balanceAfter: bigint | null;
}

export interface PostedEntry {
  entryId: number;
  kind: EntryKind;
  /** True when this call was a replay of an earlier one: nothing moved this time. */
  replayed: boolean;
  createdAt: Date;
  reversesEntryId: number | null;
  postings: PostedPosting[];
}

// ---------------------------------------------------------------------------------------------
// Accounts

function accountOf(row: typeof ledgerAccounts.$inferSelect): LedgerAccount {
  return { ...row, kind: row.kind as AccountKind };
}

export interface OpenAccountOptions {
  address: string;
  currency: string;
  /** Minor-unit digits; defaults to the ISO precision of the currency. */
  precision?: number;
}

/**
 * Opens the account at `address`, or returns it if it exists (idempotent). Kind and owner come from
 * the address: member wallets get a cached balance of zero and may never go negative; system
 * accounts get no cached balance (derived from postings) and may go negative (world does when money
 * enters the books). Refuses an address that exists in another currency or precision.
 */
export async function openAccount(db: Database, options: OpenAccountOptions): Promise<LedgerAccount> {
  const parsed = parseAddress(options.address);
  if (!parsed) throw new LedgerError('INVALID_POSTINGS', `not a ledger address: ${options.address}`);
  if (!isCurrencyCode(options.currency)) {
    throw new LedgerError('CURRENCY_MISMATCH', `not an ISO currency code: ${options.currency}`);
  }
  if ('currency' in parsed && parsed.currency !== options.currency) {
    throw new LedgerError('CURRENCY_MISMATCH', `${options.address} cannot hold ${options.currency}`);
  }
  const precision = options.precision ?? precisionOf(options.currency);
  if (!Number.isInteger(precision) || precision < 0 || precision > MAX_PRECISION) {
    throw new LedgerError('CURRENCY_MISMATCH', `bad precision ${precision}`);
  }
  const isMember = isMemberAddress(parsed);
  const inserted = await db
    .insert(ledgerAccounts)
    .values({
      address: options.address,
      kind: parsed.kind,
      ownerMemberId: isMember ? parsed.memberId : null,
      currency: options.currency,
      precision,
      balance: isMember ? 0n : null,
      allowNegative: !isMember,
    })
    .onConflictDoNothing({ target: ledgerAccounts.address })
    .returning();
  const row =
    inserted[0] ??
    (await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.address, options.address)))[0];
  if (!row) throw new Error(`ledger account ${options.address} vanished`);
  if (row.currency !== options.currency || row.precision !== precision) {
    throw new LedgerError(
      'CURRENCY_MISMATCH',
      `${options.address} is kept in ${row.currency}/${row.precision}, not ${options.currency}/${precision}`,
    );
  }
  return accountOf(row);
}

export interface MemberWalletOptions {
  memberId: bigint | number;
  kind: MemberWalletKind;
  /** The vendor code, for kind `vendor` (a transfer-mode vendor's sub-wallet). */
  vendor?: string;
  currency: string;
  precision?: number;
}

export function memberAddressOf(options: Pick<MemberWalletOptions, 'memberId' | 'kind' | 'vendor'>): string {
  if (options.kind === 'vendor') {
    if (!options.vendor) throw new LedgerError('INVALID_POSTINGS', 'a vendor wallet needs the vendor code');
    return memberVendorAddress(options.memberId, options.vendor);
  }
  return memberWalletAddress(options.memberId, options.kind);
}

/** A member's wallet, opened on first use (a read on the usual path, an insert the first time). */
export async function getOrOpenMemberWallet(
  db: Database,
  options: MemberWalletOptions,
): Promise<LedgerAccount> {
  const address = memberAddressOf(options);
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.address, address));
  if (row) {
    if (row.currency !== options.currency) {
      throw new LedgerError(
        'CURRENCY_MISMATCH',
        `${address} is kept in ${row.currency}, not ${options.currency}`,
      );
    }
    return accountOf(row);
  }
  return openAccount(db, {
    address,
    currency: options.currency,
    ...(options.precision === undefined ? {} : { precision: options.precision }),
  });
}

/** Opens `world`, `house` and `platform` for a currency (idempotent); call at start or seed. */
export async function openSystemAccounts(
  db: Database,
  options: { currency: string; precision?: number },
): Promise<{ world: LedgerAccount; house: LedgerAccount; platform: LedgerAccount }> {
  const open = (kind: 'world' | 'house' | 'platform') =>
    openAccount(db, {
      address: systemAddress(kind, options.currency),
      currency: options.currency,
      ...(options.precision === undefined ? {} : { precision: options.precision }),
    });
  return { world: await open('world'), house: await open('house'), platform: await open('platform') };
}

/** Every account a member owns (main, bonus, trial, hold, vendor sub-wallets), oldest first. */
export async function listMemberAccounts(
  db: Database,
  options: { memberId: bigint | number },
): Promise<LedgerAccount[]> {
  return (await listAccountsOfMembers(db, [options.memberId])).get(Number(options.memberId)) ?? [];
}

/** The accounts of several members in one read (a page of the back office's player search). */
export async function listAccountsOfMembers(
  db: Database,
  memberIds: readonly (bigint | number)[],
): Promise<Map<number, LedgerAccount[]>> {
  const byMember = new Map<number, LedgerAccount[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.ownerMemberId,
        memberIds.map((id) => BigInt(id)),
      ),
    )
    .orderBy(ledgerAccounts.id);
  for (const row of rows) {
    const account = accountOf(row);
    const owner = Number(row.ownerMemberId);
    const list = byMember.get(owner) ?? [];
    list.push(account);
    byMember.set(owner, list);
  }
  return byMember;
}

export interface AccountBalance {
  address: string;
  currency: string;
  precision: number;
  /** Minor units. */
  balance: bigint;
  /** True for member wallets (cached, guarded); false for system accounts (sum of postings). */
  isCached: boolean;
}

/**
 * The balance of one account. A member wallet's is its cached column (kept in step by the posting
 * function); a system account's is derived from its postings, because caching it would make one
 * hot row of every bet (for a large house account a roll-up job can take over later).
 */
export async function getBalance(db: Database, options: { address: string }): Promise<AccountBalance> {
  const [row] = await db
    .select({
      address: ledgerAccounts.address,
      currency: ledgerAccounts.currency,
      precision: ledgerAccounts.precision,
      balance: ledgerAccounts.balance,
      // Spelled out with aliases: drizzle writes bare column names inside a select list.
      derived: sql<string>`case when ledger_accounts.balance is null then
        (select coalesce(sum(p.amount), 0)::text from postings p where p.account_id = ledger_accounts.id) end`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.address, options.address));
  if (!row) throw new LedgerError('ACCOUNT_NOT_FOUND', `no ledger account ${options.address}`);
  const isCached = row.balance !== null;
  return {
    address: row.address,
    currency: row.currency,
    precision: row.precision,
    balance: row.balance ?? BigInt(row.derived),
    isCached,
  };
}

/**
 * An SQL expression: a member wallet's cached balance as text, '0' when the wallet is not open yet.
 * For statements that answer a balance with their own work in one round trip.
 */
export function memberBalanceSql(address: SQL): SQL {
  return sql`coalesce((select a.balance from ledger_accounts a where a.address = ${address}), 0)::text`;
}

/**
 * An SQL expression: what a member can stake from a wallet kind, as text: the main wallet with the
 * bonus wallet (bets draw cash, then bonus: docs/promotions.md), any other kind alone; '0' when
 * neither is open. For the vendor protocol's authenticate and balance answers.
 */
export function memberPlayBalanceSql(memberId: SQL, walletKind: SQL): SQL {
  return sql`coalesce((select sum(a.balance) from ledger_accounts a
    where a.address in ('member:' || ${memberId} || ':' || ${walletKind},
      'member:' || ${memberId} || ':' || case when ${walletKind} = 'main' then 'bonus' else ${walletKind} end)), 0)::text`;
}

// ---------------------------------------------------------------------------------------------
// Entries

/**
 * The canonical request hash (`@khela/contract/request-hash`) of: kind, postings (sorted by address,
 * amounts as decimal strings), the reversed entry and the caller's extra `request` fields. The
 * ledger computes it in SQL (`ledger_request_hash`, the one place a stored hash is made); this is
 * the same hash in TypeScript, which ledger.request-hash.test.ts holds the SQL to byte for byte.
 */
export function requestHashOf(options: PostEntryOptions): string {
  return requestHash({
    version: 1,
    kind: options.kind,
    postings: [...options.postings]
      .sort((left, right) => (left.address < right.address ? -1 : left.address > right.address ? 1 : 0))
      .map((posting) => [posting.address, posting.amount.toString()]),
    reversesEntryId: options.reversesEntryId ?? null,
    request: options.request ?? null,
  });
}

/**
 * Rows of a raw `execute`: both drivers (pg and PGlite) answer `{ rows }`, but the shared Database
 * type cannot say so. Only use it on queries whose columns are text or jsonb (docs/stack.md gotcha 3:
 * raw bigint columns differ between drivers).
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** A PostgreSQL array literal of text; every element quoted, `"` and `\` escaped. */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`).join(',')}}`;
}

/**
 * Checks done before the database is asked: they are necessary conditions (the SQL function and the
 * postings trigger check again, per currency, with the accounts' real currencies).
 */
function checkEntry(options: PostEntryOptions) {
  if (!(entryKinds as readonly string[]).includes(options.kind)) {
    throw new LedgerError('INVALID_POSTINGS', `unknown entry kind ${options.kind}`);
  }
  if (options.idempotencyKey.length < 1 || options.idempotencyKey.length > 200) {
    throw new LedgerError('INVALID_POSTINGS', 'an idempotency key has 1 to 200 characters');
  }
  if ((options.kind === 'reversal') !== (options.reversesEntryId !== undefined)) {
    throw new LedgerError(
      'INVALID_POSTINGS',
      'only a reversal names the entry it reverses (use reverseEntry)',
    );
  }
  if (options.postings.length < 2) {
    throw new LedgerError('INVALID_POSTINGS', 'a journal entry needs at least two postings');
  }
  const seen = new Set<string>();
  let sum = 0n;
  for (const posting of options.postings) {
    if (!parseAddress(posting.address)) {
      throw new LedgerError('INVALID_POSTINGS', `not a ledger address: ${posting.address}`);
    }
    if (seen.has(posting.address)) {
      throw new LedgerError('INVALID_POSTINGS', `${posting.address} appears twice in one entry`);
    }
    seen.add(posting.address);
    if (typeof posting.amount !== 'bigint') throw new LedgerError('INVALID_POSTINGS', 'amounts are bigint');
    if (posting.amount === 0n) throw new LedgerError('INVALID_POSTINGS', 'a posting amount must not be zero');
    if (posting.amount > MAX_MINOR_UNITS || -posting.amount > MAX_MINOR_UNITS) {
      throw new LedgerError('INVALID_POSTINGS', 'a posting amount exceeds the bigint range');
    }
    sum += posting.amount;
  }
  // Per-currency sums of zero imply a total of zero, so a non-zero total is unbalanced for sure.
  if (sum !== 0n) throw new LedgerError('UNBALANCED_ENTRY', `postings sum to ${sum}, not 0`);
  if (options.request !== undefined && !hasOnlyIntegerNumbers(options.request)) {
    throw new LedgerError('INVALID_POSTINGS', 'request fields carry numbers as safe integers only');
  }
}

/**
 * The database writes a number of the request as jsonb writes it, which is JavaScript's text for
 * safe integers only (ledger_canonical_json): amounts travel as bigint or decimal strings anyway.
 */
function hasOnlyIntegerNumbers(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.every(hasOnlyIntegerNumbers);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.values(value).every(hasOnlyIntegerNumbers);
  }
  return true;
}

/**
 * Moves money: one balanced journal entry through the ledger's one posting path (the SQL function
 * `ledger_post_entries`, modules/ledger/sql/ledger_post_entries.sql: one call, one round trip, in
 * the caller's transaction). Member wallets are updated with a guarded `balance + delta >= 0`; if
 * any guard fails nothing is written (INSUFFICIENT_FUNDS). System accounts are never updated (their
 * balance is derived). Idempotent by key: the request hash is computed in the database.
 */
export async function postEntry(db: Database, options: PostEntryOptions): Promise<PostedEntry> {
  checkEntry(options);
  const addresses = textArrayLiteral(options.postings.map((posting) => posting.address));
  const amounts = `{${options.postings.map((posting) => posting.amount.toString()).join(',')}}`;
  const legEntries = `{${options.postings.map(() => '1').join(',')}}`;
  try {
    const result = await db.execute(
      sql`select p.entry_ids::text[] as "entryIds", p.replayed, p.balances_after::text[] as "balancesAfter",
                 p.currencies, to_json(p.created_at) #>> '{}' as "createdAt"
            from ledger_post_entries(array[${options.kind}]::text[], array[${options.idempotencyKey}]::text[],
              array[${canonicalJson(options.request ?? null)}::jsonb], array[${canonicalJson(options.metadata ?? {})}::jsonb],
              ${options.reversesEntryId === undefined ? null : `{${options.reversesEntryId}}`}::bigint[],
              ${legEntries}::integer[], ${addresses}::text[], ${amounts}::bigint[]) as p`,
    );
    const [row] = rowsOf<{
      entryIds: string[];
      replayed: boolean[];
      balancesAfter: (string | null)[];
      currencies: string[];
      createdAt: string;
    }>(result);
    if (!row) throw new Error('ledger_post_entries returned no row');
    const entryId = Number(row.entryIds[0]);
    if (row.replayed[0]) {
      const stored = await getEntry(db, { entryId });
      if (!stored) throw new Error(`journal entry ${entryId} vanished`);
      return { ...stored, replayed: true };
    }
    return {
      entryId,
      kind: options.kind,
      replayed: false,
      createdAt: new Date(row.createdAt),
      reversesEntryId: options.reversesEntryId ?? null,
      postings: options.postings.map((posting, index) => {
        const balanceAfter = row.balancesAfter[index];
        return {
          address: posting.address,
          currency: row.currencies[index] ?? '',
          amount: posting.amount,
          balanceAfter: balanceAfter === null || balanceAfter === undefined ? null : BigInt(balanceAfter),
        };
      }),
    };
  } catch (error) {
    throw translateDatabaseError(error);
  }
}

/** A stored entry by id or by idempotency key (`null` if none), in postEntry's shape. */
export async function getEntry(
  db: Database,
  options: { entryId: number } | { idempotencyKey: string },
): Promise<PostedEntry | null> {
  const condition =
    'entryId' in options
      ? eq(journalEntries.id, options.entryId)
      : eq(journalEntries.idempotencyKey, options.idempotencyKey);
  const [entry] = await db.select().from(journalEntries).where(condition);
  if (!entry) return null;
  const legs = await db
    .select({
      address: ledgerAccounts.address,
      currency: postings.currency,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entry.id))
    .orderBy(postings.accountId);
  return {
    entryId: entry.id,
    kind: entry.kind as EntryKind,
    replayed: false,
    createdAt: entry.createdAt,
    reversesEntryId: entry.reversesEntryId,
    postings: legs,
  };
}

export interface ReverseEntryOptions {
  entryId: number;
  idempotencyKey: string;
  /** Why (kept in the reversing entry's metadata, e.g. "vendor rollback", "operator: duplicate"). */
  reason: string;
  metadata?: Record<string, unknown>;
}

/**
 * Undoes an entry by posting its exact opposite (never by editing it). An entry is reversed at most
 * once (a unique constraint: ALREADY_REVERSED); a reversal is not itself reversible
 * (NOT_REVERSIBLE: post a new entry instead). The reversal can fail with INSUFFICIENT_FUNDS when
 * the member has spent the money since.
 */
export async function reverseEntry(db: Database, options: ReverseEntryOptions): Promise<PostedEntry> {
  const original = await getEntry(db, { entryId: options.entryId });
  if (!original) throw new LedgerError('ENTRY_NOT_FOUND', `no journal entry ${options.entryId}`);
  if (original.kind === 'reversal') {
    throw new LedgerError('NOT_REVERSIBLE', `entry ${options.entryId} is a reversal itself`);
  }
  return postEntry(db, {
    kind: 'reversal',
    idempotencyKey: options.idempotencyKey,
    postings: original.postings.map((posting) => ({ address: posting.address, amount: -posting.amount })),
    metadata: { ...options.metadata, reason: options.reason, reversedKind: original.kind },
    reversesEntryId: original.entryId,
  });
}

// ---------------------------------------------------------------------------------------------
// Account record

export interface ListEntriesOptions {
  memberId: bigint | number;
  /**
   * Instead of the one member: every member whose id this subquery yields (an agent's team), one
   * line per wallet of theirs, each with its owner.
   */
  ownerIn?: SQL;
  kinds?: readonly EntryKind[];
  /** Only these wallets (e.g. ['main'] for the main wallet's record). */
  walletKinds?: readonly MemberWalletKind[];
  /** Inclusive lower bound of the entry time. */
  from?: Date;
  /** Exclusive upper bound of the entry time. */
  to?: Date;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface AccountRecordLine {
  entryId: number;
  postingId: number;
  kind: EntryKind;
  createdAt: Date;
  address: string;
  walletKind: MemberWalletKind;
  currency: string;
  precision: number;
  /** Signed minor units for this wallet: positive in, negative out. */
  amount: bigint;
  /** The wallet's balance right after this entry (the running balance). */
  balanceAfter: bigint;
  reversesEntryId: number | null;
  /** The wallet's owner. */
  ownerMemberId: number;
  metadata: Record<string, unknown>;
}

/**
 * The member's account record: one line per wallet an entry touched, newest first, with the
 * running balance. An entry that moves money between two of the member's own wallets (main → a
 * vendor sub-wallet) shows as two lines.
 */
export async function listEntries(
  db: Database,
  options: ListEntriesOptions,
): Promise<{ items: AccountRecordLine[]; total: number; page: number; pageSize: number }> {
  const page = Math.max(1, Math.trunc(options.page));
  const pageSize = Math.min(200, Math.max(1, Math.trunc(options.pageSize)));
  const conditions: (SQL | undefined)[] = [
    options.ownerIn
      ? inArray(ledgerAccounts.ownerMemberId, options.ownerIn)
      : eq(ledgerAccounts.ownerMemberId, BigInt(options.memberId)),
    options.kinds?.length ? inArray(journalEntries.kind, [...options.kinds]) : undefined,
    options.walletKinds?.length ? inArray(ledgerAccounts.kind, [...options.walletKinds]) : undefined,
    options.from ? gte(journalEntries.createdAt, options.from) : undefined,
    options.to ? lt(journalEntries.createdAt, options.to) : undefined,
  ];
  const where = and(...conditions);
  const [totalRow] = await db
    .select({ total: count() })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where);
  const rows = await db
    .select({
      entryId: journalEntries.id,
      postingId: postings.id,
      kind: journalEntries.kind,
      createdAt: journalEntries.createdAt,
      address: ledgerAccounts.address,
      walletKind: ledgerAccounts.kind,
      currency: postings.currency,
      precision: ledgerAccounts.precision,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
      reversesEntryId: journalEntries.reversesEntryId,
      metadata: journalEntries.metadata,
      ownerMemberId: ledgerAccounts.ownerMemberId,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where)
    // Posting id order is the order balances changed in (ids are drawn under the wallet lock).
    .orderBy(desc(postings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map((row) => ({
      ...row,
      kind: row.kind as EntryKind,
      walletKind: row.walletKind as MemberWalletKind,
      // Member wallets always carry balance_after (the verifier checks it).
      balanceAfter: row.balanceAfter ?? 0n,
      ownerMemberId: Number(row.ownerMemberId ?? options.memberId),
      metadata: (row.metadata ?? {}) as Record<string, unknown>,
    })),
    total: Number(totalRow?.total ?? 0),
    page,
    pageSize,
  };
}
