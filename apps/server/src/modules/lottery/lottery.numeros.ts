import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  allNumbersOf,
  deriveDraw,
  newServerSeed,
  seedHashOf,
  type DrawResult,
  type LotteryRegion,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { drawsAfter } from './lottery.schedule.ts';
import { settleNumero } from './lottery.settlement.ts';
import { lotteryGames, lotteryNumeros } from './lottery.tables.ts';

/**
 * The numeros' lifecycle (docs/lottery.md), run by the one `lottery-tick` job: open ahead → lock
 * (bets digest fixed) → draw (seed revealed, numbers derived) → settle. Every step does all that
 * is due, and every state change is guarded by the state it leaves (`where status = …`), so two
 * instances or overlapping runs never do a step twice, and a run after downtime catches up:
 * an overdue numero is locked and drawn, never reopened. `now` is injected (tests move the clock).
 */

/** Fast games keep the numeros drawing in the next 15 minutes open (at least 2). */
const fastHorizonMs = 15 * 60_000;
const aheadCount = 2;

export interface TickResult {
  opened: number;
  locked: number;
  drawn: number;
  settled: number;
  settleErrors: number;
}

/** a. Opens the coming numeros of every enabled game (never one whose betting has closed already). */
export async function openNumeros(db: Database, now: Date): Promise<number> {
  const games = await db.select().from(lotteryGames).where(eq(lotteryGames.enabled, true));
  if (games.length === 0) return 0;
  // What is open already (one index range per game): seeds are made only for the new ones.
  const existing = await db
    .select({ gameId: lotteryNumeros.gameId, numero: lotteryNumeros.numero })
    .from(lotteryNumeros)
    .where(
      and(
        inArray(
          lotteryNumeros.gameId,
          games.map((game) => game.id),
        ),
        gt(lotteryNumeros.drawAt, now),
      ),
    );
  const known = new Set(existing.map((row) => `${row.gameId}:${row.numero}`));
  const rows: (typeof lotteryNumeros.$inferInsert)[] = [];
  for (const game of games) {
    const draws = drawsAfter(game, now, {
      count: aheadCount,
      ...(game.intervalSeconds !== null ? { until: new Date(now.getTime() + fastHorizonMs) } : {}),
    });
    for (const draw of draws) {
      if (draw.lockAt.getTime() <= now.getTime() || known.has(`${game.id}:${draw.numero}`)) continue;
      const seed = newServerSeed();
      rows.push({
        gameId: game.id,
        numero: draw.numero,
        drawDate: draw.drawDate,
        status: 'open',
        openAt: draw.openAt,
        lockAt: draw.lockAt,
        drawAt: draw.drawAt,
        seed,
        seedHash: await seedHashOf(seed),
      });
    }
  }
  if (rows.length === 0) return 0;
  // Another instance may have opened some meanwhile: theirs stay (a seed is never replaced).
  const inserted = await db
    .insert(lotteryNumeros)
    .values(rows)
    .onConflictDoNothing({ target: [lotteryNumeros.gameId, lotteryNumeros.numero] })
    .returning({ id: lotteryNumeros.id });
  return inserted.length;
}

/**
 * The SHA-256 (hex) over the numero's live bets (a cancelled bet is never in it nor in the count:
 * issue 36, placing and cancelling must not re-roll the draw), one line `betId:entryId:requestHash` per bet in bet id
 * order joined by "\n" (lottery-draw.ts betDigestLine; '' when there is none), and their count.
 */
function betsDigestSql(numeroId: number) {
  return sql`
    select count(*)::int as bet_count,
           encode(sha256(convert_to(coalesce(
             string_agg(b.id::text || ':' || b.entry_id::text || ':' || e.request_hash, E'\\n' order by b.id),
             ''), 'UTF8')), 'hex') as bets_digest
      from lottery_bets b
      join ledger_entries e on e.id = b.entry_id
     where b.numero_id = ${numeroId} and b.status <> 'cancelled'`;
}

/** The digest and count of a numero's bets as the lock computes them (the proof shows them). */
export async function betsDigestOf(
  db: Database,
  numeroId: number,
): Promise<{ betCount: number; betsDigest: string }> {
  const [row] = rowsOf<{ bet_count: number | string; bets_digest: string }>(
    await db.execute(betsDigestSql(numeroId)),
  );
  return { betCount: Number(row?.bet_count ?? 0), betsDigest: row?.bets_digest ?? '' };
}

/**
 * b. Closes betting on every open numero whose lock time has come. Per numero, one transaction:
 * the row is taken FOR UPDATE first (a placement holds it FOR SHARE while it checks that betting is
 * open, so this waits for placements in flight), then the digest is computed by a NEW statement,
 * which therefore sees every bet committed before the lock. (Computing it in the locking statement
 * would read the bets as of that statement's start and miss a placement it waited for.)
 */
export async function lockDueNumeros(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: lotteryNumeros.id })
    .from(lotteryNumeros)
    .where(and(eq(lotteryNumeros.status, 'open'), lte(lotteryNumeros.lockAt, now)))
    .orderBy(lotteryNumeros.lockAt, lotteryNumeros.id);
  let locked = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const held = rowsOf<{ id: number | string }>(
        await tx.execute(sql`
          select id from lottery_numeros where id = ${id} and status = 'open' for update`),
      );
      if (held.length === 0) return false;
      const digest = await betsDigestOf(tx, id);
      const updated = await tx
        .update(lotteryNumeros)
        .set({
          status: 'locked',
          lockedAt: now,
          betCount: digest.betCount,
          betsDigest: digest.betsDigest,
        })
        .where(and(eq(lotteryNumeros.id, id), eq(lotteryNumeros.status, 'open')))
        .returning({ id: lotteryNumeros.id });
      return updated.length > 0;
    });
    if (done) locked += 1;
  }
  return locked;
}

/** c. Draws every locked numero whose draw time has come: the numbers derive from the seed and the digest. */
export async function drawDueNumeros(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({
      id: lotteryNumeros.id,
      numero: lotteryNumeros.numero,
      seed: lotteryNumeros.seed,
      betsDigest: lotteryNumeros.betsDigest,
      gameCode: lotteryGames.gameCode,
      region: lotteryGames.region,
    })
    .from(lotteryNumeros)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
    .where(and(eq(lotteryNumeros.status, 'locked'), lte(lotteryNumeros.drawAt, now)))
    .orderBy(lotteryNumeros.drawAt, lotteryNumeros.id);
  let drawn = 0;
  for (const numero of due) {
    const result: DrawResult = await deriveDraw({
      gameCode: numero.gameCode,
      numero: numero.numero,
      region: numero.region as LotteryRegion,
      seed: numero.seed,
      betsDigest: numero.betsDigest ?? '',
    });
    const updated = await db
      .update(lotteryNumeros)
      .set({ status: 'drawn', result, numbers: allNumbersOf(result), drawnAt: now })
      .where(and(eq(lotteryNumeros.id, numero.id), eq(lotteryNumeros.status, 'locked')))
      .returning({ id: lotteryNumeros.id });
    drawn += updated.length;
  }
  return drawn;
}

/**
 * d. Settles every drawn numero (lottery.settlement.ts: set-based batches, each bet once, resumed
 * by the next run when cut off). A failure is reported and the others still run.
 */
export async function settleDrawnNumeros(
  db: Database,
  log: (error: unknown, numeroId: number) => void,
  batchSize?: number,
): Promise<{ settled: number; errors: number }> {
  const drawn = await db
    .select({ id: lotteryNumeros.id })
    .from(lotteryNumeros)
    .where(eq(lotteryNumeros.status, 'drawn'))
    .orderBy(lotteryNumeros.drawAt, lotteryNumeros.id);
  let settled = 0;
  let errors = 0;
  for (const { id } of drawn) {
    try {
      const result = await settleNumero(db, id, batchSize === undefined ? {} : { batchSize });
      if (result.done) settled += 1;
    } catch (error) {
      errors += 1;
      log(error, id);
    }
  }
  return { settled, errors };
}

/** One run of the lifecycle: every step, in order, each doing all that is due. */
export async function lotteryTick(
  db: Database,
  options: { now?: Date; log?: (error: unknown, numeroId: number) => void; settleBatchSize?: number } = {},
): Promise<TickResult> {
  const now = options.now ?? new Date();
  const locked = await lockDueNumeros(db, now);
  const drawn = await drawDueNumeros(db, now);
  const opened = await openNumeros(db, now);
  const settlement = await settleDrawnNumeros(db, options.log ?? (() => {}), options.settleBatchSize);
  return { opened, locked, drawn, settled: settlement.settled, settleErrors: settlement.errors };
}
