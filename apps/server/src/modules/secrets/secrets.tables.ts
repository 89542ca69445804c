import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Server secrets made on first start (the envelope RSA key, the ALTCHA HMAC secret), shared by
 * every instance through the database. An operator may give them by env instead.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
