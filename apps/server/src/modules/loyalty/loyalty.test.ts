import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayKey } from '@khela/contract/business-day';
import { formatVerification } from '../../db/invariant-checks.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { scryptOf } from '../accounts/accounts.context.ts';
import { members } from '../accounts/accounts.tables.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { hashPassword } from '../accounts/password-hash.ts';
import { categoryEdgeOf, insertSettledRound, newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid, mainBalanceOf } from '../ledger/ledger.test-support.ts';
import { getSettings, updateSettings } from '../settings/settings.service.ts';
import { creditPoints } from './loyalty.service.ts';
import { CONVERTED, ISSUED, pointsAddressOf, postPoints } from './points.ledger.ts';
import { verifyPoints } from './points.verifier.ts';

/**
 * Loyalty points (issue 40 item 2; docs/loyalty.md): earned per brand day from edge-weighted betting
 * by category (once per member and day, on the brand's clock), shown as a balance and a points
 * detail, converted to cash with the payment password in one transaction with the money entry;
 * refused with nothing moved below the minimum, without the points, with a wrong password, to a
 * guest, a trial account, an agent and a closed account; 50 conversions at once convert once.
 * Both ledgers' verifiers run after every test.
 */
let sut: TestApp;
const PASSWORD = '246810';

beforeAll(async () => {
  sut = await buildTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
      // 50 conversions at once each check the payment password: the hashing queue's limits per
      // account and address would turn most away before they reach the points (as wallet.concurrency).
      PASSWORD_HASH_PER_ACCOUNT: '1000',
      PASSWORD_HASH_PER_ADDRESS: '1000',
      PASSWORD_HASH_QUEUE: '1000',
    },
  });
});
afterAll(() => sut.close());
afterEach(async () => {
  const points = await verifyPoints(sut.db);
  expect(points.ok, formatVerification(points)).toBe(true);
  await expectLedgerValid(sut.db);
});

let accounts = 0;
/** A player (or another type) with the payment password set. */
async function member(type = 0) {
  const made = await newMember(sut, `points${++accounts}`, type);
  const paymentPasswordHash = await hashPassword(PASSWORD, scryptOf(sut.app.env));
  await sut.db.update(members).set({ paymentPasswordHash }).where(eq(members.id, made.id));
  return made;
}

/** Points the demo rates (RNG 20, LIVE 10 per ৳100 counted) give for a stake lost in full. */
async function pointsFor(category: 'RNG' | 'LIVE', bet: bigint): Promise<bigint> {
  const counted = (bet * (await categoryEdgeOf(sut.db, category))) / 500n;
  return (counted * (category === 'RNG' ? 20n : 10n)) / 10_000n;
}

const ZONE = 'Asia/Dhaka';
/** The brand days the tests credit, one after another (a day once credited is never again). */
let day = '2026-10-01';
const nextDay = () => (day = addDays(day, 1));
const dayStart = (key: string) => startOfDayKey(key, ZONE);
/** Runs the job as it would run ten minutes into the brand day after `key`. */
const creditThrough = async (key: string) =>
  creditPoints(sut.db, await getSettings(sut.db), { now: dayStart(addDays(key, 1)) + 10 * 60_000 });

async function round(memberId: number, gameType: string, bet: bigint, win: bigint, settledAt: number) {
  await insertSettledRound(sut.db, { memberId, gameType, bet, win, settledAt: new Date(settledAt) });
}

/** A member who earned points on a new brand day, and how many. */
async function memberWithPoints(bet = 3_000_000n) {
  const made = await member();
  const key = nextDay();
  await round(made.id, 'RNG', bet, 0n, dayStart(key) + 3_600_000);
  await creditThrough(key);
  return { ...made, points: await pointsFor('RNG', bet) };
}

const balanceOf = (token: string | null) =>
  call(sut, { method: 'GET', url: '/wps/relay/MCS2_getPointBalance', token });
const detailOf = (token: string | null, query = '') =>
  call(sut, { method: 'GET', url: `/wps/relay/ODSFE2_MemTransDet${query}`, token });
let requests = 0;
const convert = (token: string | null, body: Record<string, unknown>) =>
  call(sut, {
    method: 'POST',
    url: '/wps/relay/passwordCheck/MCS2_convertPoint',
    token,
    sealed: true,
    body: { paymentPassword: PASSWORD, requestId: `convert-${++requests}-${Date.now()}`, ...body },
  });

describe('earning points', () => {
  it("credits each brand day once, from edge-weighted betting per category, on the brand's clock", async () => {
    const player = await member();
    const agent = await member(1);
    const key = nextDay();
    const start = dayStart(key);
    // 23:30 in Dhaka counts for the day; 00:30 of the next day (the same UTC date) does not.
    await round(player.id, 'RNG', 1_000_000n, 0n, start + 23.5 * 3_600_000);
    await round(player.id, 'LIVE', 400_000n, 900_000n, start + 3_600_000);
    await round(player.id, 'RNG', 50_000n, 50_000n, start + 3_600_000); // a push counts nothing
    await round(player.id, 'RNG', 300_000n, 0n, start + 24.5 * 3_600_000);
    await round(agent.id, 'RNG', 1_000_000n, 0n, start + 3_600_000);
    expect(new Date(start + 24.5 * 3_600_000).toISOString().slice(0, 10)).toBe(
      new Date(start + 23.5 * 3_600_000).toISOString().slice(0, 10),
    );
    const expected = (await pointsFor('RNG', 1_000_000n)) + (await pointsFor('LIVE', 400_000n));
    expect(expected).toBeGreaterThan(0n);

    // Not yet five minutes after the day ended: nothing is due.
    const early = await creditPoints(sut.db, await getSettings(sut.db), {
      now: dayStart(addDays(key, 1)) + 60_000,
    });
    expect(early.days).not.toContain(key);

    const run = await creditThrough(key);
    expect(run.days).toEqual([key]);
    expect((await balanceOf(player.token)).body.value).toEqual({ enabled: true, balance: String(expected) });
    expect((await balanceOf(agent.token)).status).toBe(403);
    const agentPoints = rowsOf<{ n: number }>(
      await sut.db.execute(
        sql`select count(*)::integer as n from points_accounts where address = ${pointsAddressOf(agent.id)}`,
      ),
    );
    expect(agentPoints[0]?.n).toBe(0);

    // A second run of the same day credits nothing; the next day has the 00:30 round.
    const again = await creditThrough(key);
    expect(again.days).toEqual([]);
    expect((await balanceOf(player.token)).body.value.balance).toBe(String(expected));
    const next = await creditThrough(nextDay());
    expect(next.days).toEqual([day]);
    const total = expected + (await pointsFor('RNG', 300_000n));
    expect((await balanceOf(player.token)).body.value.balance).toBe(String(total));

    const detail = await detailOf(player.token);
    expect(detail.status).toBe(200);
    expect(detail.body.value).toMatchObject({ total: 2, totalPages: 1, pageNo: 1 });
    expect(detail.body.value.list[0]).toMatchObject({
      type: 'earn',
      amount: String(total - expected),
      balanceAfter: String(total),
      remark: day,
    });
    expect(detail.body.value.list[1]).toMatchObject({ amount: String(expected), remark: key });
    expect(detail.body.value.list[0].reference).toMatch(/^PT\d{10}$/);
    expect(detail.body.value.list[0].reference).not.toBe(detail.body.value.list[1].reference);
  });

  it('marks a day with nothing credited while points are off', async () => {
    const player = await member();
    const key = nextDay();
    await round(player.id, 'RNG', 1_000_000n, 0n, dayStart(key) + 3_600_000);
    const settings = await getSettings(sut.db);
    await updateSettings(sut.db, { loyaltyPoints: { ...settings.loyaltyPoints, enabled: false } });
    try {
      expect((await creditThrough(key)).days).toEqual([key]);
    } finally {
      await updateSettings(sut.db, { loyaltyPoints: { ...settings.loyaltyPoints, enabled: true } });
    }
    expect((await balanceOf(player.token)).body.value.balance).toBe('0');
    expect((await creditThrough(key)).days).toEqual([]);
  });
});

describe('converting points', () => {
  it('pays the cash value to the main wallet once per request id, with one points entry', async () => {
    const player = await memberWithPoints();
    expect(player.points).toBeGreaterThanOrEqual(1000n);
    const config = await call(sut, { method: 'GET', url: '/wps/relay/MCS2_getPointConfig' });
    expect(config.body.value).toMatchObject({
      enabled: true,
      pointsPerCash: '100',
      minimumConversion: '500',
      conversionStep: '1',
      currency: 'BDT',
      timeZone: ZONE,
    });
    expect(config.body.value.rates).toContainEqual({ gameType: 'RNG', rate: '20' });

    const body = { points: '750', requestId: `once-${Date.now()}` };
    const paid = await convert(player.token, body);
    expect(paid.status).toBe(200);
    expect(paid.body.value).toMatchObject({
      replayed: false,
      points: '750',
      cash: '7.50',
      currency: 'BDT',
      balance: String(player.points - 750n),
    });
    expect(await mainBalanceOf(sut.db, player.id)).toBe(750n);
    const replay = await convert(player.token, body);
    expect(replay.status).toBe(200);
    expect(replay.body.value).toMatchObject({ replayed: true, reference: paid.body.value.reference });
    expect(await mainBalanceOf(sut.db, player.id)).toBe(750n);
    expect((await balanceOf(player.token)).body.value.balance).toBe(String(player.points - 750n));

    const converts = await detailOf(player.token, '?type=convert');
    expect(converts.body.value.list).toEqual([
      {
        reference: paid.body.value.reference,
        time: expect.any(Number),
        type: 'convert',
        amount: '-750',
        balanceAfter: String(player.points - 750n),
        remark: '7.50 BDT',
      },
    ]);
  });

  it('refuses below the minimum, more than the balance, a wrong password and a bad body, moving nothing', async () => {
    const player = await memberWithPoints();
    const points = String(player.points);
    const below = await convert(player.token, { points: '499' });
    expect(below.status).toBe(400);
    expect(below.body.code).toBe('POINTS_BELOW_MINIMUM');
    expect(below.body.value).toMatchObject({ minimum: '500', step: '1' });
    const tooMany = await convert(player.token, { points: String(player.points + 1n) });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('INSUFFICIENT_POINTS');
    const wrong = await convert(player.token, { points: '500', paymentPassword: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    for (const bad of [{ points: '-5' }, { points: '1.5' }, { points: 'all' }, { points: 500 }]) {
      const answer = await convert(player.token, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await convert(player.token, { points: '500', requestId: 'x' })).status).toBe(400);
    expect((await balanceOf(player.token)).body.value.balance).toBe(points);
    expect(await mainBalanceOf(sut.db, player.id)).toBe(0n);
    expect((await detailOf(player.token, '?type=convert')).body.value.total).toBe(0);
    expect((await detailOf(player.token, '?pageSize=0')).status).toBe(400);
  });

  it('refuses a guest, a trial account, an agent, a closed account and a switched-off brand', async () => {
    expect((await balanceOf(null)).status).toBe(401);
    expect((await detailOf(null)).status).toBe(401);
    expect((await convert(null, { points: '500' })).status).toBe(401);
    const trial = await member(4);
    expect((await balanceOf(trial.token)).status).toBe(403);
    expect((await convert(trial.token, { points: '500' })).status).toBe(403);
    const agent = await member(1);
    const refused = await convert(agent.token, { points: '500' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FEATURE_DISABLED');
    expect((await detailOf(agent.token)).body.code).toBe('FEATURE_DISABLED');

    const closed = await memberWithPoints();
    await sut.db.update(members).set({ status: 'disabled' }).where(eq(members.id, closed.id));
    const answer = await convert(closed.token, { points: '500' });
    expect([401, 403]).toContain(answer.status);
    expect(await mainBalanceOf(sut.db, closed.id)).toBe(0n);

    const player = await memberWithPoints();
    const settings = await getSettings(sut.db);
    await updateSettings(sut.db, { loyaltyPoints: { ...settings.loyaltyPoints, enabled: false } });
    try {
      const off = await convert(player.token, { points: '500' });
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await updateSettings(sut.db, { loyaltyPoints: { ...settings.loyaltyPoints, enabled: true } });
    }
    expect(await mainBalanceOf(sut.db, player.id)).toBe(0n);
  });

  it('converts once of 50 conversions of the whole balance made at the same moment', async () => {
    const player = await memberWithPoints();
    const whole = String(player.points);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => convert(player.token, { points: whole })),
    );
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.status !== 200)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.code).toBe('INSUFFICIENT_POINTS');
    }
    expect((await balanceOf(player.token)).body.value.balance).toBe('0');
    expect(await mainBalanceOf(sut.db, player.id)).toBe(player.points);
    expect((await detailOf(player.token, '?type=convert')).body.value.total).toBe(1);
  });
});

describe('the points ledger', () => {
  it('refuses writes outside the posting path, edits, negative balances and a reused key', async () => {
    const player = await memberWithPoints();
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await sut.db.execute(statement).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, String(statement.queryChunks)).not.toBeNull();
    };
    await refused(
      sql`insert into points_entries (kind, idempotency_key, request_hash) values ('earn', 'x', ${'0'.repeat(64)})`,
    );
    await refused(
      sql`update points_accounts set balance = balance + 1000 where address = ${pointsAddressOf(player.id)}`,
    );
    await refused(sql`update points_entries set remark = 'edited'`);
    await refused(sql`delete from points_postings`);

    const key = `test:${player.id}:${Date.now()}`;
    /** `points` of the player's to the converted account, under `idempotencyKey`. */
    const take = (points: bigint, idempotencyKey = key) =>
      postPoints(sut.db, {
        kind: 'convert',
        idempotencyKey,
        legs: [
          { address: pointsAddressOf(player.id), amount: -points },
          { address: CONVERTED, amount: points },
        ],
        request: { points: points.toString() },
      });
    const first = await take(1n);
    expect(first.replayed).toBe(false);
    expect(first.balancesAfter[0]).toBe(player.points - 1n);
    const replay = await take(1n);
    expect(replay).toMatchObject({ replayed: true, entryId: first.entryId, reference: first.reference });
    await expect(take(2n)).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    await expect(take(player.points, `${key}:overdraw`)).rejects.toMatchObject({
      code: 'INSUFFICIENT_POINTS',
    });
    await expect(
      postPoints(sut.db, {
        kind: 'earn',
        idempotencyKey: `${key}:unbalanced`,
        legs: [
          { address: ISSUED, amount: -5n },
          { address: pointsAddressOf(player.id), amount: 4n },
        ],
      }),
    ).rejects.toThrow();
    expect((await balanceOf(player.token)).body.value.balance).toBe(String(player.points - 1n));
  });

  it('refuses settings whose points would give away more than their share of the expected win', async () => {
    const settings = await getSettings(sut.db);
    // 100 points a taka at 10 %: at most 50 points per ৳100 of edge-weighted betting.
    await expect(
      updateSettings(sut.db, { loyaltyPoints: { ...settings.loyaltyPoints, rates: { RNG: 50.01 } } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      updateSettings(sut.db, { loyaltyPoints: { ...settings.loyaltyPoints, edgeShare: 26 } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      updateSettings(sut.db, { loyaltyPoints: { ...settings.loyaltyPoints, pointsPerCash: 30 } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const saved = await updateSettings(sut.db, {
      loyaltyPoints: { ...settings.loyaltyPoints, rates: { ...settings.loyaltyPoints.rates, RNG: 50 } },
    });
    expect(saved.loyaltyPoints.rates.RNG).toBe(50);
    await updateSettings(sut.db, { loyaltyPoints: settings.loyaltyPoints });
  });
});
