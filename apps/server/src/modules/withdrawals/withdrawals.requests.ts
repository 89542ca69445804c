import { and, count, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import { dayKey, startOfDayKey } from '@khela/contract/business-day';
import type { Withdrawal, WithdrawalStatus } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { requestHash, runOnce } from '../../shared/idempotency.ts';
import { decodeUpload } from '../../shared/images.ts';
import { checkPaymentPassword } from '../accounts/member.service.ts';
import { memberWalletAddress } from '../ledger/ledger.addresses.ts';
import { parseAmountField, parseAmountInRange } from '../ledger/ledger.errors.ts';
import { getBalance, getOrOpenMemberWallet, postEntry } from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { bonusAtStake, forfeitBonusForWithdrawal, type BonusSettings } from '../promotions/bonus.service.ts';
import { payoutAccounts, withdrawals } from './withdrawals.tables.ts';
import { type AccountRow, toAccount, accountsById } from './withdrawals.accounts.ts';

/** The member's withdrawals: what can be withdrawn, the request (held at once), history, receipt. */

export type WithdrawSettings = Pick<SiteSettings, 'currency' | 'currencyPrecision' | 'wallet'> &
  BonusSettings;

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function toWithdrawal(row: WithdrawalRow, account: AccountRow, precision: number): Withdrawal {
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

export async function withdrawalView(
  db: Database,
  row: WithdrawalRow,
  precision: number,
): Promise<Withdrawal> {
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

/**
 * The most a member may ask to withdraw in one brand day (minor units), null for no limit: their VIP
 * level's (docs/vip.md "Benefits"), handed in by the composition root (app.ts).
 */
export type DailyWithdrawalLimit = (db: Database, memberId: number) => Promise<bigint | null>;

/** What the member asked to withdraw in the brand day holding now, rejected requests left out. */
async function askedToday(db: Database, settings: WithdrawSettings, memberId: number): Promise<bigint> {
  const from = startOfDayKey(dayKey(Date.now(), settings.timeZone), settings.timeZone);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        gte(withdrawals.createdAt, new Date(from)),
        ne(withdrawals.status, 'rejected'),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** The brand's per-request limits, the largest cut to what the member's daily limit leaves today. */
async function memberLimits(
  db: Database,
  settings: WithdrawSettings,
  memberId: number,
  dailyLimit: DailyWithdrawalLimit | undefined,
): Promise<{ min: bigint; max: bigint }> {
  const { min, max } = limitsOf(settings);
  const daily = dailyLimit ? await dailyLimit(db, memberId) : null;
  if (daily === null) return { min, max };
  const left = daily - (await askedToday(db, settings, memberId));
  return { min, max: left < 0n ? 0n : left < max ? left : max };
}

/** What can be withdrawn now: the main wallet only (bonus and demo funds never), and the limits. */
export async function getWithdrawInfo(
  db: Database,
  options: {
    settings: WithdrawSettings;
    memberId: number;
    hasPaymentPassword: boolean;
    dailyLimit?: DailyWithdrawalLimit | undefined;
  },
) {
  const { settings } = options;
  const precision = settings.currencyPrecision;
  const { min, max } = await memberLimits(db, settings, options.memberId, options.dailyLimit);
  return {
    available: formatAmount(await mainBalance(db, options.memberId), precision),
    min: formatAmount(min, precision),
    max: formatAmount(max, precision),
    currency: settings.currency,
    autoReceiveMinutes: settings.wallet.autoReceiveMinutes,
    hasPaymentPassword: options.hasPaymentPassword,
    bonus: await bonusAtStake(db, settings, options.memberId),
  };
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
    body: {
      accountId: number;
      amount: string;
      paymentPassword: string;
      requestId: string;
      forfeitBonus?: boolean | undefined;
    };
    dailyLimit?: DailyWithdrawalLimit | undefined;
  },
): Promise<Withdrawal> {
  const { settings, memberId, body, address } = options;
  const precision = settings.currencyPrecision;
  const amount = parseAmountInRange(body.amount, { field: 'amount', precision, ...limitsOf(settings) });
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
  const hash = requestHash([body.accountId, amount]);

  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${memberId}`}))`);
    return runOnce({
      requestHash: hash,
      find: async () => {
        const [existing] = await tx
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, body.requestId)));
        return existing;
      },
      replay: (existing) => existing,
      run: async () => {
        // The daily limit, counted under the member's lock: of two requests at once, the second
        // sees the first.
        const { min, max } = await memberLimits(tx, settings, memberId, options.dailyLimit);
        if (amount > max) {
          throw new AppError('AMOUNT_OUT_OF_RANGE', {
            issues: [{ field: 'amount', reason: 'above what the daily withdrawal limit leaves today' }],
            value: { min: formatAmount(min, precision), max: formatAmount(max, precision) },
          });
        }
        const [created] = await tx
          .insert(withdrawals)
          .values({
            memberId,
            accountId: account.id,
            currency: settings.currency,
            amount,
            requestId: body.requestId,
            requestHash: hash,
          })
          .returning();
        if (!created) throw new AppError('INTERNAL');
        // A bonus being wagered is forfeited by a withdrawal, only when the member said so
        // (docs/promotions.md); else BONUS_FORFEIT_REQUIRED and nothing of this moves.
        await forfeitBonusForWithdrawal(tx, settings, memberId, body.forfeitBonus === true);
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
      },
    });
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

export async function lockWithdrawal(tx: Database, withdrawalId: number): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  return row ?? null;
}

/**
 * The withdrawal locked for a step only `status` allows: NOT_FOUND when there is none (given
 * `memberId`: none of that member's), CONFLICT saying what it is otherwise (`conflict` words it).
 */
export async function lockWithdrawalIn(
  tx: Database,
  withdrawalId: number,
  status: WithdrawalStatus,
  options: { memberId?: number; conflict?: (current: WithdrawalStatus) => string } = {},
): Promise<WithdrawalRow> {
  const current = await lockWithdrawal(tx, withdrawalId);
  if (!current || (options.memberId !== undefined && current.memberId !== options.memberId)) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'withdrawalId', reason: 'no such withdrawal' }] });
  }
  if (current.status !== status) {
    const reason = options.conflict?.(current.status) ?? `it is ${current.status}`;
    throw new AppError('CONFLICT', { issues: [{ field: 'withdrawalId', reason }] });
  }
  return current;
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
    const current = await lockWithdrawalIn(tx, body.withdrawalId, 'disbursed', { memberId });
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
