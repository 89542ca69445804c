import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  countryCode: text('country_code').primaryKey(),
  countryDialingCode: text('country_dialing_code').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(1000),
  enabled: boolean('enabled').notNull().default(true),
});
