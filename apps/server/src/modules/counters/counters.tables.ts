import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for abuse limits that must hold across instances and restarts: failed
 * logins per username and per address, SMS sends per number and per address.
 */
export const authCounters = pgTable('auth_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
