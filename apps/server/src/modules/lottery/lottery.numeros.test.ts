import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  allNumbersOf,
  betLeafRecord,
  deriveDraw,
  merkleLeafHash,
  merkleRoot,
  seedHashOf,
  sha256Hex,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { openDatabase } from '../../db/open-database.ts';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/helper.ts';
import { newMember } from '../games/games.test-support.ts';
import { openSystemAccounts, rowsOf } from '../ledger/ledger.service.ts';
import { ensureLotteryGames } from './lottery.games.ts';
import { drawDueNumeros, lockDueNumeros, lotteryTick, openNumeros } from './lottery.numeros.ts';
import { lotteryBets, lotteryGames, lotteryNumeros } from './lottery.tables.ts';

/**
 * The numeros' lifecycle on a controlled clock (docs/lottery.md): open ahead, lock with the bets
 * digest, draw exactly as deriveDraw, nothing done twice, and a run after downtime catches up.
 */
let sut: TestApp;
let memberId: number;

/** An instant given in ICT (UTC+7). 3 March 2031 is a Monday. */
const ict = (text: string) => new Date(`${text}+07:00`);

beforeAll(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  memberId = (await newMember(sut, 'lotteryplayer')).id;
});
afterAll(async () => {
  await sut.close();
});
beforeEach(async () => {
  await sut.db.execute(sql`delete from lottery_bets`);
  await sut.db.execute(sql`delete from lottery_numeros`);
});

async function numeroOf(gameCode: string, numero: string) {
  const [row] = await sut.db
    .select({ numero: lotteryNumeros, gameCode: lotteryGames.gameCode, region: lotteryGames.region })
    .from(lotteryNumeros)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
    .where(and(eq(lotteryGames.gameCode, gameCode), eq(lotteryNumeros.numero, numero)));
  return row;
}

/**
 * A bet as the bets service would leave it: a journal entry posted through the ledger (its request
 * hash, made by the ledger from `label`) and the bet row.
 */
async function placeFakeBet(
  numero: { id: number; gameId: number },
  label: string,
  index: number,
  db: Database = sut.db,
) {
  await openSystemAccounts(db, { currency: 'BDT' });
  const key = `lottery-test:${numero.id}:${index}:${label}`;
  await db.execute(sql`select ledger_post_entries('{bet}', array[${key}],
    array[jsonb_build_object('fake', ${label}::text)], null, null, '{1,1}', '{world:BDT,house:BDT}', '{-100,100}')`);
  const [entry] = rowsOf<{ id: number | string; hash: string }>(
    await db.execute(
      sql`select id, request_hash as hash from journal_entries where idempotency_key = ${key}`,
    ),
  );
  const requestHash = entry!.hash;
  const [bet] = await db
    .insert(lotteryBets)
    .values({
      numeroId: numero.id,
      gameId: numero.gameId,
      memberId,
      playType: 'lo2',
      selection: [String(index).padStart(2, '0')],
      stake: 100n,
      oddsMilli: 3500,
      currency: 'BDT',
      requestId: `request-${label}`,
      slipIndex: index,
      entryId: Number(entry!.id),
    })
    .returning({ id: lotteryBets.id, entryId: lotteryBets.entryId });
  return { betId: bet!.id, entryId: bet!.entryId, requestHash, index };
}

/** The Merkle root the contract's code gives for fake bets of FAST_1's numero 203103030602. */
async function rootOf(bets: { betId: number; index: number }[]): Promise<string> {
  const leaves = await Promise.all(
    bets.map((bet) =>
      merkleLeafHash(
        betLeafRecord({
          betId: bet.betId,
          gameCode: 'FAST_1',
          numero: '203103030602',
          playType: 'lo2',
          numbers: [String(bet.index).padStart(2, '0')],
          stakeMinor: '100',
          oddsMilli: 3500,
          seedHash: null,
        }),
      ),
    ),
  );
  return merkleRoot(leaves);
}

describe('the lottery tick', () => {
  it('opens fast numeros for the next 15 minutes and daily ones for the next 2 draws, each with a seed commitment', async () => {
    const now = ict('2031-03-03T10:00:10');
    const opened = await openNumeros(sut.db, now);
    expect(opened).toBeGreaterThan(0);
    const fast = await sut.db
      .select({ numero: lotteryNumeros.numero, seed: lotteryNumeros.seed, seedHash: lotteryNumeros.seedHash })
      .from(lotteryNumeros)
      .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
      .where(eq(lotteryGames.gameCode, 'FAST_1'))
      .orderBy(lotteryNumeros.drawAt);
    // 10:01 … 10:15: the day's slots 602 … 616.
    expect(fast.map((row) => row.numero)).toEqual(
      Array.from({ length: 15 }, (_, index) => `20310303${String(602 + index).padStart(4, '0')}`),
    );
    for (const row of fast) expect(row.seedHash).toBe(await seedHashOf(row.seed));
    const hcm = await sut.db
      .select({ numero: lotteryNumeros.numero })
      .from(lotteryNumeros)
      .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryNumeros.gameId))
      .where(eq(lotteryGames.gameCode, 'HCM'))
      .orderBy(lotteryNumeros.drawAt);
    // Monday 3 and Saturday 8 March.
    expect(hcm.map((row) => row.numero)).toEqual(['203103030001', '203103080001']);
    // A second run opens nothing more and keeps the seeds.
    expect(await openNumeros(sut.db, now)).toBe(0);
    const again = await numeroOf('FAST_1', '203103030602');
    expect(again?.numero.seed).toBe(fast[0]!.seed);
  });

  it('locks with the digest of the bets, draws exactly what deriveDraw derives, and never twice', async () => {
    await openNumeros(sut.db, ict('2031-03-03T10:00:10'));
    const target = (await numeroOf('FAST_1', '203103030602'))!;
    const bets = [
      await placeFakeBet(target.numero, 'a'.repeat(64), 0),
      await placeFakeBet(target.numero, 'b'.repeat(64), 1),
      await placeFakeBet(target.numero, 'c'.repeat(64), 2),
    ];

    // 10:00:56: betting on the 10:01 draw closed at 10:00:55.
    const lockTime = ict('2031-03-03T10:00:56');
    expect(await lockDueNumeros(sut.db, lockTime)).toBe(1);
    const locked = (await numeroOf('FAST_1', '203103030602'))!.numero;
    expect(locked.status).toBe('locked');
    expect(locked.lockedAt).toEqual(lockTime);
    expect(locked.betCount).toBe(3);
    expect(locked.betsDigest).toBe(await rootOf(bets));
    expect(await lockDueNumeros(sut.db, lockTime)).toBe(0);
    // Not drawn before its time.
    expect(await drawDueNumeros(sut.db, lockTime)).toBe(0);

    const drawTime = ict('2031-03-03T10:01:00');
    expect(await drawDueNumeros(sut.db, drawTime)).toBe(1);
    const drawn = (await numeroOf('FAST_1', '203103030602'))!.numero;
    const expected = await deriveDraw({
      gameCode: 'FAST_1',
      numero: '203103030602',
      region: 'fast',
      seed: drawn.seed,
      betsDigest: locked.betsDigest!,
    });
    expect(drawn.status).toBe('drawn');
    expect(drawn.result).toEqual(expected);
    expect(drawn.numbers).toEqual(allNumbersOf(expected));
    expect(drawn.drawnAt).toEqual(drawTime);
    expect(await drawDueNumeros(sut.db, drawTime)).toBe(0);

    // The whole tick at the same moment does nothing again (settlement aside).
    const tick = await lotteryTick(sut.db, { now: drawTime });
    expect(tick).toMatchObject({ locked: 0, drawn: 0, opened: 1 });
    const after = (await numeroOf('FAST_1', '203103030602'))!.numero;
    expect(after.result).toEqual(expected);
    expect(['drawn', 'settled']).toContain(after.status);
  });

  it('digests a numero without bets as the empty text', async () => {
    await openNumeros(sut.db, ict('2031-03-03T10:00:10'));
    await lockDueNumeros(sut.db, ict('2031-03-03T10:00:56'));
    const locked = (await numeroOf('FAST_1', '203103030602'))!.numero;
    expect(locked).toMatchObject({ status: 'locked', betCount: 0, betsDigest: await sha256Hex('') });
  });

  it('after downtime locks and draws the overdue numeros and never reopens a closed draw', async () => {
    await lotteryTick(sut.db, { now: ict('2031-03-03T10:00:10') });
    const late = ict('2031-03-03T10:30:00');
    const result = await lotteryTick(sut.db, { now: late });
    expect(result.locked).toBeGreaterThanOrEqual(15);
    expect(result.drawn).toBeGreaterThanOrEqual(15);
    // Everything that was open and is due is drawn (the tick settles next; the stub may refuse).
    const overdue = await sut.db
      .select({ status: lotteryNumeros.status })
      .from(lotteryNumeros)
      .where(sql`${lotteryNumeros.drawAt} <= ${late}`);
    expect(overdue.length).toBeGreaterThanOrEqual(15);
    for (const row of overdue) expect(['drawn', 'settled']).toContain(row.status);
    // Slots missed while nothing ran are not opened afterwards (10:20 is slot 621).
    expect(await numeroOf('FAST_1', '203103030621')).toBeUndefined();
    // The coming ones are open from the next slot on.
    expect((await numeroOf('FAST_1', '203103030632'))?.numero.status).toBe('open');
    const open = await sut.db
      .select({ lockAt: lotteryNumeros.lockAt })
      .from(lotteryNumeros)
      .where(eq(lotteryNumeros.status, 'open'));
    for (const row of open) expect(row.lockAt.getTime()).toBeGreaterThan(late.getTime());
  });

  it('two runs at once lock and draw every numero once', async () => {
    await openNumeros(sut.db, ict('2031-03-03T10:00:10'));
    const now = ict('2031-03-03T10:05:00');
    const runs = await Promise.all([lotteryTick(sut.db, { now }), lotteryTick(sut.db, { now })]);
    // 10:01 … 10:05 of FAST_1, 10:03 of FAST_3, 10:05 of FAST_5.
    expect(runs[0]!.locked + runs[1]!.locked).toBe(7);
    expect(runs[0]!.drawn + runs[1]!.drawn).toBe(7);
  });

  it.runIf(process.env.DATABASE_URL)(
    'waits for a placement in flight and digests its bet (PostgreSQL: two connections)',
    async () => {
      const database = await createTestDatabase();
      const other = await openDatabase({ kind: 'pg', url: database.url!, poolSize: 2 });
      try {
        await ensureLotteryGames(database.db, 2);
        await openNumeros(database.db, ict('2031-03-03T10:00:10'));
        const [target] = await database.db
          .select({ id: lotteryNumeros.id, gameId: lotteryNumeros.gameId })
          .from(lotteryNumeros)
          .where(eq(lotteryNumeros.numero, '203103030602'));
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        let holding = () => {};
        const held = new Promise<void>((resolve) => (holding = resolve));
        // A placement as the bets service makes it: the numero FOR SHARE while it checks and inserts.
        const placement = other.db.transaction(async (tx) => {
          await tx.execute(
            sql`select id from lottery_numeros where id = ${target!.id} and status = 'open' for share`,
          );
          holding();
          await released;
          return placeFakeBet(target!, 'd'.repeat(64), 0, tx);
        });
        await held;
        const locking = lockDueNumeros(database.db, ict('2031-03-03T10:00:56'));
        await new Promise((resolve) => setTimeout(resolve, 300));
        release();
        const bet = await placement;
        expect(await locking).toBe(1);
        const [locked] = await database.db
          .select()
          .from(lotteryNumeros)
          .where(eq(lotteryNumeros.id, target!.id));
        expect(locked).toMatchObject({
          status: 'locked',
          betCount: 1,
          betsDigest: await rootOf([bet]),
        });
      } finally {
        await other.close();
        await database.close();
      }
    },
  );

  it('is defined as one job every 2 seconds', () => {
    const job = sut.app.jobs.get('lottery-tick');
    expect(job?.schedule).toEqual({ everySeconds: 2 });
  });
});
