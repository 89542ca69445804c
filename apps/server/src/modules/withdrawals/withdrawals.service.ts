import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { PayoutAccount, Withdrawal, WithdrawalStatus } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeUpload } from '../../shared/images.ts';
import { accountNamesOf, checkPaymentPassword } from '../accounts/member.service.ts';
import { clearingAddress, memberWalletAddress } from '../ledger/ledger.addresses.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import {
  getBalance,
  getOrOpenMemberWallet,
  openAccount,
  postEntry,
  type PostedEntry,
} from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { recordWalletAudit, type WalletActor } from '../wallet/wallet.service.ts';
import { payoutAccounts, withdrawals } from './withdrawals.tables.ts';

type WithdrawSettings = Pick<SiteSettings, 'currency' | 'currencyPrecision' | 'wallet'>;
type WithdrawalRow = typeof withdrawals.$inferSelect;
type AccountRow = typeof payoutAccounts.$inferSelect;

/** Bound accounts a member may keep at once. */
const maxPayoutAccounts = 5;
/** Where paid-out money leaves the books (the payout provider's clearing account). */
const payoutProvider = 'payout';

function maskNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'*'.repeat(Math.max(0, accountNumber.length - 4))}${visible}`;
}

function toAccount(row: AccountRow): PayoutAccount {
  return {
    accountId: row.id,
    kind: row.kind,
    providerName: row.providerName,
    accountName: row.accountName,
    accountNumber: maskNumber(row.accountNumber),
  };
}

function toWithdrawal(row: WithdrawalRow, account: AccountRow, precision: number): Withdrawal {
  const money = (value: bigint | null) => (value === null ? null : formatAmount(value, precision));
  return {
    withdrawalId: row.id,
    status: row.status,
    currency: row.currency,
    amount: formatAmount(row.amount, precision),
    account: toAccount(account),
    createdAt: row.createdAt.getTime(),
    decidedAt: row.decidedAt?.getTime() ?? null,
    disbursedAt: row.disbursedAt?.getTime() ?? null,
    confirmBy: row.confirmBy?.getTime() ?? null,
    receipt: row.receipt,
    receivedAmount: money(row.receivedAmount),
    refunded: money(row.refunded),
    reason: row.reason,
  };
}

async function accountsById(db: Database, ids: readonly number[]): Promise<Map<number, AccountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(sql`${payoutAccounts.id} in ${[...new Set(ids)]}`);
  return new Map(rows.map((row) => [row.id, row]));
}

async function withdrawalView(db: Database, row: WithdrawalRow, precision: number): Promise<Withdrawal> {
  const account = (await accountsById(db, [row.accountId])).get(row.accountId);
  if (!account) throw new AppError('INTERNAL', { detail: `withdrawal ${row.id} has no account` });
  return toWithdrawal(row, account, precision);
}

async function mainBalance(db: Database, memberId: number): Promise<bigint> {
  try {
    return (await getBalance(db, { address: memberWalletAddress(memberId, 'main') })).balance;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return 0n;
    throw error;
  }
}

const limitsOf = (settings: WithdrawSettings) => ({
  min: parseAmount(settings.wallet.withdrawMin, { precision: settings.currencyPrecision }),
  max: parseAmount(settings.wallet.withdrawMax, { precision: settings.currencyPrecision }),
});

/** What can be withdrawn now: the main wallet only (bonus and demo funds never), and the limits. */
export async function getWithdrawInfo(
  db: Database,
  options: { settings: WithdrawSettings; memberId: number; hasPaymentPassword: boolean },
) {
  const { settings } = options;
  const precision = settings.currencyPrecision;
  const { min, max } = limitsOf(settings);
  return {
    available: formatAmount(await mainBalance(db, options.memberId), precision),
    min: formatAmount(min, precision),
    max: formatAmount(max, precision),
    currency: settings.currency,
    autoReceiveMinutes: settings.wallet.autoReceiveMinutes,
    hasPaymentPassword: options.hasPaymentPassword,
  };
}

export async function listPayoutAccounts(db: Database, memberId: number): Promise<PayoutAccount[]> {
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)))
    .orderBy(asc(payoutAccounts.id));
  return rows.map(toAccount);
}

export async function bindPayoutAccount(
  db: Database,
  options: {
    memberId: number;
    /** The caller's address (request.ip), for the password hashing admission. */
    address: string;
    body: {
      kind: 'bank' | 'ewallet';
      providerName: string;
      accountName: string;
      accountNumber: string;
      paymentPassword: string;
    };
  },
): Promise<PayoutAccount> {
  const { memberId, body, address } = options;
  await checkPaymentPassword(db, { memberId, password: body.paymentPassword, address });
  const accountNumber = body.accountNumber.replace(/[\s-]+/g, '');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${memberId}`}))`);
    const active = await tx
      .select({
        id: payoutAccounts.id,
        kind: payoutAccounts.kind,
        accountNumber: payoutAccounts.accountNumber,
      })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)));
    if (active.some((row) => row.kind === body.kind && row.accountNumber === accountNumber)) {
      throw new AppError('CONFLICT', { issues: [{ field: 'accountNumber', reason: 'already bound' }] });
    }
    if (active.length >= maxPayoutAccounts) {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'accountNumber', reason: `at most ${maxPayoutAccounts}` }],
      });
    }
    const [row] = await tx
      .insert(payoutAccounts)
      .values({
        memberId,
        kind: body.kind,
        providerName: body.providerName,
        accountName: body.accountName,
        accountNumber,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    return toAccount(row);
  });
}

/**
 * A withdrawal request: the amount moves at once from the main wallet to the member's hold wallet
 * (one journal entry, guarded: INSUFFICIENT_FUNDS moves nothing), so it cannot be spent while the
 * operator decides. The member cannot take it back; only the operator's rejection releases it.
 */
export async function createWithdrawal(
  db: Database,
  options: {
    settings: WithdrawSettings;
    memberId: number;
    address: string;
    body: { accountId: number; amount: string; paymentPassword: string; requestId: string };
  },
): Promise<Withdrawal> {
  const { settings, memberId, body, address } = options;
  const precision = settings.currencyPrecision;
  const amount = parseAmountField(body.amount, { field: 'amount', precision });
  const { min, max } = limitsOf(settings);
  if (amount < min || amount > max) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      issues: [{ field: 'amount', reason: 'out of range' }],
      value: { min: formatAmount(min, precision), max: formatAmount(max, precision) },
    });
  }
  const [account] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.id, body.accountId),
        eq(payoutAccounts.memberId, memberId),
        isNull(payoutAccounts.removedAt),
      ),
    );
  if (!account)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'accountId', reason: 'no such account' }] });
  await checkPaymentPassword(db, { memberId, password: body.paymentPassword, address });
  const requestHash = createHash('sha256')
    .update(JSON.stringify([body.accountId, amount.toString()]))
    .digest('hex');

  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${memberId}`}))`);
    const [existing] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, body.requestId)));
    if (existing) {
      if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
      return existing;
    }
    const [created] = await tx
      .insert(withdrawals)
      .values({
        memberId,
        accountId: account.id,
        currency: settings.currency,
        amount,
        requestId: body.requestId,
        requestHash,
      })
      .returning();
    if (!created) throw new AppError('INTERNAL');
    const wallet = (kind: 'main' | 'hold') =>
      getOrOpenMemberWallet(tx, { memberId, kind, currency: settings.currency, precision });
    const [main, hold] = [await wallet('main'), await wallet('hold')];
    const posted = await postEntry(tx, {
      kind: 'hold',
      idempotencyKey: `withdraw-hold:${created.id}`,
      postings: [
        { address: main.address, amount: -amount },
        { address: hold.address, amount },
      ],
      metadata: { withdrawalId: created.id },
    });
    const [held] = await tx
      .update(withdrawals)
      .set({ holdEntryId: posted.entryId })
      .where(eq(withdrawals.id, created.id))
      .returning();
    return held ?? created;
  });
  walletChanged(db, memberId);
  return toWithdrawal(row, account, precision);
}

export async function listWithdrawHistory(
  db: Database,
  options: {
    settings: WithdrawSettings;
    memberId: number;
    query: { status?: WithdrawalStatus; pageNo: number; pageSize: number };
  },
) {
  const { memberId, query } = options;
  const where = and(
    eq(withdrawals.memberId, memberId),
    query.status ? eq(withdrawals.status, query.status) : undefined,
  );
  const [total] = await db.select({ total: count() }).from(withdrawals).where(where);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const accounts = await accountsById(
    db,
    rows.map((row) => row.accountId),
  );
  const totalCount = Number(total?.total ?? 0);
  return {
    list: rows.flatMap((row) => {
      const account = accounts.get(row.accountId);
      return account ? [toWithdrawal(row, account, options.settings.currencyPrecision)] : [];
    }),
    total: totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
    pageNo: query.pageNo,
  };
}

async function lockWithdrawal(tx: Database, withdrawalId: number): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  return row ?? null;
}

/** Completes disbursed withdrawals nobody answered for within the window (spec 4: counts as received). */
export async function autoReceiveWithdrawals(db: Database): Promise<number> {
  const done = await db
    .update(withdrawals)
    .set({ status: 'completed', receipt: 'auto', resolvedAt: sql`now()` })
    .where(and(eq(withdrawals.status, 'disbursed'), lte(withdrawals.confirmBy, sql`now()`)))
    .returning({ id: withdrawals.id });
  return done.length;
}

/**
 * The member's answer to "did the money arrive?" (spec 4): in full completes it; partly (with the
 * amount received) or not at all (with a proof image) opens a dispute for the operator. After the
 * window the payment counts as received and the answer is refused: a forced receipt is final.
 */
export async function confirmWithdrawal(
  db: Database,
  options: {
    settings: WithdrawSettings;
    memberId: number;
    body: {
      withdrawalId: number;
      receipt: 'full' | 'partial' | 'none';
      receivedAmount?: string | undefined;
      proof?: { contentType: 'image/png' | 'image/jpeg'; data: string } | undefined;
    };
  },
): Promise<Withdrawal> {
  const { settings, memberId, body } = options;
  const precision = settings.currencyPrecision;
  const proof = body.receipt === 'none' && body.proof ? decodeUpload(body.proof, 'proof') : null;
  const row = await db.transaction(async (tx) => {
    const current = await lockWithdrawal(tx, body.withdrawalId);
    if (!current || current.memberId !== memberId) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'withdrawalId', reason: 'no such withdrawal' }] });
    }
    if (current.status !== 'disbursed') {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'withdrawalId', reason: `it is ${current.status}` }],
      });
    }
    if (current.confirmBy && current.confirmBy.getTime() <= Date.now()) {
      throw new AppError('CONFLICT', { issues: [{ field: 'withdrawalId', reason: 'counts as received' }] });
    }
    let received: bigint | null = null;
    if (body.receipt === 'partial') {
      received = parseAmountField(body.receivedAmount ?? '', { field: 'receivedAmount', precision });
      if (received >= current.amount) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'receivedAmount', reason: 'less than the amount sent' }],
        });
      }
    }
    const [updated] = await tx
      .update(withdrawals)
      .set({
        status: body.receipt === 'full' ? 'completed' : 'disputed',
        receipt: body.receipt,
        receivedAmount: body.receipt === 'full' ? current.amount : (received ?? 0n),
        proof,
        proofType: proof ? (body.proof?.contentType ?? null) : null,
        resolvedAt: body.receipt === 'full' ? sql`now()` : null,
      })
      .where(eq(withdrawals.id, current.id))
      .returning();
    return updated ?? current;
  });
  return withdrawalView(db, row, precision);
}

/** The operator's queue: oldest first, with the member and the full account number to pay. */
export async function listWithdrawalsForReview(
  db: Database,
  options: { settings: WithdrawSettings; query: { status: WithdrawalStatus; limit: number } },
) {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, options.query.status))
    .orderBy(asc(withdrawals.id))
    .limit(options.query.limit);
  const accounts = await accountsById(
    db,
    rows.map((row) => row.accountId),
  );
  const names = await accountNamesOf(db, [...new Set(rows.map((row) => row.memberId))]);
  return rows.flatMap((row) => {
    const account = accounts.get(row.accountId);
    if (!account) return [];
    return [
      {
        ...toWithdrawal(row, account, options.settings.currencyPrecision),
        username: names.get(row.memberId) ?? '',
        fullAccountNumber: account.accountNumber,
        hasProof: row.proof !== null,
      },
    ];
  });
}

async function auditMain(
  tx: Database,
  options: {
    actor: WalletActor;
    action: string;
    row: WithdrawalRow;
    posted: PostedEntry;
    amount: bigint;
    reason: string;
  },
) {
  const address = memberWalletAddress(options.row.memberId, 'main');
  const after = options.posted.postings.find((posting) => posting.address === address)?.balanceAfter ?? 0n;
  await recordWalletAudit(tx, {
    actor: options.actor,
    action: options.action,
    memberId: options.row.memberId,
    entryId: options.posted.entryId,
    currency: options.row.currency,
    amount: options.amount,
    after,
    reason: options.reason,
  });
}

/**
 * The operator's decision on a pending withdrawal: reject releases the hold back to the main
 * wallet (audited); disburse pays it out of the hold and starts the member's confirmation window.
 */
export async function decideWithdrawal(
  db: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    body: { withdrawalId: number; decision: 'reject' | 'disburse'; reason?: string | undefined };
  },
): Promise<Withdrawal> {
  const { settings, actor, body } = options;
  const precision = settings.currencyPrecision;
  const row = await db.transaction(async (tx) => {
    const current = await lockWithdrawal(tx, body.withdrawalId);
    if (!current)
      throw new AppError('NOT_FOUND', { issues: [{ field: 'withdrawalId', reason: 'no such withdrawal' }] });
    if (current.status !== 'pending') {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'withdrawalId', reason: `already ${current.status}` }],
      });
    }
    const main = memberWalletAddress(current.memberId, 'main');
    const hold = memberWalletAddress(current.memberId, 'hold');
    const reason = body.reason?.trim() || null;
    if (body.decision === 'reject') {
      const posted = await postEntry(tx, {
        kind: 'release',
        idempotencyKey: `withdraw-release:${current.id}`,
        postings: [
          { address: hold, amount: -current.amount },
          { address: main, amount: current.amount },
        ],
        metadata: { withdrawalId: current.id, reason },
      });
      await auditMain(tx, {
        actor,
        action: 'withdrawal_reject',
        row: current,
        posted,
        amount: current.amount,
        reason: reason ?? 'rejected',
      });
      const [rejected] = await tx
        .update(withdrawals)
        .set({
          status: 'rejected',
          releaseEntryId: posted.entryId,
          reason,
          decidedBy: actor.name,
          decidedAt: sql`now()`,
        })
        .where(eq(withdrawals.id, current.id))
        .returning();
      return rejected ?? current;
    }
    const clearing = clearingAddress(payoutProvider, current.currency);
    await openAccount(tx, { address: clearing, currency: current.currency, precision });
    const posted = await postEntry(tx, {
      kind: 'withdrawal',
      idempotencyKey: `withdraw-payout:${current.id}`,
      postings: [
        { address: hold, amount: -current.amount },
        { address: clearing, amount: current.amount },
      ],
      metadata: { withdrawalId: current.id, operator: actor.name },
    });
    const [disbursed] = await tx
      .update(withdrawals)
      .set({
        status: 'disbursed',
        payoutEntryId: posted.entryId,
        reason,
        decidedBy: actor.name,
        decidedAt: sql`now()`,
        disbursedAt: sql`now()`,
        confirmBy: sql`now() + make_interval(mins => ${settings.wallet.autoReceiveMinutes})`,
      })
      .where(eq(withdrawals.id, current.id))
      .returning();
    return disbursed ?? current;
  });
  walletChanged(db, row.memberId);
  return withdrawalView(db, row, precision);
}

/**
 * Closes a dispute: what did not arrive (at most the amount less what the member says arrived)
 * goes back to the main wallet from the payout clearing account, audited; "0" closes it without
 * a refund. Either way the withdrawal is completed and final.
 */
export async function resolveWithdrawal(
  db: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    body: { withdrawalId: number; refund: string; reason: string };
  },
): Promise<Withdrawal> {
  const { settings, actor, body } = options;
  const precision = settings.currencyPrecision;
  const refund = parseAmountField(body.refund, { field: 'refund', precision, allowZero: true });
  const row = await db.transaction(async (tx) => {
    const current = await lockWithdrawal(tx, body.withdrawalId);
    if (!current)
      throw new AppError('NOT_FOUND', { issues: [{ field: 'withdrawalId', reason: 'no such withdrawal' }] });
    if (current.status !== 'disputed') {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'withdrawalId', reason: `it is ${current.status}` }],
      });
    }
    const ceiling = current.amount - (current.receivedAmount ?? 0n);
    if (refund > ceiling) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ field: 'refund', reason: `at most ${formatAmount(ceiling, precision)}` }],
      });
    }
    let refundEntryId: number | null = null;
    if (refund > 0n) {
      const main = await getOrOpenMemberWallet(tx, {
        memberId: current.memberId,
        kind: 'main',
        currency: current.currency,
        precision,
      });
      const posted = await postEntry(tx, {
        kind: 'adjustment',
        idempotencyKey: `withdraw-refund:${current.id}`,
        postings: [
          { address: clearingAddress(payoutProvider, current.currency), amount: -refund },
          { address: main.address, amount: refund },
        ],
        metadata: { withdrawalId: current.id, reason: body.reason },
      });
      refundEntryId = posted.entryId;
      await auditMain(tx, {
        actor,
        action: 'withdrawal_refund',
        row: current,
        posted,
        amount: refund,
        reason: body.reason,
      });
    }
    const [resolved] = await tx
      .update(withdrawals)
      .set({
        status: 'completed',
        refunded: refund,
        refundEntryId,
        reason: body.reason,
        decidedBy: actor.name,
        resolvedAt: sql`now()`,
      })
      .where(eq(withdrawals.id, current.id))
      .returning();
    return resolved ?? current;
  });
  walletChanged(db, row.memberId);
  return withdrawalView(db, row, precision);
}

export async function getWithdrawalProof(
  db: Database,
  withdrawalId: number,
): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: string }> {
  const [row] = await db
    .select({ proof: withdrawals.proof, proofType: withdrawals.proofType })
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawalId));
  const contentType = row?.proofType;
  if (!row?.proof || (contentType !== 'image/png' && contentType !== 'image/jpeg')) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'withdrawalId', reason: 'no proof' }] });
  }
  return { contentType, data: row.proof.toString('base64') };
}
