import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { requestHashOf, rowsOf } from '../ledger/ledger.service.ts';
import { operatorLogin } from '../accounts/accounts.test-support.ts';
import { updateSettings } from '../settings/settings.service.ts';
import {
  settleDailyWages,
  settleDividends,
  settleHourlyWages,
  settleRealtimeWages,
} from './agents.settlement.ts';
import { as, balanceOf, fund, memberId, openMember, round, tokenOf } from './agents.wages.test-support.ts';

const DAILY = '/wps/relay/MCS2_processDailySalContract';
const HOURLY = '/wps/relay/MCS2_processContractHourSalary';
const REALTIME = '/wps/relay/MCSFE_processRealTimeSalaryContract';
const DIVIDEND = '/wps/relay/MCS2_processDividendReq';
const tiers = (rate: string) => ({ tiers: [{ teamBet: '10', activeMembers: 1, rate }] });

async function contractRows(sut: TestApp) {
  return rowsOf<{ n: number }>(await sut.db.execute(sql`select count(*)::int as n from agent_contracts`))[0]
    ?.n;
}

describe('agent contracts and wages', () => {
  let sut: TestApp;
  let top: number; // demoagent: platform contracts of all four kinds (the seed)
  let b: number; // an agent under top
  let c: number; // an agent under b
  let p: number; // a player under c
  let other: number; // another tree's top agent
  let topT: string;
  let bT: string;
  let cT: string;
  let otherT: string;
  let playerT: string;
  let trialT: string;

  beforeAll(async () => {
    sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    // These tests place their periods on UTC days; agents.wages.zone.test.ts cuts the brand's. Their
    // rounds are of games with no declared RTP, taken at the reference edge (5 %): each stake counts
    // in full, as in the docs' examples (agents.edge.test.ts weighs real games' edges).
    await updateSettings(sut.db, { timeZone: 'UTC', agentWages: { edgeShare: 50, undeclaredEdge: 5 } });
    top = await memberId(sut, 'demoagent');
    b = await openMember(sut, 'wage_b', { upline: top });
    c = await openMember(sut, 'wage_c', { upline: b });
    p = await openMember(sut, 'wage_p', { type: 0, upline: c });
    other = await openMember(sut, 'wage_other');
    const trial = await openMember(sut, 'wage_trial', { type: 4, upline: b });
    topT = await tokenOf(sut, top);
    bT = await tokenOf(sut, b);
    cT = await tokenOf(sut, c);
    otherT = await tokenOf(sut, other);
    playerT = await tokenOf(sut, p, 'member');
    trialT = await tokenOf(sut, trial, 'member');
  });
  afterAll(async () => {
    await sut.close();
  });

  it('the demo agent holds platform contracts of all four kinds', async () => {
    const answer = await as(sut, topT).get('/wps/member/info/funds/consolidated');
    expect(answer.status).toBe(200);
    const value = answer.body.value;
    for (const kind of ['daily', 'hourly', 'realtime', 'dividend']) {
      expect(value.contracts[kind]).toMatchObject({
        kind,
        status: 'active',
        upline: null,
        member: 'demoagent',
      });
    }
    expect(value.pendingCount).toBe(0);
  });

  it('offer, retry, answer once, overlap, above own, termination', async () => {
    const offer = {
      action: 'offer',
      username: 'wage_b',
      terms: tiers('0.50'),
      requestId: 'request-offer-b-1',
    };
    const first = await as(sut, topT).post(DAILY, offer);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      status: 'pending',
      upline: 'demoagent',
      member: 'wage_b',
      maxRate: '0.50',
    });
    const again = await as(sut, topT).post(DAILY, offer);
    expect(again.body.value.id).toBe(first.body.value.id);

    const info = (await as(sut, bT).get('/wps/member/info/funds/consolidated')).body.value;
    expect(info).toMatchObject({ dailysalreqtype: 'new', pendingCount: 1, divtypereq: null });
    const requestNo = first.body.value.pendingRequest.id;
    // Only the downline answers.
    expect((await as(sut, topT).post(DAILY, { action: 'accept', requestNo })).status).toBe(404);
    const accepted = await as(sut, bT).post(DAILY, { action: 'accept', requestNo });
    expect(accepted.body.value).toMatchObject({ status: 'active', pendingRequest: null });
    expect((await as(sut, bT).post(DAILY, { action: 'reject', requestNo })).body.code).toBe(
      'CONTRACT_OVERLAP',
    );

    // Not higher than the active one: overlap. Above the offerer's own (0.8 %): refused.
    const same = await as(sut, topT).post(DAILY, { ...offer, requestId: 'request-offer-b-2' });
    expect(same.body.code).toBe('CONTRACT_OVERLAP');
    const above = await as(sut, topT).post(DAILY, {
      ...offer,
      terms: tiers('0.90'),
      requestId: 'request-offer-b-3',
    });
    expect(above.body.code).toBe('CONTRACT_ABOVE_OWN');
    // b offers c nothing above b's own 0.5 %.
    const cAbove = await as(sut, bT).post(DAILY, {
      action: 'offer',
      username: 'wage_c',
      terms: tiers('0.60'),
      requestId: 'request-offer-c-0',
    });
    expect(cAbove.body.code).toBe('CONTRACT_ABOVE_OWN');

    // A higher one replaces the active one once accepted.
    const higher = await as(sut, topT).post(DAILY, {
      ...offer,
      terms: tiers('0.80'),
      requestId: 'request-offer-b-4',
    });
    await as(sut, bT).post(DAILY, { action: 'accept', requestNo: higher.body.value.pendingRequest.id });
    const mine = (await as(sut, bT).get('/wps/agent/contracts?kind=daily')).body.value.list;
    expect(mine.map((row: { status: string; maxRate: string }) => `${row.status}:${row.maxRate}`)).toEqual([
      'active:0.80',
      'cancelled:0.50',
    ]);

    // Termination: asked by the upline, rejected (stays active), asked again, accepted (ended).
    const id = higher.body.value.id;
    const asked = await as(sut, topT).post(DAILY, { action: 'terminate', contractId: id });
    expect(asked.body.value.pendingRequest.kind).toBe('termination');
    expect((await as(sut, bT).get('/wps/member/info/funds/consolidated')).body.value.dailysalreqtype).toBe(
      'termination',
    );
    await as(sut, bT).post(DAILY, { action: 'reject', requestNo: asked.body.value.pendingRequest.id });
    const asked2 = await as(sut, topT).post(DAILY, { action: 'terminate', contractId: id });
    const ended = await as(sut, bT).post(DAILY, {
      action: 'accept',
      requestNo: asked2.body.value.pendingRequest.id,
    });
    expect(ended.body.value).toMatchObject({ status: 'ended' });
    const team = (await as(sut, topT).get('/wps/agent/contracts?scope=team&kind=daily')).body.value;
    expect(team.total).toBe(2);
  });

  it('refuses bad input and callers outside the tree, changing nothing', async () => {
    const before = await contractRows(sut);
    const bad = await as(sut, topT).post(HOURLY, {
      action: 'offer',
      username: 'wage_b',
      terms: {
        tiers: [
          { teamBet: '100', activeMembers: 1, rate: '0.2' },
          { teamBet: '50', activeMembers: 1, rate: '0.2' },
        ],
      },
      requestId: 'request-bad-1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const badRate = await as(sut, topT).post(HOURLY, {
      action: 'offer',
      username: 'wage_b',
      terms: { tiers: [{ teamBet: '1', activeMembers: 0, rate: '101' }] },
      requestId: 'request-bad-2',
    });
    expect(badRate.status).toBe(400);
    const badPeriod = await as(sut, topT).post(DIVIDEND, {
      action: 'offer',
      username: 'wage_b',
      terms: { basis: 'loss', period: 'Y', ...tiers('1') },
      requestId: 'request-bad-3',
    });
    expect(badPeriod.body.code).toBe('VALIDATION_FAILED');
    const outside = await as(sut, otherT).post(HOURLY, {
      action: 'offer',
      username: 'wage_b',
      terms: tiers('0.1'),
      requestId: 'request-x-1',
    });
    expect(outside.body.code, JSON.stringify(outside.body)).toBe('NOT_FOUND');
    const self = await as(sut, topT).post(HOURLY, {
      action: 'offer',
      username: 'demoagent',
      terms: tiers('0.1'),
      requestId: 'request-x-2',
    });
    expect(self.body.code).toBe('NOT_FOUND');
    const toPlayer = await as(sut, topT).post(HOURLY, {
      action: 'offer',
      username: 'wage_p',
      terms: tiers('0.1'),
      requestId: 'request-x-3',
    });
    expect(toPlayer.body.code).toBe('VALIDATION_FAILED');
    expect((await as(sut, playerT).post(HOURLY, { action: 'accept', requestNo: 1 })).body.code).toBe(
      'FORBIDDEN',
    );
    expect((await as(sut, trialT).get('/wps/member/info/funds/consolidated')).status).toBe(403);
    expect((await as(sut, otherT).post(DAILY, { action: 'terminate', contractId: 1 })).body.code).toBe(
      'NOT_FOUND',
    );
    expect((await as(sut, playerT).get('/wps/agent/wages?kind=daily')).body.code).toBe('FORBIDDEN');
    expect(await contractRows(sut)).toBe(before);
  });

  it('the read calls refuse bad queries and players', async () => {
    expect((await as(sut, topT).get('/wps/agent/contracts?scope=everyone')).status).toBe(400);
    expect((await as(sut, playerT).get('/wps/agent/contracts')).body.code).toBe('FORBIDDEN');
    const span = await as(sut, topT).get(`/wps/agent/wages?kind=daily&from=0&to=${100 * 86_400_000}`);
    expect(span.body.code).toBe('VALIDATION_FAILED');
    expect((await as(sut, topT).get('/wps/agent/wages?kind=weekly')).status).toBe(400);
    expect((await as(sut, topT).get('/wps/agent/wages/sources?wageId=abc')).status).toBe(400);
    expect((await as(sut, topT).get('/wps/agent/wages/sources?wageId=999999')).body.code).toBe('NOT_FOUND');
    expect((await as(sut, playerT).get('/wps/agent/wages/sources?wageId=1')).body.code).toBe('FORBIDDEN');
  });

  it('the operator sets a top agent contract; the old one is cancelled', async () => {
    const operator = await operatorLogin(sut);
    const body = {
      username: 'wage_other',
      kind: 'realtime',
      terms: { winRate: '0.3', lossRate: '0.6', singleBet: '1' },
    };
    const set = await as(sut, operator).post('/api/operator/agents/contracts', body);
    expect(set.body.value).toMatchObject({ status: 'active', upline: null, maxRate: '0.60' });
    const again = await as(sut, operator).post('/api/operator/agents/contracts', {
      ...body,
      terms: { ...body.terms, winRate: '0.4' },
    });
    expect(again.body.value.status).toBe('active');
    const list = (await as(sut, otherT).get('/wps/agent/contracts?kind=realtime')).body.value.list;
    expect(list.map((row: { status: string }) => row.status)).toEqual(['active', 'cancelled']);
    expect(
      (await as(sut, operator).post('/api/operator/agents/contracts', { ...body, username: 'wage_b' })).body
        .code,
    ).toBe('VALIDATION_FAILED');
    expect((await as(sut, topT).post('/api/operator/agents/contracts', body)).status).toBe(403);
    const badLadder = await as(sut, operator).post('/api/operator/agents/contracts', {
      username: 'wage_other',
      kind: 'daily',
      terms: {
        tiers: [
          { teamBet: '100', activeMembers: 1, rate: '2' },
          { teamBet: '200', activeMembers: 1, rate: '1' },
        ],
      },
    });
    expect(badLadder.body.value.issues[0].field).toBe('terms.tiers.1.rate');
    expect((await as(sut, otherT).get('/wps/agent/contracts?kind=daily')).body.value.total).toBe(0);
  });

  it('daily and hourly wages: tiers, payer order, partial pay, exactly once, traced to the rounds', async () => {
    // b: hourly 0.1 % from top (accepted), c: hourly 0.1 % from b.
    const toB = await as(sut, topT).post(HOURLY, {
      action: 'offer',
      username: 'wage_b',
      terms: tiers('0.10'),
      requestId: 'request-h-b',
    });
    await as(sut, bT).post(HOURLY, { action: 'accept', requestNo: toB.body.value.pendingRequest.id });
    const toC = await as(sut, bT).post(HOURLY, {
      action: 'offer',
      username: 'wage_c',
      terms: tiers('0.10'),
      requestId: 'request-h-c',
    });
    await as(sut, cT).post(HOURLY, { action: 'accept', requestNo: toC.body.value.pendingRequest.id });
    // Daily for top stays the seed's (0.5 % from 100 / 1 active).
    // The test's hour is yesterday noon (UTC) at any time of day: every contract made so far moves
    // back to about an hour before it, in the same order (so b's daily contract, ended by the test
    // before, ended on that day). Built on "now" instead, the hour crossed midnight after 22:00 UTC.
    const hour = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 12 * 3_600_000);
    const back = sql`(now() - ${new Date(hour.getTime() - 3_600_000).toISOString()}::timestamptz)`;
    await sut.db.execute(sql`update agent_contracts set created_at = created_at - ${back},
      started_at = started_at - ${back}, ended_at = ended_at - ${back}`);
    await round(sut, p, 1_000_000n, 200_000n, new Date(hour.getTime() + 60_000)); // 10,000.00 bet
    await round(sut, p, 500_000n, 0n, new Date(hour.getTime() + 120_000));
    const afterHour = new Date(hour.getTime() + 3_600_000 + 30_000);
    // A crash after the whole period was written and paid, before the commit: nothing stays.
    await expect(
      sut.db.transaction(async (tx) => {
        await tx.execute(sql`select agent_wages_settle_period('hourly', 'H:crash', ${hour.toISOString()}::timestamptz,
            ${new Date(hour.getTime() + 3_600_000).toISOString()}::timestamptz, null, 'BDT', 2, 4, 500, 100)`);
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(rowsOf(await sut.db.execute(sql`select 1 from agent_wages where kind = 'hourly'`))).toHaveLength(
      0,
    );
    expect(
      rowsOf(await sut.db.execute(sql`select 1 from agent_wage_runs where kind = 'hourly'`)),
    ).toHaveLength(0);
    // b holds 2.00; c is due 0.1 % of 15,000 = 15.00: b pays after receiving its own 15.00 from top.
    await fund(sut, b, 200n);
    const result = await settleHourlyWages(sut.db, afterHour);
    expect(result.lines).toBe(3);
    const lines = rowsOf<{ account: string; due: string; paid: string; status: string; id: string }>(
      await sut.db
        .execute(sql`select m.account, w.due::text as due, w.paid::text as paid, w.status, w.id::text as id
        from agent_wages w join members m on m.id = w.member_id where w.kind = 'hourly' order by m.account`),
    );
    expect(lines.map((l) => `${l.account}:${l.due}:${l.paid}:${l.status}`)).toEqual([
      'demoagent:1500:1500:issued',
      'wage_b:1500:1500:issued',
      'wage_c:1500:1500:issued',
    ]);
    expect(await balanceOf(sut, b)).toBe(200n);
    // The entry carries the ledger's request hash, as ledger.service computes it.
    const [entry] = rowsOf<{ key: string; hash: string }>(
      await sut.db.execute(sql`select idempotency_key as key, request_hash as hash from journal_entries
        where idempotency_key like ${`wage:${c}:hourly:%`}`),
    );
    expect(entry?.hash).toBe(
      requestHashOf({
        kind: 'wage',
        idempotencyKey: entry?.key ?? '',
        postings: [
          { address: `member:${b}:main`, amount: -1500n },
          { address: `member:${c}:main`, amount: 1500n },
        ],
      }),
    );
    // Twice: nothing more.
    expect((await settleHourlyWages(sut.db, afterHour)).lines).toBe(0);
    expect(rowsOf(await sut.db.execute(sql`select 1 from agent_wages where kind = 'hourly'`))).toHaveLength(
      3,
    );

    // The lines as the pages show them, and their rounds summing to the line.
    const page = (
      await as(sut, cT).get(
        `/wps/agent/wages?kind=hourly&from=${hour.getTime() - 86_400_000}&to=${afterHour.getTime()}`,
      )
    ).body.value;
    expect(page.list[0]).toMatchObject({
      member: 'wage_c',
      payer: 'wage_b',
      teamBet: '15000.00',
      due: '15.00',
      rate: '0.10',
    });
    const paid = (
      await as(sut, bT).get(
        `/wps/agent/wages?kind=hourly&scope=paid&from=${hour.getTime() - 86_400_000}&to=${afterHour.getTime()}`,
      )
    ).body.value;
    expect(paid.totals).toEqual({ due: '15.00', paid: '15.00' });
    const sources = (await as(sut, cT).get(`/wps/agent/wages/sources?wageId=${page.list[0].id}`)).body.value;
    expect(sources.totals.bet).toBe(page.list[0].teamBet);
    expect(sources.total).toBe(2);
    expect((await as(sut, otherT).get(`/wps/agent/wages/sources?wageId=${page.list[0].id}`)).body.code).toBe(
      'NOT_FOUND',
    );

    // Daily: top's (the seed's: tier 2 needs 3 active members, so 0.5 %) and b's, which ended inside
    // the day (the last one that ended in a period counts for it).
    const nextDay = new Date(Math.floor(hour.getTime() / 86_400_000) * 86_400_000 + 86_400_000 + 600_000);
    const daily = await settleDailyWages(sut.db, nextDay);
    expect(daily.lines).toBe(2);
    const dailyPage = (
      await as(sut, topT).get(
        `/wps/agent/wages?kind=daily&from=${nextDay.getTime() - 3 * 86_400_000}&to=${nextDay.getTime()}`,
      )
    ).body.value;
    expect(dailyPage.list[0]).toMatchObject({
      teamBet: '15000.00',
      rate: '0.50',
      due: '75.00',
      status: 'issued',
      payer: null,
    });
    const dailySources = (await as(sut, topT).get(`/wps/agent/wages/sources?wageId=${dailyPage.list[0].id}`))
      .body.value;
    expect(dailySources.totals.bet).toBe('15000.00');
    await expectLedgerValid(sut.db);
  });

  it('an upline short of money pays what it holds, then nothing', async () => {
    // c offers nothing (no own contract of realtime); b gets realtime from top, c from b.
    const toB = await as(sut, topT).post(REALTIME, {
      action: 'offer',
      username: 'wage_b',
      terms: { winRate: '0.25', lossRate: '0.5', singleBet: '1' },
      requestId: 'request-rt-b',
    });
    await as(sut, bT).post(REALTIME, { action: 'accept', requestNo: toB.body.value.pendingRequest.id });
    const toC = await as(sut, bT).post(REALTIME, {
      action: 'offer',
      username: 'wage_c',
      terms: { winRate: '0.25', lossRate: '0.5', singleBet: '5' },
      requestId: 'request-rt-c',
    });
    await as(sut, cT).post(REALTIME, { action: 'accept', requestNo: toC.body.value.pendingRequest.id });
    // A settled numero with p's bets: won 1,000.00, lost 3,000.00, and a 4.00 bet under c's single bet.
    const slot = Math.floor(Date.now() / 300_000) * 300_000 + 3 * 300_000;
    const [game] = rowsOf<{ id: number }>(
      await sut.db.execute(sql`insert into lottery_games
        (game_code, region, names, game_menu_tag, draw_day_of_week, interval_seconds, lock_seconds, enabled)
        values ('WAGE1', 'fast', '{"en":"W"}'::jsonb, 'FAST', '1,2,3,4,5,6,7', 60, 10, true) returning id`),
    );
    const [numero] = rowsOf<{ id: string }>(
      await sut.db.execute(sql`insert into lottery_numeros
        (game_id, numero, draw_date, status, open_at, lock_at, draw_at, seed, seed_hash, settled_at)
        values (${game?.id}, '20261126-0001', '2026-11-26', 'settled', now(), now(), now(), ${'00'.repeat(32)},
                ${'ff'.repeat(32)}, ${new Date(slot + 10_000).toISOString()}::timestamptz) returning id::text as id`),
    );
    const bet = (stake: number, status: string, index: number) => sql`insert into lottery_bets
        (numero_id, game_id, member_id, play_type, selection, stake, odds_milli, currency, request_id, slip_index,
         entry_id, status, payout, settled_at)
        values (${numero?.id}::bigint, ${game?.id}, ${p}, 'de', '{12}', ${stake}, 95000, 'BDT', 'wage-bets', ${index}, 0,
                ${status}, 0, now())`;
    await sut.db.execute(bet(100_000, 'won', 0));
    await sut.db.execute(bet(300_000, 'lost', 1));
    await sut.db.execute(bet(400, 'lost', 2));
    // b receives its own 17.52 (0.25 % × 1,000.00 + 0.5 % × 3,004.00) before paying c's 17.50 (the
    // 4.00 bet is under c's single bet): everyone is paid in full.
    const now = new Date(slot + 300_000 + 61_000);
    const result = await settleRealtimeWages(sut.db, now);
    expect(result.lines).toBe(3);
    const lines = rowsOf<{
      account: string;
      due: string;
      paid: string;
      status: string;
      win_wage: string;
      loss_wage: string;
      id: string;
    }>(
      await sut.db.execute(sql`select m.account, w.due::text as due, w.paid::text as paid, w.status,
          w.win_wage::text as win_wage, w.loss_wage::text as loss_wage, w.id::text as id
        from agent_wages w join members m on m.id = w.member_id where w.kind = 'realtime' order by m.account`),
    );
    expect(
      lines.map((l) => `${l.account}:${l.win_wage}+${l.loss_wage}=${l.due}:${l.paid}:${l.status}`),
    ).toEqual([
      'demoagent:250+1502=1752:1752:issued',
      'wage_b:250+1502=1752:1752:issued',
      'wage_c:250+1500=1750:1750:issued',
    ]);
    const cLine = (
      await as(sut, cT).get(`/wps/agent/wages?kind=realtime&from=${slot - 86_400_000}&to=${now.getTime()}`)
    ).body.value.list[0];
    expect(cLine.parts).toEqual([
      {
        gameCode: 'WAGE1',
        numero: '20261126-0001',
        winStake: '1000.00',
        lossStake: '3000.00',
        winWage: '2.50',
        lossWage: '15.00',
      },
    ]);
    const sources = (await as(sut, cT).get(`/wps/agent/wages/sources?wageId=${cLine.id}`)).body.value;
    expect(sources.totals).toMatchObject({ winStake: cLine.winStake, lossStake: cLine.lossStake });
    expect(sources.total).toBe(2);

    // Next slot: b has spent all but 10.00; c is due 17.50 → partial 10.00; then a slot more: insufficient.
    const bBalance = await balanceOf(sut, b);
    await sut.db
      .execute(sql`select ledger_post_entries('{withdrawal}', array[${`wage-test-spend-${b}`}], null, null, null, '{1,1}',
        array[${`member:${b}:main`}, 'world:BDT'], array[${-(bBalance - 1000n)}::bigint, ${bBalance - 1000n}::bigint])`);
    for (const [offset, numeroText] of [
      [1, '20261126-0002'],
      [2, '20261126-0003'],
    ] as const) {
      const [n] = rowsOf<{ id: string }>(
        await sut.db.execute(sql`insert into lottery_numeros
          (game_id, numero, draw_date, status, open_at, lock_at, draw_at, seed, seed_hash, settled_at)
          values (${game?.id}, ${numeroText}, '2026-11-26', 'settled', now(), now(), now(), ${'00'.repeat(32)},
                  ${'ff'.repeat(32)}, ${new Date(slot + offset * 300_000 + 10_000).toISOString()}::timestamptz)
          returning id::text as id`),
      );
      await sut.db.execute(sql`insert into lottery_bets
          (numero_id, game_id, member_id, play_type, selection, stake, odds_milli, currency, request_id, slip_index,
           entry_id, status, payout, settled_at)
          values (${n?.id}::bigint, ${game?.id}, ${p}, 'de', '{12}', 350000, 95000, 'BDT', ${`wage-bets-${offset}`}, 0, 0, 'lost', 0, now())`);
    }
    // With its own contract b would receive 17.50 before paying c's 17.50: b's contract ended before
    // these slots, so b pays from what it holds only.
    await sut.db
      .execute(sql`update agent_contracts set status = 'ended', ended_at = ${new Date(slot).toISOString()}::timestamptz
        where member_id = ${b} and kind = 'realtime' and status = 'active'`);
    await settleRealtimeWages(sut.db, new Date(slot + 3 * 300_000 + 61_000));
    const later = rowsOf<{ period_key: string; due: string; paid: string; status: string }>(
      await sut.db
        .execute(sql`select period_key, due::text as due, paid::text as paid, status from agent_wages
        where kind = 'realtime' and member_id = ${c} order by period_key`),
    );
    expect(later.slice(1).map((l) => `${l.due}:${l.paid}:${l.status}`)).toEqual([
      '1750:1000:partial',
      '1750:0:insufficient',
    ]);
    expect(await balanceOf(sut, b)).toBe(0n);
    await expectLedgerValid(sut.db);
  });

  it('dividends on loss: bets − wins − wages of the week, paid by the platform', async () => {
    const sunday = new Date(Date.UTC(2027, 0, 10)); // a Sunday, the week the other tests leave alone
    const monday = new Date(Date.UTC(2027, 0, 4));
    await round(sut, p, 2_000_000n, 500_000n, new Date(monday.getTime() + 3_600_000));
    await sut.db
      .execute(sql`update agent_contracts set started_at = ${new Date(monday.getTime() - 86_400_000).toISOString()}::timestamptz
        where kind = 'dividend' and upline_id is null`);
    await sut.db
      .execute(sql`insert into agent_wage_runs (kind, settled_to) values ('dividend', ${sunday.toISOString()}::timestamptz)
        on conflict (kind) do update set settled_to = excluded.settled_to`);
    const result = await settleDividends(sut.db, new Date(sunday.getTime() + 86_400_000 + 900_000));
    expect(result.periods).toBe(1);
    const [line] = rowsOf<{ period_key: string; basis: string; due: string; status: string }>(
      await sut.db.execute(sql`select period_key, basis_amount::text as basis, due::text as due, status
        from agent_wages where kind = 'dividend'`),
    );
    // 20,000 − 5,000 − wages paid to the team in the week (none dated in it): 15,000 × 10 % = 1,500.
    expect(line).toEqual({ period_key: 'W:2027-01-04', basis: '1500000', due: '150000', status: 'issued' });
    const page = (
      await as(sut, topT).get(
        `/wps/agent/wages?kind=dividend&from=${monday.getTime()}&to=${sunday.getTime() + 86_400_000}`,
      )
    ).body.value;
    expect(page.list[0]).toMatchObject({
      periodKey: 'W:2027-01-04',
      teamBet: '20000.00',
      basisAmount: '15000.00',
    });
    const sources = (await as(sut, topT).get(`/wps/agent/wages/sources?wageId=${page.list[0].id}`)).body
      .value;
    expect(sources.totals.bet).toBe(page.list[0].teamBet);
    await expectLedgerValid(sut.db);
  });
});
