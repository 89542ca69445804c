import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { layoutOf, lotteryRegions, maxHits, type DrawResult, type PlayType } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { concurrentDatabase } from '../../test/concurrent-database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { siteSettingsSchema } from '../settings/settings.schema.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { cancelBet, placeSlip, type PlaceSlipInput } from './lottery.bets.ts';
import { lotteryExposureOf } from './lottery.exposure.ts';
import { defaultOdds } from './lottery.games.ts';
import {
  addFundedMember,
  addLotteryGame,
  addNumero,
  drawWith,
  mainBalanceOf,
  refusal,
} from './lottery.money.test-support.ts';
import { settleNumero, voidNumero } from './lottery.settlement.ts';

/**
 * The liability cap per number per draw (issue 36 item 6): lô 2 số at the fixtures' odds 80 with a
 * stake of 1.00 can be paid for each of the north's 27 prize numbers, so it puts 80.00 × 27 =
 * 2,160.00 of possible payout on its number; the cap of 27,000.00 takes 12 such bets (25,920.00)
 * and refuses the 13th. 50 bets at once on one number stop exactly there — on PostgreSQL from 50
 * connections (DATABASE_URL), on PGlite one after the other.
 */
let sut: TestApp;
let gameId = 0;
let southId = 0;
let numeroSequence = 0;
let memberSequence = 0;

beforeAll(async () => {
  sut = await buildTestApp({ seed: false });
  gameId = await addLotteryGame(sut.db, 'L_NORTH', 'north');
  southId = await addLotteryGame(sut.db, 'L_SOUTH', 'south');
  await updateSettings(sut.db, { lotteryRisk: { rtpCeiling: 98, liabilityCaps: caps } });
});
afterAll(async () => {
  await sut.close();
});

function nextNumero(): string {
  numeroSequence += 1;
  return `20261127${String(numeroSequence).padStart(4, '0')}`;
}

async function member(funding = 1_000_000n): Promise<number> {
  memberSequence += 1;
  return addFundedMember(sut.db, {
    account: `liab${memberSequence}`,
    funding,
    fundingKey: (id) => `liab-fund-${id}`,
  });
}

const balanceOf = (memberId: number) => mainBalanceOf(sut.db, memberId);
const caps = { lo2: '27000', de: '0', xien2: '2000', xiu_chu: '2000', lo3: '100000' };

function slip(memberId: number, numero: string, overrides: Partial<PlaceSlipInput> = {}): PlaceSlipInput {
  return {
    memberId,
    requestId: `liab-${memberId}-${randomBytes(5).toString('hex')}`,
    gameCode: 'L_NORTH',
    numero,
    playType: 'lo2',
    numbers: ['07'],
    unitStake: '1',
    multiplier: 1,
    ...overrides,
  };
}

async function liveBets(numeroId: number, number: string): Promise<number> {
  const [row] = rowsOf<{ count: string }>(
    await sut.db.execute(sql`select count(*)::text as count from lottery_bets
      where numero_id = ${numeroId} and status = 'open' and ${number} = any (selection)`),
  );
  return Number(row?.count ?? 0);
}

describe('the liability cap per number per draw', () => {
  it('stops 50 concurrent bets on one number exactly at the cap; the others are refused naming it', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero);
    const players = await Promise.all(Array.from({ length: 50 }, () => member()));
    // On PostgreSQL the bets come from 50 connections at once; PGlite has one.
    const { db, close } = await concurrentDatabase(sut.db, 50);
    try {
      const answers = await Promise.allSettled(
        players.map((memberId) => placeSlip(db, slip(memberId, numero))),
      );
      const placed = answers.filter((answer) => answer.status === 'fulfilled');
      const refused = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason] : []));
      expect(placed).toHaveLength(12);
      expect(refused).toHaveLength(38);
      for (const error of refused) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('LIABILITY_LIMIT');
        expect((error as AppError).value).toMatchObject({ number: '07', cap: '27000.00', payout: '2160.00' });
      }
      expect(await liveBets(numeroId, '07')).toBe(12);
      const exposure = await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps });
      expect(exposure.list[0]).toMatchObject({
        playType: 'lo2',
        number: '07',
        payout: '25920.00',
        bets: 12,
        maxHits: 27,
      });
      // The refused paid nothing.
      const balances = await Promise.all(players.map(balanceOf));
      expect(balances.filter((balance) => balance === 1_000_000n)).toHaveLength(38);
      expect(balances.filter((balance) => balance === 1_000_000n - 100n)).toHaveLength(12);
    } finally {
      await close();
    }
    await expectLedgerValid(sut.db);
  });

  it('refuses a whole slip when one of its numbers is full, naming it; a cancel frees room', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero);
    const first = await member();
    const second = await member();
    // 12 × 80.00 × 27 hits on 42.
    const full = await placeSlip(sut.db, slip(first, numero, { numbers: ['42'], multiplier: 12 }));
    const before = await balanceOf(second);
    const error = await refusal(placeSlip(sut.db, slip(second, numero, { numbers: ['13', '42', '99'] })));
    expect(error.code).toBe('LIABILITY_LIMIT');
    expect(error.value).toMatchObject({
      number: '42',
      cap: '27000.00',
      exposure: '25920.00',
      payout: '2160.00',
    });
    expect(JSON.stringify(error.issues)).toContain('numbers');
    expect(await balanceOf(second)).toBe(before);
    // Nothing of the slip stayed: 13 and 99 carry nothing.
    const exposure = await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps });
    expect(exposure.list.map((line) => line.number)).toEqual(['42']);
    // A single bet above the cap on its own (20 × 2,160.00 = 43,200.00 on a fresh number).
    const alone = await refusal(placeSlip(sut.db, slip(second, numero, { numbers: ['55'], multiplier: 20 })));
    expect(alone.value).toMatchObject({ number: '55', exposure: '0.00' });
    // The cancel takes its payout off: the slip fits now.
    await cancelBet(sut.db, { memberId: first, betId: full.bets[0]!.betId });
    await placeSlip(sut.db, slip(second, numero, { numbers: ['13', '42', '99'] }));
    const after = await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps });
    expect(after.list.find((line) => line.number === '42')).toMatchObject({ payout: '2160.00', bets: 1 });
  });

  it("counts a xiên's numbers together, and a play type without a cap is not limited", async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero);
    const player = await member(100_000_000n);
    // xiên 2 at 17: 100.00 × 17 = 1,700.00 ≤ 2,000.00, the second is refused on "07,42".
    await placeSlip(
      sut.db,
      slip(player, numero, { playType: 'xien2', numbers: ['42', '07'], multiplier: 100 }),
    );
    const xien = await refusal(
      placeSlip(sut.db, slip(player, numero, { playType: 'xien2', numbers: ['07', '42'], multiplier: 100 })),
    );
    expect(xien.value).toMatchObject({ number: '07,42' });
    // đề has cap "0": 50 × 95 × 100.00 and more, all taken.
    for (let index = 0; index < 5; index += 1) {
      await placeSlip(sut.db, slip(player, numero, { playType: 'de', numbers: ['07'], multiplier: 100 }));
    }
    expect(
      (await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps: {} })).list.map(
        (line) => line.playType,
      ),
    ).toEqual(['xien2']);
  });

  it('shows the operator the live exposure of a numero against the caps; refuses a member and a guest', async () => {
    const numero = nextNumero();
    await addNumero(sut.db, gameId, numero);
    const player = await member();
    await placeSlip(sut.db, slip(player, numero, { numbers: ['31', '32'], multiplier: 3 }));
    await placeSlip(sut.db, slip(player, numero, { numbers: ['31'], multiplier: 6 }));
    const operator = await newMember(sut, 'liabops', 0, 'operator');
    const someone = await newMember(sut, 'liabplayer');
    const url = `/api/operator/lottery/exposure?gameCode=L_NORTH&numero=${numero}`;
    const answer = await call(sut, { method: 'GET', url, token: operator.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.value).toEqual({
      numero,
      status: 'open',
      list: [
        {
          playType: 'lo2',
          number: '31',
          payout: '19440.00',
          bets: 2,
          maxHits: 27,
          cap: '27000.00',
          used: '72.00',
        },
        {
          playType: 'lo2',
          number: '32',
          payout: '6480.00',
          bets: 1,
          maxHits: 27,
          cap: '27000.00',
          used: '24.00',
        },
      ],
    });
    expect((await call(sut, { method: 'GET', url })).status).toBe(401);
    expect((await call(sut, { method: 'GET', url, token: someone.token })).status).toBe(403);
    const unknown = `/api/operator/lottery/exposure?gameCode=L_NORTH&numero=201901010001`;
    expect((await call(sut, { method: 'GET', url: unknown, token: operator.token })).status).toBe(404);
    const bad = `/api/operator/lottery/exposure?gameCode=${encodeURIComponent('x y')}`;
    expect((await call(sut, { method: 'GET', url: bad, token: operator.token })).status).toBe(400);
  });

  it("counts each bet's most hits in its region's layout: lô 27× in the north, 18× in the south, xỉu chủ 2×", async () => {
    const north = nextNumero();
    const northId = await addNumero(sut.db, gameId, north);
    const south = nextNumero();
    const southNumeroId = await addNumero(sut.db, southId, south);
    const player = await member(100_000_000n);
    await placeSlip(sut.db, slip(player, north, { numbers: ['27'] }));
    await placeSlip(sut.db, slip(player, north, { playType: 'lo3', numbers: ['127'] }));
    await placeSlip(sut.db, slip(player, south, { gameCode: 'L_SOUTH', numbers: ['27'] }));
    await placeSlip(
      sut.db,
      slip(player, south, { gameCode: 'L_SOUTH', playType: 'xiu_chu', numbers: ['456'] }),
    );
    const lines = async (numeroId: number) =>
      (await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps })).list.map((line) => ({
        playType: line.playType,
        payout: line.payout,
        maxHits: line.maxHits,
      }));
    // lô 2 số 80 × 27; lô 3 số 900 × 23.
    expect(await lines(northId)).toEqual([
      { playType: 'lo3', payout: '20700.00', maxHits: 23 },
      { playType: 'lo2', payout: '2160.00', maxHits: 27 },
    ]);
    // lô 2 số 80 × 18; xỉu chủ 450 × 2 (the 7th prize and the special's last three).
    expect(await lines(southNumeroId)).toEqual([
      { playType: 'lo2', payout: '1440.00', maxHits: 18 },
      { playType: 'xiu_chu', payout: '900.00', maxHits: 2 },
    ]);
    // xỉu chủ: a second 1.00 (1,800.00) fits the cap of 2,000.00, a third does not.
    await placeSlip(
      sut.db,
      slip(player, south, { gameCode: 'L_SOUTH', playType: 'xiu_chu', numbers: ['456'] }),
    );
    const third = await refusal(
      placeSlip(sut.db, slip(player, south, { gameCode: 'L_SOUTH', playType: 'xiu_chu', numbers: ['456'] })),
    );
    expect(third.value).toMatchObject({ number: '456', exposure: '1800.00', payout: '900.00' });
  });

  it('bounds what the house really pays: bets up to the cap, every prize number ending in them, paid at most the cap', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero);
    const players = [await member(), await member()];
    // 12 bets of 1.00 on 27 fill the cap (25,920.00 of 27,000.00); the 13th is refused.
    for (let index = 0; index < 12; index += 1) {
      await placeSlip(sut.db, slip(players[index % 2]!, numero, { numbers: ['27'] }));
    }
    expect((await refusal(placeSlip(sut.db, slip(players[0]!, numero, { numbers: ['27'] })))).code).toBe(
      'LIABILITY_LIMIT',
    );
    // The house's worst draw: all 27 prize numbers end in 27.
    const result: DrawResult = layoutOf('north').map(({ tier, count, digits }) => ({
      tier,
      numbers: Array.from({ length: count }, () => '27'.padStart(digits, '9')),
    }));
    await drawWith(sut.db, numeroId, result);
    await settleNumero(sut.db, numeroId);
    const [paid] = rowsOf<{ payout: string; hits: string }>(
      await sut.db.execute(sql`select sum(payout)::text as payout, min(hits)::text as hits
        from lottery_bets where numero_id = ${numeroId}`),
    );
    expect(paid).toEqual({ payout: '2592000', hits: '27' });
    expect(BigInt(paid!.payout)).toBeLessThanOrEqual(2_700_000n);
    await expectLedgerValid(sut.db);
  });
});

describe('the liability rows of settled and void numeros (issue 36: never cleaned)', () => {
  async function exposureRows(numeroId: number): Promise<number> {
    const [row] = rowsOf<{ count: string }>(
      await sut.db.execute(
        sql`select count(*)::text as count from lottery_exposure where numero_id = ${numeroId}`,
      ),
    );
    return Number(row?.count ?? 0);
  }

  it('are deleted when the settlement or the void is done, and by the hourly job for what is left', async () => {
    const player = await member();
    const settled = nextNumero();
    const settledId = await addNumero(sut.db, gameId, settled);
    await placeSlip(sut.db, slip(player, settled, { numbers: ['11', '12'] }));
    const voided = nextNumero();
    const voidedId = await addNumero(sut.db, gameId, voided);
    await placeSlip(sut.db, slip(player, voided, { numbers: ['13'] }));
    const open = nextNumero();
    const openId = await addNumero(sut.db, gameId, open);
    await placeSlip(sut.db, slip(player, open, { numbers: ['14'] }));
    expect(await exposureRows(settledId)).toBe(2);

    await drawWith(
      sut.db,
      settledId,
      layoutOf('north').map(({ tier, count, digits }) => ({
        tier,
        numbers: Array.from({ length: count }, () => '0'.repeat(digits)),
      })),
    );
    await settleNumero(sut.db, settledId);
    expect(await exposureRows(settledId)).toBe(0);
    await voidNumero(sut.db, { numeroId: voidedId, reason: 'test' });
    expect(await exposureRows(voidedId)).toBe(0);
    expect(await exposureRows(openId)).toBe(1);

    // Rows a run cut off (or an older version) left on a settled numero: the job deletes them.
    await sut.db
      .execute(sql`insert into lottery_exposure (numero_id, play_type, selection, payout, bets, max_hits)
      values (${settledId}, 'lo2', '11', 100, 1, 27), (${voidedId}, 'lo2', '13', 100, 1, 27)`);
    const job = sut.app.jobs.get('lottery-exposure-cleanup');
    expect(job?.schedule).toEqual({ cron: '41 * * * *' });
    const answer = (await job!.run({ id: 'test' })) as { deleted: number };
    expect(answer.deleted).toBeGreaterThanOrEqual(2);
    expect(await exposureRows(settledId)).toBe(0);
    expect(await exposureRows(voidedId)).toBe(0);
    // The open numero keeps its row.
    expect(await exposureRows(openId)).toBe(1);
  });
});

describe('the default caps', () => {
  it('take one bet at the largest stake of every play type in its worst draw (the default odds × maxHits)', () => {
    const defaults = siteSettingsSchema.parse({}).lotteryRisk.liabilityCaps;
    for (const region of lotteryRegions) {
      for (const [playType, line] of Object.entries(defaultOdds[region])) {
        const worst = line.maxMajor * line.odds * maxHits(region, playType as PlayType);
        expect(worst, `${region} ${playType}`).toBeLessThanOrEqual(Number(defaults[playType as PlayType]));
      }
    }
  });
});
