import { and, eq } from 'drizzle-orm';
import { type z } from 'zod';
import { type promotionInputSchema } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { contentBanners, contentPromotions } from './content.tables.ts';
import { plainText } from './sanitize.ts';
import { type Actor, audit } from './content-admin.audit.ts';
import { toDate, checkWindow, transact, cleanTexts } from './content-admin.common.ts';

/** Promotions (the promotions page). */

export type PromotionInput = z.output<typeof promotionInputSchema>;

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
