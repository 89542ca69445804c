import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { depositOrders } from '../deposits/deposits.tables.ts';
import { buildTeams, settledRound, type Teams } from '../agents/agents.team.test-support.ts';
import { addDays, dayKey, startOfDayKey } from '@khela/contract/business-day';
import { aggregateReports } from './reports.aggregate.ts';

let teams: Teams;
// The reports' days are the brand's: Asia/Dhaka (no DST, so a day is 24 hours) for the demo brand.
const zone = 'Asia/Dhaka';
const dayMs = 86_400_000;
const now = Date.now();
const today = startOfDayKey(dayKey(now, zone), zone);
const day = (offset: number) => addDays(dayKey(now, zone), offset);
const aggregate = () => aggregateReports(teams.sut.db, { currency: 'BDT', timeZone: zone, now });

const report = (path: string, query: Record<string, string>, token = teams.operator) =>
  call(teams.sut, {
    method: 'GET',
    url: `/api/operator/reports/${path}?${new URLSearchParams(query).toString()}`,
    token,
  });

/** Rounds as [member, bet, win, offset from today's start in ms], in minor units. */
const rounds: [string, bigint, bigint, number][] = [
  ['ta_deep', 10_000n, 30_000n, 1000],
  ['ta_deep', 2_000n, 0n, 2000],
  ['ta_player', 5_000n, 0n, 3000],
  ['tb_deep', 70_000n, 0n, -dayMs + 4000],
];

beforeAll(async () => {
  teams = await buildTeams();
  const { ids } = teams;
  for (const [account, bet, win, offset] of rounds) {
    await settledRound(teams, { memberId: ids[account]!, bet, win, at: new Date(today + offset) });
  }
  // Approved deposits of 200.00: two by ta_player (its first one today), one by tb_player.
  const deposit = (account: string, index: number) => ({
    memberId: ids[account]!,
    methodCode: 'TEST',
    kind: 'bank_transfer' as const,
    currency: 'BDT',
    amount: 20_000n,
    fee: 0n,
    status: 'approved' as const,
    requestId: `reports-deposit-${index}`,
    requestHash: 'x',
    decidedAt: new Date(today + 5000 + index),
  });
  await teams.sut.db.insert(depositOrders).values(['ta_player', 'tb_player', 'ta_player'].map(deposit));
});
afterAll(() => teams.close());

describe('the reports-aggregate job', () => {
  it('aggregates rounds, deposits and players per day, the same on a second run, and counts late rounds', async () => {
    const first = await aggregate();
    expect(first.ranges.at(-1)?.to).toBe(day(0));
    const byDay = async () => (await report('gaming', { from: day(-6), to: day(0) })).body.value;
    const gaming = await byDay();
    const todayRow = gaming.rows.find((row: { key: string }) => row.key === day(0));
    expect(todayRow).toMatchObject({
      rounds: 3,
      stake: '170.00',
      payout: '300.00',
      ggr: '-130.00',
      players: 2,
    });
    const yesterdayRow = gaming.rows.find((row: { key: string }) => row.key === day(-1));
    expect(yesterdayRow).toMatchObject({ rounds: 1, stake: '700.00', ggr: '700.00', players: 1 });
    expect(gaming.totals).toMatchObject({ rounds: 4, stake: '870.00', ggr: '570.00', ngr: '570.00' });
    expect(gaming.updatedAt).toBeGreaterThan(0);

    const money = (await report('money', { from: day(0), to: day(0) })).body.value;
    expect(money.rows[0]).toMatchObject({
      deposits: 3,
      depositAmount: '600.00',
      withdrawals: 0,
      net: '600.00',
    });
    const players = (await report('players', { from: day(0), to: day(0) })).body.value;
    expect(players.rows[0]).toMatchObject({ activePlayers: 2, depositingPlayers: 2, firstDepositors: 2 });
    expect(players.rows[0].newPlayers).toBeGreaterThanOrEqual(8);

    // A second run: the same figures.
    const snapshot = async () =>
      JSON.stringify(
        rowsOf(
          await teams.sut.db.execute(sql`
            select 'g' as t, day::text, vendor_code, node_id, game_type, rounds, stake::text, payout::text, players, null as x
              from report_daily_games
            union all select 'a', day::text, agent_id::text, 0, '', rounds, stake::text, payout::text, players, null
              from report_daily_agents
            union all select 't', day::text, '', deposits, deposit_amount::text, rounds, stake::text, payout::text,
                             active_players, new_players || '/' || depositing_players || '/' || first_depositors
              from report_daily_totals
            order by 1, 2, 3, 4, 5`),
        ),
      );
    const before = await snapshot();
    await aggregate();
    expect(await snapshot()).toBe(before);

    // Rounds that arrive late: for yesterday, and for five days ago (older than the regular window).
    await settledRound(teams, {
      memberId: teams.ids.tb_deep!,
      bet: 1_000n,
      win: 0n,
      at: new Date(today - dayMs + 9000),
    });
    await settledRound(teams, {
      memberId: teams.ids.ta_player!,
      bet: 3_000n,
      win: 500n,
      at: new Date(today - 5 * dayMs),
    });
    const late = await aggregate();
    expect(late.lateDays).toEqual([day(-5)]);
    const after = await byDay();
    expect(after.rows.find((row: { key: string }) => row.key === day(-1))).toMatchObject({
      rounds: 2,
      stake: '710.00',
    });
    expect(after.rows.find((row: { key: string }) => row.key === day(-5))).toMatchObject({
      rounds: 1,
      ggr: '25.00',
    });
  });
});

describe('the report calls', () => {
  const period = () => ({ from: day(-6), to: day(0) });

  it('groups gaming by vendor, game and category', async () => {
    await aggregate();
    for (const groupBy of ['vendor', 'game', 'category']) {
      const answer = await report('gaming', { ...period(), groupBy });
      expect(answer.status).toBe(200);
      expect(answer.body.value.rows[0]).toMatchObject({
        rounds: 6,
        stake: '910.00',
        payout: '305.00',
        ggr: '605.00',
      });
      expect(answer.body.value.rows[0].bonuses).toBeNull();
    }
    const vendor = await report('gaming', { ...period(), groupBy: 'vendor' });
    expect(vendor.body.value.rows[0]).toMatchObject({ key: 'TEST', label: 'TEST' });
  });

  it('lists the top agents by team stake and GGR', async () => {
    const byStake = await report('agents', { ...period(), sortBy: 'stake' });
    expect(byStake.status).toBe(200);
    const rows = byStake.body.value.rows as {
      username: string;
      stake: string;
      ggr: string;
      teamSize: number;
    }[];
    expect(rows.map((row) => row.username)).toEqual(['tb', 'tb_agent', 'ta', 'ta_agent']);
    expect(rows[0]).toMatchObject({ stake: '710.00', teamSize: 3 });
    expect(rows[2]).toMatchObject({ stake: '200.00', ggr: '-105.00', teamSize: 3 });
    const byGgr = await report('agents', { ...period(), sortBy: 'ggr', limit: '1' });
    expect(byGgr.body.value.rows).toHaveLength(1);
    expect(byGgr.body.value.rows[0].username).toBe('tb');
  });

  it('answers money and players for the whole period, day by day', async () => {
    const money = await report('money', period());
    expect(money.status).toBe(200);
    expect(money.body.value.rows).toHaveLength(7);
    expect(money.body.value.totals).toMatchObject({ deposits: 3, depositAmount: '600.00' });
    const players = await report('players', period());
    expect(players.status).toBe(200);
    expect(players.body.value.totals).toMatchObject({ firstDepositors: 2, peakActivePlayers: 2 });
  });

  it.each([
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-01' }, 'from'],
    ['a period longer than 366 days', { from: '2024-01-01', to: '2025-01-02' }, 'to'],
    ['to before from', { from: '2026-03-02', to: '2026-03-01' }, 'to'],
    ['a NUL byte', { from: '2026-03-01\u0000', to: '2026-03-01' }, 'from'],
  ])('refuses %s on every report', async (_name, query, field) => {
    for (const path of ['gaming', 'money', 'players', 'agents']) {
      const answer = await report(path, query);
      expect(answer.status, path).toBe(400);
      expect(JSON.stringify(answer.body), path).toContain(field);
    }
    const grouping = await report('gaming', { ...period(), groupBy: 'member' });
    expect(grouping.status).toBe(400);
    const limit = await report('agents', { ...period(), limit: '1000' });
    expect(limit.status).toBe(400);
  });

  it('refuses an operator without reports.read, and audits the refusal', async () => {
    const content = await operatorOfRole(teams.sut, 'content');
    for (const path of ['gaming', 'money', 'players', 'agents']) {
      const answer = await report(path, period(), content.token);
      expect(answer.status, path).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
    const audit = rowsOf<{ action: string; outcome: string }>(
      await teams.sut.db.execute(
        sql`select action, outcome from operator_audit where operator_id = ${content.id} order by id`,
      ),
    );
    expect(audit).toEqual(
      ['operatorReportGaming', 'operatorReportMoney', 'operatorReportPlayers', 'operatorReportAgents'].map(
        (action) => ({ action, outcome: 'refused' }),
      ),
    );
    const readonly = await operatorOfRole(teams.sut, 'readonly');
    expect((await report('gaming', period(), readonly.token)).status).toBe(200);
  });

  it('lists its job with the others', async () => {
    const answer = await call(teams.sut, { method: 'GET', url: '/api/operator/jobs', token: teams.operator });
    expect(answer.body.value.jobs.map((job: { name: string }) => job.name)).toContain('reports-aggregate');
  });
});

describe("the brand's days", () => {
  it('puts 23:30 and 00:30 in Dhaka on two report days, though both are the same UTC day', async () => {
    const key = day(-10);
    const midnight = startOfDayKey(addDays(key, 1), zone); // 18:00 UTC on the day before
    await settledRound(teams, {
      memberId: teams.ids.tb_player!,
      bet: 11_000n,
      win: 0n,
      at: new Date(midnight - 1_800_000),
    });
    await settledRound(teams, {
      memberId: teams.ids.tb_player!,
      bet: 13_000n,
      win: 0n,
      at: new Date(midnight + 1_800_000),
    });
    expect(new Date(midnight - 1_800_000).toISOString().slice(0, 10)).toBe(
      new Date(midnight + 1_800_000).toISOString().slice(0, 10),
    );
    await aggregateReports(teams.sut.db, { currency: 'BDT', timeZone: zone, now, rebuildFrom: key });
    const gaming = (await report('gaming', { from: key, to: addDays(key, 1) })).body.value;
    expect(gaming.rows.map((row: { key: string; stake: string }) => [row.key, row.stake])).toEqual([
      [key, '110.00'],
      [addDays(key, 1), '130.00'],
    ]);
  });
});
