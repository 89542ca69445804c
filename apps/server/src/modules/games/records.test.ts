import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { gameVendors, games } from './games.tables.ts';
import { appWithVendors, newMember } from './games.test-support.ts';
import { forgetRankLists } from './lobby-ranks.service.ts';
import { brandMidnight, profitPeriod } from './records.service.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { postEntry, rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { placeSlip } from '../lottery/lottery.bets.ts';
import { settleNumero } from '../lottery/lottery.settlement.ts';
import { addLotteryGame, addNumero, drawWith, openWallet } from '../lottery/lottery.money.test-support.ts';

/**
 * The betting record and profit and loss against one app: members, games and vendors are made once,
 * rounds are inserted directly (as the vendor wallet protocol would have written them) and emptied
 * before each test.
 */
let sut: TestApp;
const people: Record<'player' | 'other' | 'trial' | 'operator', { id: number; token: string }> = {
  player: { id: 0, token: '' },
  other: { id: 0, token: '' },
  trial: { id: 0, token: '' },
  operator: { id: 0, token: '' },
};
let lotusNode = 0;
/** Round ids r-1, r-2 … in the order a test inserts them. */
let sequence = 0;
let tablesNode = 0;

beforeAll(async () => {
  sut = await appWithVendors([
    { vassalage: 'KH_SLOTS', accountTypeId: 1, displayName: 'Khela Slots', gameType: 'RNG' },
    { vassalage: 'KH_LIVE', accountTypeId: 2, displayName: 'Khela Tables', gameType: 'LIVE' },
  ]);
  const rows = await sut.db
    .insert(games)
    .values([
      {
        vassalage: 'KH_SLOTS',
        vendorCode: 'HOUSE',
        gameCode: 'lotus',
        gameType: 'RNG',
        names: { en: 'Lucky Lotus', bn: 'লাকি পদ্ম' },
        minBet: 10n,
      },
      {
        vassalage: 'KH_LIVE',
        vendorCode: 'HOUSE',
        gameCode: 'baccarat',
        gameType: 'LIVE',
        names: { en: 'Baccarat One' },
        minBet: 100n,
      },
    ])
    .returning({ nodeId: games.nodeId, gameCode: games.gameCode });
  lotusNode = rows.find((row) => row.gameCode === 'lotus')?.nodeId ?? 0;
  tablesNode = rows.find((row) => row.gameCode === 'baccarat')?.nodeId ?? 0;
  people.player = await newMember(sut, 'recordplayer', 0);
  people.other = await newMember(sut, 'otherplayer', 0);
  people.trial = await newMember(sut, 'guest55443322', 4);
  people.operator = await newMember(sut, 'recordoperator', 0, 'operator');
});
afterAll(async () => {
  await sut.close();
});
beforeEach(async () => {
  await sut.db.execute(sql`delete from game_rounds`);
  await sut.db.execute(sql`delete from lottery_bets`);
  sequence = 0;
});

interface RoundSeed {
  member?: keyof typeof people;
  bet: number;
  win?: number;
  status?: 'open' | 'settled' | 'rolled_back';
  /** ISO time the round started; settled a minute later unless open. */
  at: string;
  settledAt?: string;
  node?: 'lotus' | 'tables' | 'gone';
  wallet?: 'main' | 'trial';
  currency?: string;
}

async function round(seed: RoundSeed) {
  sequence += 1;
  const node = seed.node ?? 'lotus';
  const [nodeId, gameType, vassalage] =
    node === 'lotus'
      ? [lotusNode, 'RNG', 'KH_SLOTS']
      : node === 'tables'
        ? [tablesNode, 'LIVE', 'KH_LIVE']
        : [999_999, 'FISH', 'OLD_FISH'];
  const status = seed.status ?? 'settled';
  const settledAt =
    status === 'open' ? null : (seed.settledAt ?? new Date(Date.parse(seed.at) + 60_000).toISOString());
  await sut.db.execute(sql`
    insert into game_rounds (vendor_code, round_id, member_id, node_id, game_type, vassalage, currency,
      wallet_kind, bet_amount, win_amount, status, started_at, settled_at)
    values ('HOUSE', ${`r-${sequence}`}, ${people[seed.member ?? 'player'].id}, ${nodeId}, ${gameType},
      ${vassalage}, ${seed.currency ?? 'BDT'}, ${seed.wallet ?? 'main'}, ${seed.bet}, ${seed.win ?? 0},
      ${status}, ${seed.at}::timestamptz, ${settledAt}::timestamptz)`);
  return `r-${sequence}`;
}

const get = (path: string, token: string | null, headers: Record<string, string> = {}) =>
  sut.app
    .inject({
      method: 'GET',
      url: path,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));

const record = (query = '', token: string | null = people.player.token, headers = {}) =>
  get(`/wps/relay/MCSFE_getBettingRecord${query}`, token, headers);
const profit = (query = '', token: string | null = people.player.token) =>
  get(`/wps/relay/MCSFE_getPersonalProfit${query}`, token);

const ms = (iso: string) => Date.parse(iso);

/** A refused query: 400, VALIDATION_FAILED, with an issue naming the field. */
async function expectInvalid(answer: ReturnType<typeof get>, field: string) {
  const { status, body } = await answer;
  expect(status).toBe(400);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(JSON.stringify(body.value.issues)).toContain(field);
}

describe('GET /wps/relay/MCSFE_getBettingRecord', () => {
  it('is an honest empty record before any play', async () => {
    const { status, body } = await record();
    expect(status).toBe(200);
    expect(body.value).toEqual({
      list: [],
      totals: { rounds: 0, bet: '0.00', win: '0.00', profit: '0.00' },
      total: 0,
      totalPages: 0,
      pageNo: 1,
      pageSize: 20,
      currency: 'BDT',
    });
  });

  it("lists the member's own rounds, newest first, with names, amounts, status and wallet", async () => {
    await round({ bet: 1000, win: 2550, at: '2026-03-01T10:00:00Z' });
    await round({ bet: 500, status: 'open', at: '2026-03-02T10:00:00Z', node: 'tables' });
    await round({ bet: 0, status: 'rolled_back', at: '2026-03-01T11:00:00Z' });
    await round({ bet: 300, at: '2026-03-01T09:00:00Z', node: 'gone' });
    // Not the member's, or not in the brand's currency: never shown, never summed.
    await round({ member: 'other', bet: 99_999, win: 5, at: '2026-03-01T12:00:00Z' });
    await round({ bet: 77_777, at: '2026-03-01T12:00:00Z', currency: 'USD' });

    const { status, body } = await record('?language=EN');
    expect(status).toBe(200);
    expect(body.value.list).toEqual([
      {
        roundId: 'r-2',
        nodeId: tablesNode,
        gameName: 'Baccarat One',
        vassalage: 'KH_LIVE',
        vendorName: 'Khela Tables',
        gameType: 'LIVE',
        bet: '5.00',
        win: '0.00',
        profit: '-5.00',
        status: 'open',
        startedAt: ms('2026-03-02T10:00:00Z'),
        settledAt: null,
        wallet: 'main',
      },
      expect.objectContaining({ roundId: 'r-3', status: 'rolled_back', bet: '0.00', profit: '0.00' }),
      {
        roundId: 'r-1',
        nodeId: lotusNode,
        gameName: 'Lucky Lotus',
        vassalage: 'KH_SLOTS',
        vendorName: 'Khela Slots',
        gameType: 'RNG',
        bet: '10.00',
        win: '25.50',
        profit: '15.50',
        status: 'settled',
        startedAt: ms('2026-03-01T10:00:00Z'),
        settledAt: ms('2026-03-01T10:01:00Z'),
        wallet: 'main',
      },
      // A game and vendor gone from the catalogue keep their rounds, named as well as we can.
      expect.objectContaining({ roundId: 'r-4', gameName: `#999999`, vendorName: 'OLD_FISH' }),
    ]);
    expect(body.value.totals).toEqual({ rounds: 4, bet: '18.00', win: '25.50', profit: '7.50' });

    // The other member sees only their own round.
    const theirs = await record('', people.other.token);
    expect(theirs.body.value.list.map((line: { roundId: string }) => line.roundId)).toEqual(['r-5']);
    expect(theirs.body.value.totals.profit).toBe('-999.94');
  });

  it('names games in the language asked, else in the Language header', async () => {
    await round({ bet: 100, at: '2026-03-01T10:00:00Z' });
    expect((await record('?language=BN')).body.value.list[0].gameName).toBe('লাকি পদ্ম');
    expect((await record('', people.player.token, { language: 'EN' })).body.value.list[0].gameName).toBe(
      'Lucky Lotus',
    );
  });

  it('sums the totals over every round the filters match, not over the page', async () => {
    for (let index = 0; index < 5; index += 1)
      await round({ bet: 100 * (index + 1), win: 50, at: `2026-03-0${index + 1}T10:00:00Z` });
    const first = await record('?pageSize=2');
    expect(first.body.value.list.map((line: { roundId: string }) => line.roundId)).toEqual(['r-5', 'r-4']);
    expect(first.body.value).toMatchObject({
      totals: { rounds: 5, bet: '15.00', win: '2.50', profit: '-12.50' },
      total: 5,
      totalPages: 3,
      pageNo: 1,
      pageSize: 2,
    });
    const last = await record('?pageSize=2&pageNo=3');
    expect(last.body.value.list.map((line: { roundId: string }) => line.roundId)).toEqual(['r-1']);
    expect(last.body.value.totals.rounds).toBe(5);
    expect((await record('?pageSize=2&pageNo=4')).body.value.list).toEqual([]);
  });

  it('filters by category, vendor, status and period, the totals following', async () => {
    await round({ bet: 100, win: 300, at: '2026-03-01T10:00:00Z' });
    await round({ bet: 200, at: '2026-03-02T10:00:00Z', node: 'tables' });
    await round({ bet: 400, status: 'open', at: '2026-03-03T10:00:00Z' });
    const ids = async (query: string) => {
      const { status, body } = await record(query);
      expect(status).toBe(200);
      return {
        ids: body.value.list.map((line: { roundId: string }) => line.roundId),
        totals: body.value.totals,
      };
    };
    expect(await ids('?gameType=LIVE')).toEqual({
      ids: ['r-2'],
      totals: { rounds: 1, bet: '2.00', win: '0.00', profit: '-2.00' },
    });
    expect((await ids('?vassalage=KH_SLOTS')).ids).toEqual(['r-3', 'r-1']);
    expect((await ids('?vassalage=NOBODY')).ids).toEqual([]);
    expect(await ids('?status=settled')).toEqual({
      ids: ['r-2', 'r-1'],
      totals: { rounds: 2, bet: '3.00', win: '3.00', profit: '0.00' },
    });
    expect((await ids('?status=open')).ids).toEqual(['r-3']);
    expect((await ids('?status=rolled_back')).ids).toEqual([]);
    // `from` inclusive, `to` exclusive, on the start of the round.
    expect((await ids(`?from=${ms('2026-03-02T10:00:00Z')}&to=${ms('2026-03-03T10:00:00Z')}`)).ids).toEqual([
      'r-2',
    ]);
    expect((await ids(`?from=${ms('2026-03-02T00:00:00Z')}`)).ids).toEqual(['r-3', 'r-2']);
    expect((await ids(`?to=${ms('2026-03-02T00:00:00Z')}`)).ids).toEqual(['r-1']);
    expect((await ids('?gameType=RNG&status=settled')).ids).toEqual(['r-1']);
  });

  it("shows a trial account's demo rounds as trial", async () => {
    await round({ member: 'trial', bet: 1000, win: 0, wallet: 'trial', at: '2026-03-01T10:00:00Z' });
    const { status, body } = await record('', people.trial.token);
    expect(status).toBe(200);
    expect(body.value.list).toEqual([expect.objectContaining({ roundId: 'r-1', wallet: 'trial' })]);
    expect(body.value.totals.profit).toBe('-10.00');
  });

  it.each([
    ['from after to', `?from=${ms('2026-03-02T00:00:00Z')}&to=${ms('2026-03-01T00:00:00Z')}`, 'to'],
    ['from equal to to', `?from=${ms('2026-03-02T00:00:00Z')}&to=${ms('2026-03-02T00:00:00Z')}`, 'to'],
    ['a page size of 0', '?pageSize=0', 'pageSize'],
    ['a page size over 100', '?pageSize=101', 'pageSize'],
    ['a page size that is not a number', '?pageSize=many', 'pageSize'],
    ['page 0', '?pageNo=0', 'pageNo'],
    ['an unknown category', '?gameType=CASINO', 'gameType'],
    ['an unknown status', '?status=won', 'status'],
    ['a negative time', '?from=-5', 'from'],
  ])('refuses %s with 400', (_label, query, field) => expectInvalid(record(query), field));

  it('refuses a guest (401) and the operator (403)', async () => {
    expect((await record('', null)).status).toBe(401);
    const operator = await record('', people.operator.token);
    expect(operator.status).toBe(403);
    expect(operator.body.code).toBe('FORBIDDEN');
    expect((await record('', 'not-a-real-token-at-all-0000')).status).toBe(401);
  });
});

describe('GET /wps/relay/MCSFE_getPersonalProfit', () => {
  const period = `?from=${ms('2026-03-01T00:00:00+06:00')}&to=${ms('2026-03-08T00:00:00+06:00')}`;

  it("sums settled rounds by the brand's day (Asia/Dhaka, on the settlement) and by category, newest day first", async () => {
    await round({ bet: 1000, win: 2500, at: '2026-03-01T10:00:00+06:00' });
    await round({ bet: 500, win: 0, at: '2026-03-01T23:00:00+06:00', node: 'tables' });
    await round({ bet: 200, win: 100, at: '2026-03-01T23:30:00+06:00' });
    // Started on the 2nd just before midnight, settled on the 3rd: counts on the 3rd.
    await round({
      bet: 300,
      win: 900,
      at: '2026-03-02T23:59:00+06:00',
      settledAt: '2026-03-03T00:01:00+06:00',
    });
    // Never counted: open, rolled back, another member, another currency, outside the period.
    await round({ bet: 9999, status: 'open', at: '2026-03-02T10:00:00+06:00' });
    await round({ bet: 0, win: 0, status: 'rolled_back', at: '2026-03-02T11:00:00+06:00' });
    await round({ member: 'other', bet: 9999, at: '2026-03-02T10:00:00+06:00' });
    await round({ bet: 9999, at: '2026-03-02T10:00:00+06:00', currency: 'USD' });
    await round({ bet: 9999, at: '2026-02-28T23:58:00+06:00' });
    await round({ bet: 9999, at: '2026-03-07T23:59:30+06:00' });

    const { status, body } = await profit(period);
    expect(status).toBe(200);
    expect(body.value).toEqual({
      days: [
        {
          day: '2026-03-03',
          rounds: 1,
          bet: '3.00',
          win: '9.00',
          profit: '6.00',
          byCategory: [{ gameType: 'RNG', rounds: 1, bet: '3.00', win: '9.00', profit: '6.00' }],
        },
        {
          day: '2026-03-01',
          rounds: 3,
          bet: '17.00',
          win: '26.00',
          profit: '9.00',
          byCategory: [
            { gameType: 'LIVE', rounds: 1, bet: '5.00', win: '0.00', profit: '-5.00' },
            { gameType: 'RNG', rounds: 2, bet: '12.00', win: '26.00', profit: '14.00' },
          ],
        },
      ],
      totals: { rounds: 4, bet: '20.00', win: '35.00', profit: '15.00' },
      from: ms('2026-03-01T00:00:00+06:00'),
      to: ms('2026-03-08T00:00:00+06:00'),
      timeZone: 'Asia/Dhaka',
      currency: 'BDT',
    });
  });

  it('filters by category', async () => {
    await round({ bet: 1000, win: 2500, at: '2026-03-01T10:00:00+06:00' });
    await round({ bet: 500, at: '2026-03-01T11:00:00+06:00', node: 'tables' });
    const { body } = await profit(`${period}&gameType=LIVE`);
    expect(body.value.days).toEqual([
      expect.objectContaining({
        day: '2026-03-01',
        profit: '-5.00',
        byCategory: [{ gameType: 'LIVE', rounds: 1, bet: '5.00', win: '0.00', profit: '-5.00' }],
      }),
    ]);
    expect(body.value.totals).toEqual({ rounds: 1, bet: '5.00', win: '0.00', profit: '-5.00' });
  });

  it('reads the last 7 days, today included, when no period is given', async () => {
    const now = Date.now();
    await round({
      bet: 100,
      at: new Date(now - 60 * 60_000).toISOString(),
      settledAt: new Date(now - 60_000).toISOString(),
    });
    await round({ bet: 100, at: new Date(now - 10 * 86_400_000).toISOString() });
    const { status, body } = await profit();
    expect(status).toBe(200);
    expect(body.value.totals.rounds).toBe(1);
    expect(body.value.from).toBe(brandMidnight(now, 'Asia/Dhaka') - 6 * 86_400_000);
    expect(body.value.to).toBeGreaterThanOrEqual(now);
  });

  it("shows a trial account's demo rounds", async () => {
    await round({ member: 'trial', bet: 1000, win: 3000, wallet: 'trial', at: '2026-03-01T10:00:00+06:00' });
    const { status, body } = await profit(period, people.trial.token);
    expect(status).toBe(200);
    expect(body.value.totals).toEqual({ rounds: 1, bet: '10.00', win: '30.00', profit: '20.00' });
  });

  it.each([
    ['from after to', `?from=${ms('2026-03-02T00:00:00+06:00')}&to=${ms('2026-03-01T00:00:00+06:00')}`, 'to'],
    [
      'a range over 92 days',
      `?from=${ms('2026-01-01T00:00:00+06:00')}&to=${ms('2026-04-03T00:00:01+06:00')}`,
      'from',
    ],
    ['a from over 92 days ago and no to', `?from=${Date.now() - 93 * 86_400_000}`, 'from'],
    ['an unknown category', '?gameType=CASINO', 'gameType'],
    ['a time that is not a number', '?to=tomorrow', 'to'],
  ])('refuses %s with 400', (_label, query, field) => expectInvalid(profit(query), field));

  it('accepts exactly 92 days', async () => {
    const { status } = await profit(
      `?from=${ms('2026-01-01T00:00:00+06:00')}&to=${ms('2026-04-03T00:00:00+06:00')}`,
    );
    expect(status).toBe(200);
  });

  it('refuses a guest (401) and the operator (403)', async () => {
    expect((await profit('', null)).status).toBe(401);
    expect((await profit('', people.operator.token)).status).toBe(403);
  });
});

describe('lottery bets in the record (issue 13)', () => {
  it('shows a settled lottery bet with its draw in the betting record and in profit and loss', async () => {
    await sut.db.insert(gameVendors).values({
      vassalage: 'TCG_LOTTO_VN',
      accountTypeId: 3,
      displayName: 'Khela Lottery',
      gameType: 'LOTT',
    });
    const [catalogue] = await sut.db
      .insert(games)
      .values({
        vassalage: 'TCG_LOTTO_VN',
        vendorCode: 'TCG_LOTTO_VN',
        gameCode: 'REC_NORTH',
        gameType: 'LOTT',
        names: { en: 'North Record' },
        minBet: 100n,
      })
      .returning({ nodeId: games.nodeId });
    const gameId = await addLotteryGame(sut.db, 'REC_NORTH', 'north');
    const numeroId = await addNumero(sut.db, gameId, '202611260042');
    await openWallet(sut.db, people.player.id);
    await postEntry(sut.db, {
      kind: 'deposit',
      idempotencyKey: `record-lottery-fund-${people.player.id}`,
      postings: [
        { address: systemAddress('world', 'BDT'), amount: -100_000n },
        { address: memberWalletAddress(people.player.id, 'main'), amount: 100_000n },
      ],
    });
    const placed = await placeSlip(sut.db, {
      memberId: people.player.id,
      requestId: 'record-lottery-slip',
      gameCode: 'REC_NORTH',
      numero: '202611260042',
      playType: 'lo2',
      numbers: ['45', '67'],
      unitStake: '10',
      multiplier: 1,
    });
    await drawWith(sut.db, numeroId, [
      { tier: 'special', numbers: ['12345'] },
      { tier: 'first', numbers: ['99945'] },
    ]);
    await settleNumero(sut.db, numeroId);

    const { status, body } = await record('?language=EN&gameType=LOTT');
    expect(status).toBe(200);
    const [won, lost] = placed.bets;
    expect(body.value.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          roundId: `L${won?.betId}`,
          nodeId: catalogue?.nodeId,
          gameName: 'North Record',
          vassalage: 'TCG_LOTTO_VN',
          vendorName: 'Khela Lottery',
          gameType: 'LOTT',
          bet: '10.00',
          win: '1600.00',
          profit: '1590.00',
          status: 'settled',
          wallet: 'main',
          draw: {
            numero: '202611260042',
            playType: 'lo2',
            numbers: ['45'],
            odds: '80',
            hits: 2,
            special: '12345',
            region: 'north',
            resultSource: 'house',
            resultOrigin: null,
          },
        }),
        expect.objectContaining({ roundId: `L${lost?.betId}`, win: '0.00', status: 'settled' }),
      ]),
    );
    expect(body.value.totals).toEqual({ rounds: 2, bet: '20.00', win: '1600.00', profit: '1580.00' });

    const answer = await profit();
    expect(answer.status).toBe(200);
    expect(answer.body.value.totals).toEqual({ rounds: 2, bet: '20.00', win: '1600.00', profit: '1580.00' });
    expect(answer.body.value.days[0].byCategory).toEqual([
      { gameType: 'LOTT', rounds: 2, bet: '20.00', win: '1600.00', profit: '1580.00' },
    ]);

    // The lottery's rounds count in the popular games and the rank and winner boards too.
    await forgetRankLists(sut.db);
    const popular = await get('/lgw/games/popular?count=20&language=EN', null);
    expect(popular.body.value.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ nodeId: catalogue?.nodeId, rounds: 2 })]),
    );
    const ranks = await get(
      '/wps/relay/GCSGAME_getRankList?rankType=bet&gameCategory=LOTT&limitNum=10',
      null,
    );
    expect(ranks.body.value.list).toEqual([expect.objectContaining({ rank: 1, amount: '20.00' })]);
    const winners = await get('/wps/relay/MCSFE_getWinnerBoard?limitNum=20&language=EN', null);
    expect(winners.body.value.list).toEqual([
      {
        vo: expect.objectContaining({
          gameName: 'North Record',
          nodeId: catalogue?.nodeId,
          winAmount: '1600.00',
        }),
      },
    ]);
    await expectLedgerValid(sut.db);
  });

  it("names each line's result source: a house draw, or the official result and where it came from (issue 36)", async () => {
    const [game] = rowsOf<{ id: number | string }>(
      await sut.db.execute(sql`select id from lottery_games where game_code = 'REC_NORTH'`),
    );
    const numeroId = await addNumero(sut.db, Number(game!.id), '202611260044');
    // A house draw's bet beside it (still open).
    await addNumero(sut.db, Number(game!.id), '202611260045');
    await placeSlip(sut.db, {
      memberId: people.player.id,
      requestId: 'record-house-slip',
      gameCode: 'REC_NORTH',
      numero: '202611260045',
      playType: 'lo2',
      numbers: ['27'],
      unitStake: '10',
      multiplier: 1,
    });
    // An official-result numero (its game switched before it opened).
    await sut.db.execute(sql`update lottery_numeros set result_source = 'official' where id = ${numeroId}`);
    await placeSlip(sut.db, {
      memberId: people.player.id,
      requestId: 'record-official-slip',
      gameCode: 'REC_NORTH',
      numero: '202611260044',
      playType: 'de',
      numbers: ['27'],
      unitStake: '10',
      multiplier: 1,
    });
    const open = (await record('?language=EN&gameType=LOTT')).body.value.list.find(
      (line: { draw?: { numero: string } }) => line.draw?.numero === '202611260044',
    );
    expect(open.draw).toMatchObject({ resultSource: 'official', resultOrigin: null, special: null });
    await drawWith(sut.db, numeroId, [{ tier: 'special', numbers: ['12327'] }]);
    // Two operators' matching copies (lottery.official.ts) are its result.
    await sut.db.execute(sql`update lottery_numeros set result_origin = 'entry' where id = ${numeroId}`);
    await settleNumero(sut.db, numeroId);
    const lines = (await record('?language=EN&gameType=LOTT')).body.value.list as {
      draw?: { numero: string; region: string; resultSource: string; resultOrigin: string | null };
    }[];
    expect(lines.find((line) => line.draw?.numero === '202611260044')?.draw).toMatchObject({
      region: 'north',
      resultSource: 'official',
      resultOrigin: 'entry',
      special: '12327',
    });
    expect(lines.find((line) => line.draw?.numero === '202611260045')?.draw).toMatchObject({
      region: 'north',
      resultSource: 'house',
      resultOrigin: null,
    });
  });
});

describe('profitPeriod', () => {
  const now = ms('2026-03-10T15:30:00Z');
  it('fills in the last 7 days up to now', () => {
    expect(profitPeriod({}, now, 'UTC')).toEqual({ from: ms('2026-03-04T00:00:00Z'), to: now });
  });
  it("starts the 7 days at the brand's midnight", () => {
    // 15:30 UTC on the 10th is 21:30 in Dhaka; 00:00 in Dhaka on the 4th is 18:00 UTC on the 3rd.
    expect(profitPeriod({}, now, 'Asia/Dhaka')).toEqual({ from: ms('2026-03-03T18:00:00Z'), to: now });
    // 23:30 UTC is already the 11th in Dhaka.
    const late = ms('2026-03-10T23:30:00Z');
    expect(profitPeriod({}, late, 'Asia/Dhaka').from).toBe(ms('2026-03-04T18:00:00Z'));
  });
  it('takes 7 days before a given end', () => {
    expect(profitPeriod({ to: ms('2026-03-05T00:00:00Z') }, now, 'UTC')).toEqual({
      from: ms('2026-02-26T00:00:00Z'),
      to: ms('2026-03-05T00:00:00Z'),
    });
  });
  it('ends now after a given start', () => {
    expect(profitPeriod({ from: ms('2026-03-09T00:00:00Z') }, now, 'UTC')).toEqual({
      from: ms('2026-03-09T00:00:00Z'),
      to: now,
    });
  });
});
