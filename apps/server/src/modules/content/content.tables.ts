import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { auditHead, createdAt, listing, updatedAt } from '../../db/columns.ts';

/** Title and sanitised HTML per language code (BN, EN, …). */
export type LocalisedTexts<T> = Partial<Record<string, T>>;
export type TitleAndContent = { title: string; content: string };
export type PromotionTexts = { title: string; summary: string; content: string };

/**
 * Carousel banners. One row per picture; `language` null means every language. At any moment one
 * banner holds a position (`sort_order`) of a group and language: the service refuses overlapping
 * schedules on the same slot.
 */
export const contentBanners = pgTable(
  'content_banners',
  {
    id: serial('id').primaryKey(),
    groupName: text('group_name').notNull(),
    language: text('language'),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    mobileImageUrl: text('mobile_image_url'),
    linkageType: text('linkage_type'),
    linkageTarget: text('linkage_target'),
    sortOrder: integer('sort_order').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('content_banners_group_idx').on(table.groupName, table.sortOrder)],
);

/** Announcements (spec 3): a type of the brand's list, texts per language, a publication window. */
export const contentAnnouncements = pgTable('content_announcements', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  texts: jsonb('texts').$type<LocalisedTexts<TitleAndContent>>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  ...listing(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Help centre menus: a slug, titles per language, an order. */
export const contentHelpMenus = pgTable('content_help_menus', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  titles: jsonb('titles').$type<LocalisedTexts<string>>().notNull(),
  sortOrder: integer('sort_order').notNull().default(100),
});

export const contentHelpArticles = pgTable('content_help_articles', {
  id: serial('id').primaryKey(),
  menuId: integer('menu_id')
    .notNull()
    .references(() => contentHelpMenus.id),
  slug: text('slug').notNull().unique(),
  texts: jsonb('texts').$type<LocalisedTexts<TitleAndContent>>().notNull(),
  ...listing(),
  updatedAt: updatedAt(),
});

/** Promotion pages. Claims and member states arrive with the promotions issue. */
export const contentPromotions = pgTable('content_promotions', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  action: text('action').notNull().default('none'),
  texts: jsonb('texts').$type<LocalisedTexts<PromotionTexts>>().notNull(),
  imageUrl: text('image_url'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  ...listing(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Images an operator uploaded; the file is stored on disk under its SHA-256 name. */
export const contentUploads = pgTable('content_uploads', {
  fileName: text('file_name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  createdAt: createdAt(),
});

/** Every operator change of content: who, when, what, before and after. Append-only. */
export const contentAudit = pgTable(
  'content_audit',
  {
    ...auditHead(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (table) => [index('content_audit_at_idx').on(table.at)],
);
