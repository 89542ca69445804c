import { z } from 'zod';
import { defineCall } from '../define.ts';
import { INT4_MAX, epochMsSchema } from '../input-rules.ts';
import { slotClassifySchema } from '../games.ts';
import { gameCategorySchema, languageCodeSchema } from '../system.ts';
import { announcementTypeSchema, promotionActionSchema, promotionTypeSchema } from '../content.ts';
import type { OperatorPermission } from './roles.ts';

/**
 * The back office's site calls (issue 15, item 5): the operator's lists of announcements, help and
 * footer pages and promotions (the banners' list and every content change are the content calls of
 * content.ts), the games and vendors (switch on/off, hot, order, categories; sync is
 * operatorSyncGames), and the brand's settings document (read, check with its diff, save).
 *
 * Footer pages are the help articles of the `about` help menu: the member site's footer lists them
 * (apps/web footer), so they are edited as help articles (operatorSaveHelpArticle, menuSlug about).
 */

/** The help menu whose articles the member site's footer lists. */
export const footerHelpMenuSlug = 'about';

const ms = z.number().int();
const localised = <T extends z.ZodType>(value: T) => z.partialRecord(languageCodeSchema, value);

export const operatorAnnouncementSchema = z.object({
  id: z.number().int(),
  type: announcementTypeSchema,
  texts: localised(z.object({ title: z.string(), content: z.string() })),
  startsAt: ms,
  endsAt: ms.nullable(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  updatedAt: ms,
});
export type OperatorAnnouncement = z.infer<typeof operatorAnnouncementSchema>;

export const operatorHelpArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  texts: localised(z.object({ title: z.string(), content: z.string() })),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  updatedAt: ms,
});
export const operatorHelpMenuSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  titles: localised(z.string()),
  /** The footer lists this menu's articles (footerHelpMenuSlug). */
  footer: z.boolean(),
  articles: z.array(operatorHelpArticleSchema),
});
export type OperatorHelpMenu = z.infer<typeof operatorHelpMenuSchema>;
export type OperatorHelpArticle = z.infer<typeof operatorHelpArticleSchema>;

export const operatorPromotionSchema = z.object({
  id: z.number().int(),
  type: promotionTypeSchema,
  action: promotionActionSchema,
  texts: localised(z.object({ title: z.string(), summary: z.string(), content: z.string() })),
  imageUrl: z.string().nullable(),
  startsAt: ms.nullable(),
  endsAt: ms.nullable(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  updatedAt: ms,
});
export type OperatorPromotion = z.infer<typeof operatorPromotionSchema>;

/** What the operator set on a game or vendor; the catalogue sync keeps these over the vendor's. */
export const operatorOverridesSchema = z.object({
  enabled: z.boolean().optional(),
  isHot: z.boolean().optional(),
  sortOrder: z.number().int().optional(),
  gameType: gameCategorySchema.optional(),
  classify: slotClassifySchema.nullable().optional(),
});

export const operatorVendorSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  vendorCode: z.string().nullable(),
  gameType: z.string(),
  walletMode: z.string(),
  enabled: z.boolean(),
  isHot: z.boolean(),
  sortOrder: z.number().int(),
  games: z.number().int(),
  enabledGames: z.number().int(),
  lastSyncAt: ms.nullable(),
  lastSyncError: z.string().nullable(),
  /** A transfer-mode vendor's bet records: when a pull last read them to the end (null: never). */
  recordsPulledAt: ms.nullable(),
  /**
   * Why the last pull of its records stopped short, and rounds found off its game wallets (the
   * hourly check): shown until a pull reads to the end and they agree. Null when all is well.
   */
  recordsError: z.string().nullable(),
  overrides: operatorOverridesSchema,
});
export type OperatorVendor = z.infer<typeof operatorVendorSchema>;

export const operatorGameSchema = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  vendorCode: z.string(),
  gameCode: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  gameType: z.string(),
  classify: z.string().nullable(),
  enabled: z.boolean(),
  isHot: z.boolean(),
  sortOrder: z.number().int(),
  syncedAt: ms,
  overrides: operatorOverridesSchema,
});
export type OperatorGame = z.infer<typeof operatorGameSchema>;

const vassalageSchema = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'letters, digits, _ . -');
const sortOrderInput = z.number().int().min(0).max(100_000);

export const vendorUpdateBodySchema = z.object({
  vassalage: vassalageSchema,
  enabled: z.boolean().optional(),
  isHot: z.boolean().optional(),
  sortOrder: sortOrderInput.optional(),
  /** The header category the vendor shows under. */
  gameType: gameCategorySchema.optional(),
});

export const gameUpdateBodySchema = z.object({
  nodeId: z.number().int().min(1).max(INT4_MAX),
  enabled: z.boolean().optional(),
  isHot: z.boolean().optional(),
  sortOrder: sortOrderInput.optional(),
  /** The lobby category and the slot classify (null: none). */
  gameType: gameCategorySchema.optional(),
  classify: slotClassifySchema.nullable().optional(),
});

/** One changed leaf of the settings document: its dotted path, the value before and after. */
export const settingsDiffEntrySchema = z.object({
  path: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type SettingsDiffEntry = z.infer<typeof settingsDiffEntrySchema>;

/** Largest settings document accepted (JSON characters). */
export const settingsDocumentMaxChars = 200_000;

export const siteAdminCalls = {
  operatorAnnouncements: defineCall({
    id: 'operatorAnnouncements',
    method: 'GET',
    path: '/api/operator/site/announcements',
    auth: 'operator',
    encrypted: false,
    summary: 'Every announcement (the notice bar is type B), scheduled or not, with its texts per language',
    tag: 'back-office-site',
    query: z.object({ type: announcementTypeSchema.optional() }),
    value: z.array(operatorAnnouncementSchema),
  }),
  operatorHelpArticles: defineCall({
    id: 'operatorHelpArticles',
    method: 'GET',
    path: '/api/operator/site/help',
    auth: 'operator',
    encrypted: false,
    summary: 'Help menus with every article (the footer pages are the about menu), shown or not',
    tag: 'back-office-site',
    value: z.array(operatorHelpMenuSchema),
  }),
  operatorPromotions: defineCall({
    id: 'operatorPromotions',
    method: 'GET',
    path: '/api/operator/site/promotions',
    auth: 'operator',
    encrypted: false,
    summary: 'Every promotion page, scheduled or not, with its texts per language',
    tag: 'back-office-site',
    query: z.object({ type: promotionTypeSchema.optional() }),
    value: z.array(operatorPromotionSchema),
  }),
  operatorVendors: defineCall({
    id: 'operatorVendors',
    method: 'GET',
    path: '/api/operator/site/vendors',
    auth: 'operator',
    encrypted: false,
    summary: 'Every lobby vendor with its switches, game counts and last sync',
    tag: 'back-office-site',
    value: z.array(operatorVendorSchema),
  }),
  operatorGames: defineCall({
    id: 'operatorGames',
    method: 'GET',
    path: '/api/operator/site/games',
    auth: 'operator',
    encrypted: false,
    summary: 'The game catalogue, searched by name or code, paged, in lobby order',
    tag: 'back-office-site',
    query: z.object({
      search: z.string().trim().max(60).optional(),
      vassalage: vassalageSchema.optional(),
      gameType: gameCategorySchema.optional(),
      enabled: z.enum(['all', 'on', 'off']).default('all'),
      pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    value: z.object({
      games: z.array(operatorGameSchema),
      total: z.number().int(),
      pageNo: z.number().int(),
      pageSize: z.number().int(),
    }),
  }),
  operatorVendorUpdate: defineCall({
    id: 'operatorVendorUpdate',
    method: 'POST',
    path: '/api/operator/site/vendor/update',
    auth: 'operator',
    encrypted: false,
    summary: 'Switch a lobby vendor on or off, mark it hot, set its order or category (kept over syncs)',
    tag: 'back-office-site',
    body: vendorUpdateBodySchema,
    value: operatorVendorSchema,
  }),
  operatorGameUpdate: defineCall({
    id: 'operatorGameUpdate',
    method: 'POST',
    path: '/api/operator/site/game/update',
    auth: 'operator',
    encrypted: false,
    summary: 'Switch a game on or off, mark it hot, set its order or categories (kept over syncs)',
    tag: 'back-office-site',
    body: gameUpdateBodySchema,
    value: operatorGameSchema,
  }),
  operatorSettings: defineCall({
    id: 'operatorSettings',
    method: 'GET',
    path: '/api/operator/site/settings',
    auth: 'operator',
    encrypted: false,
    summary: 'The brand settings document as validated (every default filled in), and when it last changed',
    tag: 'back-office-site',
    value: z.object({
      document: z.record(z.string(), z.unknown()),
      updatedAt: ms.nullable(),
    }),
  }),
  operatorSettingsSave: defineCall({
    id: 'operatorSettingsSave',
    method: 'POST',
    path: '/api/operator/site/settings/save',
    auth: 'operator',
    encrypted: false,
    summary:
      'Check (dryRun) or replace the whole settings document: validated by the settings schema, answers the diff',
    tag: 'back-office-site',
    body: z.object({
      document: z.record(z.string().max(100), z.unknown()),
      /** Only validate and answer the diff; nothing is written. */
      dryRun: z.boolean().default(false),
      /** The updatedAt the operator's copy was read at: a newer save in between is a CONFLICT. */
      baseUpdatedAt: epochMsSchema.nullable().optional(),
    }),
    value: z.object({
      saved: z.boolean(),
      diff: z.array(settingsDiffEntrySchema),
      document: z.record(z.string(), z.unknown()),
      updatedAt: ms.nullable(),
    }),
  }),
};

/** The permission each of these calls needs (call-permissions.ts). */
export const siteAdminCallPermissions: Record<keyof typeof siteAdminCalls, OperatorPermission> = {
  operatorAnnouncements: 'content.read',
  operatorHelpArticles: 'content.read',
  operatorPromotions: 'content.read',
  operatorVendors: 'content.read',
  operatorGames: 'content.read',
  operatorVendorUpdate: 'games.manage',
  operatorGameUpdate: 'games.manage',
  operatorSettings: 'content.read',
  operatorSettingsSave: 'settings.write',
};
