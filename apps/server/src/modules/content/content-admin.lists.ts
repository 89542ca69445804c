import { asc, desc, eq } from 'drizzle-orm';
import {
  footerHelpMenuSlug,
  type AnnouncementType,
  type OperatorAnnouncement,
  type OperatorHelpMenu,
  type OperatorPromotion,
  type PromotionType,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import {
  contentAnnouncements,
  contentHelpArticles,
  contentHelpMenus,
  contentPromotions,
} from './content.tables.ts';

/**
 * The back office's lists of content (issue 15): every row, shown or not, scheduled or not, with its
 * texts in every language, read straight from the tables (never the public caches).
 */

const ms = (date: Date | null) => (date ? date.getTime() : null);

export async function listAllAnnouncements(
  db: Database,
  type?: AnnouncementType,
): Promise<OperatorAnnouncement[]> {
  const rows = await db
    .select()
    .from(contentAnnouncements)
    .where(type ? eq(contentAnnouncements.type, type) : undefined)
    .orderBy(
      desc(contentAnnouncements.startsAt),
      asc(contentAnnouncements.sortOrder),
      desc(contentAnnouncements.id),
    );
  return rows.map((row) => ({
    id: row.id,
    type: row.type as AnnouncementType,
    texts: row.texts,
    startsAt: row.startsAt.getTime(),
    endsAt: ms(row.endsAt),
    sortOrder: row.sortOrder,
    enabled: row.enabled,
    updatedAt: row.updatedAt.getTime(),
  }));
}

export async function listAllHelp(db: Database): Promise<OperatorHelpMenu[]> {
  const [menus, articles] = await Promise.all([
    db.select().from(contentHelpMenus).orderBy(asc(contentHelpMenus.sortOrder), asc(contentHelpMenus.id)),
    db
      .select()
      .from(contentHelpArticles)
      .orderBy(asc(contentHelpArticles.sortOrder), asc(contentHelpArticles.id)),
  ]);
  return menus.map((menu) => ({
    id: menu.id,
    slug: menu.slug,
    titles: menu.titles,
    footer: menu.slug === footerHelpMenuSlug,
    articles: articles
      .filter((article) => article.menuId === menu.id)
      .map((article) => ({
        id: article.id,
        slug: article.slug,
        texts: article.texts,
        sortOrder: article.sortOrder,
        enabled: article.enabled,
        updatedAt: article.updatedAt.getTime(),
      })),
  }));
}

export async function listAllPromotions(db: Database, type?: PromotionType): Promise<OperatorPromotion[]> {
  const rows = await db
    .select()
    .from(contentPromotions)
    .where(type ? eq(contentPromotions.type, type) : undefined)
    .orderBy(asc(contentPromotions.sortOrder), desc(contentPromotions.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type as PromotionType,
    action: row.action as OperatorPromotion['action'],
    texts: row.texts,
    imageUrl: row.imageUrl,
    startsAt: ms(row.startsAt),
    endsAt: ms(row.endsAt),
    sortOrder: row.sortOrder,
    enabled: row.enabled,
    updatedAt: row.updatedAt.getTime(),
  }));
}
