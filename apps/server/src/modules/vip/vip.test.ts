import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipTableInput } from '@khela/contract';
import { dayKey, startOfDayKey, addDays } from '@khela/contract/business-day';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { depositOrders } from '../deposits/deposits.tables.ts';
import { bindDemoPayoutAccount } from '../withdrawals/withdrawals.test-support.ts';
import { withdrawals } from '../withdrawals/withdrawals.tables.ts';
import { insertSettledRound, newMember } from '../games/games.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { bonusesOffLedger } from '../promotions/promotions.ledger-check.ts';
import { memberRewards } from '../promotions/promotions.tables.ts';
import { getSettings } from '../settings/settings.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { settleVipRanks } from './vip.service.ts';
import { vipMemberRanks, vipRankChanges } from './vip.tables.ts';

/**
 * VIP ranks (issue 40 item 1; docs/vip.md): levels reached at once from turnover and deposits over
 * the rolling period of brand days (Dhaka's, not UTC's), lowered only at the review, each level's
 * reward once per member ever, claimed as bonus money with wagering through the ledger; the table
 * edited by an operator, checked and audited; refused callers refused.
 */
let sut: TestApp;
let operator: string;
/** The demo player (payment password 246810), at level 0 throughout. */
let demoPlayer: string;

beforeAll(async () => {
  ({
    sut,
    operator,
    player: demoPlayer,
  } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
});
// The level-up rewards claimed went through the ledger: it and the bonuses agree at the end.
afterAll(async () => {
  await expectLedgerValid(sut.db);
  const offLedger = await bonusesOffLedger(sut.db);
  await sut.close();
  expect(offLedger).toEqual([]);
});

const DAY = 86_400_000;
const ZONE = 'Asia/Dhaka';

/** Level 1 needs turnover only; the others deposits too. Rewards within 1 % of turnover, 60×. */
const testTable: VipTableInput = {
  periodDays: 30,
  levels: [
    {
      level: 0,
      name: 'Member',
      turnover: '0',
      deposits: '0',
      reward: '0',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '300',
    },
    {
      level: 1,
      name: 'Bronze',
      turnover: '1000',
      deposits: '0',
      reward: '10',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '1000',
    },
    {
      level: 2,
      name: 'Silver',
      turnover: '5000',
      deposits: '500',
      reward: '50',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '5000',
    },
    {
      level: 3,
      name: 'Gold',
      turnover: '20000',
      deposits: '2000',
      reward: '200',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '20000',
    },
    {
      level: 4,
      name: 'Platinum',
      turnover: '50000',
      deposits: '5000',
      reward: '0',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '50000',
    },
    {
      level: 5,
      name: 'Diamond',
      turnover: '100000',
      deposits: '10000',
      reward: '1000',
      wageringMultiple: 60,
      dailyWithdrawalLimit: null,
    },
  ],
};

const save = (body: unknown, token = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/vip/levels', body, token });

let accounts = 0;
const member = (type = 0) => newMember(sut, `vip${++accounts}`, type);

/** A settled main-wallet round at `at` (ms), the stake in minor units. */
const round = (memberId: number, bet: bigint, at = Date.now()) =>
  insertSettledRound(sut.db, { memberId, gameType: 'RNG', bet, win: 0n, settledAt: new Date(at) });

let deposits = 0;

/** An approved deposit (deposits' published orders), minor units. */
async function deposit(memberId: number, amount: bigint, at = Date.now()) {
  await sut.db.insert(depositOrders).values({
    memberId,
    methodCode: 'TEST',
    kind: 'bank_transfer',
    currency: 'BDT',
    amount,
    fee: 0n,
    status: 'approved',
    requestId: `vip-test-${memberId}-${amount}-${at}-${++deposits}`,
    requestHash: 'test',
    decidedBy: 'test',
    decidedAt: new Date(at),
  });
}

/** Silver's figures (৳6,000 of turnover, ৳600 of deposits) played and deposited now. */
async function playToSilver(memberId: number) {
  await round(memberId, 600_000n);
  await deposit(memberId, 60_000n);
}

const info = async (token: string) => {
  const answer = await call(sut, { method: 'GET', url: '/wps/member/info', token });
  expect(answer.status).toBe(200);
  return (answer.body.value as { clubLabel: { labelName: string; rankLevel: number } }).clubLabel;
};

const progress = async (token: string) => {
  const answer = await call(sut, { method: 'GET', url: '/wps/member/vip', token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value as {
    level: number;
    name: string;
    turnover: string;
    deposits: string;
    next: { level: number; name: string } | null;
    reviewAt: number | null;
    vipService: boolean;
  };
};

const vipRewards = (memberId: number) =>
  sut.db
    .select({ detail: memberRewards.detail, amount: memberRewards.amount, state: memberRewards.state })
    .from(memberRewards)
    .where(and(eq(memberRewards.memberId, memberId), eq(memberRewards.source, 'vip')))
    .orderBy(asc(memberRewards.id));

const changes = (memberId: number) =>
  sut.db
    .select({ from: vipRankChanges.fromLevel, to: vipRankChanges.toLevel, reason: vipRankChanges.reason })
    .from(vipRankChanges)
    .where(eq(vipRankChanges.memberId, memberId))
    .orderBy(asc(vipRankChanges.id));

const settle = async (now?: number) =>
  settleVipRanks(sut.db, await getSettings(sut.db), now === undefined ? {} : { now });

describe('the table in the back office', () => {
  it('saves a checked table and audits it with before and after', async () => {
    const answer = await save(testTable);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const value = answer.body.value as {
      levels: { name: string; turnover: string }[];
      smallestWageringMultiple: number;
    };
    expect(value.levels.map((level) => level.name)).toEqual([
      'Member',
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);
    expect(value.levels[2]!.turnover).toBe('5000.00');
    expect(value.smallestWageringMultiple).toBe(59);
    const [entry] = await sut.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.targetKind, 'vip-table'))
      .orderBy(asc(operatorAudit.id));
    expect(entry?.action).toBe('operatorVipTableSave');
    expect((entry?.before as { levels: { name: string }[] }).levels[1]!.name).toBe('Bronze'); // the demo table
    expect((entry?.after as { levels: { name: string }[] }).levels).toHaveLength(6);
  });

  it('refuses a table out of order, not increasing, or with rewards past the bound, nothing changed', async () => {
    const levels = testTable.levels;
    const cases: [unknown, string][] = [
      [{ ...testTable, levels: [levels[0], { ...levels[1]!, level: 2 }] }, 'levels.1.level'],
      [{ ...testTable, levels: [{ ...levels[0]!, reward: '5' }, levels[1]] }, 'levels.0.reward'],
      [
        { ...testTable, levels: [levels[0], levels[1], { ...levels[2]!, turnover: '1000' }] },
        'levels.2.turnover',
      ],
      [
        { ...testTable, levels: [levels[0], { ...levels[1]!, deposits: '600' }, levels[2]] },
        'levels.2.deposits',
      ],
      [{ ...testTable, levels: [levels[0], { ...levels[1]!, reward: '10.01' }] }, 'levels.1.reward'],
      [
        { ...testTable, levels: [levels[0], { ...levels[1]!, wageringMultiple: 58 }] },
        'levels.1.wageringMultiple',
      ],
      [{ ...testTable, levels: [levels[0], { ...levels[1]!, turnover: '1000.001' }] }, 'levels.1.turnover'],
      [{ ...testTable, levels: [levels[0], { ...levels[1]!, name: 'member' }] }, 'levels.1.name'],
      [
        { ...testTable, levels: [levels[0], { ...levels[1]!, dailyWithdrawalLimit: '299.99' }] },
        'levels.1.dailyWithdrawalLimit',
      ],
      [
        { ...testTable, levels: [{ ...levels[0]!, dailyWithdrawalLimit: null }, levels[1]] },
        'levels.1.dailyWithdrawalLimit',
      ],
      [
        { ...testTable, levels: [{ ...levels[0]!, dailyWithdrawalLimit: '0' }, levels[1]] },
        'levels.0.dailyWithdrawalLimit',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await save(body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(answer.body), field).toContain(field);
    }
    // Zod's own refusals: no levels, a period of 0 days, an unknown field.
    expect((await save({ ...testTable, levels: [] })).status).toBe(400);
    expect((await save({ ...testTable, periodDays: 0 })).status).toBe(400);
    expect((await save({ ...testTable, extra: 1 })).status).toBe(400);
    const read = await call(sut, { method: 'GET', url: '/api/operator/vip/levels', token: operator });
    expect((read.body.value as { levels: unknown[] }).levels).toHaveLength(6);
  });

  it('refuses a member, a guest and an operator without settings.write', async () => {
    const player = await member();
    expect((await save(testTable, player.token)).status).toBe(403);
    expect((await call(sut, { method: 'GET', url: '/api/operator/vip/levels', token: null })).status).toBe(
      401,
    );
    const support = await operatorOfRole(sut, 'support');
    expect((await save(testTable, support.token)).status).toBe(403);
    const readonly = await operatorOfRole(sut, 'readonly');
    expect(
      (await call(sut, { method: 'GET', url: '/api/operator/vip/levels', token: readonly.token })).status,
    ).toBe(200);
  });
});

describe('ranks', () => {
  it('starts a member at level 0 and shows the next level', async () => {
    const player = await member();
    expect(await info(player.token)).toEqual({ labelName: 'Member', rankLevel: 0 });
    const mine = await progress(player.token);
    expect(mine).toMatchObject({
      level: 0,
      turnover: '0.00',
      deposits: '0.00',
      reviewAt: null,
      vipService: false,
    });
    expect(mine.next).toMatchObject({ level: 1, name: 'Bronze', turnover: '1000.00', deposits: '0.00' });
  });

  it('raises the rank at once when member info is read, and puts the reward in the reward centre once', async () => {
    const player = await member();
    await round(player.id, 99_999n);
    expect(await info(player.token)).toEqual({ labelName: 'Member', rankLevel: 0 });
    await round(player.id, 1n);
    expect(await info(player.token)).toEqual({ labelName: 'Bronze', rankLevel: 1 });
    expect(await info(player.token)).toEqual({ labelName: 'Bronze', rankLevel: 1 });
    expect(await vipRewards(player.id)).toEqual([{ detail: '1', amount: 1_000n, state: 'waiting' }]);
    expect(await changes(player.id)).toEqual([{ from: 0, to: 1, reason: 'upgrade' }]);
    const mine = await progress(player.token);
    expect(mine.turnover).toBe('1000.00');
    expect(mine.reviewAt).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('the job raises members with new rounds and deposits, several levels at once, each reward once', async () => {
    const player = await member();
    await settle(); // the cursor past earlier tests
    await round(player.id, 2_500_000n);
    await deposit(player.id, 250_000n);
    expect((await settle()).upgraded).toBe(1);
    expect(
      (await sut.db.select().from(vipMemberRanks).where(eq(vipMemberRanks.memberId, player.id)))[0]?.level,
    ).toBe(3);
    expect((await vipRewards(player.id)).map((row) => [row.detail, row.amount])).toEqual([
      ['1', 1_000n],
      ['2', 5_000n],
      ['3', 20_000n],
    ]);
    await settle();
    expect(await vipRewards(player.id)).toHaveLength(3);
    expect(await changes(player.id)).toEqual([{ from: 0, to: 3, reason: 'upgrade' }]);
  });

  it("counts the rolling period in the brand's days, not UTC's", async () => {
    const player = await member();
    const now = Date.now();
    // The period's first moment: the start of the Dhaka day 29 days before today (18:00 UTC).
    const from = startOfDayKey(addDays(dayKey(now, ZONE), -29), ZONE);
    expect(new Date(from).getUTCHours()).toBe(18);
    await round(player.id, 60_000n, from + 30 * 60_000); // 00:30 in Dhaka, the day before in UTC
    await round(player.id, 50_000n, from - 60_000); // 23:59 the Dhaka day before: not counted
    expect((await progress(player.token)).turnover).toBe('600.00');
  });

  it('lowers a rank only at its review, to what the period holds, and never pays a level twice', async () => {
    const player = await member();
    await playToSilver(player.id);
    expect(await info(player.token)).toEqual({ labelName: 'Silver', rankLevel: 2 });
    const [rank] = await sut.db.select().from(vipMemberRanks).where(eq(vipMemberRanks.memberId, player.id));
    const reviewAt = rank!.reviewAt!.getTime();
    // The review falls at the start of a Dhaka day, 30 days on.
    expect(dayKey(reviewAt, ZONE)).toBe(addDays(dayKey(Date.now(), ZONE), 30));
    expect(reviewAt).toBe(startOfDayKey(dayKey(reviewAt, ZONE), ZONE));
    // Its turnover leaves the period: still Silver until the review.
    await sut.db.execute(
      sql`update game_rounds set settled_at = now() - interval '40 days' where member_id = ${player.id}`,
    );
    await sut.db.execute(
      sql`update deposit_orders set decided_at = now() - interval '40 days' where member_id = ${player.id}`,
    );
    expect(await info(player.token)).toEqual({ labelName: 'Silver', rankLevel: 2 });
    expect(await settle(reviewAt - 1)).toMatchObject({ reviewed: 0 });
    // The review: only 1,200 of the last 30 full brand days → Bronze.
    await round(player.id, 120_000n, reviewAt - DAY);
    expect((await settle(reviewAt + 60_000)).reviewed).toBeGreaterThanOrEqual(1);
    expect(await info(player.token)).toEqual({ labelName: 'Bronze', rankLevel: 1 });
    expect(await changes(player.id)).toEqual([
      { from: 0, to: 2, reason: 'upgrade' },
      { from: 2, to: 1, reason: 'review' },
    ]);
    // Climbing back to Silver pays nothing again.
    await playToSilver(player.id);
    expect(await info(player.token)).toEqual({ labelName: 'Silver', rankLevel: 2 });
    expect((await vipRewards(player.id)).map((row) => row.detail)).toEqual(['1', '2']);
  });

  it('opens the VIP service above level 4', async () => {
    const player = await member();
    await round(player.id, 10_000_000n);
    await deposit(player.id, 1_000_000n);
    expect(await progress(player.token)).toMatchObject({
      level: 5,
      name: 'Diamond',
      next: null,
      vipService: true,
    });
  });

  it('gives agents and trial accounts no rank, and refuses a guest and a trial account the call', async () => {
    const agent = await member(1);
    await round(agent.id, 10_000_000n);
    expect(await info(agent.token)).toEqual({ labelName: 'Member', rankLevel: 0 });
    expect((await progress(agent.token)).next).toBeNull();
    const trial = await member(4);
    await round(trial.id, 10_000_000n);
    expect(await info(trial.token)).toEqual({ labelName: 'Member', rankLevel: 0 });
    expect((await call(sut, { method: 'GET', url: '/wps/member/vip', token: trial.token })).status).toBe(403);
    expect((await call(sut, { method: 'GET', url: '/wps/member/vip', token: null })).status).toBe(401);
    expect(await vipRewards(agent.id)).toEqual([]);
  });

  it('turns a level-up reward into bonus money with the level wagering, claimed once', async () => {
    const player = await member();
    await round(player.id, 100_000n);
    await info(player.token);
    const list = await call(sut, { method: 'GET', url: '/wps/promotion/rewards', token: player.token });
    const reward = (
      list.body.value as { rewards: { id: number; source: string; title: string; detail: string }[] }
    ).rewards[0]!;
    expect(reward).toMatchObject({ source: 'vip', title: 'VIP 1', detail: '1' });
    const claim = await call(sut, {
      method: 'POST',
      url: '/wps/promotion/rewards/claim',
      body: { id: reward.id },
      token: player.token,
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body.value).toMatchObject({ amount: '10.00', wageringRequired: '600.00' });
    const again = await call(sut, {
      method: 'POST',
      url: '/wps/promotion/rewards/claim',
      body: { id: reward.id },
      token: player.token,
    });
    expect(again.status).toBe(409);
  });
});

describe("an operator's change", () => {
  const setLevel = (body: unknown, token = operator) =>
    call(sut, { method: 'POST', url: '/api/operator/vip/member-level', body, token });

  it('sets a level by hand with its reason, audited, no reward; the figures raise it again past it', async () => {
    const player = await member();
    const answer = await setLevel({ username: `vip${accounts}`, level: 3, reason: 'VIP host request' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.value).toMatchObject({ fromLevel: 0, toLevel: 3 });
    expect(answer.body.value.reviewAt).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(await info(player.token)).toEqual({ labelName: 'Gold', rankLevel: 3 });
    expect(await vipRewards(player.id)).toEqual([]);
    expect(await changes(player.id)).toEqual([{ from: 0, to: 3, reason: 'operator' }]);
    const [entry] = await sut.db
      .select()
      .from(operatorAudit)
      .where(
        and(eq(operatorAudit.action, 'operatorVipSetLevel'), eq(operatorAudit.targetId, String(player.id))),
      );
    expect(entry).toMatchObject({
      reason: 'VIP host request',
      before: { rankLevel: 0 },
      after: { rankLevel: 3 },
    });
    // Lowered by hand to 1: figures that reach Silver raise it at once and pay Silver's reward (a
    // level passed from 1 to 2 by playing); Bronze, set by hand, pays nothing.
    expect((await setLevel({ username: `vip${accounts}`, level: 1, reason: 'correction' })).status).toBe(200);
    await playToSilver(player.id);
    expect(await info(player.token)).toEqual({ labelName: 'Silver', rankLevel: 2 });
    expect((await vipRewards(player.id)).map((row) => row.detail)).toEqual(['2']);
  });

  it('refuses an unknown player, a level not in the table, an agent, a bad body and a caller without players.status', async () => {
    const agent = await member(1);
    expect((await setLevel({ username: 'nobody-here', level: 1, reason: 'test' })).status).toBe(404);
    const missing = await setLevel({ username: 'demoplayer', level: 9, reason: 'test' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('level');
    const agentRefused = await setLevel({ username: `vip${accounts}`, level: 1, reason: 'test' });
    expect(agentRefused.status).toBe(400);
    expect(JSON.stringify(agentRefused.body)).toContain('username');
    expect((await setLevel({ username: 'demoplayer', level: 1, reason: 'x' })).status).toBe(400);
    expect((await setLevel({ username: 'demoplayer', level: 1, reason: 'test', extra: true })).status).toBe(
      400,
    );
    const content = await operatorOfRole(sut, 'content');
    expect((await setLevel({ username: 'demoplayer', level: 1, reason: 'test' }, content.token)).status).toBe(
      403,
    );
    expect((await setLevel({ username: 'demoplayer', level: 1, reason: 'test' }, agent.token)).status).toBe(
      403,
    );
    expect(await changes(agent.id)).toEqual([]);
  });
});

describe('the daily withdrawal limit', () => {
  it("holds a member's withdrawals of a brand day to their level's limit, under the form's maximum", async () => {
    const funded = await call(sut, {
      method: 'POST',
      url: '/api/operator/wallet/adjust',
      token: operator,
      body: {
        username: 'demoplayer',
        amount: '1000',
        reason: 'test funds',
        idempotencyKey: 'vip-withdraw-funds',
      },
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const accountId = await bindDemoPayoutAccount(sut, demoPlayer);
    const info = async () =>
      (await call(sut, { method: 'GET', url: '/wps/withdraw/info', token: demoPlayer })).body.value as {
        available: string;
        max: string;
      };
    let requests = 0;
    const withdraw = (amount: string) =>
      call(sut, {
        method: 'POST',
        url: '/wps/withdraw/create',
        token: demoPlayer,
        sealed: true,
        body: { accountId, amount, paymentPassword: '246810', requestId: `vip-withdraw-${++requests}` },
      });
    // Level 0 (Member): ৳300 a brand day, below the brand's ৳50,000 a request.
    expect((await info()).max).toBe('300.00');
    expect((await withdraw('200')).status).toBe(200);
    expect(await info()).toMatchObject({ max: '100.00', available: '800.00' });
    const over = await withdraw('150');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', value: { max: '100.00' } });
    expect((await info()).available).toBe('800.00');
    expect((await withdraw('100')).status).toBe(200);
    expect((await info()).max).toBe('0.00');
    // A rejected request gives its share of the day back.
    const [first] = await sut.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.requestId, 'vip-withdraw-1'));
    await sut.db.update(withdrawals).set({ status: 'rejected' }).where(eq(withdrawals.id, first!.id));
    expect((await info()).max).toBe('200.00');
    await sut.db.update(withdrawals).set({ status: 'pending' }).where(eq(withdrawals.id, first!.id));
  });
});

describe('the upgrade after a deposit', () => {
  it("raises the rank in the deposit's own transaction, counting the deposit being credited", async () => {
    // The demo player (level 0 so far): Silver's turnover, not yet its deposits; no read since.
    const [demo] = rowsOf<{ id: number }>(
      await sut.db.execute(sql`select id from members where account = 'demoplayer'`),
    );
    const memberId = Number(demo!.id);
    await round(memberId, 500_000n);
    const order = await call(sut, {
      method: 'POST',
      url: '/wps/deposit/create',
      token: demoPlayer,
      body: { requestId: 'vip-deposit-1', methodCode: 'bank', amount: '500', reference: 'VIP-1' },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const approved = await call(sut, {
      method: 'POST',
      url: '/api/operator/deposit/decide',
      token: operator,
      body: { orderId: order.body.value.orderId, decision: 'approve' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // Silver (5,000 turnover and 500 deposits) at once: Bronze, had the deposit not counted.
    const [rank] = await sut.db.select().from(vipMemberRanks).where(eq(vipMemberRanks.memberId, memberId));
    expect(rank?.level).toBe(2);
    expect(await changes(memberId)).toEqual([{ from: 0, to: 2, reason: 'upgrade' }]);
  });
});
