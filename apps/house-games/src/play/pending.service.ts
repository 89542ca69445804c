import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { hgPendingCalls, hgRounds } from '../db/tables.ts';
import type { RollbackBody } from '../protocol/messages.ts';
import type { HouseContext } from './context.ts';
import { findGameAdapter } from './games.ts';
import { applyPendingAnswer, settleAbandonedRounds } from './rounds.service.ts';

/** An open round (mines) nobody touched for a day is ended (see settleAbandonedRounds). */
export const abandonedRoundSeconds = 24 * 60 * 60;

/** A debit still unanswered after this long belongs to a request that died: roll it back. */
const staleDebitSeconds = 120;

/**
 * One pass of the retry job:
 * 0. rounds the player left open for a day are ended (cashed out, or the bet returned);
 * 1. rounds stuck in `debiting` (the process died between sending the debit and reading the
 *    answer) get a rollback;
 * 2. due pending calls (final credits, rollbacks) are leased (next attempt pushed back with an
 *    exponential back-off, capped at 5 minutes) and sent once each with their original
 *    transactionId. No row lock is held while the platform is called: in-process on PGlite the
 *    platform needs the same single connection to answer.
 * Several instances may run it at once: the lease (SKIP LOCKED) hands each call to one of them,
 * and a replay that slips through anyway is harmless (the protocol is idempotent). Each pass takes
 * only rows of its own wallet mode: a seamless and a transfer instance may share the database, and
 * a round must be settled by the wallet that took its bet.
 */
export async function runPendingCalls(
  context: HouseContext,
  options: { limit?: number } = {},
): Promise<number> {
  const abandoned = await settleAbandonedRounds(context, {
    idleSeconds: abandonedRoundSeconds,
    findGame: findGameAdapter,
  });
  const stale = await context.db
    .update(hgRounds)
    .set({ status: 'rolling_back' })
    .where(
      and(
        eq(hgRounds.status, 'debiting'),
        eq(hgRounds.walletMode, context.walletMode),
        lt(hgRounds.createdAt, sql`now() - make_interval(secs => ${staleDebitSeconds})`),
      ),
    )
    .returning();
  for (const round of stale) {
    const body: RollbackBody = {
      sessionId: round.platformSessionId,
      transactionId: `${round.roundId}:rollback`,
      roundId: round.roundId,
      referenceTransactionId: round.debitTransactionId,
    };
    await context.db
      .insert(hgPendingCalls)
      .values({
        transactionId: body.transactionId,
        action: 'rollback',
        roundId: round.roundId,
        body: { ...body },
        walletMode: context.walletMode,
      })
      .onConflictDoNothing();
  }

  const due = context.db
    .select({ id: hgPendingCalls.id })
    .from(hgPendingCalls)
    .where(
      and(
        eq(hgPendingCalls.status, 'pending'),
        eq(hgPendingCalls.walletMode, context.walletMode),
        lte(hgPendingCalls.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(hgPendingCalls.id)
    .limit(options.limit ?? 20)
    .for('update', { skipLocked: true });
  const leased = await context.db
    .update(hgPendingCalls)
    .set({
      attempts: sql`${hgPendingCalls.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => least(300, power(2, ${hgPendingCalls.attempts})::int))`,
    })
    .where(inArray(hgPendingCalls.id, due))
    .returning();
  for (const call of leased) {
    const answer = await context.wallet.sendOnce(call.action, call.body);
    await applyPendingAnswer(context, call, answer);
  }
  return abandoned + stale.length + leased.length;
}

/** Runs the retry job every `intervalMs` until stopped; a failing pass is logged, never thrown. */
export function startPendingJob(context: HouseContext, intervalMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    // A slow pass (platform down: every call waits for its time-out) is not stacked upon.
    if (running || stopped) return;
    running = runPendingCalls(context)
      .then(() => undefined)
      .catch((error: unknown) => context.log.error({ err: error }, 'house pending-call job failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
