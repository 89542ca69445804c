import { asc, desc, eq } from 'drizzle-orm';
import type {
  ActivityState,
  Announcement,
  AnnouncementType,
  Banner,
  BannerGroupName,
  HelpMenu,
  LanguageCode,
  LinkageType,
  PromotionDetail,
  PromotionSummary,
  PromotionType,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { createReadCache, dataChanged } from '../../shared/read-cache.ts';
import {
  contentAnnouncements,
  contentBanners,
  contentHelpArticles,
  contentHelpMenus,
  contentPromotions,
  type LocalisedTexts,
} from './content.tables.ts';

type BannerRow = typeof contentBanners.$inferSelect;
type AnnouncementRow = typeof contentAnnouncements.$inferSelect;
type PromotionRow = typeof contentPromotions.$inferSelect;
type HelpRows = {
  menus: (typeof contentHelpMenus.$inferSelect)[];
  articles: (typeof contentHelpArticles.$inferSelect)[];
};

/**
 * Every page view reads banners and announcements: each instance keeps the rows for a few seconds
 * and filters by schedule per request, so a scheduled banner appears on time (the shared answers
 * of the public calls keep it a few seconds more: shared/response-cache.ts). A write forgets them
 * at once on this instance, and with Redis on the others; without it they see it within the TTLs.
 */
const CACHE_MS = 5_000;
const bannerCache = createReadCache<Database, BannerRow[]>(CACHE_MS, { tag: 'content' });
const announcementCache = createReadCache<Database, AnnouncementRow[]>(CACHE_MS, { tag: 'content' });
const promotionCache = createReadCache<Database, PromotionRow[]>(CACHE_MS, { tag: 'content' });
const helpCache = createReadCache<Database, HelpRows>(CACHE_MS, { tag: 'content' });

/** Call after a content write has committed: every instance reads it fresh. */
export function forgetContent(db: Database): Promise<void> {
  return dataChanged(db, 'content');
}

/** Texts fall back like the web's catalogues: the language asked, then English, then Bengali, then any. */
export function pickText<T>(texts: LocalisedTexts<T>, language: LanguageCode): T | null {
  return texts[language] ?? texts.EN ?? texts.BN ?? Object.values(texts).find((value) => value) ?? null;
}

export function isLive(
  row: { enabled: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): boolean {
  if (!row.enabled) return false;
  if (row.startsAt && row.startsAt > now) return false;
  return !(row.endsAt && row.endsAt <= now);
}

const ms = (date: Date | null) => (date ? date.getTime() : null);

// ---------------------------------------------------------------------------------------------------
// Banners

function loadBanners(db: Database) {
  return bannerCache.get(db, 'all', () =>
    db.select().from(contentBanners).orderBy(asc(contentBanners.sortOrder), asc(contentBanners.id)),
  );
}

/**
 * The carousel of a group: live banners of the visitor's language plus the language-free ones. When
 * the language has none of its own, the English ones stand in (as the catalogues fall back).
 */
/** The live rows of a group in a language: its own when it has any, else English; plus those for all. */
async function liveBannerRows(
  db: Database,
  options: { group: BannerGroupName; language: LanguageCode; now?: Date },
) {
  const now = options.now ?? new Date();
  const live = (await loadBanners(db)).filter((row) => row.groupName === options.group && isLive(row, now));
  const hasOwn = live.some((row) => row.language === options.language);
  const language = hasOwn ? options.language : 'EN';
  return live.filter((row) => row.language === null || row.language === language);
}

export async function listBanners(
  db: Database,
  options: { group: BannerGroupName; language: LanguageCode; now?: Date },
): Promise<Banner[]> {
  return (await liveBannerRows(db, options)).map((row) => ({
    bannerId: row.id,
    groupName: options.group,
    url: row.imageUrl,
    mobileUrl: row.mobileImageUrl,
    title: row.title,
    linkageType: (row.linkageType as LinkageType | null) ?? null,
    linkageTarget: row.linkageTarget,
  }));
}

/** The first banner of a group as the home page shows it first, with the language of its row (null: all). */
export async function firstBanner(
  db: Database,
  options: { group: BannerGroupName; language: LanguageCode },
): Promise<{ url: string; mobileUrl: string | null; title: string; language: LanguageCode | null } | null> {
  const [row] = await liveBannerRows(db, options);
  if (!row) return null;
  return {
    url: row.imageUrl,
    mobileUrl: row.mobileImageUrl,
    title: row.title,
    language: (row.language as LanguageCode | null) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Announcements

function loadAnnouncements(db: Database) {
  return announcementCache.get(db, 'all', () =>
    db
      .select()
      .from(contentAnnouncements)
      .orderBy(desc(contentAnnouncements.startsAt), asc(contentAnnouncements.sortOrder)),
  );
}

/** Spec 7 MCSFE_getListAnnouncements: live announcements of the types asked, newest first. */
export async function listAnnouncements(
  db: Database,
  options: { types: readonly AnnouncementType[]; language: LanguageCode; now?: Date },
): Promise<Announcement[]> {
  const now = options.now ?? new Date();
  const rows = await loadAnnouncements(db);
  const result: Announcement[] = [];
  for (const row of rows) {
    if (!options.types.includes(row.type as AnnouncementType) || !isLive(row, now)) continue;
    const text = pickText(row.texts, options.language);
    if (!text) continue;
    result.push({
      id: row.id,
      type: row.type as AnnouncementType,
      title: text.title,
      content: text.content,
      startDateStr: row.startsAt.getTime(),
    });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Help centre

function loadHelp(db: Database) {
  return helpCache.get(db, 'all', async () => ({
    menus: await db.select().from(contentHelpMenus).orderBy(asc(contentHelpMenus.sortOrder)),
    articles: await db
      .select()
      .from(contentHelpArticles)
      .orderBy(asc(contentHelpArticles.sortOrder), asc(contentHelpArticles.id)),
  }));
}

/** GET /wps/system/helpCenter: menus in order, each with its enabled articles; empty menus left out. */
export async function getHelpCenter(db: Database, language: LanguageCode): Promise<{ menus: HelpMenu[] }> {
  const { menus, articles } = await loadHelp(db);
  const result: HelpMenu[] = [];
  for (const menu of menus) {
    const menuArticles = articles
      .filter((article) => article.menuId === menu.id && article.enabled)
      .flatMap((article) => {
        const text = pickText(article.texts, language);
        return text
          ? [
              {
                id: article.id,
                slug: article.slug,
                title: text.title,
                content: text.content,
                updatedAt: article.updatedAt.getTime(),
              },
            ]
          : [];
      });
    if (menuArticles.length === 0) continue;
    result.push({
      id: menu.id,
      slug: menu.slug,
      title: pickText(menu.titles, language) ?? menu.slug,
      articles: menuArticles,
    });
  }
  return { menus: result };
}

// ---------------------------------------------------------------------------------------------------
// Promotions

function loadPromotions(db: Database) {
  return promotionCache.get(db, 'all', () =>
    db.select().from(contentPromotions).orderBy(asc(contentPromotions.sortOrder), asc(contentPromotions.id)),
  );
}

/**
 * Spec 4 activity state as a guest sees it: coming soon before the start, closed after the end,
 * otherwise what taking part means (join, claim) or `process` (runs by itself). The states that
 * belong to one member (applying, joined, claimed, issued, rejected) come with the claims.
 */
export function promotionStatus(row: PromotionRow, now: Date): ActivityState {
  if (row.startsAt && row.startsAt > now) return 'coming_soon';
  if (row.endsAt && row.endsAt <= now) return 'closed';
  switch (row.action) {
    case 'join':
      return 'join';
    case 'claim':
      return 'claim';
    default:
      return 'process';
  }
}

const statusRank: Record<ActivityState, number> = {
  join: 0,
  claim: 0,
  process: 0,
  applying: 0,
  joined: 0,
  claimed: 0,
  issued: 0,
  rejected: 0,
  coming_soon: 1,
  closed: 2,
};

function toSummary(row: PromotionRow, language: LanguageCode, now: Date): PromotionSummary | null {
  const text = pickText(row.texts, language);
  if (!text) return null;
  return {
    id: row.id,
    type: row.type as PromotionType,
    title: text.title,
    summary: text.summary,
    imageUrl: row.imageUrl,
    startsAt: ms(row.startsAt),
    endsAt: ms(row.endsAt),
    status: promotionStatus(row, now),
  };
}

/** Running promotions first, then coming soon, then closed; each in the operator's order. */
export async function listPromotions(
  db: Database,
  options: { type?: PromotionType; language: LanguageCode; now?: Date },
): Promise<PromotionSummary[]> {
  const now = options.now ?? new Date();
  return (await loadPromotions(db))
    .filter((row) => row.enabled && (!options.type || row.type === options.type))
    .map((row) => toSummary(row, options.language, now))
    .filter((summary): summary is PromotionSummary => summary !== null)
    .sort((a, b) => statusRank[a.status] - statusRank[b.status]);
}

export async function getPromotion(
  db: Database,
  options: { id: number; language: LanguageCode; now?: Date },
): Promise<PromotionDetail | null> {
  const now = options.now ?? new Date();
  const row = (await loadPromotions(db)).find((entry) => entry.id === options.id && entry.enabled);
  if (!row) return null;
  const summary = toSummary(row, options.language, now);
  const text = pickText(row.texts, options.language);
  if (!summary || !text) return null;
  return { ...summary, content: text.content, action: row.action as PromotionDetail['action'] };
}

export async function promotionExists(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: contentPromotions.id })
    .from(contentPromotions)
    .where(eq(contentPromotions.id, id));
  return rows.length > 0;
}
