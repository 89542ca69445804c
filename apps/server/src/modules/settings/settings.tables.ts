import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Brand settings and feature flags as one validated JSON document per brand (`merchant`).
 * Reads parse it through `siteSettingsSchema`, so a missing key takes its default.
 */
export const siteSettings = pgTable('site_settings', {
  merchant: text('merchant').primaryKey(),
  document: jsonb('document').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
