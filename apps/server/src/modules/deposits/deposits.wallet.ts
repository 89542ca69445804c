import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  isTrxIdOf,
  normalizeTrxId,
  type DepositOrder,
  type DepositWalletNumber,
  type DepositWalletProvider,
  type OperatorDepositNumber,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { dayKey, startOfDayKey } from '@khela/contract/business-day';
import { parseAmountInRange } from '../ledger/ledger.errors.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { OperatorAuditHook } from '../wallet/wallet.service.ts';
import type { DepositMethodSetting, SiteSettings } from '../settings/settings.schema.ts';
import { depositOrders, depositWalletNumbers, depositWalletTransfers } from './deposits.tables.ts';

/**
 * Manual wallet deposits (issue 37, item 3): the brand's receiving bKash / Nagad / Rocket numbers,
 * shown to members by rotation within each number's daily cap; the member's TrxID and sender
 * number stored with the order, a TrxID claimed once across all members.
 */

export type WalletSettings = Pick<SiteSettings, 'currencyPrecision' | 'timeZone'>;
export type WalletTransferRow = typeof depositWalletTransfers.$inferSelect;
type NumberRow = typeof depositWalletNumbers.$inferSelect;

/** Start of the brand's day holding `at` (settings `timeZone`): where daily caps start again. */
function brandDayStartOf(at: number, timeZone: string): Date {
  return new Date(startOfDayKey(dayKey(at, timeZone), timeZone));
}

/** What pending and approved manual deposits sent to each number added up to since `since`. */
async function usedSince(db: Database, numberIds: number[], since: Date): Promise<Map<number, bigint>> {
  if (numberIds.length === 0) return new Map();
  const rows = await db
    .select({
      numberId: depositWalletTransfers.numberId,
      used: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text`,
    })
    .from(depositWalletTransfers)
    .innerJoin(depositOrders, eq(depositOrders.id, depositWalletTransfers.orderId))
    .where(
      and(
        inArray(depositWalletTransfers.numberId, numberIds),
        sql`${depositWalletTransfers.createdAt} >= ${since.toISOString()}`,
        inArray(depositOrders.status, ['pending', 'approved']),
      ),
    )
    .groupBy(depositWalletTransfers.numberId);
  return new Map(rows.map((row) => [row.numberId, BigInt(row.used)]));
}

function providerOf(method: DepositMethodSetting): DepositWalletProvider {
  if (method.kind !== 'wallet_manual' || method.walletProvider === null) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'methodCode', reason: 'not a manual wallet method' }],
    });
  }
  return method.walletProvider;
}

/**
 * The number a member sends this deposit to: of the method's provider, enabled, with the day's cap
 * left for the amount, the one shown longest ago (then the lowest id). Marked shown under a lock
 * on the provider, so members asking at once get the next number each.
 */
export async function pickReceivingNumber(
  db: Database,
  options: { settings: WalletSettings; method: DepositMethodSetting; amount: string },
): Promise<DepositWalletNumber> {
  const { settings, method } = options;
  const provider = providerOf(method);
  const precision = settings.currencyPrecision;
  const amount = parseAmountInRange(options.amount, {
    field: 'amount',
    precision,
    min: parseAmount(method.min, { precision }),
    max: parseAmount(method.max, { precision }),
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit-number:${provider}`}))`);
    const candidates = await tx
      .select()
      .from(depositWalletNumbers)
      .where(
        and(
          eq(depositWalletNumbers.provider, provider),
          eq(depositWalletNumbers.enabled, true),
          isNotNull(depositWalletNumbers.approvedAt),
        ),
      )
      .orderBy(sql`${depositWalletNumbers.lastShownAt} asc nulls first`, asc(depositWalletNumbers.id));
    const used = await usedSince(
      tx,
      candidates.map((row) => row.id),
      brandDayStartOf(Date.now(), settings.timeZone),
    );
    const chosen = candidates.find((row) => (used.get(row.id) ?? 0n) + amount <= row.dailyCap);
    if (!chosen) {
      throw new AppError('NO_RECEIVING_NUMBER', { issues: [{ field: 'methodCode', reason: provider }] });
    }
    await tx
      .update(depositWalletNumbers)
      .set({ lastShownAt: sql`now()` })
      .where(eq(depositWalletNumbers.id, chosen.id));
    return { numberId: chosen.id, provider, number: chosen.number, label: chosen.label };
  });
}

/**
 * Checks what a member said of a manual wallet transfer: a known number of the method's provider
 * (it may have been switched off since it was shown: the money is there all the same), a TrxID of
 * the provider's shape. The sender number's shape is the contract's.
 */
export async function checkWalletTransfer(
  db: Database,
  options: {
    method: DepositMethodSetting;
    wallet: { numberId: number; senderNumber: string; trxId: string } | undefined;
  },
): Promise<Omit<WalletTransferRow, 'orderId' | 'voidedAt' | 'createdAt'>> {
  const provider = providerOf(options.method);
  const { wallet } = options;
  if (!wallet) throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'wallet', reason: 'Required' }] });
  const trxId = normalizeTrxId(wallet.trxId);
  if (!isTrxIdOf(provider, trxId)) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'wallet.trxId', reason: `not a ${provider} transaction id` }],
    });
  }
  const [number] = await db
    .select()
    .from(depositWalletNumbers)
    .where(
      and(
        eq(depositWalletNumbers.id, wallet.numberId),
        eq(depositWalletNumbers.provider, provider),
        // Never shown before a second operator approved it: nobody was told to pay into it.
        isNotNull(depositWalletNumbers.approvedAt),
      ),
    );
  if (!number) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'wallet.numberId', reason: 'no such receiving number' }],
    });
  }
  return {
    provider,
    numberId: number.id,
    receivingNumber: number.number,
    senderNumber: wallet.senderNumber,
    trxId,
  };
}

/** Stores the claim with its order (a TrxID another standing order holds breaks the unique index). */
export async function insertWalletTransfer(
  tx: Database,
  transfer: Omit<WalletTransferRow, 'voidedAt' | 'createdAt'>,
): Promise<void> {
  await tx.insert(depositWalletTransfers).values(transfer);
}

/** TRX_ID_USED for the unique index's violation (the order's transaction is rolled back), else null. */
export function trxIdUsedError(error: unknown): AppError | null {
  return isUniqueViolation(error, 'deposit_wallet_transfers_trx_key')
    ? new AppError('TRX_ID_USED', { issues: [{ field: 'wallet.trxId', reason: 'already used' }] })
    : null;
}

/** The rejected order's claim is voided: its TrxID may be claimed again by whoever really sent it. */
export async function voidWalletTransfer(tx: Database, orderId: number): Promise<void> {
  await tx
    .update(depositWalletTransfers)
    .set({ voidedAt: sql`now()` })
    .where(and(eq(depositWalletTransfers.orderId, orderId), isNull(depositWalletTransfers.voidedAt)));
}

export async function walletTransfersOf(
  db: Database,
  orderIds: number[],
): Promise<Map<number, WalletTransferRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(depositWalletTransfers)
    .where(inArray(depositWalletTransfers.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row]));
}

export function walletOf(row: WalletTransferRow | undefined): DepositOrder['wallet'] {
  return row
    ? {
        provider: row.provider,
        receivingNumber: row.receivingNumber,
        senderNumber: row.senderNumber,
        trxId: row.trxId,
      }
    : null;
}

function toOperatorNumber(row: NumberRow, used: bigint, precision: number): OperatorDepositNumber {
  return {
    numberId: row.id,
    provider: row.provider,
    number: row.number,
    label: row.label,
    dailyCap: formatAmount(row.dailyCap, precision),
    usedToday: formatAmount(used, precision),
    enabled: row.enabled,
    addedBy: row.addedBy,
    approved: row.approvedAt !== null,
    approvedBy: row.approvedBy,
    lastShownAt: row.lastShownAt?.getTime() ?? null,
  };
}

/** The back office's list of receiving numbers with what each took since the brand's day began. */
export async function listReceivingNumbers(
  db: Database,
  settings: WalletSettings,
): Promise<OperatorDepositNumber[]> {
  const rows = await db
    .select()
    .from(depositWalletNumbers)
    .orderBy(asc(depositWalletNumbers.provider), asc(depositWalletNumbers.id));
  const used = await usedSince(
    db,
    rows.map((row) => row.id),
    brandDayStartOf(Date.now(), settings.timeZone),
  );
  return rows.map((row) => toOperatorNumber(row, used.get(row.id) ?? 0n, settings.currencyPrecision));
}

/** The operator acting, as the back office names them. */
export interface NumberActor {
  id: number;
  name: string;
}

/**
 * Adds a receiving number (no numberId) or changes one's label, daily cap or state; audited before
 * and after. A new number waits for another operator's approval (approveReceivingNumber) before
 * any member is shown it: one operator alone cannot have players pay into an account of theirs.
 * A number's provider and digits are fixed once listed (members were shown them): another number
 * is added instead, and the old one switched off.
 */
export async function saveReceivingNumber(
  db: Database,
  options: {
    actor: NumberActor;
    settings: WalletSettings;
    body: {
      numberId?: number | undefined;
      provider: DepositWalletProvider;
      number: string;
      label?: string | undefined;
      dailyCap: string;
      enabled: boolean;
    };
    audit?: OperatorAuditHook;
  },
): Promise<OperatorDepositNumber> {
  const { settings, body } = options;
  const precision = settings.currencyPrecision;
  const dailyCap = parseAmount(body.dailyCap, { precision });
  const values = {
    provider: body.provider,
    number: body.number,
    label: body.label?.trim() || null,
    dailyCap,
    enabled: body.enabled,
  };
  const stateOf = (row: NumberRow | undefined) =>
    row
      ? {
          provider: row.provider,
          number: row.number,
          label: row.label,
          dailyCap: formatAmount(row.dailyCap, precision),
          enabled: row.enabled,
          approved: row.approvedAt !== null,
        }
      : null;
  const saved = await db
    .transaction(async (tx) => {
      let before: NumberRow | undefined;
      let after: NumberRow | undefined;
      if (body.numberId === undefined) {
        [after] = await tx
          .insert(depositWalletNumbers)
          .values({ ...values, addedById: options.actor.id, addedBy: options.actor.name })
          .returning();
      } else {
        [before] = await tx
          .select()
          .from(depositWalletNumbers)
          .where(eq(depositWalletNumbers.id, body.numberId))
          .for('update');
        if (!before) {
          throw new AppError('NOT_FOUND', { issues: [{ field: 'numberId', reason: 'no such number' }] });
        }
        const fixed = (['provider', 'number'] as const).filter((key) => before?.[key] !== values[key]);
        if (fixed.length > 0) {
          throw new AppError('VALIDATION_FAILED', {
            issues: fixed.map((field) => ({
              field,
              reason: 'is fixed once listed: add the new number and switch this one off',
            })),
          });
        }
        [after] = await tx
          .update(depositWalletNumbers)
          .set(values)
          .where(eq(depositWalletNumbers.id, body.numberId))
          .returning();
      }
      if (!after) throw new AppError('INTERNAL');
      await options.audit?.(tx, {
        targetKind: 'depositNumber',
        targetId: after.id,
        before: stateOf(before),
        after: stateOf(after),
        reason: null,
      });
      return after;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'deposit_wallet_numbers_key')) {
        throw new AppError('CONFLICT', { issues: [{ field: 'number', reason: 'already listed' }] });
      }
      throw error;
    });
  const used = await usedSince(db, [saved.id], brandDayStartOf(Date.now(), settings.timeZone));
  return toOperatorNumber(saved, used.get(saved.id) ?? 0n, precision);
}

/**
 * A second operator approves a new receiving number (four eyes, issue 35): not the one who added
 * it, once; audited. From then on members may be shown it (when it is on).
 */
export async function approveReceivingNumber(
  db: Database,
  options: {
    actor: NumberActor;
    settings: WalletSettings;
    numberId: number;
    audit?: OperatorAuditHook;
  },
): Promise<OperatorDepositNumber> {
  const { actor, settings } = options;
  const approved = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(depositWalletNumbers)
      .where(eq(depositWalletNumbers.id, options.numberId))
      .for('update');
    if (!before) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'numberId', reason: 'no such number' }] });
    }
    if (before.approvedAt !== null) {
      throw new AppError('CONFLICT', { issues: [{ field: 'numberId', reason: 'already approved' }] });
    }
    if (before.addedById === actor.id) {
      throw new AppError('SECOND_APPROVER_REQUIRED', {
        issues: [{ field: 'numberId', reason: 'added by you: another operator approves it' }],
      });
    }
    const [after] = await tx
      .update(depositWalletNumbers)
      .set({ approvedById: actor.id, approvedBy: actor.name, approvedAt: sql`now()` })
      .where(eq(depositWalletNumbers.id, before.id))
      .returning();
    if (!after) throw new AppError('INTERNAL');
    await options.audit?.(tx, {
      action: 'depositNumber.approve',
      targetKind: 'depositNumber',
      targetId: after.id,
      before: { provider: before.provider, number: before.number, addedBy: before.addedBy, approved: false },
      after: { approved: true },
      reason: null,
    });
    return after;
  });
  const used = await usedSince(db, [approved.id], brandDayStartOf(Date.now(), settings.timeZone));
  return toOperatorNumber(approved, used.get(approved.id) ?? 0n, settings.currencyPrecision);
}
