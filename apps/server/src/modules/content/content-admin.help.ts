import { eq } from 'drizzle-orm';
import { type z } from 'zod';
import { type helpArticleInputSchema } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { contentHelpArticles, contentHelpMenus } from './content.tables.ts';
import { type Actor, audit } from './content-admin.audit.ts';
import { invalid, transact, cleanTexts } from './content-admin.common.ts';

/** Help articles under the help menus. */

export type HelpArticleInput = z.output<typeof helpArticleInputSchema>;

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
