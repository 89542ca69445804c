import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type z } from 'zod';
import { type bannerInputSchema, type BannerGroupName, type LanguageCode } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getGameMenus } from '../games/game-menus.service.ts';
import { contentBanners, contentPromotions } from './content.tables.ts';
import { plainText } from './sanitize.ts';
import { type Actor, audit } from './content-admin.audit.ts';
import { invalid, toDate, checkWindow, transact } from './content-admin.common.ts';

/** Banners: where they link (in-app routes, games), their time windows and their order. */

export type BannerInput = z.output<typeof bannerInputSchema>;

type BannerRow = typeof contentBanners.$inferSelect;

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
