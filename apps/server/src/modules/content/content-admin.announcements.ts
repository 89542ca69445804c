import { eq } from 'drizzle-orm';
import { type z } from 'zod';
import { type announcementInputSchema } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { contentAnnouncements } from './content.tables.ts';
import { type Actor, audit } from './content-admin.audit.ts';
import { toDate, checkWindow, transact, cleanTexts } from './content-admin.common.ts';

/** Announcements (the notice page and pop-ups). */

export type AnnouncementInput = z.output<typeof announcementInputSchema>;

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
