import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { openDatabase } from '../../db/open-database.ts';
import { AppError } from '../../http/app-error.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { cancelBet, placeSlip, type PlaceSlipInput } from './lottery.bets.ts';
import { lotteryExposureOf } from './lottery.exposure.ts';
import {
  addFundedMember,
  addLotteryGame,
  addNumero,
  mainBalanceOf,
  refusal,
} from './lottery.money.test-support.ts';

/**
 * The liability cap per number per draw (issue 36 item 6): lô 2 số at the fixtures' odds 80 with a
 * stake of 1.00 puts 80.00 of possible payout on its number; the cap of 1,000.00 takes 12 such bets
 * (960.00) and refuses the 13th. 50 bets at once on one number stop exactly there — on PostgreSQL
 * from 50 connections (DATABASE_URL), on PGlite one after the other.
 */
let sut: TestApp;
let gameId = 0;
let numeroSequence = 0;
let memberSequence = 0;

beforeAll(async () => {
  sut = await buildTestApp({ seed: false });
  gameId = await addLotteryGame(sut.db, 'L_NORTH', 'north');
  await updateSettings(sut.db, {
    lotteryRisk: { rtpCeiling: 98, liabilityCaps: { lo2: '1000', de: '0', xien2: '2000' } },
  });
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
    const url = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
    let pool: Awaited<ReturnType<typeof openDatabase>> | null = null;
    let db: Database = sut.db;
    if (url) {
      const [current] = rowsOf<{ name: string }>(
        await sut.db.execute(sql`select current_database() as name`),
      );
      url.pathname = `/${current?.name ?? ''}`;
      pool = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 50 });
      db = pool.db;
    }
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
        expect((error as AppError).value).toMatchObject({ number: '07', cap: '1000.00' });
      }
      expect(await liveBets(numeroId, '07')).toBe(12);
      const exposure = await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps: { lo2: '1000' } });
      expect(exposure.list[0]).toMatchObject({ playType: 'lo2', number: '07', payout: '960.00', bets: 12 });
      // The refused paid nothing.
      const balances = await Promise.all(players.map(balanceOf));
      expect(balances.filter((balance) => balance === 1_000_000n)).toHaveLength(38);
      expect(balances.filter((balance) => balance === 1_000_000n - 100n)).toHaveLength(12);
    } finally {
      await pool?.close();
    }
    await expectLedgerValid(sut.db);
  });

  it('refuses a whole slip when one of its numbers is full, naming it; a cancel frees room', async () => {
    const numero = nextNumero();
    const numeroId = await addNumero(sut.db, gameId, numero);
    const first = await member();
    const second = await member();
    // 12 × 80.00 on 42.
    const full = await placeSlip(sut.db, slip(first, numero, { numbers: ['42'], multiplier: 12 }));
    const before = await balanceOf(second);
    const error = await refusal(placeSlip(sut.db, slip(second, numero, { numbers: ['13', '42', '99'] })));
    expect(error.code).toBe('LIABILITY_LIMIT');
    expect(error.value).toMatchObject({ number: '42', cap: '1000.00', exposure: '960.00', payout: '80.00' });
    expect(JSON.stringify(error.issues)).toContain('numbers');
    expect(await balanceOf(second)).toBe(before);
    // Nothing of the slip stayed: 13 and 99 carry nothing.
    const exposure = await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps: { lo2: '1000' } });
    expect(exposure.list.map((line) => line.number)).toEqual(['42']);
    // A single bet above the cap on its own (20 × 80.00 = 1,600.00 on a fresh number).
    const alone = await refusal(placeSlip(sut.db, slip(second, numero, { numbers: ['55'], multiplier: 20 })));
    expect(alone.value).toMatchObject({ number: '55', exposure: '0.00' });
    // The cancel takes its payout off: the slip fits now.
    await cancelBet(sut.db, { memberId: first, betId: full.bets[0]!.betId });
    await placeSlip(sut.db, slip(second, numero, { numbers: ['13', '42', '99'] }));
    const after = await lotteryExposureOf(sut.db, { numeroId, precision: 2, caps: { lo2: '1000' } });
    expect(after.list.find((line) => line.number === '42')).toMatchObject({ payout: '80.00', bets: 1 });
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
        { playType: 'lo2', number: '31', payout: '720.00', bets: 2, cap: '1000.00', used: '72.00' },
        { playType: 'lo2', number: '32', payout: '240.00', bets: 1, cap: '1000.00', used: '24.00' },
      ],
    });
    expect((await call(sut, { method: 'GET', url })).status).toBe(401);
    expect((await call(sut, { method: 'GET', url, token: someone.token })).status).toBe(403);
    const unknown = `/api/operator/lottery/exposure?gameCode=L_NORTH&numero=201901010001`;
    expect((await call(sut, { method: 'GET', url: unknown, token: operator.token })).status).toBe(404);
    const bad = `/api/operator/lottery/exposure?gameCode=${encodeURIComponent('x y')}`;
    expect((await call(sut, { method: 'GET', url: bad, token: operator.token })).status).toBe(400);
  });
});
