import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment gateway's own book of payments. It stands apart from the platform's
 * tables on purpose: the platform learns of a payment only through the gateway's signed callback,
 * as it would from a real gateway.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    merchantOrder: text('merchant_order').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    callbackUrl: text('callback_url').notNull(),
    returnUrl: text('return_url').notNull(),
    status: text('status', { enum: ['created', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('created'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_payments_due_idx').on(table.nextAttemptAt)],
);
