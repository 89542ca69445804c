import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * ALTCHA challenges already answered. A challenge is signed, so the server keeps none it hands
 * out; it only remembers the used ones until they expire, which makes every answer single use.
 */
export const usedHumanChallenges = pgTable('used_human_challenges', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
