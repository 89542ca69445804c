import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { members } from '../accounts/accounts.tables.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { forgetRankLists, maskAccountName } from './lobby-ranks.service.ts';

let sut: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const rows = await sut.db
    .insert(members)
    .values(
      ['devilwinner', 'bigstaker', 'abc', 'guest99887766'].map((account) => ({
        account,
        nickname: account,
        type: account.startsWith('guest') ? 4 : 0,
      })),
    )
    .returning({ id: members.id, account: members.account });
  for (const row of rows) ids[row.account] = row.id;
});
afterAll(async () => {
  await sut.close();
});
beforeEach(async () => {
  await sut.db.execute(sql`delete from game_rounds`);
  await sut.db.execute(sql`delete from deposit_orders`);
  await forgetRankLists(sut.db);
});

const get = (url: string) =>
  sut.app
    .inject({ method: 'GET', url })
    .then((response) => ({ status: response.statusCode, body: response.json() }));

let sequence = 0;
async function round(
  account: string,
  bet: number,
  options: { status?: string; wallet?: string; daysAgo?: number; gameType?: string; currency?: string } = {},
) {
  sequence += 1;
  const status = options.status ?? 'settled';
  await sut.db.execute(sql`
    insert into game_rounds (vendor_code, round_id, member_id, node_id, game_type, vassalage, currency,
      wallet_kind, bet_amount, win_amount, status, started_at, settled_at)
    values ('HOUSE', ${`rank-${sequence}`}, ${ids[account]}, 1, ${options.gameType ?? 'RNG'}, 'KH_SLOTS',
      ${options.currency ?? 'BDT'}, ${options.wallet ?? 'main'}, ${bet}, 0, ${status},
      now() - make_interval(days => ${options.daysAgo ?? 1}),
      ${status === 'settled' ? sql`now() - make_interval(days => ${options.daysAgo ?? 1})` : sql`null`})`);
}

async function deposit(account: string, amount: number, options: { status?: string; daysAgo?: number } = {}) {
  sequence += 1;
  const status = options.status ?? 'approved';
  await sut.db.execute(sql`
    insert into deposit_orders (member_id, method_code, kind, currency, amount, fee, status, request_id,
      request_hash, created_at, decided_at)
    values (${ids[account]}, 'bank', 'bank_transfer', 'BDT', ${amount}, 0, ${status}, ${`req-${sequence}`}, 'h',
      now() - make_interval(days => ${options.daysAgo ?? 1}),
      ${status === 'pending' ? sql`null` : sql`now() - make_interval(days => ${options.daysAgo ?? 1})`})`);
}

describe('maskAccountName', () => {
  it.each([
    ['devilwinner', 'de****er'],
    ['abcde', 'ab****de'],
    ['abcd', 'a****d'],
    ['abc', 'a****c'],
    ['ab', 'a****'],
    ['a', 'a****'],
  ])('%s → %s', (account, masked) => {
    expect(maskAccountName(account)).toBe(masked);
  });
});

describe('GET /wps/relay/GCSGAME_getRankList', () => {
  it('is an honest empty board before anyone played', async () => {
    const { status, body } = await get(
      '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20',
    );
    expect(status).toBe(200);
    expect(body.value).toEqual({ rankType: 'bet', currency: 'BDT', periodDays: 30, list: [] });
  });

  it('ranks real-money stakes of settled rounds of the last 30 days, names masked', async () => {
    await round('devilwinner', 5000);
    await round('devilwinner', 2550);
    await round('bigstaker', 10000);
    await round('abc', 100, { gameType: 'LIVE' });
    // None of these count: demo funds, an open round, an old round, another currency.
    await round('guest99887766', 1_000_000, { wallet: 'trial' });
    await round('abc', 1_000_000, { status: 'open' });
    await round('abc', 1_000_000, { daysAgo: 31 });
    await round('abc', 1_000_000, { currency: 'USD' });
    const { body } = await get('/wps/relay/GCSGAME_getRankList');
    expect(body.value.list).toEqual([
      { rank: 1, customerName: 'bi****er', amount: '100.00' },
      { rank: 2, customerName: 'de****er', amount: '75.50' },
      { rank: 3, customerName: 'a****c', amount: '1.00' },
    ]);
    const live = await get('/wps/relay/GCSGAME_getRankList?gameCategory=LIVE&limitNum=5');
    expect(live.body.value.list).toEqual([{ rank: 1, customerName: 'a****c', amount: '1.00' }]);
    expect((await get('/wps/relay/GCSGAME_getRankList?limitNum=1')).body.value.list).toHaveLength(1);
  });

  it('ranks approved deposits of the last 30 days', async () => {
    await deposit('abc', 20000);
    await deposit('abc', 5000);
    await deposit('devilwinner', 30000);
    await deposit('bigstaker', 90000, { status: 'pending' });
    await deposit('bigstaker', 90000, { status: 'rejected' });
    await deposit('bigstaker', 90000, { daysAgo: 40 });
    const { status, body } = await get('/wps/relay/GCSGAME_getRankList?rankType=deposit');
    expect(status).toBe(200);
    expect(body.value).toEqual({
      rankType: 'deposit',
      currency: 'BDT',
      periodDays: 30,
      list: [
        { rank: 1, customerName: 'de****er', amount: '300.00' },
        { rank: 2, customerName: 'a****c', amount: '250.00' },
      ],
    });
  });

  it.each([
    ['a limit over 20', 'limitNum=21'],
    ['a limit of 0', 'limitNum=0'],
    ['an unknown rank type', 'rankType=wins'],
    ['an unknown category', 'gameCategory=CASINO'],
  ])('refuses %s with 400', async (_label, query) => {
    const { status, body } = await get(`/wps/relay/GCSGAME_getRankList?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /wps/relay/MCSFE_getWinnerBoard', () => {
  async function win(
    account: string,
    bet: number,
    won: number,
    options: { wallet?: string; daysAgo?: number } = {},
  ) {
    sequence += 1;
    await sut.db.execute(sql`
      insert into game_rounds (vendor_code, round_id, member_id, node_id, game_type, vassalage, currency,
        wallet_kind, bet_amount, win_amount, status, started_at, settled_at)
      values ('HOUSE', ${`win-${sequence}`}, ${ids[account]}, ${nodeId}, 'RNG', 'KH_SLOTS', 'BDT',
        ${options.wallet ?? 'main'}, ${bet}, ${won}, 'settled',
        now() - make_interval(days => ${options.daysAgo ?? 1}), now() - make_interval(days => ${options.daysAgo ?? 1}))`);
  }
  let nodeId = 0;

  beforeAll(async () => {
    const [row] = await sut.db
      .execute<{ node_id: number }>(
        sql`
      insert into games (vassalage, vendor_code, game_code, game_type, names, icon, min_bet)
      values ('KH_SLOTS', 'HOUSE', 'winners-slot', 'RNG', '{"bn":"সোনালি ফল","en":"Golden Fruits"}'::jsonb,
        '/house/icons/classic3x3.svg', 100)
      returning node_id`,
      )
      .then((result) => rowsOf<{ node_id: number }>(result));
    nodeId = Number(row?.node_id);
  });

  it('lists the biggest real-money wins of the week, names masked, game names in the language asked', async () => {
    expect((await get('/wps/relay/MCSFE_getWinnerBoard')).body.value).toEqual({ currency: 'BDT', list: [] });
    await win('devilwinner', 100, 5_000);
    await win('bigstaker', 100, 90_000);
    await win('abc', 100, 50); // a loss: no winner
    await win('devilwinner', 100, 999_999, { wallet: 'trial' }); // demo funds never show
    await win('bigstaker', 100, 800_000, { daysAgo: 8 }); // too old
    await forgetRankLists(sut.db);
    const board = await get('/wps/relay/MCSFE_getWinnerBoard?language=EN');
    expect(board.status).toBe(200);
    expect(board.body.value.list.map((entry: { vo: unknown }) => entry.vo)).toEqual([
      expect.objectContaining({
        customerName: 'bi****er',
        gameName: 'Golden Fruits',
        winAmount: '900.00',
        nodeId,
      }),
      expect.objectContaining({ customerName: 'de****er', gameName: 'Golden Fruits', winAmount: '50.00' }),
    ]);
    await forgetRankLists(sut.db);
    const bengali = await get('/wps/relay/MCSFE_getWinnerBoard?language=BN&limitNum=1');
    expect(bengali.body.value.list).toHaveLength(1);
    expect(bengali.body.value.list[0].vo.gameName).toBe('সোনালি ফল');
  });

  it('refuses a bad limit', async () => {
    expect((await get('/wps/relay/MCSFE_getWinnerBoard?limitNum=21')).status).toBe(400);
    expect((await get('/wps/relay/MCSFE_getWinnerBoard?limitNum=abc')).status).toBe(400);
  });
});
