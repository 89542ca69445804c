import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.ts';

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
    kind: text('kind', { enum: ['bank_transfer', 'sandbox_gateway', 'bkash', 'nagad'] }).notNull(),
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
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    image: bytea('image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] })],
);
