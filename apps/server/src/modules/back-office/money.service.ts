import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accountTypes, type walletAdjustValueSchema, type AdjustmentRequest } from '@khela/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { fourEyesView } from '../../shared/four-eyes.ts';
import { accountNamesOf, findWalletOwner } from '../accounts/member.service.ts';
import { memberWalletAddress } from '../ledger/ledger.addresses.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import {
  findLedgerAccount,
  listAccountPostings,
  readLedgerEntry,
  runLedgerVerifier,
  searchLedgerAccounts,
  type BrowsedAccount,
} from '../ledger/ledger.browser.service.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { adjustWallet } from '../wallet/wallet.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { checkRoundFigures } from './money.figures.ts';
import { limitsPassed, lockAdjustments } from './money.limits.ts';
import { ledgerVerifications, moneyAdjustments } from './money.tables.ts';

/**
 * The back office's money (issue 15, item 4): manual adjustments with four eyes above a threshold,
 * the ledger browser and the verifier's stored results.
 */

type Money = Pick<SiteSettings, 'currency' | 'currencyPrecision'>;

export interface OperatorIdentity {
  id: number;
  account: string;
}

type AdjustmentRow = typeof moneyAdjustments.$inferSelect;

function adjustmentView(row: AdjustmentRow, precision: number): AdjustmentRequest {
  return {
    adjustmentId: row.id,
    username: row.username,
    amount: formatAmount(row.amount, precision),
    currency: row.currency,
    reason: row.reason,
    ...fourEyesView(row),
    entryId: row.entryId,
    heldBecause: row.heldBecause,
  };
}

/** What the audit trail keeps of an adjustment request. */
function adjustmentState(row: AdjustmentRow, precision: number) {
  const view = adjustmentView(row, precision);
  return {
    status: view.status,
    username: view.username,
    amount: view.amount,
    requestedBy: view.requestedBy,
    decidedBy: view.decidedBy,
    entryId: view.entryId,
  };
}

async function mainBalance(db: Database, memberId: number): Promise<bigint> {
  try {
    return (await getBalance(db, { address: memberWalletAddress(memberId, 'main') })).balance;
  } catch {
    return 0n; // not opened yet
  }
}

/**
 * operatorWalletAdjust. Below the threshold and within the day's limits (money.limits.ts) the money
 * moves at once (audited) and a row `approved` with no decider keeps it for the tallies. At or above
 * the threshold (either sign), or past a limit, an adjustment request is stored for a second
 * operator (`heldBecause` says which limit) and nothing moves. The requester's idempotency key
 * makes a replay find the same row.
 */
export async function adjustOrRequest(
  db: Database,
  options: {
    money: Money & Pick<SiteSettings, 'insiderControls' | 'timeZone'>;
    threshold: string;
    operator: OperatorIdentity;
    request: FastifyRequest;
    body: { username: string; amount: string; reason: string; idempotencyKey: string };
  },
): Promise<z.infer<typeof walletAdjustValueSchema>> {
  const { money, operator, request, body } = options;
  const precision = money.currencyPrecision;
  const amount = parseAmountField(body.amount, { field: 'amount', precision, allowNegative: true });
  const threshold = parseAmount(options.threshold, { precision, allowZero: true });
  const size = amount < 0n ? -amount : amount;
  const isOverThreshold = threshold !== 0n && size >= threshold;
  const owner = await findWalletOwner(db, body.username);
  if (!owner) throw new AppError('NOT_FOUND', { issues: [{ field: 'username', reason: 'no such member' }] });
  if (owner.type === accountTypes.trial) throw new AppError('TRIAL_ACCOUNT');
  const existing = async () => {
    const [row] = await db
      .select()
      .from(moneyAdjustments)
      .where(eq(moneyAdjustments.requestKey, body.idempotencyKey));
    return row;
  };
  const answerOf = async (row: AdjustmentRow, replayed: boolean) => {
    if (row.memberId !== owner.id || row.amount !== amount) {
      throw new AppError('IDEMPOTENCY_MISMATCH', { detail: 'this key was used for another adjustment' });
    }
    const isAtOnce = row.status === 'approved' && row.decidedById === null;
    return {
      status: row.status === 'pending' ? ('pending' as const) : ('posted' as const),
      entryId: row.entryId,
      adjustmentId: isAtOnce ? null : row.id,
      replayed,
      balance: formatAmount(await mainBalance(db, owner.id), precision),
      currency: money.currency,
      ...(row.heldBecause ? { heldBecause: row.heldBecause } : {}),
    };
  };
  const earlier = await existing();
  if (earlier) return answerOf(earlier, true);
  try {
    const decided = await db.transaction(async (tx) => {
      await lockAdjustments(tx);
      // Owners too: no single person moves money without end (an owner past a limit waits for a
      // second operator like anyone).
      const heldBecause = isOverThreshold
        ? null
        : await limitsPassed(tx, { settings: money, operatorId: operator.id, memberId: owner.id, size });
      const isHeld = isOverThreshold || heldBecause !== null;
      const [inserted] = await tx
        .insert(moneyAdjustments)
        .values({
          memberId: owner.id,
          username: owner.account,
          currency: money.currency,
          amount,
          reason: body.reason,
          requestKey: body.idempotencyKey,
          requestedById: operator.id,
          requestedBy: operator.account,
          status: isHeld ? 'pending' : 'approved',
          heldBecause,
        })
        .returning();
      if (!inserted) throw new Error('adjustment not stored');
      if (isHeld) {
        await recordOperatorChange(tx, request, {
          action: 'adjustment.request',
          targetKind: 'adjustment',
          targetId: inserted.id,
          before: null,
          after: { ...adjustmentState(inserted, precision), heldBecause },
          reason: body.reason,
        });
        return { held: inserted, posted: null };
      }
      const posted = await adjustWallet({
        db: tx,
        money,
        actor: { name: `${operator.account}#${operator.id}`, requestId: request.id },
        body,
        audit: (auditTx, change) => recordOperatorChange(auditTx, request, change),
      });
      if (!posted) throw new Error('adjustment not posted');
      if (posted.replayed) {
        // Posted under this key before the rows were kept (issue 35): counted there, not twice.
        await tx.delete(moneyAdjustments).where(eq(moneyAdjustments.id, inserted.id));
      } else {
        await tx
          .update(moneyAdjustments)
          .set({ entryId: posted.entryId })
          .where(eq(moneyAdjustments.id, inserted.id));
      }
      return { held: null, posted };
    });
    if (decided.posted) {
      walletChanged(db, owner.id);
      return decided.posted;
    }
    if (!decided.held) throw new Error('adjustment neither posted nor held');
    return answerOf(decided.held, false);
  } catch (error) {
    if (!isUniqueViolation(error, 'money_adjustments_request_key_unique')) throw error;
    const raced = await existing();
    if (!raced) throw error;
    return answerOf(raced, true);
  }
}

export async function listAdjustments(
  db: Database,
  options: { money: Money; threshold: string; query: { status: AdjustmentRow['status']; limit: number } },
) {
  const { status, limit } = options.query;
  const rows = await db
    .select()
    .from(moneyAdjustments)
    .where(
      // Posted at once (no decider) are kept for the daily limits, not shown as approved requests.
      status === 'approved'
        ? and(eq(moneyAdjustments.status, status), isNotNull(moneyAdjustments.decidedById))
        : eq(moneyAdjustments.status, status),
    )
    .orderBy(status === 'pending' ? asc(moneyAdjustments.id) : desc(moneyAdjustments.id))
    .limit(limit);
  const precision = options.money.currencyPrecision;
  return {
    threshold: formatAmount(parseAmount(options.threshold, { precision, allowZero: true }), precision),
    items: rows.map((row) => adjustmentView(row, precision)),
  };
}

/**
 * A second operator's decision. The request row is locked and leaves `pending` once: two approvers
 * at the same moment are served one after the other, the second gets CONFLICT. An approval posts the
 * entry keyed `operator-adjust:adjustment:<id>` in the same transaction (a unique key: once, ever).
 * The requester never decides their own (SECOND_APPROVER_REQUIRED; a check constraint too).
 */
export async function decideAdjustment(
  db: Database,
  options: {
    money: Money;
    operator: OperatorIdentity;
    request: FastifyRequest;
    body: { adjustmentId: number; decision: 'approve' | 'reject'; reason?: string | undefined };
  },
): Promise<AdjustmentRequest> {
  const { money, operator, request, body } = options;
  const precision = money.currencyPrecision;
  const reason = body.reason?.trim() || null;
  const decided = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(moneyAdjustments)
      .where(eq(moneyAdjustments.id, body.adjustmentId))
      .for('update');
    if (!current) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'adjustmentId', reason: 'no such adjustment' }] });
    }
    if (current.requestedById === operator.id) {
      throw new AppError('SECOND_APPROVER_REQUIRED', {
        issues: [{ field: 'adjustmentId', reason: 'another operator must decide' }],
      });
    }
    if (current.status !== 'pending') {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'adjustmentId', reason: `already ${current.status}` }],
      });
    }
    let entryId: number | null = null;
    let balance: string | null = null;
    if (body.decision === 'approve') {
      const posted = await adjustWallet({
        db: tx,
        money,
        actor: { name: `${operator.account}#${operator.id}`, requestId: request.id },
        body: {
          username: current.username,
          amount: formatAmount(current.amount, precision),
          reason:
            `${current.reason} (requested by ${current.requestedBy}, approved by ${operator.account})`.slice(
              0,
              500,
            ),
          idempotencyKey: `adjustment:${current.id}`,
        },
      });
      entryId = posted.entryId;
      balance = posted.balance;
    }
    const [updated] = await tx
      .update(moneyAdjustments)
      .set({
        status: body.decision === 'approve' ? 'approved' : 'rejected',
        decidedById: operator.id,
        decidedBy: operator.account,
        decidedAt: new Date(),
        decisionReason: reason,
        entryId,
      })
      .where(and(eq(moneyAdjustments.id, current.id), eq(moneyAdjustments.status, 'pending')))
      .returning();
    if (!updated)
      throw new AppError('CONFLICT', { issues: [{ field: 'adjustmentId', reason: 'already decided' }] });
    await recordOperatorChange(tx, request, {
      targetKind: 'adjustment',
      targetId: current.id,
      before: adjustmentState(current, precision),
      after: { ...adjustmentState(updated, precision), balance },
      reason: reason ?? current.reason,
    });
    return updated;
  });
  if (decided.status === 'approved') walletChanged(db, decided.memberId);
  return adjustmentView(decided, precision);
}

// ---------------------------------------------------------------------------------------------
// Ledger browser

async function accountViews(db: Database, accounts: BrowsedAccount[]) {
  const owners = [
    ...new Set(
      accounts.flatMap((account) => (account.ownerMemberId === null ? [] : [account.ownerMemberId])),
    ),
  ];
  const names = owners.length ? await accountNamesOf(db, owners) : new Map<number, string>();
  return accounts.map((account) => ({
    accountId: account.accountId,
    address: account.address,
    kind: account.kind,
    memberId: account.ownerMemberId,
    username: account.ownerMemberId === null ? null : (names.get(account.ownerMemberId) ?? null),
    currency: account.currency,
    balance: formatAmount(account.balance, account.precision),
    createdAt: account.createdAt.getTime(),
  }));
}

export async function searchAccounts(db: Database, query: { q: string; limit: number }) {
  const owner = await findWalletOwner(db, query.q);
  const accounts = await searchLedgerAccounts(db, {
    text: query.q,
    ownerIds: owner ? [owner.id] : [],
    limit: query.limit,
  });
  return accountViews(db, accounts);
}

export async function accountEntries(
  db: Database,
  query: { address: string; page: number; pageSize: number },
) {
  const account = await findLedgerAccount(db, query.address);
  if (!account)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'address', reason: 'no such account' }] });
  const [view] = await accountViews(db, [account]);
  const { items, total } = await listAccountPostings(db, { accountId: account.accountId, ...query });
  const format = (value: bigint) => formatAmount(value, account.precision);
  return {
    account: view ?? (await accountViews(db, [account]))[0]!,
    items: items.map((item) => ({
      entryId: item.entryId,
      postingId: item.postingId,
      kind: item.kind,
      createdAt: item.createdAt.getTime(),
      amount: format(item.amount),
      balanceAfter: item.balanceAfter === null ? null : format(item.balanceAfter),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function ledgerEntry(db: Database, entryId: number) {
  const entry = await readLedgerEntry(db, entryId);
  if (!entry) throw new AppError('NOT_FOUND', { issues: [{ field: 'entryId', reason: 'no such entry' }] });
  return {
    entryId: entry.entryId,
    kind: entry.kind,
    idempotencyKey: entry.idempotencyKey,
    createdAt: entry.createdAt.getTime(),
    reversesEntryId: entry.reversesEntryId,
    metadata: entry.metadata,
    postings: entry.postings.map((posting) => ({
      postingId: posting.postingId,
      address: posting.address,
      amount: formatAmount(posting.amount, posting.precision),
      currency: posting.currency,
      balanceAfter:
        posting.balanceAfter === null ? null : formatAmount(posting.balanceAfter, posting.precision),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The verifier's results

type VerificationRow = typeof ledgerVerifications.$inferSelect;
type CheckView = { name: string; description: string; ok: boolean; problems: string[] };

function verificationView(row: VerificationRow | undefined) {
  if (!row) return { at: null, ok: null, tookMs: null, checks: [] };
  return { at: row.at.getTime(), ok: row.ok, tookMs: row.tookMs, checks: row.checks as CheckView[] };
}

/**
 * Runs the verifier (the ledger's invariants in one read-only snapshot, then the round records
 * against the ledger: money.figures.ts) and stores its result; the job and "run now" share it.
 */
export async function runAndStoreVerification(db: Database) {
  const started = Date.now();
  const ledger = await runLedgerVerifier(db);
  const checks = [...ledger.checks, ...(await checkRoundFigures(db))];
  const [row] = await db
    .insert(ledgerVerifications)
    .values({ ok: checks.every((check) => check.ok), tookMs: Date.now() - started, checks })
    .returning();
  return verificationView(row);
}

export async function lastVerification(db: Database) {
  const [row] = await db.select().from(ledgerVerifications).orderBy(desc(ledgerVerifications.id)).limit(1);
  return verificationView(row);
}

/** Keeps the last `keep` results (the job runs hourly: a month and a bit). */
export async function pruneVerifications(db: Database, keep = 1000) {
  const old = db
    .select({ id: ledgerVerifications.id })
    .from(ledgerVerifications)
    .orderBy(desc(ledgerVerifications.id))
    .offset(keep);
  await db.delete(ledgerVerifications).where(inArray(ledgerVerifications.id, old));
}
