import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { uploadedImage } from '../../db/columns.ts';

/**
 * A member's deposit: pending until the operator decides (bank transfer) or the gateway's signed
 * callback arrives (gateway); approved with the journal entry that credited it, rejected, or
 * expired unpaid. Amounts in minor units.
 */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    methodCode: text('method_code').notNull(),
    kind: text('kind', {
      enum: ['bank_transfer', 'sandbox_gateway', 'bkash', 'nagad', 'wallet_manual'],
    }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    reference: text('reference'),
    /** Receipt images attached (deposit_receipts), 0 to 3. */
    receiptCount: integer('receipt_count').notNull().default(0),
    /** The client's id of the request, and a hash of what it asked: a retry answers this order. */
    requestId: text('request_id').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The gateway's payment id and hosted page, for gateway orders. */
    gatewayPaymentId: text('gateway_payment_id'),
    payUrl: text('pay_url'),
    entryId: bigint('entry_id', { mode: 'number' }),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('deposit_orders_member_request_key').on(table.memberId, table.requestId),
    uniqueIndex('deposit_orders_gateway_payment_key').on(table.gatewayPaymentId),
    index('deposit_orders_member_idx').on(table.memberId, table.createdAt),
    index('deposit_orders_status_idx').on(table.status, table.expiresAt),
    // The daily reconciliation reads one provider's orders of one brand day.
    index('deposit_orders_kind_created_idx').on(table.kind, table.createdAt),
  ],
);

/**
 * The player's own deposit limits (responsible gaming), one row per period. `amount` null: no
 * limit. A pending change (a higher limit, or none) waits until `pendingFrom`.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    memberId: integer('member_id').notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.period] })],
);

/** Receipt images a member attached to a bank-transfer deposit (png or jpg, 5 MB each, 3 at most). */
export const depositReceipts = pgTable(
  'deposit_receipts',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    ...uploadedImage(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] })],
);

/**
 * The brand's receiving mobile-wallet numbers for manual deposits (issue 37, item 3). A member is
 * shown the enabled number of the provider with the day's cap left that was shown longest ago
 * (rotation); `dailyCap` in minor units bounds what pending and approved deposits sent to it in
 * one brand day may add up to. Numbers are switched off, never deleted (old orders name them).
 */
export const depositWalletNumbers = pgTable(
  'deposit_wallet_numbers',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['bkash', 'nagad', 'rocket'] }).notNull(),
    number: text('number').notNull(),
    label: text('label'),
    dailyCap: bigint('daily_cap', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastShownAt: timestamp('last_shown_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Four eyes on where players' money goes (issue 35): the operator who added the number (or
     * last changed its provider or digits), and the other operator who approved it. A number is
     * shown to members only once approved; the demo's and those listed before this rule count as
     * approved (approvedAt set, no approver).
     */
    addedById: bigint('added_by_id', { mode: 'number' }),
    addedBy: text('added_by'),
    approvedById: bigint('approved_by_id', { mode: 'number' }),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('deposit_wallet_numbers_key').on(table.provider, table.number)],
);

/**
 * What a member said of a manual wallet deposit: the number sent to, the member's own number and
 * the provider's TrxID. A TrxID is claimed once across all members (unique per provider while the
 * claim stands); a rejection voids the claim, so the TrxID's real sender can still claim it.
 */
export const depositWalletTransfers = pgTable(
  'deposit_wallet_transfers',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: ['bkash', 'nagad', 'rocket'] }).notNull(),
    numberId: integer('number_id').notNull(),
    receivingNumber: text('receiving_number').notNull(),
    senderNumber: text('sender_number').notNull(),
    trxId: text('trx_id').notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_wallet_transfers_trx_key')
      .on(table.provider, table.trxId)
      .where(sql`${table.voidedAt} is null`),
    index('deposit_wallet_transfers_number_idx').on(table.numberId, table.createdAt),
  ],
);

/**
 * What the daily reconciliation (issue 37, item 6) found when it compared a brand day's gateway
 * orders with the provider's own record (bKash query payment + search transaction, Nagad verify):
 * - `paid_not_credited`: the provider has the member's money, we had not credited it. The job
 *   settles it once through the deposits' one settle path (state `settled`, with the entry); an
 *   order already rejected here is only flagged (`open`): an operator decides.
 * - `credited_not_paid`: we credited it, the provider knows no such payment or says it failed.
 *   Flagged, never debited automatically.
 * - `amount_differs`: the provider's amount is not the order's. Flagged, nothing credited.
 * One row per order and kind (a rerun of the job adds nothing); an operator resolves an open or
 * settled row with a note (audited). Amounts in minor units.
 */
export const depositReconciliationItems = pgTable(
  'deposit_reconciliation_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The brand day (YYYY-MM-DD, settings `timeZone`) whose orders were compared. */
    businessDay: text('business_day').notNull(),
    provider: text('provider', { enum: ['bkash', 'nagad'] }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['paid_not_credited', 'credited_not_paid', 'amount_differs'] }).notNull(),
    /** The order's status when the mismatch was found. */
    orderStatus: text('order_status', { enum: ['pending', 'approved', 'rejected', 'expired'] }).notNull(),
    orderAmount: bigint('order_amount', { mode: 'bigint' }).notNull(),
    /** The provider's own word for the payment (`Completed`, `Failed`…), `unknown` when it knows none. */
    providerStatus: text('provider_status').notNull(),
    providerAmount: bigint('provider_amount', { mode: 'bigint' }),
    /** The provider's transaction id (bKash trxID, Nagad issuerPaymentRefNo), when it gave one. */
    providerTransactionId: text('provider_transaction_id'),
    state: text('state', { enum: ['open', 'settled', 'resolved'] }).notNull(),
    /** The journal entry of the job's settlement (`settled`). */
    entryId: bigint('entry_id', { mode: 'number' }),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_reconciliation_items_order_kind_key').on(table.orderId, table.kind),
    index('deposit_reconciliation_items_state_idx').on(table.state, table.businessDay),
  ],
);
