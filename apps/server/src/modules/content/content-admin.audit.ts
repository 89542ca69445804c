import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { contentAudit } from './content.tables.ts';

/** The content audit trail: who changed what, before and after (content_audit). */

/** Who made a change and on which request: written with every change (content_audit). */
export interface Actor {
  name: string;
  requestId?: string;
  /**
   * The operator's request, when the change comes from an operator call: the change is also written
   * to the operators' audit trail (who, from where, before and after), in the same transaction.
   */
  request?: FastifyRequest;
}

export async function audit(
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
  if (actor.request) {
    await recordOperatorChange(tx, actor.request, {
      action: `${entry.entity}.${entry.action}`,
      targetKind: entry.entity,
      targetId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }
}

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
