import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails of the `outbox` provider: what SMTP would have delivered (demo, operator, tests). */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
