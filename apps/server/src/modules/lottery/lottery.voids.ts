import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { numeroByCode } from './lottery.lobby.ts';
import { voidNumero } from './lottery.settlement.ts';
import { lotteryNumeros } from './lottery.tables.ts';

/**
 * Voids in the open (issue 36, docs/lottery.md "Settlement and voiding"): before its lock a numero
 * is voided by one operator; after its lock (when the house could know more than the bettors) it
 * takes two, as the back office's large adjustments do: the first call records the request (the
 * reason is the public notice), a second operator's call carries it out; the requester cannot be
 * the second (SECOND_APPROVER_REQUIRED). The routes audit each step.
 */
export type VoidStep =
  | { step: 'voided'; refundedBets: number; requestedBy: number | null }
  | { step: 'requested'; refundedBets: 0; requestedBy: number };

export async function voidWithFourEyes(
  db: Database,
  input: { gameCode: string; numero: string; reason: string; operatorId: number; now?: Date },
): Promise<VoidStep> {
  const now = input.now ?? new Date();
  const { row } = await numeroByCode(db, input.gameCode, input.numero);
  if (row.status === 'settled') {
    throw new AppError('CONFLICT', { issues: [{ field: 'numero', reason: 'already settled' }] });
  }
  // Void already (by one before the lock, or by two after it): a void cut off is continued.
  if (row.status === 'void') {
    const { refundedBets } = await voidNumero(db, {
      numeroId: row.id,
      reason: row.voidReason ?? input.reason,
    });
    return { step: 'voided', refundedBets, requestedBy: row.voidRequestedBy };
  }
  const afterLock = row.status !== 'open' || row.lockAt.getTime() <= now.getTime();
  if (!afterLock) {
    const { refundedBets } = await voidNumero(db, { numeroId: row.id, reason: input.reason });
    await db
      .update(lotteryNumeros)
      .set({ voidedAt: now, voidApprovedBy: input.operatorId })
      .where(eq(lotteryNumeros.id, row.id));
    return { step: 'voided', refundedBets, requestedBy: null };
  }
  // The first operator's request, once (a concurrent second request finds it made).
  const [requested] = await db
    .update(lotteryNumeros)
    .set({ voidRequestedBy: input.operatorId, voidRequestedAt: now, voidReason: input.reason })
    .where(and(eq(lotteryNumeros.id, row.id), isNull(lotteryNumeros.voidRequestedBy)))
    .returning({ id: lotteryNumeros.id });
  if (requested) return { step: 'requested', refundedBets: 0, requestedBy: input.operatorId };
  const [current] = await db
    .select({ requestedBy: lotteryNumeros.voidRequestedBy, reason: lotteryNumeros.voidReason })
    .from(lotteryNumeros)
    .where(eq(lotteryNumeros.id, row.id));
  if (current?.requestedBy === input.operatorId) {
    throw new AppError('SECOND_APPROVER_REQUIRED', {
      issues: [{ field: 'numero', reason: 'another operator must confirm a void after the lock' }],
    });
  }
  const [approved] = await db
    .update(lotteryNumeros)
    .set({ voidApprovedBy: input.operatorId, voidedAt: now })
    .where(
      and(
        eq(lotteryNumeros.id, row.id),
        isNull(lotteryNumeros.voidApprovedBy),
        ne(lotteryNumeros.voidRequestedBy, input.operatorId),
      ),
    )
    .returning({ reason: lotteryNumeros.voidReason, requestedBy: lotteryNumeros.voidRequestedBy });
  if (!approved)
    throw new AppError('CONFLICT', { issues: [{ field: 'numero', reason: 'already confirmed' }] });
  const { refundedBets } = await voidNumero(db, {
    numeroId: row.id,
    reason: approved.reason ?? input.reason,
  });
  return { step: 'voided', refundedBets, requestedBy: approved.requestedBy };
}
