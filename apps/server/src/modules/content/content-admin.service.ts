import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type z } from 'zod';
import {
  type announcementInputSchema,
  type bannerInputSchema,
  type helpArticleInputSchema,
  type promotionInputSchema,
  type BannerGroupName,
  type LanguageCode,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getGameMenus } from '../games/game-menus.service.ts';
import { forgetContent } from './content.service.ts';
import {
  contentAnnouncements,
  contentAudit,
  contentBanners,
  contentHelpArticles,
  contentHelpMenus,
  contentPromotions,
  type LocalisedTexts,
} from './content.tables.ts';
import { plainText, sanitizeContentHtml } from './sanitize.ts';

export type BannerInput = z.output<typeof bannerInputSchema>;
export type AnnouncementInput = z.output<typeof announcementInputSchema>;
export type HelpArticleInput = z.output<typeof helpArticleInputSchema>;
export type PromotionInput = z.output<typeof promotionInputSchema>;

/** Who made a change and on which request: written with every change (content_audit). */
export interface Actor {
  name: string;
  requestId?: string;
}

type BannerRow = typeof contentBanners.$inferSelect;

function invalid(field: string, reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { issues: [{ field, reason }] });
}

const toDate = (value: string | null) => (value ? new Date(value) : null);

function checkWindow(startsAt: Date | null, endsAt: Date | null) {
  if (startsAt && endsAt && endsAt <= startsAt) throw invalid('endsAt', 'must be after startsAt');
}

/** The in-app routes a banner may open (spec 2 route table); queries are allowed after them. */
const appRoutes = new Set([
  '/index',
  '/register',
  '/login',
  '/noticePage',
  '/pointMall',
  '/deposit-rank',
  '/bet-rank',
  '/fish',
  '/pvp',
  '/live',
  '/sports',
  '/esports',
  '/elott',
  '/lottery',
  '/vnlottery',
  '/rng',
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/help',
  '/down',
  '/download',
  '/join',
]);

async function transact<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => work(tx as unknown as Database));
  forgetContent(db);
  return result;
}

async function audit(
  tx: Database,
  actor: Actor,
  entry: { action: string; entity: string; entityId: number | string; before: unknown; after: unknown },
) {
  await tx.insert(contentAudit).values({
    actor: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId ?? null,
  });
}

// ---------------------------------------------------------------------------------------------------
// Banners

async function checkLinkage(db: Database, input: BannerInput) {
  const { linkageType, linkageTarget } = input;
  if (linkageType === null) {
    if (linkageTarget !== null) throw invalid('linkageTarget', 'needs a linkageType');
    return;
  }
  if (linkageTarget === null) throw invalid('linkageTarget', `is required for linkageType ${linkageType}`);
  switch (linkageType) {
    case 'route': {
      const pathname = linkageTarget.split(/[?#]/)[0] ?? '';
      const known = appRoutes.has(pathname) || /^\/games\/[A-Z]+\/(hot|vassalage)\/[\w-]+$/.test(pathname);
      if (!known || !/^\/[\w\-/.?=&%]*$/.test(linkageTarget)) {
        throw invalid('linkageTarget', 'is not a page of the site');
      }
      return;
    }
    case 'game': {
      const vendors = (await getGameMenus(db)).flatMap((menu) => menu.vendors);
      if (!vendors.some((vendor) => vendor.vassalage === linkageTarget)) {
        throw invalid('linkageTarget', 'is not an enabled game vendor');
      }
      return;
    }
    case 'promotion': {
      const id = Number(linkageTarget);
      const rows = Number.isInteger(id)
        ? await db
            .select({ id: contentPromotions.id })
            .from(contentPromotions)
            .where(eq(contentPromotions.id, id))
        : [];
      if (rows.length === 0) throw invalid('linkageTarget', 'is not a promotion');
      return;
    }
    case 'url': {
      let url: URL | null = null;
      try {
        url = new URL(linkageTarget);
      } catch {
        url = null;
      }
      if (!url || url.protocol !== 'https:') throw invalid('linkageTarget', 'must be an https URL');
      return;
    }
  }
}

function overlaps(a: BannerRow, b: BannerRow): boolean {
  const languagesMeet = a.language === null || b.language === null || a.language === b.language;
  if (!languagesMeet || a.groupName !== b.groupName || a.sortOrder !== b.sortOrder) return false;
  if (!a.enabled || !b.enabled) return false;
  const aStart = a.startsAt?.getTime() ?? -Infinity;
  const aEnd = a.endsAt?.getTime() ?? Infinity;
  const bStart = b.startsAt?.getTime() ?? -Infinity;
  const bEnd = b.endsAt?.getTime() ?? Infinity;
  return aStart < bEnd && bStart < aEnd;
}

/** One banner per group, language and position at any moment: the carousel order is never ambiguous. */
async function checkNoOverlap(tx: Database, group: BannerGroupName | string) {
  const rows = await tx
    .select()
    .from(contentBanners)
    .where(eq(contentBanners.groupName, group))
    .orderBy(asc(contentBanners.id));
  for (const [index, row] of rows.entries()) {
    const clash = rows.slice(index + 1).find((other) => overlaps(row, other));
    if (clash) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [
          {
            field: 'sortOrder',
            reason: `banners ${row.id} and ${clash.id} would hold position ${row.sortOrder} of ${group} at the same time`,
          },
        ],
        value: { conflictingBannerIds: [row.id, clash.id] },
      });
    }
  }
}

/** Serialises banner writes so that two overlapping schedules cannot both pass the check. */
async function lockBanners(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content_banners'))`);
}

function bannerValues(input: BannerInput) {
  const startsAt = toDate(input.startsAt);
  const endsAt = toDate(input.endsAt);
  checkWindow(startsAt, endsAt);
  return {
    groupName: input.groupName,
    language: input.language,
    title: plainText(input.title),
    imageUrl: input.url,
    mobileImageUrl: input.mobileUrl,
    linkageType: input.linkageType,
    linkageTarget: input.linkageTarget,
    sortOrder: input.sortOrder,
    startsAt,
    endsAt,
    enabled: input.enabled,
  };
}

export async function createBanner(db: Database, input: BannerInput, actor: Actor) {
  const values = bannerValues(input);
  await checkLinkage(db, input);
  return transact(db, async (tx) => {
    await lockBanners(tx);
    const [row] = await tx.insert(contentBanners).values(values).returning();
    await checkNoOverlap(tx, input.groupName);
    await audit(tx, actor, {
      action: 'create',
      entity: 'banner',
      entityId: row!.id,
      before: null,
      after: row,
    });
    return { id: row!.id };
  });
}

export async function updateBanner(db: Database, input: BannerInput & { id: number }, actor: Actor) {
  const values = bannerValues(input);
  await checkLinkage(db, input);
  return transact(db, async (tx) => {
    await lockBanners(tx);
    const [before] = await tx.select().from(contentBanners).where(eq(contentBanners.id, input.id));
    if (!before) throw new AppError('NOT_FOUND');
    const [after] = await tx
      .update(contentBanners)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentBanners.id, input.id))
      .returning();
    await checkNoOverlap(tx, input.groupName);
    if (before.groupName !== input.groupName) await checkNoOverlap(tx, before.groupName);
    await audit(tx, actor, { action: 'update', entity: 'banner', entityId: input.id, before, after });
    return { id: input.id };
  });
}

/** Positions 1…n in the order given; the list must hold every banner of that group and language. */
export async function orderBanners(
  db: Database,
  input: { groupName: BannerGroupName; language: LanguageCode | null; ids: number[] },
  actor: Actor,
) {
  if (new Set(input.ids).size !== input.ids.length) throw invalid('ids', 'lists a banner twice');
  return transact(db, async (tx) => {
    await lockBanners(tx);
    const rows = await tx
      .select()
      .from(contentBanners)
      .where(
        and(
          eq(contentBanners.groupName, input.groupName),
          input.language === null
            ? isNull(contentBanners.language)
            : eq(contentBanners.language, input.language),
        ),
      );
    const known = new Set(rows.map((row) => row.id));
    if (rows.length !== input.ids.length || input.ids.some((id) => !known.has(id))) {
      throw invalid('ids', `must list exactly the ${rows.length} banners of this group and language`);
    }
    const before = rows.map((row) => ({ id: row.id, sortOrder: row.sortOrder }));
    for (const [index, id] of input.ids.entries()) {
      await tx
        .update(contentBanners)
        .set({ sortOrder: index + 1, updatedAt: new Date() })
        .where(eq(contentBanners.id, id));
    }
    await checkNoOverlap(tx, input.groupName);
    const after = input.ids.map((id, index) => ({ id, sortOrder: index + 1 }));
    await audit(tx, actor, {
      action: 'order',
      entity: 'banner',
      entityId: `${input.groupName}:${input.language ?? '*'}`,
      before,
      after,
    });
    return { ids: input.ids };
  });
}

export async function deleteBanner(db: Database, id: number, actor: Actor) {
  return transact(db, async (tx) => {
    const [before] = await tx.delete(contentBanners).where(eq(contentBanners.id, id)).returning();
    if (!before) throw new AppError('NOT_FOUND');
    await audit(tx, actor, { action: 'delete', entity: 'banner', entityId: id, before, after: null });
    return { id };
  });
}

export async function listAllBanners(db: Database, group?: BannerGroupName) {
  const rows = await db
    .select()
    .from(contentBanners)
    .where(group ? eq(contentBanners.groupName, group) : undefined)
    .orderBy(asc(contentBanners.groupName), asc(contentBanners.sortOrder), asc(contentBanners.id));
  return rows.map((row) => ({
    bannerId: row.id,
    groupName: row.groupName as BannerGroupName,
    language: row.language as LanguageCode | null,
    url: row.imageUrl,
    mobileUrl: row.mobileImageUrl,
    title: row.title,
    linkageType: row.linkageType as BannerInput['linkageType'],
    linkageTarget: row.linkageTarget,
    sortOrder: row.sortOrder,
    startsAt: row.startsAt?.getTime() ?? null,
    endsAt: row.endsAt?.getTime() ?? null,
    enabled: row.enabled,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Texts with HTML

function cleanTexts<T extends { title: string; content: string }>(texts: LocalisedTexts<T>) {
  const result: LocalisedTexts<T> = {};
  for (const [language, text] of Object.entries(texts)) {
    if (!text) continue;
    const content = sanitizeContentHtml(text.content);
    const title = plainText(text.title);
    if (!title) throw invalid(`texts.${language}.title`, 'is empty once markup is removed');
    result[language] = { ...text, title, content };
  }
  return result;
}

// Announcements

function announcementValues(input: AnnouncementInput) {
  const startsAt = toDate(input.startsAt) ?? new Date();
  const endsAt = toDate(input.endsAt);
  checkWindow(startsAt, endsAt);
  return {
    type: input.type,
    texts: cleanTexts(input.texts),
    startsAt,
    endsAt,
    sortOrder: input.sortOrder,
    enabled: input.enabled,
  };
}

export async function createAnnouncement(db: Database, input: AnnouncementInput, actor: Actor) {
  const values = announcementValues(input);
  return transact(db, async (tx) => {
    const [row] = await tx.insert(contentAnnouncements).values(values).returning();
    await audit(tx, actor, {
      action: 'create',
      entity: 'announcement',
      entityId: row!.id,
      before: null,
      after: row,
    });
    return { id: row!.id };
  });
}

export async function updateAnnouncement(
  db: Database,
  input: AnnouncementInput & { id: number },
  actor: Actor,
) {
  const values = announcementValues(input);
  return transact(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(contentAnnouncements)
      .where(eq(contentAnnouncements.id, input.id));
    if (!before) throw new AppError('NOT_FOUND');
    const [after] = await tx
      .update(contentAnnouncements)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentAnnouncements.id, input.id))
      .returning();
    await audit(tx, actor, { action: 'update', entity: 'announcement', entityId: input.id, before, after });
    return { id: input.id };
  });
}

export async function deleteAnnouncement(db: Database, id: number, actor: Actor) {
  return transact(db, async (tx) => {
    const [before] = await tx.delete(contentAnnouncements).where(eq(contentAnnouncements.id, id)).returning();
    if (!before) throw new AppError('NOT_FOUND');
    await audit(tx, actor, { action: 'delete', entity: 'announcement', entityId: id, before, after: null });
    return { id };
  });
}

// Help articles

export async function saveHelpArticle(db: Database, input: HelpArticleInput, actor: Actor) {
  const texts = cleanTexts(input.texts);
  return transact(db, async (tx) => {
    const [menu] = await tx.select().from(contentHelpMenus).where(eq(contentHelpMenus.slug, input.menuSlug));
    if (!menu) throw invalid('menuSlug', 'is not a help menu');
    const [before] = await tx
      .select()
      .from(contentHelpArticles)
      .where(eq(contentHelpArticles.slug, input.slug));
    const values = {
      menuId: menu.id,
      slug: input.slug,
      texts,
      sortOrder: input.sortOrder,
      enabled: input.enabled,
      updatedAt: new Date(),
    };
    const [after] = before
      ? await tx
          .update(contentHelpArticles)
          .set(values)
          .where(eq(contentHelpArticles.id, before.id))
          .returning()
      : await tx.insert(contentHelpArticles).values(values).returning();
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'help_article',
      entityId: after!.id,
      before: before ?? null,
      after,
    });
    return { id: after!.id };
  });
}

export async function deleteHelpArticle(db: Database, id: number, actor: Actor) {
  return transact(db, async (tx) => {
    const [before] = await tx.delete(contentHelpArticles).where(eq(contentHelpArticles.id, id)).returning();
    if (!before) throw new AppError('NOT_FOUND');
    await audit(tx, actor, { action: 'delete', entity: 'help_article', entityId: id, before, after: null });
    return { id };
  });
}

// Promotions

function promotionValues(input: PromotionInput) {
  const startsAt = toDate(input.startsAt);
  const endsAt = toDate(input.endsAt);
  checkWindow(startsAt, endsAt);
  const texts = cleanTexts(input.texts);
  for (const text of Object.values(texts)) if (text) text.summary = plainText(text.summary);
  return {
    type: input.type,
    action: input.action,
    texts,
    imageUrl: input.imageUrl,
    startsAt,
    endsAt,
    sortOrder: input.sortOrder,
    enabled: input.enabled,
  };
}

export async function createPromotion(db: Database, input: PromotionInput, actor: Actor) {
  const values = promotionValues(input);
  return transact(db, async (tx) => {
    const [row] = await tx.insert(contentPromotions).values(values).returning();
    await audit(tx, actor, {
      action: 'create',
      entity: 'promotion',
      entityId: row!.id,
      before: null,
      after: row,
    });
    return { id: row!.id };
  });
}

export async function updatePromotion(db: Database, input: PromotionInput & { id: number }, actor: Actor) {
  const values = promotionValues(input);
  return transact(db, async (tx) => {
    const [before] = await tx.select().from(contentPromotions).where(eq(contentPromotions.id, input.id));
    if (!before) throw new AppError('NOT_FOUND');
    const [after] = await tx
      .update(contentPromotions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentPromotions.id, input.id))
      .returning();
    await audit(tx, actor, { action: 'update', entity: 'promotion', entityId: input.id, before, after });
    return { id: input.id };
  });
}

/** A promotion a banner still opens is not deleted (the banner would lead nowhere). */
export async function deletePromotion(db: Database, id: number, actor: Actor) {
  return transact(db, async (tx) => {
    const linked = await tx
      .select({ id: contentBanners.id })
      .from(contentBanners)
      .where(and(eq(contentBanners.linkageType, 'promotion'), eq(contentBanners.linkageTarget, String(id))));
    if (linked.length > 0) {
      throw new AppError('CONFLICT', {
        issues: [
          { field: 'id', reason: `banners ${linked.map((row) => row.id).join(', ')} open this promotion` },
        ],
      });
    }
    const [before] = await tx.delete(contentPromotions).where(eq(contentPromotions.id, id)).returning();
    if (!before) throw new AppError('NOT_FOUND');
    await audit(tx, actor, { action: 'delete', entity: 'promotion', entityId: id, before, after: null });
    return { id };
  });
}

// Audit

export async function recordAudit(
  db: Database,
  actor: Actor,
  entry: { action: string; entity: string; entityId: string; after: unknown },
) {
  await audit(db, actor, { ...entry, before: null });
}

export async function listAudit(db: Database, limit: number) {
  const rows = await db.select().from(contentAudit).orderBy(desc(contentAudit.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.getTime(),
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
  }));
}
