import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LanguageCode, LotteryVoidRequest, NumeroStatus } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { fourEyesView } from '../../shared/four-eyes.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { gameNameOf } from '../games/games.service.ts';
import { numeroByCode } from './lottery.lobby.ts';
import { markNumeroVoid, voidNumero } from './lottery.settlement.ts';
import { lotteryGames, lotteryNumeros, lotteryVoidRequests } from './lottery.tables.ts';

/**
 * Voids in the open (issue 36, docs/lottery.md "Settlement and voiding"): before its lock a numero
 * is voided by one operator; after its lock (when the house could know more than the bettors) it
 * takes two, as the back office's large adjustments do: the first call records a request in
 * lottery_void_requests (its reason is the public notice once voided), a second operator's call
 * carries it out; the requester cannot be the second (SECOND_APPROVER_REQUIRED). A pending request
 * is listed for the back office and can be rejected by an operator, with a reason. Every step runs
 * under the numero's row lock, so requests, confirmations and rejections take turns. The routes
 * audit each step.
 */
export type VoidStep =
  | { step: 'voided'; refundedBets: number; requestedBy: number | null; requestId: number | null }
  | { step: 'requested'; refundedBets: 0; requestedBy: number; requestId: number };

export interface VoidOperator {
  id: number;
  account: string;
}

const conflict = (field: string, reason: string) => new AppError('CONFLICT', { issues: [{ field, reason }] });

export async function voidWithFourEyes(
  db: Database,
  input: { gameCode: string; numero: string; reason: string; operator: VoidOperator; now?: Date },
): Promise<VoidStep> {
  const now = input.now ?? new Date();
  const { row } = await numeroByCode(db, input.gameCode, input.numero);
  if (row.status === 'settled') throw conflict('numero', 'already settled');
  // Void already (by one before the lock, or by two after it): a void cut off is continued.
  if (row.status === 'void') {
    const { refundedBets } = await voidNumero(db, {
      numeroId: row.id,
      reason: row.voidReason ?? input.reason,
    });
    return { step: 'voided', refundedBets, requestedBy: row.voidRequestedBy, requestId: null };
  }
  const afterLock = row.status !== 'open' || row.lockAt.getTime() <= now.getTime();
  if (!afterLock) {
    const { refundedBets } = await voidNumero(db, { numeroId: row.id, reason: input.reason });
    await db
      .update(lotteryNumeros)
      .set({ voidedAt: now, voidApprovedBy: input.operator.id })
      .where(eq(lotteryNumeros.id, row.id));
    return { step: 'voided', refundedBets, requestedBy: null, requestId: null };
  }
  // After the lock: the first operator's request, or a second operator's confirmation, which marks
  // the numero void in the same transaction (the refunds follow, as for any void).
  const decided = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: lotteryNumeros.status })
      .from(lotteryNumeros)
      .where(eq(lotteryNumeros.id, row.id))
      .for('update');
    // Another operator's confirmation (or a settlement) got there while this call waited.
    if (locked?.status === 'void') return { step: 'already-void' as const };
    if (locked?.status === 'settled') throw conflict('numero', 'already settled');
    const [pending] = await tx
      .select()
      .from(lotteryVoidRequests)
      .where(and(eq(lotteryVoidRequests.numeroId, row.id), eq(lotteryVoidRequests.status, 'pending')))
      .for('update');
    if (!pending) {
      const [made] = await tx
        .insert(lotteryVoidRequests)
        .values({
          numeroId: row.id,
          reason: input.reason,
          requestedById: input.operator.id,
          requestedBy: input.operator.account,
          requestedAt: now,
        })
        .returning({ id: lotteryVoidRequests.id });
      if (!made) throw new AppError('INTERNAL');
      return { step: 'requested' as const, requestId: made.id };
    }
    if (pending.requestedById === input.operator.id) {
      throw new AppError('SECOND_APPROVER_REQUIRED', {
        issues: [{ field: 'numero', reason: 'another operator must confirm a void after the lock' }],
      });
    }
    const status = await markNumeroVoid(tx, { numeroId: row.id, reason: pending.reason });
    if (status !== 'void') throw conflict('numero', status === null ? 'no such numero' : `already ${status}`);
    await tx
      .update(lotteryVoidRequests)
      .set({
        status: 'approved',
        decidedById: input.operator.id,
        decidedBy: input.operator.account,
        decidedAt: now,
        decisionReason: input.reason,
      })
      .where(eq(lotteryVoidRequests.id, pending.id));
    await tx
      .update(lotteryNumeros)
      .set({
        voidRequestedBy: pending.requestedById,
        voidRequestedAt: pending.requestedAt,
        voidApprovedBy: input.operator.id,
        voidedAt: now,
      })
      .where(eq(lotteryNumeros.id, row.id));
    return { step: 'voided' as const, request: pending };
  });
  if (decided.step === 'already-void') {
    const { row: current } = await numeroByCode(db, input.gameCode, input.numero);
    const { refundedBets } = await voidNumero(db, {
      numeroId: current.id,
      reason: current.voidReason ?? input.reason,
    });
    return { step: 'voided', refundedBets, requestedBy: current.voidRequestedBy, requestId: null };
  }
  if (decided.step === 'requested') {
    return {
      step: 'requested',
      refundedBets: 0,
      requestedBy: input.operator.id,
      requestId: decided.requestId,
    };
  }
  const { refundedBets } = await voidNumero(db, { numeroId: row.id, reason: decided.request.reason });
  return {
    step: 'voided',
    refundedBets,
    requestedBy: decided.request.requestedById,
    requestId: decided.request.id,
  };
}

type RequestRow = typeof lotteryVoidRequests.$inferSelect;
interface RequestNumero {
  gameCode: string;
  names: Record<string, string>;
  numero: string;
  status: NumeroStatus;
  drawAt: Date;
}

function requestView(row: RequestRow, numero: RequestNumero, language: LanguageCode): LotteryVoidRequest {
  return {
    requestId: row.id,
    gameCode: numero.gameCode,
    gameName: gameNameOf(numero.names, language, numero.gameCode),
    numero: numero.numero,
    numeroStatus: numero.status,
    drawTime: numero.drawAt.getTime(),
    reason: row.reason,
    ...fourEyesView(row),
  };
}

const requestColumns = {
  request: lotteryVoidRequests,
  gameCode: lotteryGames.gameCode,
  names: lotteryGames.names,
  numero: lotteryNumeros.numero,
  status: lotteryNumeros.status,
  drawAt: lotteryNumeros.drawAt,
};

/**
 * The voids waiting for a second operator, oldest first: of numeros that can still be voided (not
 * settled, not void already: a request outlived by its numero is not listed).
 */
export async function listVoidRequests(
  db: Database,
  options: { language: LanguageCode; limit: number },
): Promise<{ items: LotteryVoidRequest[] }> {
  const rows = await db
    .select(requestColumns)
    .from(lotteryVoidRequests)
    .innerJoin(lotteryNumeros, eq(lotteryNumeros.id, lotteryVoidRequests.numeroId))
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
    .where(
      and(
        eq(lotteryVoidRequests.status, 'pending'),
        inArray(lotteryNumeros.status, ['open', 'locked', 'drawn']),
      ),
    )
    .orderBy(asc(lotteryVoidRequests.id))
    .limit(options.limit);
  return { items: rows.map(({ request, ...numero }) => requestView(request, numero, options.language)) };
}

/**
 * Rejects a pending void (any operator with the permission, the requester too: withdrawing it),
 * with a reason: the numero goes on as it was, and a later request starts afresh. Under the
 * numero's row lock, so it never crosses a confirmation; a request no longer pending is CONFLICT.
 * Audited in the same transaction.
 */
export async function rejectVoidRequest(
  db: Database,
  input: {
    requestId: number;
    reason: string;
    operator: VoidOperator;
    language: LanguageCode;
    request: FastifyRequest;
    now?: Date;
  },
): Promise<LotteryVoidRequest> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ numeroId: lotteryVoidRequests.numeroId })
      .from(lotteryVoidRequests)
      .where(eq(lotteryVoidRequests.id, input.requestId));
    if (!found) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'requestId', reason: 'no such void request' }] });
    }
    await tx.execute(sql`select id from lottery_numeros where id = ${found.numeroId} for update`);
    const [updated] = await tx
      .update(lotteryVoidRequests)
      .set({
        status: 'rejected',
        decidedById: input.operator.id,
        decidedBy: input.operator.account,
        decidedAt: input.now ?? new Date(),
        decisionReason: input.reason,
      })
      .where(and(eq(lotteryVoidRequests.id, input.requestId), eq(lotteryVoidRequests.status, 'pending')))
      .returning();
    if (!updated) throw conflict('requestId', 'already decided');
    const [numero] = await tx
      .select({
        gameCode: lotteryGames.gameCode,
        names: lotteryGames.names,
        numero: lotteryNumeros.numero,
        status: lotteryNumeros.status,
        drawAt: lotteryNumeros.drawAt,
      })
      .from(lotteryNumeros)
      .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
      .where(eq(lotteryNumeros.id, found.numeroId));
    if (!numero) throw new AppError('INTERNAL');
    const view = requestView(updated, numero, input.language);
    await recordOperatorChange(tx, input.request, {
      action: 'lottery.void.reject',
      targetKind: 'lottery-numero',
      targetId: `${view.gameCode}/${view.numero}`,
      reason: input.reason,
      before: { requestId: view.requestId, status: 'pending', requestedBy: view.requestedBy },
      after: { requestId: view.requestId, status: view.status, numeroStatus: view.numeroStatus },
    });
    return view;
  });
}
