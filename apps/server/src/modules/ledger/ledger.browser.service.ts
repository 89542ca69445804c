import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { journalEntries, ledgerAccounts, postings } from './ledger.tables.ts';
import { verifyLedger, type LedgerVerification } from './ledger.verifier.ts';

/**
 * The back office's ledger browser (issue 15): accounts by address or owner, an account's postings
 * a page at a time, one entry with every posting and its metadata, and the verifier. Read-only.
 */

export interface BrowsedAccount {
  accountId: number;
  address: string;
  kind: string;
  ownerMemberId: number | null;
  currency: string;
  precision: number;
  /** Minor units: cached for member wallets, derived from the postings for system accounts. */
  balance: bigint;
  createdAt: Date;
}

const accountColumns = {
  accountId: ledgerAccounts.id,
  address: ledgerAccounts.address,
  kind: ledgerAccounts.kind,
  ownerMemberId: ledgerAccounts.ownerMemberId,
  currency: ledgerAccounts.currency,
  precision: ledgerAccounts.precision,
  balance: ledgerAccounts.balance,
  derived: sql<string>`case when ledger_accounts.balance is null then
    (select coalesce(sum(p.amount), 0)::text from postings p where p.account_id = ledger_accounts.id) end`,
  createdAt: ledgerAccounts.createdAt,
};

type AccountRow = {
  accountId: number;
  address: string;
  kind: string;
  ownerMemberId: bigint | null;
  currency: string;
  precision: number;
  balance: bigint | null;
  derived: string | null;
  createdAt: Date;
};

function toBrowsed(row: AccountRow): BrowsedAccount {
  return {
    accountId: row.accountId,
    address: row.address,
    kind: row.kind,
    ownerMemberId: row.ownerMemberId === null ? null : Number(row.ownerMemberId),
    currency: row.currency,
    precision: row.precision,
    balance: row.balance ?? BigInt(row.derived ?? '0'),
    createdAt: row.createdAt,
  };
}

/** Accounts whose address contains `text` (case-insensitive), or owned by one of `ownerIds`. */
export async function searchLedgerAccounts(
  db: Database,
  options: { text: string; ownerIds: readonly number[]; limit: number },
): Promise<BrowsedAccount[]> {
  const pattern = `%${options.text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const conditions: SQL[] = [ilike(ledgerAccounts.address, pattern)];
  if (options.ownerIds.length) {
    conditions.push(
      inArray(
        ledgerAccounts.ownerMemberId,
        options.ownerIds.map((id) => BigInt(id)),
      ),
    );
  }
  const rows = await db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(or(...conditions))
    .orderBy(ledgerAccounts.id)
    .limit(options.limit);
  return rows.map(toBrowsed);
}

export async function findLedgerAccount(db: Database, address: string): Promise<BrowsedAccount | null> {
  const [row] = await db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.address, address));
  return row ? toBrowsed(row) : null;
}

/** An account's postings, newest first (posting id order is the order its balance changed in). */
export async function listAccountPostings(
  db: Database,
  options: { accountId: number; page: number; pageSize: number },
) {
  const where = eq(postings.accountId, options.accountId);
  const [total] = await db.select({ total: count() }).from(postings).where(where);
  const rows = await db
    .select({
      entryId: postings.entryId,
      postingId: postings.id,
      kind: journalEntries.kind,
      createdAt: journalEntries.createdAt,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where)
    .orderBy(desc(postings.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: rows, total: Number(total?.total ?? 0) };
}

/** One entry with its postings (their accounts' addresses and precisions) and metadata. */
export async function readLedgerEntry(db: Database, entryId: number) {
  const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
  if (!entry) return null;
  const legs = await db
    .select({
      postingId: postings.id,
      address: ledgerAccounts.address,
      amount: postings.amount,
      currency: postings.currency,
      precision: ledgerAccounts.precision,
      balanceAfter: postings.balanceAfter,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(postings.entryId, entry.id)))
    .orderBy(postings.id);
  return {
    entryId: entry.id,
    kind: entry.kind,
    idempotencyKey: entry.idempotencyKey,
    createdAt: entry.createdAt,
    reversesEntryId: entry.reversesEntryId,
    metadata: (entry.metadata ?? {}) as Record<string, unknown>,
    postings: legs,
  };
}

/** The verifier (ledger.verifier.ts), for the back office's "run now" and its job. */
export function runLedgerVerifier(db: Database): Promise<LedgerVerification> {
  return verifyLedger(db);
}
