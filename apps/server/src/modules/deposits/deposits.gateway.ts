import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { DepositStatus } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parseAmount } from '../ledger/money.ts';
import {
  type GatewayPaymentState,
  type PaymentGateway,
  type PaymentGateways,
} from '../payments/payment-gateway.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { depositOrders } from './deposits.tables.ts';
import { type DepositSettings } from './deposits.methods.ts';
import { creditDeposit, lockOrder } from './deposits.orders.ts';

/** The payment gateway's side of deposits: callbacks, reconciliation of lost ones, expiry. */

/**
 * The gateway's signed callback. The gateway checks the signature over the raw body before
 * anything is read (PaymentGateway.verifyCallback); the state it carries then settles the order.
 */
export async function handleGatewayCallback({
  db,
  settings,
  gateway,
  rawBody,
  headers,
}: {
  db: Database;
  settings: DepositSettings;
  gateway: PaymentGateway;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}): Promise<{ orderId: number; status: DepositStatus }> {
  if (!gateway.verifyCallback) throw new AppError('NOT_FOUND');
  const state = await gateway.verifyCallback({ rawBody, headers });
  return settleGatewayPayment({ db, settings, state });
}

/**
 * The member back from a redirect provider (bKash, Nagad) on the return route of order `orderId`:
 * the adapter asks the provider (PaymentGateway.confirmReturn) and the provider's answer settles
 * the order, if it is this order's payment.
 */
export async function confirmGatewayReturn({
  db,
  settings,
  gateway,
  orderId,
  query,
}: {
  db: Database;
  settings: DepositSettings;
  gateway: PaymentGateway;
  orderId: number;
  query: Record<string, string | undefined>;
}): Promise<{ orderId: number; status: DepositStatus }> {
  if (!gateway.confirmReturn) throw new AppError('NOT_FOUND');
  const state = await gateway.confirmReturn({ query });
  if (state.merchantOrder !== `dep-${orderId}`) {
    throw new AppError('BAD_REQUEST', { detail: `the payment is not order ${orderId}'s` });
  }
  return settleGatewayPayment({ db, settings, state });
}

const merchantOrderPattern = /^dep-(\d{1,15})$/;

/**
 * Settles a gateway order from what the gateway says (a verified callback or a status query): a
 * paid payment credits its order once (a repeated callback finds it approved and changes nothing:
 * callbacks are idempotent by order), a declined one rejects it, a pending one changes nothing. A
 * payment that arrives after its order expired is credited all the same: the player's money was
 * taken, so it must not be lost.
 */
export async function settleGatewayPayment({
  db,
  settings,
  state,
  onCredited,
}: {
  db: Database;
  settings: DepositSettings;
  state: GatewayPaymentState;
  /** Runs in the crediting transaction, after the credit (the reconciliation records it there). */
  onCredited?: (tx: Database, credit: { orderId: number; entryId: number }) => Promise<void>;
}): Promise<{ orderId: number; status: DepositStatus }> {
  const match = merchantOrderPattern.exec(state.merchantOrder);
  if (!match) throw new AppError('BAD_REQUEST', { detail: 'not one of our orders' });
  const orderId = Number(match[1]);
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.gatewayPaymentId !== state.paymentId) throw new AppError('NOT_FOUND');
    if (order.status === 'approved' || order.status === 'rejected' || state.status === 'pending') {
      return { orderId, status: order.status, memberId: null };
    }
    if (state.status === 'failed') {
      await tx
        .update(depositOrders)
        .set({
          status: 'rejected',
          reason: 'declined at the gateway',
          decidedBy: 'gateway',
          decidedAt: sql`now()`,
        })
        .where(eq(depositOrders.id, orderId));
      return { orderId, status: 'rejected' as const, memberId: null };
    }
    const paid = parseAmount(state.amount, { precision: settings.currencyPrecision });
    if (paid !== order.amount || state.currency !== order.currency) {
      throw new AppError('BAD_REQUEST', { detail: `order ${orderId}: paid amount differs from the order` });
    }
    const { posted } = await creditDeposit(tx, settings, order);
    await tx
      .update(depositOrders)
      .set({ status: 'approved', entryId: posted.entryId, decidedBy: 'gateway', decidedAt: sql`now()` })
      .where(eq(depositOrders.id, orderId));
    await onCredited?.(tx, { orderId, entryId: posted.entryId });
    return { orderId, status: 'approved' as const, memberId: order.memberId };
  });
  if (result.memberId !== null) walletChanged(db, result.memberId);
  return { orderId: result.orderId, status: result.status };
}

/**
 * Asks the gateway about its orders still pending past their time, in case a callback was lost
 * (PaymentGateway.queryPayment): a paid one is credited, a declined one rejected. Idempotent, as
 * a callback is. Returns how many were settled.
 */
export async function reconcileOverdueDeposits({
  db,
  settings,
  gateways,
  limit = 50,
}: {
  db: Database;
  settings: DepositSettings;
  gateways: PaymentGateways;
  limit?: number;
}): Promise<number> {
  const overdue = await db
    .select({ kind: depositOrders.kind, gatewayPaymentId: depositOrders.gatewayPaymentId })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.status, 'pending'),
        ne(depositOrders.kind, 'bank_transfer'),
        lte(depositOrders.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(depositOrders.id))
    .limit(limit);
  let settled = 0;
  for (const order of overdue) {
    const gateway = gateways.get(order.kind);
    if (!gateway || order.gatewayPaymentId === null) continue;
    const state = await gateway.queryPayment(order.gatewayPaymentId);
    if (!state || state.status === 'pending') continue;
    const { status } = await settleGatewayPayment({ db, settings, state });
    if (status !== 'pending') settled += 1;
  }
  return settled;
}

/** Marks unpaid gateway orders past their time as expired (idempotent; any instance may run it). */
export async function expireUnpaidDeposits(db: Database): Promise<number> {
  const expired = await db
    .update(depositOrders)
    .set({ status: 'expired', decidedBy: 'expiry', decidedAt: sql`now()` })
    .where(
      and(
        eq(depositOrders.status, 'pending'),
        ne(depositOrders.kind, 'bank_transfer'),
        lte(depositOrders.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: depositOrders.id });
  return expired.length;
}
