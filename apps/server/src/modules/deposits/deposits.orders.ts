import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DepositOrder, DepositStatus, ImageUpload } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { runOnce, requestHash } from '../../shared/idempotency.ts';
import { decodeUpload } from '../../shared/images.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { clearingAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { parseAmountInRange } from '../ledger/ledger.errors.ts';
import {
  getOrOpenMemberWallet,
  openAccount,
  openSystemAccounts,
  postEntry,
} from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import { type PaymentGateway, type PaymentGateways } from '../payments/payment-gateway.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { recordWalletAudit, type OperatorAuditHook, type WalletActor } from '../wallet/wallet.service.ts';
import { depositCredited } from './deposits.hooks.ts';
import { depositOrders, depositReceipts } from './deposits.tables.ts';
import { checkDepositLimits } from './deposits.limits.ts';
import {
  type DepositSettings,
  type OrderRow,
  isOperatorDecided,
  methodOf,
  toOrder,
} from './deposits.methods.ts';
import {
  checkWalletTransfer,
  insertWalletTransfer,
  trxIdUsedError,
  voidWalletTransfer,
  walletTransfersOf,
} from './deposits.wallet.ts';

/** Deposit orders: created by the member, credited once, decided by the operator, listed. */

export interface GatewayLinks {
  /** Where the gateway posts its signed callback. */
  callbackUrl: string;
  /** Where the gateway's page sends the player back (the order id is appended). */
  returnUrl: (orderId: number) => string;
  /** The member's address, for providers that ask for it. */
  clientIp?: string;
}

/**
 * Starts a deposit. Bank transfer: a pending order with the player's reference, for the operator
 * to approve once the money is seen. Gateway: a pending order and a payment at the gateway whose
 * hosted page the player opens; the gateway's callback settles it, and an unpaid order expires.
 * Limits (the method's min and max, the player's own deposit limits) are checked under a
 * per-member lock; the request id makes a retry answer the same order.
 */
/** The manual wallet transfers stored with these orders, by order id. */
async function withWallets(db: Database, rows: OrderRow[], settings: DepositSettings) {
  const wallets = await walletTransfersOf(
    db,
    rows.filter((row) => row.kind === 'wallet_manual').map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, settings, wallets.get(row.id)));
}

export async function createDeposit({
  db,
  settings,
  gateways,
  memberId,
  body,
  links,
}: {
  db: Database;
  settings: DepositSettings;
  gateways: PaymentGateways;
  memberId: number;
  body: {
    methodCode: string;
    amount: string;
    reference?: string | undefined;
    requestId: string;
    receipts?: ImageUpload[] | undefined;
    wallet?: { numberId: number; senderNumber: string; trxId: string } | undefined;
  };
  links: (gateway: PaymentGateway) => GatewayLinks;
}): Promise<DepositOrder> {
  const method = methodOf(settings, gateways, body.methodCode);
  const gateway = isOperatorDecided(method.kind) ? null : gateways.get(method.kind);
  const precision = settings.currencyPrecision;
  const amount = parseAmountInRange(body.amount, {
    field: 'amount',
    precision,
    min: parseAmount(method.min, { precision }),
    max: parseAmount(method.max, { precision }),
  });
  const reference = method.kind === 'wallet_manual' ? null : body.reference?.trim() || null;
  // A manual wallet deposit: the receiving number, the sender's number and the TrxID.
  const transfer =
    method.kind === 'wallet_manual' ? await checkWalletTransfer(db, { method, wallet: body.wallet }) : null;
  if (transfer === null && body.wallet !== undefined) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'wallet', reason: 'manual wallet deposits only' }],
    });
  }
  if (method.kind === 'bank_transfer' && !reference) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'reference', reason: 'Required' }] });
  }
  const receipts = (body.receipts ?? []).map((upload, index) => ({
    contentType: upload.contentType,
    image: decodeUpload(upload, `receipts.${index}`),
  }));
  if (receipts.length > 0 && method.kind !== 'bank_transfer') {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'receipts', reason: 'receipts go with bank transfers only' }],
    });
  }
  // A retry must carry the same pictures: their digests are part of what the request asked.
  const receiptDigests = receipts.map((receipt) => createHash('sha256').update(receipt.image).digest('hex'));
  const hash = requestHash([
    method.code,
    amount,
    reference,
    ...receiptDigests,
    ...(transfer ? [transfer.numberId, transfer.senderNumber, transfer.trxId] : []),
  ]);
  const fee = (amount * BigInt(method.feeBps)) / 10_000n;

  let order = await db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit:${memberId}`}))`);
      return runOnce({
        requestHash: hash,
        find: async () => {
          const [existing] = await tx
            .select()
            .from(depositOrders)
            .where(and(eq(depositOrders.memberId, memberId), eq(depositOrders.requestId, body.requestId)));
          return existing;
        },
        replay: (existing) => existing,
        run: async () => {
          await checkDepositLimits(tx, memberId, amount, precision);
          const [created] = await tx
            .insert(depositOrders)
            .values({
              memberId,
              methodCode: method.code,
              kind: method.kind,
              currency: settings.currency,
              amount,
              fee,
              reference,
              receiptCount: receipts.length,
              requestId: body.requestId,
              requestHash: hash,
              expiresAt:
                gateway !== null
                  ? sql`now() + make_interval(mins => ${settings.payments.depositExpiryMinutes})`
                  : null,
            })
            .returning();
          if (!created) throw new AppError('INTERNAL');
          if (receipts.length > 0) {
            await tx
              .insert(depositReceipts)
              .values(receipts.map((receipt, position) => ({ orderId: created.id, position, ...receipt })));
          }
          if (transfer) await insertWalletTransfer(tx, { ...transfer, orderId: created.id });
          return created;
        },
      });
    })
    .catch((error: unknown) => {
      // Another order (any member's) claims the TrxID: the whole order is refused, nothing stored.
      throw trxIdUsedError(error) ?? error;
    });

  if (gateway !== null && order.gatewayPaymentId === null && order.status === 'pending') {
    const { callbackUrl, returnUrl, clientIp } = links(gateway);
    const payment = await gateway.createPayment({
      merchantOrder: `dep-${order.id}`,
      amount: formatAmount(order.amount, precision),
      currency: order.currency,
      callbackUrl,
      returnUrl: returnUrl(order.id),
      clientIp,
    });
    const [updated] = await db
      .update(depositOrders)
      .set({ gatewayPaymentId: payment.paymentId, payUrl: payment.payUrl })
      .where(and(eq(depositOrders.id, order.id), sql`${depositOrders.gatewayPaymentId} is null`))
      .returning();
    // A concurrent retry of the same request stored its payment first: answer with that one.
    const [stored] = updated
      ? [updated]
      : await db.select().from(depositOrders).where(eq(depositOrders.id, order.id));
    if (stored) order = stored;
  }
  const [view] = await withWallets(db, [order], settings);
  return view ?? toOrder(order, settings);
}

/**
 * Credits an approved deposit: one journal entry from the method's clearing account to the
 * member's main wallet (the fee to the platform), keyed by the order so it can never be credited
 * twice. Runs inside the caller's transaction, with the order row locked.
 */
export async function creditDeposit(tx: Database, settings: DepositSettings, order: OrderRow) {
  const precision = settings.currencyPrecision;
  const clearing = clearingAddress(order.methodCode, order.currency);
  await openAccount(tx, { address: clearing, currency: order.currency, precision });
  await openSystemAccounts(tx, { currency: order.currency, precision });
  const wallet = await getOrOpenMemberWallet(tx, {
    memberId: order.memberId,
    kind: 'main',
    currency: order.currency,
    precision,
  });
  const credited = order.amount - order.fee;
  const posted = await postEntry(tx, {
    kind: 'deposit',
    idempotencyKey: `deposit:${order.id}`,
    postings: [
      { address: clearing, amount: -order.amount },
      { address: wallet.address, amount: credited },
      ...(order.fee > 0n ? [{ address: systemAddress('platform', order.currency), amount: order.fee }] : []),
    ],
    metadata: { orderId: order.id, method: order.methodCode, gatewayPaymentId: order.gatewayPaymentId },
  });
  // What other modules add to a deposit (a waiting deposit bonus) commits with it.
  if (!posted.replayed) {
    await depositCredited(tx, {
      memberId: order.memberId,
      orderId: order.id,
      credited,
      currency: order.currency,
    });
  }
  return { posted, walletAddress: wallet.address, credited };
}

export async function lockOrder(tx: Database, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(depositOrders).where(eq(depositOrders.id, orderId)).for('update');
  return row ?? null;
}

/**
 * The operator's decision on a pending bank transfer: approve credits it (audited with the
 * balance before and after), reject records the reason. Gateway orders are settled by the gateway.
 */
export async function decideDeposit({
  db,
  settings,
  actor,
  body,
  audit,
}: {
  db: Database;
  settings: DepositSettings;
  actor: WalletActor;
  body: { orderId: number; decision: 'approve' | 'reject'; reason?: string | undefined };
  /** Records the change (before/after) in the same transaction (back-office audit). */
  audit?: OperatorAuditHook;
}): Promise<DepositOrder> {
  const stateOf = (row: typeof depositOrders.$inferSelect) => ({
    status: row.status,
    memberId: row.memberId,
    entryId: row.entryId,
    decidedBy: row.decidedBy,
    reason: row.reason,
  });
  const decided = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId);
    if (!order) throw new AppError('NOT_FOUND', { issues: [{ field: 'orderId', reason: 'no such order' }] });
    if (!isOperatorDecided(order.kind)) {
      throw new AppError('CONFLICT', { issues: [{ field: 'orderId', reason: 'settled by the gateway' }] });
    }
    if (order.status !== 'pending') {
      throw new AppError('CONFLICT', { issues: [{ field: 'orderId', reason: `already ${order.status}` }] });
    }
    const reason = body.reason?.trim() || null;
    if (body.decision === 'reject') {
      const [rejected] = await tx
        .update(depositOrders)
        .set({ status: 'rejected', reason, decidedBy: actor.name, decidedAt: sql`now()` })
        .where(eq(depositOrders.id, order.id))
        .returning();
      // The TrxID is free again for whoever really sent it.
      await voidWalletTransfer(tx, order.id);
      await audit?.(tx, {
        targetKind: 'deposit',
        targetId: order.id,
        before: stateOf(order),
        after: stateOf(rejected ?? order),
        reason,
      });
      return rejected ?? order;
    }
    const { posted, walletAddress, credited } = await creditDeposit(tx, settings, order);
    const after = posted.postings.find((posting) => posting.address === walletAddress)?.balanceAfter ?? 0n;
    await recordWalletAudit(tx, {
      actor,
      action: 'deposit_approve',
      memberId: order.memberId,
      entryId: posted.entryId,
      currency: order.currency,
      amount: credited,
      after,
      reason: reason ?? `deposit ${order.id} approved`,
    });
    const [approved] = await tx
      .update(depositOrders)
      .set({
        status: 'approved',
        entryId: posted.entryId,
        reason,
        decidedBy: actor.name,
        decidedAt: sql`now()`,
      })
      .where(eq(depositOrders.id, order.id))
      .returning();
    await audit?.(tx, {
      targetKind: 'deposit',
      targetId: order.id,
      before: stateOf(order),
      after: { ...stateOf(approved ?? order), credited: formatAmount(credited, settings.currencyPrecision) },
      reason,
    });
    return approved ?? order;
  });
  if (decided.status === 'approved') walletChanged(db, decided.memberId);
  const [view] = await withWallets(db, [decided], settings);
  return view ?? toOrder(decided, settings);
}

export async function listDepositHistory({
  db,
  settings,
  memberId,
  query,
}: {
  db: Database;
  settings: DepositSettings;
  memberId: number;
  query: { status?: DepositStatus; from?: number; to?: number; pageNo: number; pageSize: number };
}) {
  const where = and(
    eq(depositOrders.memberId, memberId),
    query.status ? eq(depositOrders.status, query.status) : undefined,
    query.from !== undefined ? gte(depositOrders.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(depositOrders.createdAt, new Date(query.to)) : undefined,
  );
  const [total] = await db.select({ total: count() }).from(depositOrders).where(where);
  const rows = await db
    .select()
    .from(depositOrders)
    .where(where)
    .orderBy(desc(depositOrders.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const totalCount = Number(total?.total ?? 0);
  return {
    list: await withWallets(db, rows, settings),
    total: totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
    pageNo: query.pageNo,
  };
}

/** The operator's review queue: oldest first, with the member's account name. */
export async function listDepositsForReview({
  db,
  settings,
  query,
}: {
  db: Database;
  settings: DepositSettings;
  query: { status: DepositStatus; limit: number };
}) {
  const rows = await db
    .select()
    .from(depositOrders)
    .where(eq(depositOrders.status, query.status))
    .orderBy(asc(depositOrders.id))
    .limit(query.limit);
  const names = await accountNamesOf(db, [...new Set(rows.map((row) => row.memberId))]);
  const views = await withWallets(db, rows, settings);
  return views.map((view, index) => ({ ...view, username: names.get(rows[index]?.memberId ?? 0) ?? '' }));
}

/** A receipt image of a bank-transfer deposit, for the operator deciding it. */
export async function getDepositReceipt(
  db: Database,
  { orderId, index }: { orderId: number; index: number },
): Promise<ImageUpload> {
  const [row] = await db
    .select({ contentType: depositReceipts.contentType, image: depositReceipts.image })
    .from(depositReceipts)
    .where(and(eq(depositReceipts.orderId, orderId), eq(depositReceipts.position, index)));
  const contentType = row?.contentType;
  if (!row || (contentType !== 'image/png' && contentType !== 'image/jpeg')) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'index', reason: 'no such receipt' }] });
  }
  return { contentType, data: row.image.toString('base64') };
}

/**
 * The members who deposited most (approved orders) in the last `days` days, in one currency: the
 * /deposit-rank board (games lobby-ranks.service.ts) reads it.
 */
export function topDepositors(
  db: Database,
  options: { currency: string; days: number; limit: number },
): Promise<{ memberId: number; total: string }[]> {
  const total = sql<string>`sum(${depositOrders.amount})::text`;
  return db
    .select({ memberId: depositOrders.memberId, total })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.status, 'approved'),
        eq(depositOrders.currency, options.currency),
        sql`${depositOrders.decidedAt} > now() - make_interval(days => ${options.days})`,
      ),
    )
    .groupBy(depositOrders.memberId)
    .orderBy(desc(sql`sum(${depositOrders.amount})`), asc(depositOrders.memberId))
    .limit(options.limit);
}
