import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isTransactionConflict } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { clearExposure } from './lottery.exposure.ts';

/**
 * Settlement of a drawn numero in set-based SQL batches, and voiding (docs/lottery.md). Each batch
 * is ONE call of `lottery_close_batch` (drizzle/0016_lottery_money.sql), one transaction: the
 * batch's open bets are scored (lottery-draw.ts hitsOf / payoutOf in SQL), closed, and each member
 * paid with one journal entry per batch. A bet is settled exactly once (only open bets are taken and
 * their status changes in the same transaction); a run cut off halfway leaves whole batches done
 * and the next run goes on. The lottery tick job (lottery.routes.ts) calls settleNumero for every
 * numero in status 'drawn'; the operator's void call calls voidNumero.
 */

/**
 * Bets per batch. Measured (bench/lottery-settlement.ts and a 400,000-bet run, PostgreSQL 15, 2
 * cores, 10,000 members' bets interleaved): 100,000 a batch was only ~10 % faster than 50,000, and
 * a batch is one transaction whose wallet locks other movements wait for; 50,000 keeps each batch
 * around a second.
 */
export const defaultSettlementBatchSize = 50_000;

export interface SettleResult {
  settledBets: number;
  batches: number;
  /** True when the numero reached status 'settled'. */
  done: boolean;
}

type BatchResult =
  | { count: number; lastBetId: number | string; done: boolean; members: number[]; error?: undefined }
  | { error: 'NOT_FOUND' | 'CONFLICT'; status?: string };

async function closeBatch(
  db: Database,
  mode: 'settle' | 'void',
  numeroId: number,
  after: number,
  batchSize: number,
): Promise<BatchResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [row] = rowsOf<{ result: BatchResult }>(
        await db.execute(
          sql`select lottery_close_batch(${mode}, ${numeroId}::bigint, ${after}::bigint, ${batchSize}::integer) as result`,
        ),
      );
      if (!row) throw new Error('lottery_close_batch returned no row');
      return row.result;
    } catch (error) {
      // A deadlock with other wallet movements rolls the whole batch back: run it again.
      if (attempt >= 5 || !isTransactionConflict(error)) throw error;
    }
  }
}

async function closeAll(
  db: Database,
  mode: 'settle' | 'void',
  numeroId: number,
  batchSize: number,
): Promise<SettleResult> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`bad batch size ${batchSize}`);
  let after = 0;
  let settledBets = 0;
  let batches = 0;
  for (;;) {
    const result = await closeBatch(db, mode, numeroId, after, batchSize);
    if (result.error !== undefined) {
      throw new AppError(result.error, {
        detail: `numero ${numeroId} is ${result.status ?? 'missing'}`,
        ...(result.status ? { value: { status: result.status } } : {}),
      });
    }
    if (result.count > 0) batches += 1;
    settledBets += result.count;
    if (result.members.length > 0) walletChanged(db, ...result.members);
    if (result.done) {
      // Nothing more can be placed on or cancelled from it: its liability rows are history.
      await clearExposure(db, numeroId);
      return { settledBets, batches, done: true };
    }
    after = Number(result.lastBetId);
  }
}

/** Settles every open bet of a drawn numero, then marks it settled (a settled one answers done). */
export function settleNumero(
  db: Database,
  numeroId: number,
  options: { batchSize?: number } = {},
): Promise<SettleResult> {
  return closeAll(db, 'settle', numeroId, options.batchSize ?? defaultSettlementBatchSize);
}

/**
 * The void's first step: status void with the reason, under the numero's row lock (a settlement
 * batch in flight finishes before), unless it is settled or its settlement has begun (a bet won or
 * lost: a numero is not voided halfway). Answers the status it finds or leaves: `void` (now or
 * already), `settled`, `settling`, or null for no such numero. Run inside a caller's transaction
 * (the four-eyes confirmation) it is a savepoint of it.
 */
export async function markNumeroVoid(
  db: Database,
  input: { numeroId: number; reason: string },
): Promise<'void' | 'settled' | 'settling' | null> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ status: string }>(
      await tx.execute(sql`select status from lottery_numeros where id = ${input.numeroId} for update`),
    );
    if (!row) return null;
    if (row.status === 'void' || row.status === 'settled') return row.status;
    const [started] = rowsOf<{ started: boolean }>(
      await tx.execute(sql`select exists (select 1 from lottery_bets
          where numero_id = ${input.numeroId} and status in ('won', 'lost')) as started`),
    );
    if (started?.started) return 'settling';
    await tx.execute(sql`update lottery_numeros set status = 'void', void_reason = ${input.reason}
       where id = ${input.numeroId}`);
    return 'void';
  });
}

/**
 * Voids a numero that is not settled: status void with the reason first (no bet is taken and no
 * settlement starts from then on), then every open bet refunded in batches. A second call on a void
 * numero goes on refunding what is left (nothing twice).
 */
export async function voidNumero(
  db: Database,
  input: { numeroId: number; reason: string; batchSize?: number },
): Promise<{ refundedBets: number }> {
  const status = await markNumeroVoid(db, input);
  if (status === null)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'numero', reason: 'no such numero' }] });
  if (status !== 'void') {
    throw new AppError('CONFLICT', { detail: `numero ${input.numeroId} is ${status}`, value: { status } });
  }
  const result = await closeAll(db, 'void', input.numeroId, input.batchSize ?? defaultSettlementBatchSize);
  return { refundedBets: result.settledBets };
}
