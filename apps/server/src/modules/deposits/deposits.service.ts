import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type {
  DepositMethod,
  DepositOrder,
  DepositStatus,
  ImageUpload,
  LanguageCode,
  LimitPeriod,
} from '@khela/contract';
import { limitPeriods } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeUpload } from '../../shared/images.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { clearingAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import {
  getOrOpenMemberWallet,
  openAccount,
  openSystemAccounts,
  postEntry,
} from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import {
  isMethodAvailable,
  type GatewayPaymentState,
  type PaymentGateway,
  type PaymentGateways,
} from '../payments/payment-gateway.ts';
import type { DepositMethodSetting, SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { recordWalletAudit, type WalletActor } from '../wallet/wallet.service.ts';
import { depositLimits, depositOrders, depositReceipts } from './deposits.tables.ts';

type DepositSettings = Pick<SiteSettings, 'currency' | 'currencyPrecision' | 'payments'>;
type OrderRow = typeof depositOrders.$inferSelect;

/** Rolling windows of the player's deposit limits. */
const limitWindows: Record<LimitPeriod, SQL> = {
  day: sql`interval '1 day'`,
  week: sql`interval '7 days'`,
  month: sql`interval '30 days'`,
};
/** A higher limit (or none) takes effect this long after it was asked for. */
const limitRaiseDelay = sql`interval '24 hours'`;

function nameOf(method: DepositMethodSetting, language: LanguageCode): string {
  return method.names[language] ?? method.names.EN ?? Object.values(method.names)[0] ?? method.code;
}

/** An offered method: enabled, and its gateway runs here (a sandbox method outside demo mode is not). */
function methodOf(settings: DepositSettings, gateways: PaymentGateways, code: string): DepositMethodSetting {
  const method = settings.payments.depositMethods.find(
    (entry) => entry.code === code && isMethodAvailable(entry, gateways),
  );
  if (!method)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'methodCode', reason: 'no such method' }] });
  return method;
}

/** The deposit methods on offer, in the caller's language: enabled, with their gateway running here. */
export function listDepositMethods(
  settings: DepositSettings,
  gateways: PaymentGateways,
  language: LanguageCode,
): DepositMethod[] {
  return settings.payments.depositMethods
    .filter((method) => isMethodAvailable(method, gateways))
    .map((method) => ({
      code: method.code,
      kind: method.kind,
      name: nameOf(method, language),
      logoUrl: method.logoUrl,
      min: formatAmount(
        parseAmount(method.min, { precision: settings.currencyPrecision }),
        settings.currencyPrecision,
      ),
      max: formatAmount(
        parseAmount(method.max, { precision: settings.currencyPrecision }),
        settings.currencyPrecision,
      ),
      feeBps: method.feeBps,
      currency: settings.currency,
      bank: method.bank,
    }));
}

function toOrder(row: OrderRow, settings: DepositSettings): DepositOrder {
  const precision = settings.currencyPrecision;
  const method = settings.payments.depositMethods.find((entry) => entry.code === row.methodCode);
  return {
    orderId: row.id,
    methodCode: row.methodCode,
    kind: row.kind,
    status: row.status,
    currency: row.currency,
    amount: formatAmount(row.amount, precision),
    fee: formatAmount(row.fee, precision),
    credited: formatAmount(row.amount - row.fee, precision),
    reference: row.reference,
    receiptCount: row.receiptCount,
    payUrl: row.status === 'pending' ? row.payUrl : null,
    bank: row.kind === 'bank_transfer' ? (method?.bank ?? null) : null,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt?.getTime() ?? null,
    decidedAt: row.decidedAt?.getTime() ?? null,
    reason: row.reason,
  };
}

// ---------------------------------------------------------------------------------------------
// Limits

interface LimitRow {
  period: LimitPeriod;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingFrom: Date | null;
}

/** The member's limits, after applying raises whose 24 hours have passed. */
async function limitsOf(db: Database, memberId: number): Promise<Map<LimitPeriod, LimitRow>> {
  await db
    .update(depositLimits)
    .set({
      amount: sql`${depositLimits.pendingAmount}`,
      pendingAmount: null,
      pendingFrom: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(depositLimits.memberId, memberId), lte(depositLimits.pendingFrom, sql`now()`)));
  const rows = await db.select().from(depositLimits).where(eq(depositLimits.memberId, memberId));
  return new Map(rows.map((row) => [row.period, row]));
}

/** Deposited (pending or approved) within the period's rolling window, in minor units. */
async function usedIn(db: Database, memberId: number, period: LimitPeriod): Promise<bigint> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text` })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.memberId, memberId),
        inArray(depositOrders.status, ['pending', 'approved']),
        gte(depositOrders.createdAt, sql`now() - ${limitWindows[period]}`),
      ),
    );
  return BigInt(row?.used ?? '0');
}

export async function getDepositLimits(db: Database, options: { memberId: number; precision: number }) {
  const limits = await limitsOf(db, options.memberId);
  const format = (value: bigint | null) => (value === null ? null : formatAmount(value, options.precision));
  const entries = await Promise.all(
    limitPeriods.map(async (period) => {
      const row = limits.get(period);
      return [
        period,
        {
          current: format(row?.amount ?? null),
          pending: row?.pendingFrom
            ? { amount: format(row.pendingAmount), from: row.pendingFrom.getTime() }
            : null,
          used: formatAmount(await usedIn(db, options.memberId, period), options.precision),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<
    LimitPeriod,
    { current: string | null; pending: { amount: string | null; from: number } | null; used: string }
  >;
}

/**
 * Sets the player's own limits (responsible gaming): a lower limit applies at once; a higher one,
 * or removing the limit, only after 24 hours, so a limit cannot be lifted in the heat of the moment.
 */
export async function setDepositLimits(
  db: Database,
  options: {
    memberId: number;
    precision: number;
    body: Partial<Record<LimitPeriod, string | null>>;
  },
) {
  const wanted = limitPeriods.flatMap((period) => {
    const value = options.body[period];
    if (value === undefined) return [];
    const amount =
      value === null
        ? null
        : parseAmountField(value, { field: period, precision: options.precision, allowZero: true });
    return [{ period, amount }];
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit:${options.memberId}`}))`);
    const limits = await limitsOf(tx, options.memberId);
    for (const { period, amount } of wanted) {
      const current = limits.get(period)?.amount ?? null;
      const isLower = amount !== null && (current === null || amount < current);
      const key = { memberId: options.memberId, period };
      if (isLower || amount === current) {
        await tx
          .insert(depositLimits)
          .values({ ...key, amount })
          .onConflictDoUpdate({
            target: [depositLimits.memberId, depositLimits.period],
            set: { amount, pendingAmount: null, pendingFrom: null, updatedAt: sql`now()` },
          });
      } else {
        await tx
          .insert(depositLimits)
          .values({
            ...key,
            amount: current,
            pendingAmount: amount,
            pendingFrom: sql`now() + ${limitRaiseDelay}`,
          })
          .onConflictDoUpdate({
            target: [depositLimits.memberId, depositLimits.period],
            set: {
              pendingAmount: amount,
              pendingFrom: sql`now() + ${limitRaiseDelay}`,
              updatedAt: sql`now()`,
            },
          });
      }
    }
  });
  return getDepositLimits(db, options);
}

async function checkDepositLimits(db: Database, memberId: number, amount: bigint, precision: number) {
  const limits = await limitsOf(db, memberId);
  for (const period of limitPeriods) {
    const limit = limits.get(period)?.amount;
    if (limit === null || limit === undefined) continue;
    const used = await usedIn(db, memberId, period);
    if (used + amount > limit) {
      throw new AppError('DEPOSIT_LIMIT_EXCEEDED', {
        issues: [{ field: 'amount', reason: `${period} limit` }],
        value: { period, limit: formatAmount(limit, precision), used: formatAmount(used, precision) },
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Orders

export interface GatewayLinks {
  /** Where the gateway posts its signed callback. */
  callbackUrl: string;
  /** Where the gateway's page sends the player back (the order id is appended). */
  returnUrl: (orderId: number) => string;
}

/**
 * Starts a deposit. Bank transfer: a pending order with the player's reference, for the operator
 * to approve once the money is seen. Gateway: a pending order and a payment at the gateway whose
 * hosted page the player opens; the gateway's callback settles it, and an unpaid order expires.
 * Limits (the method's min and max, the player's own deposit limits) are checked under a
 * per-member lock; the request id makes a retry answer the same order.
 */
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
  };
  links: (gateway: PaymentGateway) => GatewayLinks;
}): Promise<DepositOrder> {
  const method = methodOf(settings, gateways, body.methodCode);
  const gateway = method.kind === 'bank_transfer' ? null : gateways.get(method.kind);
  const precision = settings.currencyPrecision;
  const amount = parseAmountField(body.amount, { field: 'amount', precision });
  const min = parseAmount(method.min, { precision });
  const max = parseAmount(method.max, { precision });
  if (amount < min || amount > max) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      issues: [{ field: 'amount', reason: 'out of range' }],
      value: { min: formatAmount(min, precision), max: formatAmount(max, precision) },
    });
  }
  const reference = body.reference?.trim() || null;
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
  const requestHash = createHash('sha256')
    .update(JSON.stringify([method.code, amount.toString(), reference, ...receiptDigests]))
    .digest('hex');
  const fee = (amount * BigInt(method.feeBps)) / 10_000n;

  let order = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit:${memberId}`}))`);
    const [existing] = await tx
      .select()
      .from(depositOrders)
      .where(and(eq(depositOrders.memberId, memberId), eq(depositOrders.requestId, body.requestId)));
    if (existing) {
      if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
      return existing;
    }
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
        requestHash,
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
    return created;
  });

  if (gateway !== null && order.gatewayPaymentId === null && order.status === 'pending') {
    const { callbackUrl, returnUrl } = links(gateway);
    const payment = await gateway.createPayment({
      merchantOrder: `dep-${order.id}`,
      amount: formatAmount(order.amount, precision),
      currency: order.currency,
      callbackUrl,
      returnUrl: returnUrl(order.id),
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
  return toOrder(order, settings);
}

/**
 * Credits an approved deposit: one journal entry from the method's clearing account to the
 * member's main wallet (the fee to the platform), keyed by the order so it can never be credited
 * twice. Runs inside the caller's transaction, with the order row locked.
 */
async function creditDeposit(tx: Database, settings: DepositSettings, order: OrderRow) {
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
  return postEntry(tx, {
    kind: 'deposit',
    idempotencyKey: `deposit:${order.id}`,
    postings: [
      { address: clearing, amount: -order.amount },
      { address: wallet.address, amount: credited },
      ...(order.fee > 0n ? [{ address: systemAddress('platform', order.currency), amount: order.fee }] : []),
    ],
    metadata: { orderId: order.id, method: order.methodCode, gatewayPaymentId: order.gatewayPaymentId },
  }).then((posted) => ({
    posted,
    walletAddress: wallet.address,
    credited,
  }));
}

async function lockOrder(tx: Database, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(depositOrders).where(eq(depositOrders.id, orderId)).for('update');
  return row ?? null;
}

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
  const state = await gateway.verifyCallback({ rawBody, headers });
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
}: {
  db: Database;
  settings: DepositSettings;
  state: GatewayPaymentState;
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
    return { orderId, status: 'approved' as const, memberId: order.memberId };
  });
  if (result.memberId !== null) walletChanged(db, result.memberId);
  return { orderId: result.orderId, status: result.status };
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
}: {
  db: Database;
  settings: DepositSettings;
  actor: WalletActor;
  body: { orderId: number; decision: 'approve' | 'reject'; reason?: string | undefined };
}): Promise<DepositOrder> {
  const decided = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId);
    if (!order) throw new AppError('NOT_FOUND', { issues: [{ field: 'orderId', reason: 'no such order' }] });
    if (order.kind !== 'bank_transfer') {
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
    return approved ?? order;
  });
  if (decided.status === 'approved') walletChanged(db, decided.memberId);
  return toOrder(decided, settings);
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
    list: rows.map((row) => toOrder(row, settings)),
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
  return rows.map((row) => ({ ...toOrder(row, settings), username: names.get(row.memberId) ?? '' }));
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
