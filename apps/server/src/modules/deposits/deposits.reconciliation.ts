import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  type ReconciliationItem,
  type reconciliationKinds,
  reconciliationProviders,
  type reconciliationStates,
} from '@khela/contract';
import { addDays, dayKey, startOfDayKey } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { PaymentGateways, ProviderPaymentRecord } from '../payments/payment-gateway.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import type { OperatorAuditHook } from '../wallet/wallet.service.ts';
import type { DepositSettings, OrderRow } from './deposits.methods.ts';
import { settleGatewayPayment } from './deposits.gateway.ts';
import { depositOrders, depositReconciliationItems } from './deposits.tables.ts';

/**
 * The daily reconciliation of gateway deposits with the providers' own records (issue 37, item 6;
 * docs/payments.md, "Reconciliation"). For each provider it reads our orders of one brand day and
 * asks the provider about each payment (bKash: query payment, then search transaction by its
 * trxID; Nagad: verify payment). What differs is recorded once per order and kind:
 * - paid at the provider, not credited here: settled once through the deposits' one settle path
 *   (the order's lock and the ledger key `deposit:<orderId>`), unless the order was rejected here
 *   (then flagged for an operator);
 * - credited here, unknown or not paid at the provider: flagged, never debited;
 * - another amount at the provider: flagged, nothing credited.
 * A rerun finds the settled orders approved and the flags already recorded: it changes nothing.
 */

export type ReconciliationProvider = (typeof reconciliationProviders)[number];
type MismatchKind = (typeof reconciliationKinds)[number];
type ReconciliationSettings = DepositSettings & Pick<SiteSettings, 'timeZone'>;

/** What one provider's run of one day found. `unreachable`: payments the provider did not answer for. */
export interface ProviderDayResult {
  provider: ReconciliationProvider;
  businessDay: string;
  checked: number;
  matched: number;
  settled: number;
  flagged: number;
  unreachable: number;
  /** Why the provider was not asked at all (its gateway does not run here), else null. */
  skipped: string | null;
}

/** The brand day before the one `now` falls in (settings `timeZone`). */
export function previousBusinessDay(now: number, zone: string): string {
  return addDays(dayKey(now, zone), -1);
}

/** What our order and the provider's record say together: nothing, or a mismatch (and whether to settle). */
export function judgeOrder(
  order: Pick<OrderRow, 'id' | 'status' | 'amount' | 'currency'>,
  record: ProviderPaymentRecord | null,
  precision: number,
): { kind: MismatchKind; settle: boolean } | null {
  if (record === null || record.merchantOrder !== `dep-${order.id}` || record.status !== 'paid') {
    return order.status === 'approved' ? { kind: 'credited_not_paid', settle: false } : null;
  }
  if (providerAmountOf(record, precision) !== order.amount || record.currency !== order.currency) {
    return { kind: 'amount_differs', settle: false };
  }
  if (order.status === 'approved') return null;
  // A pending or expired order is credited (the member's money was taken); a rejected one is an
  // operator's decision, not the job's.
  return { kind: 'paid_not_credited', settle: order.status !== 'rejected' };
}

function providerAmountOf(record: ProviderPaymentRecord | null, precision: number): bigint | null {
  if (!record) return null;
  try {
    return parseAmount(record.amount, { precision });
  } catch {
    return null;
  }
}

/** One provider's orders of one brand day, compared with its records. */
export async function reconcileProviderDay({
  db,
  settings,
  gateways,
  provider,
  businessDay,
}: {
  db: Database;
  settings: ReconciliationSettings;
  gateways: PaymentGateways;
  provider: ReconciliationProvider;
  businessDay: string;
}): Promise<ProviderDayResult> {
  const result: ProviderDayResult = {
    provider,
    businessDay,
    checked: 0,
    matched: 0,
    settled: 0,
    flagged: 0,
    unreachable: 0,
    skipped: null,
  };
  const gateway = gateways.get(provider);
  if (!gateway?.lookUpPayment) return { ...result, skipped: 'no gateway for this provider runs here' };
  const lookUp = gateway.lookUpPayment.bind(gateway);
  const from = new Date(startOfDayKey(businessDay, settings.timeZone));
  const to = new Date(startOfDayKey(addDays(businessDay, 1), settings.timeZone));
  const orders = await db
    .select()
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.kind, provider),
        gte(depositOrders.createdAt, from),
        lt(depositOrders.createdAt, to),
        isNotNull(depositOrders.gatewayPaymentId),
      ),
    )
    .orderBy(asc(depositOrders.id));

  for (const order of orders) {
    result.checked += 1;
    let record: ProviderPaymentRecord | null;
    try {
      record = await lookUp(order.gatewayPaymentId ?? '');
    } catch (error) {
      if (error instanceof AppError && error.code === 'VENDOR_UNAVAILABLE') {
        result.unreachable += 1;
        continue;
      }
      throw error;
    }
    const finding = judgeOrder(order, record, settings.currencyPrecision);
    if (!finding) {
      result.matched += 1;
      continue;
    }
    // A record of another order (which the provider should never answer) counts as none.
    const theirs = record?.merchantOrder === `dep-${order.id}` ? record : null;
    const item = {
      businessDay,
      provider,
      orderId: order.id,
      kind: finding.kind,
      orderStatus: order.status,
      orderAmount: order.amount,
      providerStatus: theirs?.providerStatus ?? 'unknown',
      providerAmount: providerAmountOf(theirs, settings.currencyPrecision),
      providerTransactionId: theirs?.transactionId ?? null,
    };
    if (finding.settle && record) {
      // The record of the settlement is written in the crediting transaction: a crash between the
      // two cannot leave a credit the list does not show.
      const credited = { entryId: null as number | null };
      await settleGatewayPayment({
        db,
        settings,
        state: record,
        onCredited: async (tx, credit) => {
          credited.entryId = credit.entryId;
          await tx
            .insert(depositReconciliationItems)
            .values({ ...item, state: 'settled', entryId: credit.entryId })
            .onConflictDoNothing();
        },
      });
      // No credit: settled meanwhile by the member's return or the expiry job, nothing was missing.
      if (credited.entryId === null) result.matched += 1;
      else result.settled += 1;
      continue;
    }
    const inserted = await db
      .insert(depositReconciliationItems)
      .values({ ...item, state: 'open' })
      .onConflictDoNothing()
      .returning({ id: depositReconciliationItems.id });
    if (inserted.length > 0) result.flagged += 1;
  }
  return result;
}

/**
 * The job's run: the brand's previous day for every provider. Throws after the whole run when a
 * provider did not answer for some payments, so the queue retries it (a rerun changes nothing
 * that was already done).
 */
export async function reconcilePreviousDay({
  db,
  settings,
  gateways,
  now = Date.now(),
}: {
  db: Database;
  settings: ReconciliationSettings;
  gateways: PaymentGateways;
  now?: number;
}): Promise<ProviderDayResult[]> {
  const businessDay = previousBusinessDay(now, settings.timeZone);
  const results: ProviderDayResult[] = [];
  for (const provider of reconciliationProviders) {
    results.push(await reconcileProviderDay({ db, settings, gateways, provider, businessDay }));
  }
  const unreachable = results.filter((entry) => entry.unreachable > 0);
  if (unreachable.length > 0) {
    const detail = unreachable.map((entry) => `${entry.provider} ${entry.unreachable}`).join(', ');
    throw new Error(`reconciliation of ${businessDay}: payments the provider did not answer for (${detail})`);
  }
  return results;
}

type ItemRow = typeof depositReconciliationItems.$inferSelect;

function toItem(row: ItemRow, username: string, precision: number): ReconciliationItem {
  return {
    itemId: row.id,
    businessDay: row.businessDay,
    provider: row.provider,
    orderId: row.orderId,
    username,
    kind: row.kind,
    orderStatus: row.orderStatus,
    orderAmount: formatAmount(row.orderAmount, precision),
    providerStatus: row.providerStatus,
    providerAmount: row.providerAmount === null ? null : formatAmount(row.providerAmount, precision),
    providerTransactionId: row.providerTransactionId,
    state: row.state,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.getTime() ?? null,
    note: row.note,
    foundAt: row.foundAt.getTime(),
  };
}

async function withNames(db: Database, rows: ItemRow[], precision: number): Promise<ReconciliationItem[]> {
  const memberOf = new Map<number, number>();
  if (rows.length > 0) {
    const orders = await db
      .select({ id: depositOrders.id, memberId: depositOrders.memberId })
      .from(depositOrders)
      .where(
        inArray(
          depositOrders.id,
          rows.map((row) => row.orderId),
        ),
      );
    for (const order of orders) memberOf.set(order.id, order.memberId);
  }
  const names = await accountNamesOf(db, [...new Set(memberOf.values())]);
  return rows.map((row) => toItem(row, names.get(memberOf.get(row.orderId) ?? 0) ?? '', precision));
}

/** The back office's list: newest day first, then the order. */
export async function listReconciliationItems({
  db,
  settings,
  query,
}: {
  db: Database;
  settings: Pick<SiteSettings, 'currencyPrecision'>;
  query: {
    state?: (typeof reconciliationStates)[number] | undefined;
    provider?: ReconciliationProvider | undefined;
    kind?: MismatchKind | undefined;
    from?: string | undefined;
    to?: string | undefined;
    limit: number;
  };
}): Promise<ReconciliationItem[]> {
  const filters: SQL[] = [];
  if (query.state) filters.push(eq(depositReconciliationItems.state, query.state));
  if (query.provider) filters.push(eq(depositReconciliationItems.provider, query.provider));
  if (query.kind) filters.push(eq(depositReconciliationItems.kind, query.kind));
  if (query.from) filters.push(gte(depositReconciliationItems.businessDay, query.from));
  if (query.to) filters.push(lte(depositReconciliationItems.businessDay, query.to));
  const rows = await db
    .select()
    .from(depositReconciliationItems)
    .where(and(...filters))
    .orderBy(desc(depositReconciliationItems.businessDay), asc(depositReconciliationItems.orderId))
    .limit(query.limit);
  return withNames(db, rows, settings.currencyPrecision);
}

/**
 * An operator closes a mismatch with a note of what was done (checked the provider's statement,
 * refunded the member, adjusted by a four-eyes request…). It moves no money itself. Audited, in
 * the same transaction; a resolved item cannot be resolved again (CONFLICT).
 */
export async function resolveReconciliationItem({
  db,
  settings,
  actor,
  body,
  audit,
}: {
  db: Database;
  settings: Pick<SiteSettings, 'currencyPrecision'>;
  actor: string;
  body: { itemId: number; note: string };
  audit: OperatorAuditHook;
}): Promise<ReconciliationItem> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(depositReconciliationItems)
      .where(eq(depositReconciliationItems.id, body.itemId))
      .for('update');
    if (!before) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'itemId', reason: 'no such mismatch' }] });
    }
    if (before.state === 'resolved') {
      throw new AppError('CONFLICT', { detail: `mismatch ${body.itemId} is already resolved` });
    }
    const [after] = await tx
      .update(depositReconciliationItems)
      .set({ state: 'resolved', resolvedBy: actor, resolvedAt: sql`now()`, note: body.note })
      .where(eq(depositReconciliationItems.id, body.itemId))
      .returning();
    if (!after) throw new AppError('INTERNAL');
    await audit(tx, {
      targetKind: 'deposit_reconciliation',
      targetId: body.itemId,
      before: { state: before.state, kind: before.kind, orderId: before.orderId },
      after: { state: after.state },
      reason: body.note,
    });
    return after;
  });
  const [item] = await withNames(db, [row], settings.currencyPrecision);
  if (!item) throw new AppError('INTERNAL');
  return item;
}
