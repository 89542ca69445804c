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
import { roundAfter, verifyBeaconRound } from '@khela/contract/lottery-beacon';
import type { RandomnessBeacon } from './lottery.beacon.ts';
import { bufferOf, leavesOf, merkleRootOf } from './lottery.merkle.ts';
import { drawOfficialNumero, type OfficialOptions } from './lottery.official.ts';
import { drawsAfter } from './lottery.schedule.ts';
import { settleNumero, voidNumero } from './lottery.settlement.ts';
import { lotteryEvents, lotteryGames, lotteryNumeros } from './lottery.tables.ts';

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

/**
 * a. Opens the coming numeros of every enabled game (never one whose betting has closed already).
 * With a beacon, each numero is given the beacon's first round after its lock time: the round its
 * draw will mix in, public from the opening (docs/lottery.md "Fairness").
 */
export async function openNumeros(
  db: Database,
  now: Date,
  beacon?: RandomnessBeacon | null,
): Promise<number> {
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
        beaconRound: beacon ? roundAfter(beacon.chain, draw.lockAt.getTime()) : null,
        resultSource: game.resultSource,
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
 * The numero's live bets' Merkle leaves (view lottery_bet_leaves: a cancelled bet is never in
 * them, issue 36: placing and cancelling must not re-roll the draw), concatenated in bet id order.
 */
function betLeavesSql(numeroId: number) {
  return sql`
    select count(*)::int as bet_count,
           coalesce(string_agg(l.leaf, ''::bytea order by l.bet_id), ''::bytea) as leaves
      from lottery_bet_leaves l
     where l.numero_id = ${numeroId} and l.live`;
}

/** The live bets' leaves of a numero, in bet id order, with their bet ids. */
export async function betLeavesOf(db: Database, numeroId: number): Promise<Buffer[]> {
  const [row] = rowsOf<{ bet_count: number | string; leaves: unknown }>(
    await db.execute(betLeavesSql(numeroId)),
  );
  return leavesOf(bufferOf(row?.leaves));
}

/**
 * The digest and count of a numero's live bets as the lock fixes them (the proof shows them): the
 * Merkle root over their leaves (lottery.merkle.ts, docs/lottery.md "Fairness").
 */
export async function betsDigestOf(
  db: Database,
  numeroId: number,
): Promise<{ betCount: number; betsDigest: string }> {
  const leaves = await betLeavesOf(db, numeroId);
  return { betCount: leaves.length, betsDigest: merkleRootOf(leaves) };
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

/** A draw's beacon step: the round may be missing for this long after the draw time (default 10 minutes). */
export interface DrawOptions {
  beacon?: RandomnessBeacon | null;
  deadlineMs?: number;
  /** Official-result numeros (lottery.official.ts): the feed and the sheet's deadline. */
  official?: OfficialOptions;
}

/**
 * c. Draws every locked numero whose draw time has come: the numbers derive from the seed, the
 * bets digest and, for a numero opened with a beacon round, that round's value, fetched and its
 * signature verified here (a value that fails is recorded in lottery_events and not used). A round
 * still missing past the deadline voids the numero (every bet refunded) and, its draw time being
 * past, its seed is revealed.
 */
export async function drawDueNumeros(db: Database, now: Date, options: DrawOptions = {}): Promise<number> {
  const due = await db
    .select({
      id: lotteryNumeros.id,
      numero: lotteryNumeros.numero,
      seed: lotteryNumeros.seed,
      betsDigest: lotteryNumeros.betsDigest,
      beaconRound: lotteryNumeros.beaconRound,
      drawAt: lotteryNumeros.drawAt,
      drawDate: lotteryNumeros.drawDate,
      resultSource: lotteryNumeros.resultSource,
      gameCode: lotteryGames.gameCode,
      region: lotteryGames.region,
    })
    .from(lotteryNumeros)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
    .where(and(eq(lotteryNumeros.status, 'locked'), lte(lotteryNumeros.drawAt, now)))
    .orderBy(lotteryNumeros.drawAt, lotteryNumeros.id);
  let drawn = 0;
  const deadlineMs = options.deadlineMs ?? 10 * 60_000;
  for (const numero of due) {
    // An official-result numero waits for its sheet: the seed and beacon play no part in it.
    if (numero.resultSource === 'official') {
      const official = options.official ?? { feed: null, deadlineMs: 6 * 3600_000 };
      const region = numero.region as LotteryRegion;
      if (await drawOfficialNumero(db, { ...numero, region }, now, official)) drawn += 1;
      continue;
    }
    let beaconValue: { randomness: string; signature: string } | null = null;
    if (numero.beaconRound !== null) {
      const round = options.beacon ? await options.beacon.fetchRound(numero.beaconRound, now) : null;
      if (round && !(round.round === numero.beaconRound && verifyBeaconRound(options.beacon!.chain, round))) {
        await db.insert(lotteryEvents).values({
          kind: 'beacon_invalid',
          numeroId: numero.id,
          detail: { round: numero.beaconRound, served: round },
        });
      } else if (round) {
        beaconValue = { randomness: round.randomness, signature: round.signature };
      }
      if (!beaconValue) {
        if (now.getTime() - numero.drawAt.getTime() >= deadlineMs) {
          await db.insert(lotteryEvents).values({
            kind: 'beacon_missing',
            numeroId: numero.id,
            detail: { round: numero.beaconRound },
          });
          await voidNumero(db, {
            numeroId: numero.id,
            reason: `beacon round ${numero.beaconRound} did not arrive by the deadline`,
          });
        }
        continue;
      }
    }
    const result: DrawResult = await deriveDraw({
      gameCode: numero.gameCode,
      numero: numero.numero,
      region: numero.region as LotteryRegion,
      seed: numero.seed,
      betsDigest: numero.betsDigest ?? '',
      beaconValue: beaconValue?.randomness ?? null,
    });
    const updated = await db
      .update(lotteryNumeros)
      .set({
        status: 'drawn',
        result,
        numbers: allNumbersOf(result),
        drawnAt: now,
        ...(beaconValue
          ? { beaconValue: beaconValue.randomness, beaconSignature: beaconValue.signature }
          : {}),
      })
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
  options: {
    now?: Date;
    log?: (error: unknown, numeroId: number) => void;
    settleBatchSize?: number;
    /** The beacon draws mix in (the app's: drand, or the local one of tests and demo mode). */
    beacon?: RandomnessBeacon | null;
    beaconDeadlineMs?: number;
    official?: OfficialOptions;
  } = {},
): Promise<TickResult> {
  const now = options.now ?? new Date();
  const locked = await lockDueNumeros(db, now);
  const drawn = await drawDueNumeros(db, now, {
    beacon: options.beacon ?? null,
    ...(options.beaconDeadlineMs === undefined ? {} : { deadlineMs: options.beaconDeadlineMs }),
    ...(options.official ? { official: options.official } : {}),
  });
  const opened = await openNumeros(db, now, options.beacon ?? null);
  const settlement = await settleDrawnNumeros(db, options.log ?? (() => {}), options.settleBatchSize);
  return { opened, locked, drawn, settled: settlement.settled, settleErrors: settlement.errors };
}
