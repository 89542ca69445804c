import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Image captchas handed out: the answer's hash, single use, short-lived. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
