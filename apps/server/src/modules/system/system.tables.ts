import { boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  countryCode: text('country_code').primaryKey(),
  countryDialingCode: text('country_dialing_code').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(1000),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * Game vendors. The games issue fills and syncs this table from vendor adapters; the foundation
 * reads it to show only the header categories that have vendors.
 */
export const gameVendors = pgTable('game_vendors', {
  vassalage: text('vassalage').primaryKey(),
  accountTypeId: integer('account_type_id').notNull(),
  displayName: text('display_name').notNull(),
  smallIcon: text('small_icon'),
  isHot: smallint('is_hot').notNull().default(0),
  gameType: text('game_type').notNull(),
  walletMode: text('wallet_mode').notNull().default('seamless'),
  launchKind: text('launch_kind').notNull().default('iframe'),
  /** The adapter (vendor_connections) that serves this lobby vendor's games and wallet calls. */
  vendorCode: text('vendor_code'),
  enabled: boolean('enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(1000),
});
