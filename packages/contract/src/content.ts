import { z } from 'zod';
import { defineCall } from './define.ts';
import { languageCodeSchema } from './system.ts';
import { INT4_MAX } from './input-rules.ts';

/** Banner groups (spec 2, and the dialogs' w_login / w_register, the rank pages' w_deposit20 / w_bet20). */
export const bannerGroups = [
  'home',
  'rng',
  'live',
  'fish',
  'pvp',
  'sports',
  'esports',
  'elott',
  'down',
  'promotions',
  'pointMall',
  'help',
  'w_login',
  'w_register',
  'w_deposit20',
  'w_bet20',
] as const;
export const bannerGroupSchema = z.enum(bannerGroups);
export type BannerGroupName = z.infer<typeof bannerGroupSchema>;

/**
 * What a click on a banner opens: an in-app route (`/promotions`), a game vendor (its vassalage), a
 * promotion (its id) or an external https URL. A banner without a linkage is only a picture.
 */
export const linkageTypes = ['route', 'game', 'promotion', 'url'] as const;
export const linkageTypeSchema = z.enum(linkageTypes);
export type LinkageType = z.infer<typeof linkageTypeSchema>;

/** Spec 3 Banner (bannerId, groupName, url, linkageType) with the mobile picture and the target. */
export const bannerSchema = z.object({
  bannerId: z.number().int(),
  groupName: bannerGroupSchema,
  /** Desktop picture. */
  url: z.string(),
  /** Picture for narrow screens; the desktop one when null. */
  mobileUrl: z.string().nullable(),
  /** Alternative text of the picture. */
  title: z.string(),
  linkageType: linkageTypeSchema.nullable(),
  linkageTarget: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

/**
 * Announcement types (brand setting B,PL,PU,PR,H; spec 3). The spec names them without meaning; we use:
 * B the notice bar, PU a popup on start, PL a popup after login, PR a promotion notice, H a help notice.
 * Every type is listed on /noticePage and in the notice bar.
 */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const announcementTypeSchema = z.enum(announcementTypes);
export type AnnouncementType = z.infer<typeof announcementTypeSchema>;

/** Spec 3 Announcement: content is sanitised HTML, startDateStr a ms timestamp. */
export const announcementSchema = z.object({
  id: z.number().int(),
  type: announcementTypeSchema,
  title: z.string(),
  content: z.string(),
  startDateStr: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const helpArticleSchema = z.object({
  id: z.number().int(),
  /** Stable address of the article: /help?page=<slug>. */
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  updatedAt: z.number().int(),
});
export const helpMenuSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export type HelpMenu = z.infer<typeof helpMenuSchema>;

/** Promotion kinds, the filters of /promotions. */
export const promotionTypes = ['welcome', 'deposit', 'rebate', 'vip', 'event'] as const;
export const promotionTypeSchema = z.enum(promotionTypes);
export type PromotionType = z.infer<typeof promotionTypeSchema>;

/** Spec 4 activity states. Member-specific ones arrive with the promotions issue (claims). */
export const activityStates = [
  'join',
  'claim',
  'applying',
  'closed',
  'rejected',
  'issued',
  'claimed',
  'process',
  'joined',
  'coming_soon',
] as const;
export const activityStateSchema = z.enum(activityStates);
export type ActivityState = z.infer<typeof activityStateSchema>;

/** How a member takes part: joining, claiming, or nothing to do (the promotion runs by itself). */
export const promotionActions = ['join', 'claim', 'none'] as const;
export const promotionActionSchema = z.enum(promotionActions);

export const promotionSummarySchema = z.object({
  id: z.number().int(),
  type: promotionTypeSchema,
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string().nullable(),
  /** ms timestamps; null for an open end. */
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  status: activityStateSchema,
});
export const promotionDetailSchema = promotionSummarySchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  action: promotionActionSchema,
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

const languageQuery = languageCodeSchema
  .optional()
  .describe('Defaults to the Language header, then the brand default');

// ---------------------------------------------------------------------------------------------------
// Operator (back office) inputs. Texts are per language; at least one language is needed.

const isoDateTime = z.iso.datetime({ offset: true }).max(40);
const textMap = <T extends z.ZodType>(value: T) =>
  z
    .partialRecord(languageCodeSchema, value)
    .refine((map) => Object.keys(map).length > 0, 'needs at least one language');

const htmlText = z.string().max(100_000);
const titleText = z.string().trim().min(1).max(200);
/** A title and sanitised HTML per language (announcements, help articles). */
const titleAndContentTexts = textMap(z.object({ title: titleText, content: htmlText }));
/** Where an operator lists an item, and whether it is shown at all. */
const listingFields = {
  sortOrder: z.number().int().min(0).max(10_000).default(100),
  enabled: z.boolean().default(true),
};
const imagePath = z
  .string()
  .max(500)
  .regex(/^(\/[\w./-]+|https:\/\/\S+)$/, 'must be a site path (/uploads/…) or an https URL');

export const bannerInputSchema = z.object({
  groupName: bannerGroupSchema,
  /** null: the same picture for every language. */
  language: languageCodeSchema.nullable().default(null),
  title: titleText,
  url: imagePath,
  mobileUrl: imagePath.nullable().default(null),
  linkageType: linkageTypeSchema.nullable().default(null),
  linkageTarget: z.string().trim().min(1).max(500).nullable().default(null),
  /** Position in the carousel, 1 first; one banner per position at any moment. */
  sortOrder: z.number().int().min(1).max(1000),
  startsAt: isoDateTime.nullable().default(null),
  endsAt: isoDateTime.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type BannerInput = z.input<typeof bannerInputSchema>;

export const announcementInputSchema = z.object({
  type: announcementTypeSchema,
  texts: titleAndContentTexts,
  /** Shown from (also the date the list shows); now when null. */
  startsAt: isoDateTime.nullable().default(null),
  endsAt: isoDateTime.nullable().default(null),
  ...listingFields,
});

export const helpArticleInputSchema = z.object({
  menuSlug: z
    .string()
    .max(60)
    .regex(/^[a-z0-9-]{2,60}$/),
  slug: z
    .string()
    .max(60)
    .regex(/^[a-z0-9-]{2,60}$/, 'lower-case letters, digits and hyphens'),
  texts: titleAndContentTexts,
  ...listingFields,
});

export const promotionInputSchema = z.object({
  type: promotionTypeSchema,
  action: promotionActionSchema.default('none'),
  texts: textMap(z.object({ title: titleText, summary: z.string().max(500), content: htmlText })),
  imageUrl: imagePath.nullable().default(null),
  startsAt: isoDateTime.nullable().default(null),
  endsAt: isoDateTime.nullable().default(null),
  ...listingFields,
});

const idParamQuery = z.object({ id: z.coerce.number().int().min(1).max(INT4_MAX) });
const okValue = z.object({ id: z.number().int() });

export const operatorBannerSchema = bannerSchema.extend({
  language: languageCodeSchema.nullable(),
  sortOrder: z.number().int(),
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  enabled: z.boolean(),
});

export const uploadSchema = z.object({
  /** Public path of the stored file, e.g. /uploads/3f…a1.webp. */
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  bytes: z.number().int(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const contentCalls = {
  banners: defineCall({
    id: 'contentBanners',
    method: 'GET',
    path: '/wps/system/banners',
    auth: 'public',
    encrypted: false,
    summary: 'Banners of one group in the visitor language, in carousel order, within their schedule',
    tag: 'content',
    query: z.object({ group: bannerGroupSchema, language: languageQuery }),
    value: z.array(bannerSchema),
  }),
  announcements: defineCall({
    id: 'MCSFE_getListAnnouncements',
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    auth: 'optional',
    encrypted: false,
    summary: 'Current announcements of the given types (spec 7 Home), newest first',
    tag: 'content',
    query: z.object({
      types: z
        .string()
        .max(40)
        .default('B,PL,PU,PR,H')
        .transform((text) => text.split(',').map((type) => type.trim()))
        .pipe(z.array(announcementTypeSchema).min(1))
        .describe('Comma-separated types: B,PL,PU,PR,H'),
      platform: z.enum(['W']).default('W'),
      execution: z.enum(['B']).default('B').describe('Execution type of the brand setting (B)'),
      language: languageQuery,
    }),
    value: z.object({ promotion: z.object({ content: z.array(announcementSchema) }) }),
  }),
  helpCenter: defineCall({
    id: 'systemHelpCenter',
    method: 'GET',
    path: '/wps/system/helpCenter',
    auth: 'public',
    encrypted: false,
    summary: 'Help centre menus and articles in the visitor language',
    tag: 'content',
    query: z.object({ language: languageQuery }),
    value: z.object({ menus: z.array(helpMenuSchema) }),
  }),
  promotions: defineCall({
    id: 'contentPromotions',
    method: 'GET',
    path: '/wps/promotion/list',
    auth: 'optional',
    encrypted: false,
    summary: 'Promotions (optionally of one type) with their activity state',
    tag: 'content',
    query: z.object({ type: promotionTypeSchema.optional(), language: languageQuery }),
    value: z.array(promotionSummarySchema),
  }),
  promotionDetail: defineCall({
    id: 'contentPromotionDetail',
    method: 'GET',
    path: '/wps/promotion/detail',
    auth: 'optional',
    encrypted: false,
    summary: 'One promotion with its body',
    tag: 'content',
    query: z.object({ id: z.coerce.number().int().min(1).max(INT4_MAX), language: languageQuery }),
    value: promotionDetailSchema,
  }),

  // Operator calls (back office).
  operatorBanners: defineCall({
    id: 'operatorBanners',
    method: 'GET',
    path: '/api/operator/content/banners',
    auth: 'operator',
    encrypted: false,
    summary: 'Every banner of a group, scheduled or not',
    tag: 'content-operator',
    query: z.object({ group: bannerGroupSchema.optional() }),
    value: z.array(operatorBannerSchema),
  }),
  createBanner: defineCall({
    id: 'operatorCreateBanner',
    method: 'POST',
    path: '/api/operator/content/banner/create',
    auth: 'operator',
    encrypted: false,
    summary: 'Add a banner (one per group, language and position at any moment)',
    tag: 'content-operator',
    body: bannerInputSchema,
    value: okValue,
  }),
  updateBanner: defineCall({
    id: 'operatorUpdateBanner',
    method: 'POST',
    path: '/api/operator/content/banner/update',
    auth: 'operator',
    encrypted: false,
    summary: 'Replace a banner',
    tag: 'content-operator',
    body: bannerInputSchema.extend({ id: z.number().int().min(1).max(INT4_MAX) }),
    value: okValue,
  }),
  orderBanners: defineCall({
    id: 'operatorOrderBanners',
    method: 'POST',
    path: '/api/operator/content/banner/order',
    auth: 'operator',
    encrypted: false,
    summary: 'Set the carousel order of every banner of a group and language',
    tag: 'content-operator',
    body: z.object({
      groupName: bannerGroupSchema,
      language: languageCodeSchema.nullable(),
      ids: z.array(z.number().int().min(1).max(INT4_MAX)).min(1).max(200),
    }),
    value: z.object({ ids: z.array(z.number().int()) }),
  }),
  deleteBanner: defineCall({
    id: 'operatorDeleteBanner',
    method: 'POST',
    path: '/api/operator/content/banner/delete',
    auth: 'operator',
    encrypted: false,
    summary: 'Remove a banner',
    tag: 'content-operator',
    body: idParamQuery,
    value: okValue,
  }),
  createAnnouncement: defineCall({
    id: 'operatorCreateAnnouncement',
    method: 'POST',
    path: '/api/operator/content/announcement/create',
    auth: 'operator',
    encrypted: false,
    summary: 'Add an announcement (HTML is sanitised)',
    tag: 'content-operator',
    body: announcementInputSchema,
    value: okValue,
  }),
  updateAnnouncement: defineCall({
    id: 'operatorUpdateAnnouncement',
    method: 'POST',
    path: '/api/operator/content/announcement/update',
    auth: 'operator',
    encrypted: false,
    summary: 'Replace an announcement',
    tag: 'content-operator',
    body: announcementInputSchema.extend({ id: z.number().int().min(1).max(INT4_MAX) }),
    value: okValue,
  }),
  deleteAnnouncement: defineCall({
    id: 'operatorDeleteAnnouncement',
    method: 'POST',
    path: '/api/operator/content/announcement/delete',
    auth: 'operator',
    encrypted: false,
    summary: 'Remove an announcement',
    tag: 'content-operator',
    body: idParamQuery,
    value: okValue,
  }),
  saveHelpArticle: defineCall({
    id: 'operatorSaveHelpArticle',
    method: 'POST',
    path: '/api/operator/content/help/save',
    auth: 'operator',
    encrypted: false,
    summary: 'Create or replace a help article by its slug (HTML is sanitised)',
    tag: 'content-operator',
    body: helpArticleInputSchema,
    value: okValue,
  }),
  deleteHelpArticle: defineCall({
    id: 'operatorDeleteHelpArticle',
    method: 'POST',
    path: '/api/operator/content/help/delete',
    auth: 'operator',
    encrypted: false,
    summary: 'Remove a help article',
    tag: 'content-operator',
    body: idParamQuery,
    value: okValue,
  }),
  createPromotion: defineCall({
    id: 'operatorCreatePromotion',
    method: 'POST',
    path: '/api/operator/content/promotion/create',
    auth: 'operator',
    encrypted: false,
    summary: 'Add a promotion page (HTML is sanitised)',
    tag: 'content-operator',
    body: promotionInputSchema,
    value: okValue,
  }),
  updatePromotion: defineCall({
    id: 'operatorUpdatePromotion',
    method: 'POST',
    path: '/api/operator/content/promotion/update',
    auth: 'operator',
    encrypted: false,
    summary: 'Replace a promotion page',
    tag: 'content-operator',
    body: promotionInputSchema.extend({ id: z.number().int().min(1).max(INT4_MAX) }),
    value: okValue,
  }),
  deletePromotion: defineCall({
    id: 'operatorDeletePromotion',
    method: 'POST',
    path: '/api/operator/content/promotion/delete',
    auth: 'operator',
    encrypted: false,
    summary: 'Remove a promotion page',
    tag: 'content-operator',
    body: idParamQuery,
    value: okValue,
  }),
  uploadImage: defineCall({
    id: 'operatorUploadImage',
    method: 'POST',
    path: '/api/operator/content/upload',
    auth: 'operator',
    encrypted: false,
    summary:
      'Store an image: the raw bytes as the body with Content-Type image/png, image/jpeg or image/webp',
    tag: 'content-operator',
    value: uploadSchema,
  }),
  contentAudit: defineCall({
    id: 'operatorContentAudit',
    method: 'GET',
    path: '/api/operator/content/audit',
    auth: 'operator',
    encrypted: false,
    summary: 'Who changed which content when, with the before and after',
    tag: 'content-operator',
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
    value: z.array(auditEntrySchema),
  }),
};
