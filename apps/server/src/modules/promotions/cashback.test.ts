import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonusRule } from '@khela/contract';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { insertSettledRound, newMember } from '../games/games.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { getSettings } from '../settings/settings.service.ts';
import { cashAndBonus, promotionWithRule, testBonusRule } from './bonus.test-support.ts';
import {
  CASHBACK_DELAY_MS,
  cashbackFor,
  cashbackPeriodOf,
  duePeriods,
  settleCashback,
} from './cashback.service.ts';
import { bonusesOffLedger } from './promotions.ledger-check.ts';
import { cashbackPeriods, memberRewards, promotionRules } from './promotions.tables.ts';

/**
 * Cash-back on losses (issue 39; docs/promotions.md "Cash-back on losses"): a rule of tiers, a cap
 * and a brand day or week; the net loss of each player's rounds settled in the period (the brand's
 * zone, not UTC), the tiered formula and the cap, one reward per member, promotion and period
 * however often the job runs, agents and trial accounts left out, the reward claimed as a bonus
 * with wagering through the ledger, and bad rules refused with nothing written.
 */
let sut: TestApp;

beforeAll(async () => {
  ({ sut } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  expect(await bonusesOffLedger(sut.db)).toEqual([]);
  await sut.close();
});

/** 5 % of a day's net loss, 10 % from ৳5,000, at most ৳2,000; the reward waits 7 days; 60×. */
const dailyRule: BonusRule = {
  ...testBonusRule,
  kind: 'cashback',
  amount: '2000',
  claimPeriod: 'day',
  depositWithinDays: 7,
  tiers: [
    { minLoss: '0', percent: '5' },
    { minLoss: '5000', percent: '10' },
  ],
};

const DAY = 86_400_000;

/** A cash-back promotion running for ten days already (its rule as old), so past days count. */
async function cashbackPromotion(rule: Partial<BonusRule> = {}, options: { paused?: boolean } = {}) {
  const id = await promotionWithRule(
    sut.db,
    { ...dailyRule, ...rule },
    {
      title: 'Daily cash-back',
      type: 'event',
      startsAt: new Date(Date.now() - 10 * DAY),
      endsAt: null,
      paused: options.paused ?? false,
    },
  );
  await sut.db.execute(
    sql`update promotion_rules set created_at = now() - interval '10 days' where promotion_id = ${id}`,
  );
  return id;
}

let accounts = 0;
const member = (type = 0) => newMember(sut, `cashback${++accounts}`, type);

/** A settled main-wallet round at `at` (ms), amounts in minor units. */
const round = (memberId: number, at: number, bet: bigint, win: bigint) =>
  insertSettledRound(sut.db, { memberId, gameType: 'RNG', bet, win, settledAt: new Date(at) });

async function settle(now = Date.now()) {
  return settleCashback(sut.db, await getSettings(sut.db), { now });
}

/** The newest brand day the job settles now. */
const lastDay = (now = Date.now()) => duePeriods(dailyRule, now, 'Asia/Dhaka').at(-1)!;

async function rewardsOf(memberId: number, promotionId: number) {
  return sut.db
    .select()
    .from(memberRewards)
    .where(and(eq(memberRewards.memberId, memberId), eq(memberRewards.promotionId, promotionId)))
    .orderBy(memberRewards.id);
}

const rewardAmounts = async (memberId: number, promotionId: number) =>
  (await rewardsOf(memberId, promotionId)).map((row) => [row.detail, row.amount]);

describe('cash-back periods', () => {
  it("cuts a day at the brand's midnight and a week from Monday, named as the reward says", () => {
    // 2026-12-06 18:30 UTC is 00:30 on Monday 7 December in Dhaka.
    const instant = Date.UTC(2026, 11, 6, 18, 30);
    expect(cashbackPeriodOf(dailyRule, instant, 'Asia/Dhaka')).toEqual({
      key: '2026-12-07',
      from: Date.UTC(2026, 11, 6, 18, 0),
      to: Date.UTC(2026, 11, 7, 18, 0),
    });
    expect(cashbackPeriodOf(dailyRule, instant, 'UTC').key).toBe('2026-12-06');
    const weekly = { ...dailyRule, claimPeriod: 'week' as const };
    expect(cashbackPeriodOf(weekly, Date.UTC(2026, 11, 9, 10), 'Asia/Dhaka').key).toBe(
      '2026-12-07 – 2026-12-13',
    );
    expect(cashbackPeriodOf(weekly, instant, 'UTC').key).toBe('2026-11-30 – 2026-12-06');
    // A day is due five minutes after it ended, not before; seven days back at most.
    const dayEnd = Date.UTC(2026, 11, 7, 18, 0);
    expect(duePeriods(dailyRule, dayEnd + CASHBACK_DELAY_MS - 1, 'Asia/Dhaka').at(-1)!.key).toBe(
      '2026-12-06',
    );
    expect(duePeriods(dailyRule, dayEnd + CASHBACK_DELAY_MS, 'Asia/Dhaka').at(-1)!.key).toBe('2026-12-07');
    expect(duePeriods(dailyRule, dayEnd + CASHBACK_DELAY_MS, 'Asia/Dhaka')).toHaveLength(7);
  });

  it('applies the highest tier the loss reaches to the whole loss, floored, at most the cap', async () => {
    const settings = await getSettings(sut.db);
    const of = (loss: bigint) => cashbackFor(settings, dailyRule, loss);
    expect(of(0n)).toBe(0n);
    expect(of(-50_000n)).toBe(0n);
    expect(of(40_000n)).toBe(2_000n); // ৳400 × 5 % = ৳20
    expect(of(499_999n)).toBe(24_999n); // ৳4,999.99 × 5 % = ৳249.9995 → ৳249.99
    expect(of(500_000n)).toBe(50_000n); // ৳5,000 × 10 % = ৳500
    expect(of(3_000_000n)).toBe(200_000n); // ৳30,000 × 10 % = ৳3,000 → the cap ৳2,000
    const fromHundred = { ...dailyRule, tiers: [{ minLoss: '100', percent: '12.5' }] };
    expect(cashbackFor(settings, fromHundred, 9_999n)).toBe(0n);
    expect(cashbackFor(settings, fromHundred, 10_001n)).toBe(1_250n);
  });
});

describe('the cash-back job', () => {
  it("counts the rounds settled in the brand's day, not UTC's, and pays each day once", async () => {
    const promotionId = await cashbackPromotion();
    const day = lastDay();
    const before = cashbackPeriodOf(dailyRule, day.from - 1, 'Asia/Dhaka');
    // Dhaka's midnight is 18:00 UTC: a round a second before it is the same UTC date as the day's start.
    expect(new Date(day.from).getUTCHours()).toBe(18);
    const { id } = await member();
    await round(id, day.from - 1000, 100_000n, 0n); // the day before: ৳1,000 lost
    await round(id, day.from + 1000, 30_000n, 0n); // ৳300 lost
    await round(id, day.to - 1000, 20_000n, 10_000n); // ৳100 lost
    await round(id, day.to + 1000, 500_000n, 0n); // the next day (still running): not yet
    await settle();
    expect(await rewardAmounts(id, promotionId)).toEqual([
      [before.key, 5_000n], // ৳1,000 × 5 %
      [day.key, 2_000n], // ৳400 × 5 %
    ]);
    const [reward] = (await rewardsOf(id, promotionId)).filter((row) => row.detail === day.key);
    expect(reward).toMatchObject({ source: 'cashback', state: 'waiting', currency: 'BDT' });
    expect(reward!.rule).toMatchObject({ kind: 'cashback', tiers: dailyRule.tiers });
    // The reward waits the rule's days (as a referral reward does).
    expect(Math.abs(reward!.expiresAt.getTime() - reward!.createdAt.getTime() - 7 * DAY)).toBeLessThan(
      60_000,
    );

    // Twice, and twice at once: nothing more.
    await settle();
    await Promise.all([settle(), settle()]);
    expect(await rewardsOf(id, promotionId)).toHaveLength(2);
    const periods = await sut.db
      .select()
      .from(cashbackPeriods)
      .where(and(eq(cashbackPeriods.promotionId, promotionId), eq(cashbackPeriods.periodKey, day.key)));
    expect(periods).toHaveLength(1);
    // Even with the period's row gone, the rewards' key keeps one per member and period.
    await sut.db
      .delete(cashbackPeriods)
      .where(and(eq(cashbackPeriods.promotionId, promotionId), eq(cashbackPeriods.periodKey, day.key)));
    await settle();
    expect(await rewardsOf(id, promotionId)).toHaveLength(2);
    await expect(
      sut.db.insert(memberRewards).values({
        memberId: id,
        source: 'cashback',
        promotionId,
        detail: day.key,
        currency: 'BDT',
        amount: 1n,
        rule: reward!.rule,
        state: 'waiting',
        expiresAt: new Date(Date.now() + DAY),
      }),
    ).rejects.toThrow();
  });

  it('pays nothing to a member who won, nor to agents and trial accounts, and applies tiers and the cap', async () => {
    const promotionId = await cashbackPromotion();
    const day = lastDay();
    const at = day.from + 3_600_000;
    const winner = await member();
    await round(winner.id, at, 100_000n, 300_000n);
    await round(winner.id, at, 50_000n, 0n);
    const agent = await member(1);
    await round(agent.id, at, 100_000n, 0n);
    const trial = await member(4);
    await round(trial.id, at, 100_000n, 0n);
    const below = await member();
    await round(below.id, at, 499_999n, 0n);
    const tier = await member();
    await round(tier.id, at, 250_000n, 0n);
    await round(tier.id, at, 250_000n, 0n);
    const capped = await member();
    await round(capped.id, at, 3_000_000n, 0n);
    await settle();
    expect(await rewardsOf(winner.id, promotionId)).toEqual([]);
    expect(await rewardsOf(agent.id, promotionId)).toEqual([]);
    expect(await rewardsOf(trial.id, promotionId)).toEqual([]);
    expect(await rewardAmounts(below.id, promotionId)).toEqual([[day.key, 24_999n]]);
    expect(await rewardAmounts(tier.id, promotionId)).toEqual([[day.key, 50_000n]]);
    expect(await rewardAmounts(capped.id, promotionId)).toEqual([[day.key, 200_000n]]);
    const [period] = await sut.db
      .select()
      .from(cashbackPeriods)
      .where(and(eq(cashbackPeriods.promotionId, promotionId), eq(cashbackPeriods.periodKey, day.key)));
    // The period's row sums its rewards (the other tests' members who lost that day included).
    const written = (
      await sut.db.select().from(memberRewards).where(eq(memberRewards.promotionId, promotionId))
    ).filter((row) => row.detail === day.key);
    expect(period).toMatchObject({
      rewards: written.length,
      total: written.reduce((sum, row) => sum + row.amount, 0n),
    });
    expect(written.length).toBeGreaterThanOrEqual(3);
  });

  it('settles nothing of a paused rule, nor before the promotion or the rule began', async () => {
    const paused = await cashbackPromotion({}, { paused: true });
    const young = await cashbackPromotion();
    // The rule came an hour ago: the days before are not its to pay.
    await sut.db.execute(
      sql`update promotion_rules set created_at = now() - interval '1 hour' where promotion_id = ${young}`,
    );
    const { id } = await member();
    await round(id, lastDay().from + 60_000, 100_000n, 0n);
    await settle();
    expect(await rewardsOf(id, paused)).toEqual([]);
    expect(await rewardsOf(id, young)).toEqual([]);
  });

  it('a weekly rule pays the brand week just ended, named by its Monday and Sunday', async () => {
    const weekly = { claimPeriod: 'week' as const };
    const promotionId = await cashbackPromotion(weekly);
    const week = duePeriods({ ...dailyRule, ...weekly }, Date.now(), 'Asia/Dhaka').at(-1)!;
    expect(week.key).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
    const { id } = await member();
    await round(id, week.from + 1000, 600_000n, 0n);
    await round(id, week.to - 1000, 100_000n, 100_000n);
    await settle();
    expect(await rewardAmounts(id, promotionId)).toEqual([[week.key, 60_000n]]);
  });
});

describe('the member and the reward centre', () => {
  it('shows the rule and the loss so far, refuses a claim, and the reward claimed becomes a bonus with wagering', async () => {
    const promotionId = await cashbackPromotion();
    const day = lastDay();
    const { id, token } = await member();
    await round(id, day.from + 1000, 80_000n, 0n); // ৳800 lost: ৳40 back
    const now = Date.now();
    const today = cashbackPeriodOf(dailyRule, now, 'Asia/Dhaka');
    await round(id, Math.max(today.from, now - 60_000), 10_000n, 0n); // ৳100 lost so far today

    const offer = await call(sut, { method: 'GET', url: `/wps/promotion/offer?id=${promotionId}`, token });
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    expect(offer.body.value).toMatchObject({
      state: 'joined',
      rule: { kind: 'cashback' },
      cashback: { period: today.key, netLoss: '100.00', amount: '5.00' },
    });
    const guest = await call(sut, {
      method: 'GET',
      url: `/wps/promotion/offer?id=${promotionId}`,
      token: null,
    });
    expect(guest.body.value).toMatchObject({ state: 'claim' });
    expect(guest.body.value.cashback ?? null).toBeNull();
    const claim = await call(sut, {
      method: 'POST',
      url: '/wps/promotion/claim',
      token,
      body: { promotionId },
    });
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'cashback_only' } });

    await settle();
    const list = await call(sut, { method: 'GET', url: '/wps/promotion/rewards?language=EN', token });
    const reward = (list.body.value.rewards as { promotionId: number; source: string }[]).find(
      (row) => row.promotionId === promotionId && row.source === 'cashback',
    );
    expect(reward).toMatchObject({
      detail: day.key,
      amount: '40.00',
      state: 'waiting',
      wageringMultiple: 60,
    });

    const claimed = await call(sut, {
      method: 'POST',
      url: '/wps/promotion/rewards/claim',
      token,
      body: { id: (reward as unknown as { id: number }).id },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.value).toMatchObject({
      kind: 'cashback',
      state: 'active',
      amount: '40.00',
      wageringRequired: '2400.00',
      maxBet: '50.00',
    });
    expect((await cashAndBonus(sut.db, id)).bonus).toBe(4_000n);
    const again = await call(sut, {
      method: 'POST',
      url: '/wps/promotion/rewards/claim',
      token,
      body: { id: (reward as unknown as { id: number }).id },
    });
    expect(again.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'claimed' } });
    await expectLedgerValid(sut.db);
  });
});

describe('the rule in the back office', () => {
  it('saves a cash-back rule, and refuses bad tiers, a bad period or cap, writing nothing', async () => {
    const content = await operatorOfRole(sut, 'content');
    const id = await cashbackPromotion();
    const save = (rule: unknown) =>
      call(sut, {
        method: 'POST',
        url: '/api/operator/promotion/rule/save',
        token: content.token,
        body: { promotionId: id, rule, paused: false },
      });
    const weekly = {
      ...dailyRule,
      claimPeriod: 'week',
      tiers: [
        { minLoss: '0', percent: '5' },
        { minLoss: '5000', percent: '10' },
      ],
    };
    const saved = await save(weekly);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [stored] = await sut.db.select().from(promotionRules).where(eq(promotionRules.promotionId, id));
    expect(stored!.rule).toMatchObject({ kind: 'cashback', claimPeriod: 'week' });

    const refused = async (rule: unknown, field: string) => {
      const answer = await save(rule);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      // The contract's issues name `rule.<field>`, the server's checks after it `<field>`.
      const fields = answer.body.value.issues.map((issue: { field: string }) =>
        issue.field.replace(/^rule\./, ''),
      );
      expect(fields).toContain(field);
    };
    const tiers = (...list: [string, string][]) => list.map(([minLoss, percent]) => ({ minLoss, percent }));
    await refused({ ...weekly, tiers: tiers(['5000', '10'], ['1000', '5']) }, 'tiers.1.minLoss');
    await refused({ ...weekly, tiers: tiers(['0', '5'], ['0', '10']) }, 'tiers.1.minLoss');
    await refused({ ...weekly, tiers: tiers(['0', '100.01']) }, 'tiers.0.percent');
    await refused({ ...weekly, tiers: tiers(['0', '0']) }, 'tiers.0.percent');
    await refused({ ...weekly, tiers: tiers(['0', '-5']) }, 'tiers.0.percent');
    await refused({ ...weekly, tiers: tiers(['-1', '5']) }, 'tiers.0.minLoss');
    await refused({ ...weekly, tiers: [] }, 'tiers');
    await refused({ ...weekly, tiers: undefined }, 'tiers');
    await refused({ ...weekly, amount: '0' }, 'amount');
    await refused({ ...weekly, amount: '-10' }, 'amount');
    await refused({ ...weekly, claimPeriod: 'member' }, 'claimPeriod');
    await refused({ ...weekly, percent: '10' }, 'percent');
    await refused({ ...testBonusRule, tiers: tiers(['0', '5']) }, 'tiers');
    const smallest = (await import('./bonus.service.ts')).smallestWageringMultiple(await getSettings(sut.db));
    await refused({ ...weekly, wageringMultiple: smallest - 1 }, 'wageringMultiple');
    // Precision beyond the currency's (checked by the server after the contract).
    const precise = await save({ ...weekly, tiers: tiers(['0', '5'], ['100.001', '10']) });
    expect(precise.status).toBe(400);
    const [after] = await sut.db.select().from(promotionRules).where(eq(promotionRules.promotionId, id));
    expect(after!.rule).toEqual(stored!.rule);
  });
});
