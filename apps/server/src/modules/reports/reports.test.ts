import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayKey, startOfDayKey } from '@khela/contract/business-day';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { buildTeams, type Teams } from '../agents/agents.team.test-support.ts';
import { reverseEntry, rowsOf } from '../ledger/ledger.service.ts';
import { placeSlip } from '../lottery/lottery.bets.ts';
import { voidNumero } from '../lottery/lottery.settlement.ts';
import { addLotteryGame, addNumero } from '../lottery/lottery.money.test-support.ts';
import { aggregateReports } from './reports.aggregate.ts';
import { advanceCursor, readJournal } from './reports.movements.ts';
import {
  approvedDeposit,
  CURRENCY,
  fundMember,
  paidWithdrawal,
  postingSums,
  promotionalCredit,
  refundWithdrawal,
  reportGame,
  rollBack,
  vendorRound,
} from './reports.test-support.ts';

let teams: Teams;
// The reports' days are the brand's: Asia/Dhaka (no DST, so a day is 24 hours) for the demo brand.
const zone = 'Asia/Dhaka';
const dayMs = 86_400_000;
const now = Date.now();
const day = (offset: number) => addDays(dayKey(now, zone), offset);
/** A run of the job as at `at` (today by default; later: days after the movements). */
const aggregate = (at = now, options: { cursorLagSeconds?: number } = {}) =>
  aggregateReports(teams.sut.db, { currency: CURRENCY, timeZone: zone, now: at, ...options });
const later = now + 3 * dayMs;

const report = (path: string, query: Record<string, string>, token = teams.operator) =>
  call(teams.sut, {
    method: 'GET',
    url: `/api/operator/reports/${path}?${new URLSearchParams(query).toString()}`,
    token,
  });
const todayRow = async (path: 'gaming' | 'money' | 'players') => {
  const answer = await report(path, { from: day(0), to: day(0) });
  expect(answer.status).toBe(200);
  return answer.body.value.rows[0];
};

/** Every row of the daily tables, as text: what must not change when nothing new happened. */
const snapshot = async () =>
  JSON.stringify(
    rowsOf(
      await teams.sut.db.execute(sql`
        select 'g' as t, day::text, vendor_code, node_id, game_type, rounds, stake::text, payout::text, players, null as x
          from report_daily_games
        union all select 'a', day::text, agent_id::text, 0, '', rounds, stake::text, payout::text, players, null
          from report_daily_agents
        union all select 't', day::text, '', deposits, deposit_amount::text, rounds, stake::text, payout::text,
                         active_players, new_players || '/' || depositing_players || '/' || first_depositors || '/'
                         || bonuses || '/' || withdrawal_count || '/' || withdrawal_amount
          from report_daily_totals
        order by 1, 2, 3, 4, 5`),
    ),
  );

let ids: Record<string, number>;
let slotA: number;
const played: Record<string, { roundId: string; betEntryId: number }> = {};
let withdrawalId = 0;

beforeAll(async () => {
  teams = await buildTeams();
  ids = teams.ids;
  slotA = await reportGame(teams.sut.db, 'slot-a');
  await reportGame(teams.sut.db, 'live-b', 'LIVE');
  for (const account of ['ta_deep', 'ta_player', 'tb_deep', 'tb_player']) {
    await fundMember(teams.sut.db, ids[account]!, 1_000_000n);
  }
  const db = teams.sut.db;
  // Today: four rounds that count, one rolled back before it settled.
  await vendorRound(db, { memberId: ids.ta_deep!, gameCode: 'slot-a', bet: 10_000n, win: 30_000n });
  await vendorRound(db, { memberId: ids.ta_deep!, gameCode: 'slot-a', bet: 2_000n });
  played.live = await vendorRound(db, { memberId: ids.ta_player!, gameCode: 'live-b', bet: 5_000n });
  const rolled = await vendorRound(db, { memberId: ids.tb_deep!, gameCode: 'slot-a', bet: 70_000n });
  await rollBack(db, rolled.roundId, rolled.betEntryId);
  await vendorRound(db, { memberId: ids.tb_deep!, gameCode: 'slot-a', bet: 1_000n, win: 500n });
  // Money: two deposits (one with a fee), a withdrawal paid out, a promotional credit.
  await approvedDeposit(db, { memberId: ids.ta_player!, amount: 20_000n, decidedAt: new Date(now) });
  await approvedDeposit(db, {
    memberId: ids.tb_player!,
    amount: 20_000n,
    fee: 500n,
    decidedAt: new Date(now),
  });
  withdrawalId = await paidWithdrawal(db, {
    memberId: ids.ta_player!,
    amount: 15_000n,
    disbursedAt: new Date(now),
  });
  await promotionalCredit(db, ids.tb_player!, 3_000n);
});
afterAll(() => teams.close());

describe('the reports-aggregate job, figures from the ledger', () => {
  it('makes each figure of a day the sum of its postings, and a second run changes nothing', async () => {
    const first = await aggregate();
    expect(first.ranges.at(-1)?.to).toBe(day(0));
    expect(first.journalDays).toEqual([day(0)]);

    // The books, straight from the ledger's tables (not the read model).
    const members = ['ta_deep', 'ta_player', 'tb_deep', 'tb_player'].map((account) => ids[account]!);
    const { sum } = await postingSums(teams.sut.db, members);
    const reversalsOfBets = rowsOf<{ amount: string }>(
      await teams.sut.db.execute(sql`
        select coalesce(sum(p.amount), 0)::text as amount
          from postings p join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
         where e.kind = 'reversal' and e.metadata ->> 'reversedKind' = 'bet' and a.kind = 'main'`),
    );
    const stake =
      -sum((row) => row.kind === 'bet' && row.wallet === 'main') - BigInt(reversalsOfBets[0]!.amount);
    const payout = sum((row) => row.kind === 'win' && row.wallet === 'main');
    const deposits = sum((row) => row.kind === 'deposit' && row.wallet === 'main');
    const withdrawn = -sum(
      (row) =>
        (row.kind === 'withdrawal' && row.wallet === 'hold') ||
        (row.kind === 'adjustment' && row.withdrawal && row.wallet === 'main'),
    );
    const bonuses = sum((row) => row.kind === 'adjustment' && row.promotional && row.wallet === 'main');
    expect([stake, payout, deposits, withdrawn, bonuses]).toEqual([
      18_000n,
      30_500n,
      39_500n,
      15_000n,
      3_000n,
    ]);

    const [totals] = rowsOf<Record<string, string>>(
      await teams.sut.db.execute(sql`
        select stake::text, payout::text, deposit_amount::text, withdrawal_amount::text, bonuses::text,
               rounds::text, active_players::text, deposits::text, withdrawal_count::text as withdrawals
          from report_daily_totals where day = ${day(0)}::date`),
    );
    expect(totals).toEqual({
      stake: String(stake),
      payout: String(payout),
      deposit_amount: String(deposits),
      withdrawal_amount: String(withdrawn),
      bonuses: String(bonuses),
      // the round rolled back before it settled staked nothing: not a round
      rounds: '4',
      active_players: '3',
      deposits: '2',
      withdrawals: '1',
    });
    // The per-game and per-agent tables add up to the day's stake and payout.
    const [games] = rowsOf<{ stake: string; payout: string }>(
      await teams.sut.db.execute(sql`select sum(stake)::text as stake, sum(payout)::text as payout
                                       from report_daily_games where day = ${day(0)}::date`),
    );
    expect(games).toEqual({ stake: String(stake), payout: String(payout) });

    expect(await todayRow('gaming')).toMatchObject({
      rounds: 4,
      stake: '180.00',
      payout: '305.00',
      ggr: '-125.00',
      players: 3,
      bonuses: '30.00',
      ngr: '-155.00',
    });
    expect(await todayRow('money')).toMatchObject({
      deposits: 2,
      depositAmount: '395.00',
      withdrawals: 1,
      withdrawalAmount: '150.00',
      net: '245.00',
    });
    const players = await todayRow('players');
    expect(players).toMatchObject({ activePlayers: 3, depositingPlayers: 2, firstDepositors: 2 });
    expect(players.newPlayers).toBeGreaterThanOrEqual(8);

    const before = await snapshot();
    const again = await aggregate();
    expect(again.journalDays).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('groups gaming by vendor, game and category, and agents by their teams', async () => {
    const period = { from: day(-6), to: day(0) };
    const byGame = (await report('gaming', { ...period, groupBy: 'game' })).body.value.rows;
    expect(
      byGame.map((row: { label: string; stake: string; rounds: number }) => [
        row.label,
        row.stake,
        row.rounds,
      ]),
    ).toEqual([
      ['slot-a', '130.00', 3],
      ['live-b', '50.00', 1],
    ]);
    expect(byGame[0]).toMatchObject({
      key: `RPTV:${slotA}:SLOT`,
      vendor: 'RPTV',
      category: 'SLOT',
      bonuses: null,
    });
    const byVendor = (await report('gaming', { ...period, groupBy: 'vendor' })).body.value.rows;
    expect(byVendor).toEqual([
      expect.objectContaining({ key: 'RPTV', stake: '180.00', payout: '305.00', players: 3 }),
    ]);
    const byCategory = (await report('gaming', { ...period, groupBy: 'category' })).body.value.rows;
    expect(byCategory.map((row: { key: string }) => row.key)).toEqual(['SLOT', 'LIVE']);

    const agents = (await report('agents', { ...period, sortBy: 'stake' })).body.value.rows as {
      username: string;
      stake: string;
      ggr: string;
      teamSize: number;
    }[];
    // ta: ta_deep 120.00 (under ta_agent) and ta_player 50.00; tb: tb_deep 10.00 (under tb_agent)
    expect(agents.map((row) => [row.username, row.stake])).toEqual([
      ['ta', '170.00'],
      ['ta_agent', '120.00'],
      ['tb', '10.00'],
      ['tb_agent', '10.00'],
    ]);
    expect(agents[0]).toMatchObject({ ggr: '-130.00', teamSize: 3 });
  });
});

describe('late changes, re-derived by the next run', () => {
  it("a settled round rolled back days later changes its own day's report in one run", async () => {
    // Reported today (the test above); the job has run since, three days later (its window is
    // now the day before that through that day); then an operator reverses the round's bet.
    await aggregate(later);
    await reverseEntry(teams.sut.db, {
      entryId: played.live!.betEntryId,
      idempotencyKey: `report-late-rollback-${played.live!.roundId}`,
      reason: 'operator: void round',
      metadata: { vendor: 'RPTV', roundId: played.live!.roundId },
    });
    const run = await aggregate(later);
    // Outside the run's regular window (the day before its last day through its today) …
    expect(run.ranges[0]).toEqual({ from: day(0), to: day(0) });
    expect(run.lateDays).toEqual([day(0)]);
    // … and rewritten all the same, with the stake and the round gone from that day.
    expect(await todayRow('gaming')).toMatchObject({
      rounds: 3,
      stake: '130.00',
      players: 2,
      ggr: '-175.00',
    });
    const byGame = (await report('gaming', { from: day(0), to: day(0), groupBy: 'game' })).body.value.rows;
    expect(byGame.map((row: { label: string }) => row.label)).toEqual(['slot-a']);
    const later0 = (await report('gaming', { from: addDays(day(0), 3), to: addDays(day(0), 3) })).body.value;
    expect(later0.rows[0]).toMatchObject({ rounds: 0, stake: '0.00' });
  });

  it('a lottery draw voided later gives its stakes back on the day they were placed', async () => {
    const db = teams.sut.db;
    const gameId = await addLotteryGame(db, 'RPT_NORTH', 'north');
    const numero = `${day(0).replaceAll('-', '')}0001`;
    const numeroId = await addNumero(db, gameId, numero);
    await placeSlip(db, {
      memberId: ids.tb_player!,
      requestId: 'report-slip-1',
      gameCode: 'RPT_NORTH',
      numero,
      playType: 'lo2',
      numbers: ['07', '42', '99'],
      unitStake: '10',
      multiplier: 2,
    });
    await aggregate(later);
    const placed = (await report('gaming', { from: day(0), to: day(0), groupBy: 'vendor' })).body.value.rows;
    // One lottery round: the member's bets on one draw (the ledger voids and pays per member and draw).
    expect(placed).toContainEqual(
      expect.objectContaining({ key: 'TCG_LOTTO_VN', rounds: 1, stake: '60.00' }),
    );

    await voidNumero(db, { numeroId, reason: 'the station did not draw' });
    const run = await aggregate(later + 60_000);
    expect(run.lateDays).toEqual([day(0)]);
    const voided = (await report('gaming', { from: day(0), to: day(0), groupBy: 'vendor' })).body.value.rows;
    expect(voided.map((row: { key: string }) => row.key)).toEqual(['RPTV']);
    expect(await todayRow('gaming')).toMatchObject({ rounds: 3, stake: '130.00' });
  });

  it("a withdrawal's refund posted days later lowers its payout day's withdrawals", async () => {
    await refundWithdrawal(teams.sut.db, withdrawalId, ids.ta_player!, 5_000n);
    const run = await aggregate(later + 120_000);
    expect(run.lateDays).toEqual([day(0)]);
    expect(await todayRow('money')).toMatchObject({ withdrawals: 1, withdrawalAmount: '100.00' });
  });

  it('a reversed promotional credit leaves the bonuses of the day it was given', async () => {
    const entryId = await promotionalCredit(teams.sut.db, ids.ta_deep!, 1_000n);
    await aggregate();
    expect(await todayRow('gaming')).toMatchObject({ bonuses: '40.00' });
    await reverseEntry(teams.sut.db, {
      entryId,
      idempotencyKey: `report-promo-undo-${entryId}`,
      reason: 'sent twice',
    });
    await aggregate(later + 180_000);
    expect(await todayRow('gaming')).toMatchObject({ bonuses: '30.00' });
  });
});

describe("the brand's days", () => {
  it('counts deposits decided at 23:30 and 00:30 in Dhaka on two days, though both are one UTC day', async () => {
    const key = day(-10);
    const midnight = startOfDayKey(addDays(key, 1), zone); // 18:00 UTC on the day before
    const before = new Date(midnight - 1_800_000);
    const after = new Date(midnight + 1_800_000);
    expect(before.toISOString().slice(0, 10)).toBe(after.toISOString().slice(0, 10));
    await approvedDeposit(teams.sut.db, { memberId: ids.tb_deep!, amount: 11_000n, decidedAt: before });
    await approvedDeposit(teams.sut.db, { memberId: ids.tb_deep!, amount: 13_000n, decidedAt: after });
    // Posted now, counted on their orders' days: the run finds those days itself.
    const run = await aggregate();
    expect(run.lateDays).toEqual([key, addDays(key, 1)]);
    const money = (await report('money', { from: key, to: addDays(key, 1) })).body.value;
    expect(
      money.rows.map((row: { day: string; depositAmount: string }) => [row.day, row.depositAmount]),
    ).toEqual([
      [key, '110.00'],
      [addDays(key, 1), '130.00'],
    ]);
    // tb_deep's first deposit ever is the earlier one: a first depositor on that day only.
    const players = (await report('players', { from: key, to: addDays(key, 1) })).body.value;
    expect(players.rows.map((row: { firstDepositors: number }) => row.firstDepositors)).toEqual([1, 0]);
  });
});

describe('the journal cursor', () => {
  it('moves only to marks read before the horizon', () => {
    const marks = [
      { at: 1_000, id: 10 },
      { at: 2_000, id: 25 },
      { at: 3_000, id: 40 },
    ];
    expect(advanceCursor(5, marks, 2_500)).toEqual({ cursor: 25, marks: [{ at: 3_000, id: 40 }] });
    expect(advanceCursor(5, marks, 500)).toEqual({ cursor: 5, marks });
    expect(advanceCursor(50, marks, 9_000)).toEqual({ cursor: 50, marks: [] });
  });

  it('reads the journal in slices into the same movements as in one pass', async () => {
    const rows = (db: typeof teams.sut.db) =>
      db.execute(sql`select entry_id, member_id, figure, item, at, amount::text from report_movements
                      order by entry_id, member_id`);
    const whole = JSON.stringify(rowsOf(await rows(teams.sut.db)));
    const rollback = new Error('rolled back on purpose');
    await expect(
      teams.sut.db.transaction(async (tx) => {
        await tx.execute(sql`delete from report_movements`);
        const [top] = rowsOf<{ id: string }>(
          await tx.execute(sql`select max(id)::text as id from journal_entries`),
        );
        const days = await readJournal(tx, 0, zone, Number(top!.id), 7);
        expect(days).toContain(day(0));
        expect(JSON.stringify(rowsOf(await rows(tx)))).toBe(whole);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'reads an entry whose transaction took its id first and committed last (PostgreSQL)',
    async () => {
      const db = teams.sut.db;
      await aggregate(Date.now(), { cursorLagSeconds: 0 });
      // A transaction posts an entry (taking the next id) and stays open …
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let posted!: () => void;
      const inside = new Promise<void>((resolve) => (posted = resolve));
      const slow = db.transaction(async (tx) => {
        await promotionalCredit(tx, ids.ta_player!, 700n);
        posted();
        await held;
      });
      await inside;
      // … while another, with a higher id, commits, and the job runs twice with no lag.
      await promotionalCredit(db, ids.tb_player!, 900n);
      await aggregate(Date.now(), { cursorLagSeconds: 0 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await aggregate(Date.now(), { cursorLagSeconds: 0 });
      expect(await todayRow('gaming')).toMatchObject({ bonuses: '39.00' });
      release();
      await slow;
      // The first entry commits last: the next run still reads it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await aggregate(Date.now(), { cursorLagSeconds: 0 });
      expect(await todayRow('gaming')).toMatchObject({ bonuses: '46.00' });
    },
  );
});

describe('the report calls', () => {
  const period = () => ({ from: day(-6), to: day(0) });

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
