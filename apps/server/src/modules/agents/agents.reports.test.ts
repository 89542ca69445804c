import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey, startOfDayKey } from '@khela/contract/business-day';
import { call } from '../accounts/accounts.test-support.ts';
import { depositOrders } from '../deposits/deposits.tables.ts';
import { agentWages } from './agents.tables.ts';
import {
  agentHost,
  buildTeams,
  credit,
  playerLogin,
  settledRound,
  teamPaymentPassword,
  type Teams,
} from './agents.team.test-support.ts';

let teams: Teams;
let player: string;
const dayMs = 86_400_000;
// The brand's day (Asia/Dhaka for the demo brand), as the reports cut it.
const todayKey = dayKey(Date.now(), 'Asia/Dhaka');
const today = startOfDayKey(todayKey, 'Asia/Dhaka');

beforeAll(async () => {
  teams = await buildTeams();
  const { ids } = teams;
  await settledRound(teams, {
    memberId: ids.ta_deep!,
    bet: 10_000n,
    win: 30_000n,
    at: new Date(today + 1000),
  });
  await settledRound(teams, { memberId: ids.ta_deep!, bet: 2_000n, win: 0n, at: new Date(today + 2000) });
  await settledRound(teams, { memberId: ids.ta_player!, bet: 5_000n, win: 0n, at: new Date(today + 3000) });
  await settledRound(teams, { memberId: ids.tb_deep!, bet: 70_000n, win: 0n, at: new Date(today + 4000) });
  // Before the default period (the last 7 days).
  await settledRound(teams, {
    memberId: ids.ta_player!,
    bet: 1_000n,
    win: 0n,
    at: new Date(today - 10 * dayMs),
  });
  await teams.sut.db.insert(depositOrders).values(
    ['ta_player', 'tb_player'].map((account, index) => ({
      memberId: ids[account]!,
      methodCode: 'TEST',
      kind: 'bank_transfer' as const,
      currency: 'BDT',
      amount: 20_000n,
      fee: 0n,
      status: 'approved' as const,
      requestId: `report-deposit-${index}`,
      requestHash: 'x',
      decidedAt: new Date(today + 5000),
    })),
  );
  // Wages as the settlement writes them: to A (two kinds) and to A's downline agent, and to B.
  const wage = (memberId: number, kind: 'daily' | 'hourly', paid: bigint, periodKey: string) => ({
    kind,
    periodKey,
    periodFrom: new Date(today),
    periodTo: new Date(today + dayMs),
    contractId: 1,
    memberId,
    payerId: null,
    currency: 'BDT',
    due: paid,
    paid,
    status: 'issued' as const,
  });
  await teams.sut.db
    .insert(agentWages)
    .values([
      wage(ids.ta!, 'daily', 1_500n, `D:${todayKey}`),
      wage(ids.ta!, 'hourly', 250n, `H:${todayKey}T01`),
      wage(ids.ta_agent!, 'daily', 700n, `D:${todayKey}`),
      wage(ids.tb!, 'daily', 9_900n, `D:${todayKey}`),
    ]);
  await credit(teams, 'ta_player', '100');
  await credit(teams, 'ta_deep', '40');
  await credit(teams, 'tb_player', '100');
  await credit(teams, 'ta', '5');
  player = await playerLogin(teams.sut, 'ta_player');
  const sent = await call(teams.sut, {
    method: 'POST',
    url: '/wps/wallet/transferUpline',
    sealed: true,
    token: player,
    body: { amount: '30', paymentPassword: teamPaymentPassword, requestId: 'report-transfer-1' },
  });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
});
afterAll(async () => {
  await teams.close();
});

const get = (url: string, token: string = teams.a) =>
  call(teams.sut, { method: 'GET', url, token, host: agentHost });

describe('agentTeamBetting', () => {
  it("lists the team's rounds newest first with their accounts and totals, nothing of another tree", async () => {
    const answer = await get('/wps/agent/team/bets');
    expect(answer.status).toBe(200);
    const { list, totals } = answer.body.value;
    expect(list.map((line: { account: string }) => line.account)).toEqual([
      'ta_player',
      'ta_deep',
      'ta_deep',
    ]);
    expect(list[0]).toMatchObject({ bet: '50.00', win: '0.00', status: 'settled', wallet: 'main' });
    expect(totals).toEqual({ rounds: 3, bet: '170.00', win: '300.00', profit: '130.00' });
    const one = await get('/wps/agent/team/bets?username=TA_DEEP&pageSize=1');
    expect(one.body.value).toMatchObject({ total: 2, totalPages: 2 });
    expect(one.body.value.list).toHaveLength(1);
    expect((await get('/wps/agent/team/bets?gameType=LIVE')).body.value.total).toBe(0);
    const longer = await get(`/wps/agent/team/bets?from=${today - 12 * dayMs}`);
    expect(longer.body.value.totals).toMatchObject({ rounds: 4, bet: '180.00' });
  });

  it('refuses another tree, bad input and players', async () => {
    expect((await get('/wps/agent/team/bets?username=tb_deep')).status).toBe(404);
    expect((await get(`/wps/agent/team/bets?from=${today}&to=${today - 1}`)).status).toBe(400);
    expect((await get('/wps/agent/team/bets?pageSize=0')).status).toBe(400);
    expect((await get(`/wps/agent/team/bets?from=${today - 93 * dayMs}&to=${today}`)).status).toBe(400);
    expect((await get('/wps/agent/team/bets', player)).status).toBe(403);
  });
});

describe('agentProfitLoss', () => {
  it('answers per account with anything in the period, the caller first, with totals', async () => {
    const answer = await get('/wps/agent/team/pal');
    expect(answer.status).toBe(200);
    const { list, totals, total } = answer.body.value;
    expect(total).toBe(4);
    expect(list.map((line: { account: string }) => line.account)).toEqual([
      'ta',
      'ta_agent',
      'ta_player',
      'ta_deep',
    ]);
    expect(list[0]).toMatchObject({ level: 0, wages: '17.50', rounds: 0 });
    expect(list[1]).toMatchObject({ level: 1, type: 1, wages: '7.00' });
    expect(list[2]).toMatchObject({ rounds: 1, bet: '50.00', profit: '-50.00', deposits: '200.00' });
    expect(list[3]).toMatchObject({ level: 2, rounds: 2, bet: '120.00', win: '300.00', profit: '180.00' });
    expect(totals).toEqual({
      rounds: 3,
      bet: '170.00',
      win: '300.00',
      profit: '130.00',
      deposits: '200.00',
      withdrawals: '0.00',
      wages: '24.50',
    });
    const paged = await get('/wps/agent/team/pal?pageSize=3&pageNo=2');
    expect(paged.body.value.list.map((line: { account: string }) => line.account)).toEqual(['ta_deep']);
    expect(paged.body.value.totals.bet).toBe('170.00');
    const one = await get('/wps/agent/team/pal?username=ta_player');
    expect(one.body.value.list).toHaveLength(1);
    const before = await get(`/wps/agent/team/pal?from=${today - 3 * dayMs}&to=${today}`);
    expect(before.body.value).toMatchObject({ total: 0, list: [] });
  });

  it('refuses another tree, a period over 92 days and players', async () => {
    expect((await get('/wps/agent/team/pal?username=tb_player')).status).toBe(404);
    expect((await get(`/wps/agent/team/pal?from=${today - 100 * dayMs}&to=${today}`)).status).toBe(400);
    expect((await get('/wps/agent/team/pal', player)).status).toBe(403);
  });
});

describe('agentRevenue', () => {
  it('sums my wages by kind and transfers from my team, by source and by day', async () => {
    const answer = await get('/wps/agent/revenue');
    expect(answer.status).toBe(200);
    const value = answer.body.value;
    const bySource = Object.fromEntries(
      value.bySource.map((line: { source: string; amount: string; count: number }) => [
        line.source,
        `${line.amount}/${line.count}`,
      ]),
    );
    // The operator's credit to A is no income from the team; B's wage is B's.
    expect(bySource).toEqual({
      daily: '15.00/1',
      hourly: '2.50/1',
      realtime: '0.00/0',
      dividend: '0.00/0',
      transfer: '30.00/1',
    });
    expect(value.total).toBe('47.50');
    expect(value.days).toHaveLength(1);
    expect(value.days[0]).toMatchObject({ day: todayKey, total: '47.50' });
  });

  it('refuses a bad period and players', async () => {
    expect((await get(`/wps/agent/revenue?from=${today}&to=${today}`)).status).toBe(400);
    expect((await get('/wps/agent/revenue', player)).status).toBe(403);
  });
});

describe('agentTeamTransactions', () => {
  it("lists the team's main-wallet lines newest first, by account and kind", async () => {
    const answer = await get('/wps/agent/team/transactions');
    expect(answer.status).toBe(200);
    const lines = answer.body.value.list as {
      account: string;
      kind: string;
      amount: string;
      remark: string;
    }[];
    expect(lines.map((line) => `${line.account} ${line.kind} ${line.amount}`)).toEqual([
      'ta transfer 30.00',
      'ta_player transfer -30.00',
      'ta adjustment 5.00',
      'ta_deep adjustment 40.00',
      'ta_player adjustment 100.00',
    ]);
    expect(lines[0]?.remark).toBe('ta_player → ta');
    const one = await get('/wps/agent/team/transactions?username=ta_player&kind=transfer');
    expect(one.body.value.list).toHaveLength(1);
    expect(one.body.value.list[0]).toMatchObject({ account: 'ta_player', balanceAfter: '70.00' });
    const paged = await get('/wps/agent/team/transactions?pageSize=2&pageNo=3');
    expect(paged.body.value).toMatchObject({ total: 5, totalPages: 3 });
    expect(paged.body.value.list).toHaveLength(1);
  });

  it('refuses another tree, bad input and players', async () => {
    expect((await get('/wps/agent/team/transactions?username=tb_player')).status).toBe(404);
    expect((await get('/wps/agent/team/transactions?kind=jackpot')).status).toBe(400);
    expect((await get(`/wps/agent/team/transactions?from=${today}&to=${today - 1}`)).status).toBe(400);
    expect((await get('/wps/agent/team/transactions', player)).status).toBe(403);
  });
});
