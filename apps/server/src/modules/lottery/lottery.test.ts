import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { calls, seedHashOf, verifyDraw, type DrawResult, type LotteryGame } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { gameSessions, games } from '../games/games.tables.ts';
import { drawDueNumeros, lockDueNumeros, lotteryTick } from './lottery.numeros.ts';
import { ensureLottery } from './lottery.routes.ts';
import { lotteryBets, lotteryGames, lotteryNumeros } from './lottery.tables.ts';

/**
 * The lottery's calls (spec 7 Lottery calls) on the real clock: numeros are opened by a tick at the
 * start, and one past numero of MB is drawn for the history, the proof and the latest result.
 */
let sut: TestApp;
let player: { id: number; token: string };
let trial: { id: number; token: string };
let operator: { id: number; token: string };
const drawnNumero = '202001060001';

const get = (url: string, token?: string) => call(sut, { method: 'GET', url, ...(token ? { token } : {}) });
const post = (url: string, body: unknown, token?: string) =>
  call(sut, { method: 'POST', url, body, ...(token ? { token } : {}) });
const put = (url: string, body: unknown, token?: string) =>
  call(sut, { method: 'PUT', url, body, ...(token ? { token } : {}) });

async function gameIdOf(code: string): Promise<number> {
  const [row] = await sut.db.select().from(lotteryGames).where(eq(lotteryGames.gameCode, code));
  return row!.id;
}

beforeAll(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  player = await newMember(sut, 'lottoplayer');
  trial = await newMember(sut, 'lottotrial', 4);
  operator = await newMember(sut, 'lottooperator', 0, 'operator');
  // The catalogue as production has it at start, and the coming numeros.
  await ensureLottery(sut.db, { catalogue: true });
  await lotteryTick(sut.db);
  // A past MB draw: opened, then locked and drawn by the steps of the tick.
  await sut.db.insert(lotteryNumeros).values({
    gameId: await gameIdOf('MB'),
    numero: drawnNumero,
    drawDate: '2020-01-06',
    openAt: new Date('2020-01-05T11:15:00Z'),
    lockAt: new Date('2020-01-06T11:05:00Z'),
    drawAt: new Date('2020-01-06T11:15:00Z'),
    seed: '11'.repeat(32),
    seedHash: await seedHashOf('11'.repeat(32)),
  });
  await lockDueNumeros(sut.db, new Date());
  await drawDueNumeros(sut.db, new Date());
});
afterAll(async () => {
  await sut.close();
});

describe('the lottery in the game catalogue', () => {
  it('lists the lottery vendors in the header menus and the hot games', async () => {
    const menus = (await get('/lgw/games/game_menus')).body.value as {
      category: string;
      vendors: { vassalage: string }[];
    }[];
    expect(
      menus.find((menu) => menu.category === 'LOTT')?.vendors.map((vendor) => vendor.vassalage),
    ).toContain('TCG_LOTTO_VN');
    expect(
      menus.find((menu) => menu.category === 'ELOTT')?.vendors.map((vendor) => vendor.vassalage),
    ).toContain('TCG_SEA');
    const hot = (await get(calls.hotGames.path)).body;
    const hotCodes = JSON.stringify(hot);
    expect(hotCodes).toContain('FAST_1');
    expect(hotCodes).toContain('"MB"');
    const [row] = await sut.db
      .select()
      .from(games)
      .where(and(eq(games.vendorCode, 'TCG_LOTTO_VN'), eq(games.gameCode, 'HCM')));
    expect(row).toMatchObject({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', enabled: true });
  });

  it('is written again at every start without changes', async () => {
    const before = await sut.db.select().from(games).orderBy(games.nodeId);
    await ensureLottery(sut.db, { catalogue: true });
    expect((await sut.db.select().from(games).orderBy(games.nodeId)).map((row) => row.nodeId)).toEqual(
      before.map((row) => row.nodeId),
    );
  });

  it('launchGame sends a lottery game to its page and opens no vendor session', async () => {
    const [fast] = await sut.db
      .select()
      .from(games)
      .where(and(eq(games.vendorCode, 'TCG_SEA'), eq(games.gameCode, 'FAST_1')));
    const launched = await post('/wps/game/launchGame', { nodeId: fast!.nodeId }, player.token);
    expect(launched.status).toBe(200);
    expect(launched.body.value).toEqual({ content: '/lottery?gameCode=FAST_1', launchKind: 'redirect' });
    const [hcm] = await sut.db.select().from(games).where(eq(games.gameCode, 'HCM'));
    const regional = await post('/wps/game/launchGame', { nodeId: hcm!.nodeId }, player.token);
    expect(regional.body.value.content).toBe('/vnlottery?gameCode=HCM');
    expect(await sut.db.select().from(gameSessions).where(eq(gameSessions.memberId, player.id))).toEqual([]);
  });
});

describe('GET /lgw/games/popular', () => {
  it("counts the lottery's bets of the last 7 days, and keeps a lottery prize mode's games", async () => {
    const seed = '22'.repeat(32);
    const yesterday = Date.now() - 86_400_000;
    await sut.db.insert(lotteryNumeros).values({
      gameId: await gameIdOf('HCM'),
      numero: '202001130001',
      drawDate: '2020-01-13',
      status: 'drawn',
      openAt: new Date(yesterday - 3_600_000),
      lockAt: new Date(yesterday - 600_000),
      drawAt: new Date(yesterday),
      seed,
      seedHash: await seedHashOf(seed),
      betCount: 7,
      betsDigest: '',
    });
    const { body } = await get(`${calls.popularGames.path}?count=20&prizeMode=Lott&language=EN`);
    expect(
      body.value.list.map((game: { gameCode: string; rounds: number }) => [game.gameCode, game.rounds]),
    ).toEqual([['HCM', 7]]);
    expect(body.value.list[0]).toMatchObject({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT' });
    expect((await get(`${calls.popularGames.path}?prizeMode=Elott`)).body.value.list).toEqual([]);
    await sut.db.execute(sql`delete from lottery_numeros where numero = '202001130001'`);
  });
});

describe('GET /lgw/vn/games/game_menu', () => {
  it('answers the tabs in order with each game, its open numero, countdown, resources and play types', async () => {
    const { status, body } = await get('/lgw/vn/games/game_menu?language=EN');
    expect(status).toBe(200);
    const value = body.value as { serverTime: number; gameMenus: { tag: string; games: LotteryGame[] }[] };
    expect(value.gameMenus.map((menu) => menu.tag)).toEqual(['FAST', 'NORTH', 'CENTRAL', 'SOUTH']);
    const fast = value.gameMenus[0]!.games.find((game) => game.gameCode === 'FAST_1')!;
    expect(fast).toMatchObject({
      vassalage: 'TCG_SEA',
      gameType: 'ELOTT',
      prizeMode: 'Elott',
      region: 'fast',
      gameName: 'Fast 1 minute',
      intervalSeconds: 60,
      isHot: 1,
      tag: 'hot',
      drawDayOfWeek: '1,2,3,4,5,6,7',
    });
    expect(fast.nodeId).toBeGreaterThan(0);
    expect(fast.numero).toMatch(/^[0-9]{12}$/);
    expect(fast.remainTime).toBeGreaterThanOrEqual(0);
    expect(fast.remainTime).toBeLessThanOrEqual(60_000);
    expect(fast.lockTime! - value.serverTime).toBe(fast.remainTime);
    expect(fast.playTypes).toContain('big_small');
    expect(fast.resources[0]).toMatchObject({
      resourceType: 'DRAW_HISTORY',
      url: '/lottery?gameCode=FAST_1&view=history',
    });
    expect(fast.resources[0]!.qrCodeUrl).toMatch(/^data:image\/png;base64,/);

    const north = value.gameMenus[1]!.games[0]!;
    expect(north).toMatchObject({
      gameCode: 'MB',
      vassalage: 'TCG_LOTTO_VN',
      gameType: 'LOTT',
      drawTime: '18:15',
    });
    expect(north.playTypes).not.toContain('big_small');
    expect(north.latest).toMatchObject({ numero: drawnNumero, drawDate: '2020.01.06', status: 'drawn' });
    expect(north.latest!.special).toMatch(/^[0-9]{5}$/);
    expect(north.resources.map((resource) => resource.url)).toContain(
      `/lottery/verify?gameCode=MB&numero=${drawnNumero}`,
    );
    const south = value.gameMenus[3]!.games.find((game) => game.gameCode === 'HCM')!;
    expect(south).toMatchObject({ drawDayOfWeek: '2,7', drawTime: '16:15', region: 'south' });
  });

  it('filters by prize mode and names the games in the language asked', async () => {
    const { body } = await get('/lgw/vn/games/game_menu?prizeMode=Elott&language=VI');
    expect(body.value.gameMenus.map((menu: { tag: string }) => menu.tag)).toEqual(['FAST']);
    expect(body.value.gameMenus[0].games[0].gameName).toBe('Siêu tốc 1 phút');
    const bengali = await get('/lgw/vn/games/game_menu?prizeMode=Lott&language=BN');
    expect(bengali.body.value.gameMenus[0].games[0].gameName).toBe('উত্তর ভিয়েতনাম');
    expect((await get('/lgw/vn/games/game_menu?prizeMode=ZY')).body.value.gameMenus).toEqual([]);
  });

  it('refuses a bad prize mode', async () => {
    const { status, body } = await get('/lgw/vn/games/game_menu?prizeMode=Lotto');
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(body.value.issues)).toContain('prizeMode');
  });
});

describe('GET /lgw/vn/games/game_menu/recent', () => {
  it('answers a guest nothing and a member the games of their latest bets', async () => {
    expect((await get('/lgw/vn/games/game_menu/recent')).body.value).toEqual({ list: [] });
    expect((await get('/lgw/vn/games/game_menu/recent', player.token)).body.value).toEqual({ list: [] });
    const [numero] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.numero, drawnNumero));
    await sut.db.insert(lotteryBets).values({
      numeroId: numero!.id,
      gameId: numero!.gameId,
      memberId: player.id,
      playType: 'de',
      selection: ['12'],
      stake: 100n,
      oddsMilli: 95_000,
      currency: 'BDT',
      requestId: 'recent-test-1',
      slipIndex: 0,
      entryId: 1,
    });
    const { body } = await get('/lgw/vn/games/game_menu/recent?recentCount=5', player.token);
    expect(body.value.list.map((game: LotteryGame) => game.gameCode)).toEqual(['MB']);
    expect(
      (await get('/lgw/vn/games/game_menu/recent?prizeMode=Elott', player.token)).body.value.list,
    ).toEqual([]);
    expect((await get('/lgw/vn/games/game_menu/recent?recentCount=101', player.token)).status).toBe(400);
  });
});

describe('GET /lgw/vn/numeros/opened/game', () => {
  it("answers the game's open numero with its times and commitment", async () => {
    const { status, body } = await get('/lgw/vn/numeros/opened/game?gameCode=FAST_3');
    expect(status).toBe(200);
    const value = body.value;
    expect(value).toMatchObject({ gameCode: 'FAST_3', status: 'open' });
    expect(value.lockTime).toBe(value.winningTime - 15_000);
    expect(value.openTime).toBe(value.winningTime - 180_000);
    expect(value.remainTime).toBe(Math.max(0, value.lockTime - value.serverTime));
    expect(value.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(body)).not.toContain('"seed"');
  });

  it('refuses a bad game code (400) and an unknown game (404)', async () => {
    const bad = await get('/lgw/vn/numeros/opened/game?gameCode=x%20y');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(bad.body.value.issues)).toContain('gameCode');
    const unknown = await get('/lgw/vn/numeros/opened/game?gameCode=NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('GAME_UNAVAILABLE');
  });
});

describe('GET /lgw/vn/numeros', () => {
  it('lists the drawn numeros, newest first, with the draw date YYYY.MM.DD', async () => {
    const { status, body } = await get('/lgw/vn/numeros?gameCode=MB&count=10');
    expect(status).toBe(200);
    expect(body.value.list).toHaveLength(1);
    expect(body.value.list[0]).toMatchObject({
      numero: drawnNumero,
      drawDate: '2020.01.06',
      status: 'drawn',
    });
    expect(body.value.list[0].result).toHaveLength(8);
    expect((await get('/lgw/vn/numeros?gameCode=HCM')).body.value.list).toEqual([]);
  });

  it('refuses a bad count or game code, and an unknown game', async () => {
    const tooMany = await get('/lgw/vn/numeros?gameCode=MB&count=101');
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body.value.issues)).toContain('count');
    expect((await get('/lgw/vn/numeros?gameCode=x%20y')).status).toBe(400);
    expect((await get('/lgw/vn/numeros?gameCode=NOPE')).status).toBe(404);
  });
});

describe('GET /lgw/vn/numeros/proof', () => {
  it('reveals the seed of a drawn numero, and the draw recomputes from it', async () => {
    const { status, body } = await get(`/lgw/vn/numeros/proof?gameCode=MB&numero=${drawnNumero}`);
    expect(status).toBe(200);
    const proof = body.value;
    expect(proof).toMatchObject({ gameCode: 'MB', region: 'north', status: 'drawn', betCount: 0 });
    expect(proof.seed).toBe('11'.repeat(32));
    const check = await verifyDraw({
      gameCode: 'MB',
      numero: drawnNumero,
      region: 'north',
      seed: proof.seed,
      betsDigest: proof.betsDigest,
      seedHash: proof.seedHash,
      result: proof.result as DrawResult,
    });
    expect(check).toMatchObject({ seedMatches: true, numbersMatch: true });
  });

  it('keeps the seed of an open numero secret', async () => {
    const open = (await get('/lgw/vn/numeros/opened/game?gameCode=MB')).body.value;
    const { body } = await get(`/lgw/vn/numeros/proof?gameCode=MB&numero=${open.numero}`);
    expect(body.value).toMatchObject({ status: 'open', seed: null, result: null, seedHash: open.seedHash });
  });

  it('refuses a bad numero (400) and an unknown one (404)', async () => {
    const bad = await get('/lgw/vn/numeros/proof?gameCode=MB&numero=123');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.value.issues)).toContain('numero');
    const unknown = await get('/lgw/vn/numeros/proof?gameCode=MB&numero=201901010001');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });
});

describe('GET /lgw/vn/odds', () => {
  it("answers the play types of the game's region with odds and stake limits", async () => {
    const fast = (await get('/lgw/vn/odds?gameCode=FAST_5')).body.value.list;
    // The north's ten play types (3 càng among them) and the fast games' three.
    expect(fast).toHaveLength(13);
    expect(fast[0]).toEqual({
      prizeMode: 'Elott',
      region: 'fast',
      playType: 'lo2',
      odds: '3.5',
      minStake: '1.00',
      maxStake: '10000.00',
      rtp: '94.50',
    });
    expect(fast.find((line: { playType: string }) => line.playType === 'big_small')).toMatchObject({
      odds: '1.95',
      maxStake: '50000.00',
    });
    const south = (await get('/lgw/vn/odds?gameCode=HCM')).body.value.list;
    expect(south).toHaveLength(9);
    expect(south.find((line: { playType: string }) => line.playType === 'xien4')).toMatchObject({
      prizeMode: 'Lott',
      region: 'south',
      odds: '1000',
    });
  });

  it('refuses a bad or unknown game', async () => {
    expect((await get('/lgw/vn/odds?gameCode=x%20y')).status).toBe(400);
    expect((await get('/lgw/vn/odds?gameCode=NOPE')).status).toBe(404);
  });
});

describe('POST /lgw/vn/launch', () => {
  it("answers the page of a game's betting view or of the lobby", async () => {
    const betting = { lottoGameCode: 'FAST_1', lottoView: 'betting' };
    expect((await post('/lgw/vn/launch', betting, player.token)).body.value).toEqual({
      content: '/lottery?gameCode=FAST_1',
    });
    expect(
      (await post('/lgw/vn/launch', { lottoGameCode: 'HCM', lottoView: 'betting' }, player.token)).body.value,
    ).toEqual({ content: '/vnlottery?gameCode=HCM' });
    expect((await post('/lgw/vn/launch', { lottoView: 'lobby' }, player.token)).body.value).toEqual({
      content: '/vnlottery',
    });
    expect(
      (await post('/lgw/vn/launch', { launchMode: 'ELOTT', lottoView: 'lobby' }, player.token)).body.value,
    ).toEqual({ content: '/lottery' });
    expect((await post('/lgw/vn/launch', { lottoPrizeMode: 'Elott' }, player.token)).body.value).toEqual({
      content: '/lottery',
    });
    expect(
      (await post('/lgw/vn/launch', { lottoGameCode: 'FAST_3', lottoView: 'lobby' }, player.token)).body
        .value,
    ).toEqual({ content: '/lottery' });
  });

  it('refuses a guest, bad input and an unknown game', async () => {
    expect((await post('/lgw/vn/launch', { lottoGameCode: 'FAST_1' })).status).toBe(401);
    const bad = await post('/lgw/vn/launch', { lottoView: 'sideways' }, player.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.value.issues)).toContain('lottoView');
    const unknown = await post(
      '/lgw/vn/launch',
      { lottoGameCode: 'NOPE', lottoView: 'betting' },
      player.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('GAME_UNAVAILABLE');
  });
});

describe('the bet calls', () => {
  it('refuse a guest, a trial account (real members only) and bad input before any money', async () => {
    const slip = {
      requestId: 'slip-00000001',
      gameCode: 'FAST_1',
      numero: '202611260001',
      playType: 'lo2',
      numbers: ['12'],
      unitStake: '1',
    };
    expect((await post('/lgw/vn/bets', slip)).status).toBe(401);
    const asTrial = await post('/lgw/vn/bets', slip, trial.token);
    expect(asTrial.status).toBe(403);
    expect(asTrial.body.code).toBe('TRIAL_ACCOUNT');
    const bad = await post('/lgw/vn/bets', { ...slip, numero: '123' }, player.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.value.issues)).toContain('numero');
    expect((await post('/lgw/vn/bets/cancel', { betId: 1 })).status).toBe(401);
    expect((await post('/lgw/vn/bets/cancel', { betId: 0 }, player.token)).status).toBe(400);
    expect((await get('/lgw/vn/bets')).status).toBe(401);
    expect((await get('/lgw/vn/bets?pageSize=101', player.token)).status).toBe(400);
  });
});

describe('the operator calls', () => {
  const line = {
    prizeMode: 'Lott',
    region: 'north',
    playType: 'lo2',
    odds: '3.6',
    minStake: '2',
    maxStake: '500',
  };

  it('refuse a member and a guest', async () => {
    expect((await get('/api/operator/lottery/odds')).status).toBe(401);
    expect((await get('/api/operator/lottery/odds', player.token)).status).toBe(403);
    expect((await put('/api/operator/lottery/odds', line)).status).toBe(401);
    expect((await put('/api/operator/lottery/odds', line, player.token)).status).toBe(403);
    const voiding = { gameCode: 'MB', numero: drawnNumero, reason: 'test void' };
    expect((await post('/api/operator/lottery/numeros/void', voiding)).status).toBe(401);
    expect((await post('/api/operator/lottery/numeros/void', voiding, player.token)).status).toBe(403);
  });

  it('list every odds line and set one: the game odds show it', async () => {
    const all = (await get('/api/operator/lottery/odds', operator.token)).body.value.list;
    // fast 13, north 10, central and south 9 each (docs/lottery.md "Play types, odds and payouts").
    expect(all).toHaveLength(13 + 10 + 9 * 2);
    const set = await put('/api/operator/lottery/odds', line, operator.token);
    expect(set.status).toBe(200);
    expect(set.body.value).toEqual({
      status: 'applied',
      line: { ...line, minStake: '2.00', maxStake: '500.00', rtp: '97.20' },
      request: null,
    });
    const odds = (await get('/lgw/vn/odds?gameCode=MB')).body.value.list;
    expect(odds[0]).toEqual({ ...line, minStake: '2.00', maxStake: '500.00', rtp: '97.20' });
    // The defaults written at the next start do not overwrite it.
    await ensureLottery(sut.db, { catalogue: false });
    expect((await get('/lgw/vn/odds?gameCode=MB')).body.value.list[0].odds).toBe('3.6');
  });

  it('refuse bad odds lines, naming the field, and change nothing', async () => {
    const before = (await get('/api/operator/lottery/odds', operator.token)).body.value.list;
    const refused = async (body: object, field: string) => {
      const { status, body: answer } = await put(
        '/api/operator/lottery/odds',
        { ...line, ...body },
        operator.token,
      );
      expect(status).toBe(400);
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(answer.value.issues)).toContain(field);
    };
    await refused({ minStake: '600' }, 'maxStake');
    await refused({ playType: 'big_small' }, 'playType');
    await refused({ playType: 'lotto' }, 'playType');
    await refused({ odds: 'abc' }, 'odds');
    await refused({ odds: '0' }, 'odds');
    await refused({ odds: '9999999' }, 'odds');
    await refused({ prizeMode: 'Elott' }, 'prizeMode');
    await refused({ minStake: '0.001' }, 'minStake');
    expect((await get('/api/operator/lottery/odds', operator.token)).body.value.list).toEqual(before);
  });

  it('void: refuses bad input, an unknown numero and a settled one', async () => {
    const bad = await post(
      '/api/operator/lottery/numeros/void',
      { gameCode: 'MB', numero: drawnNumero, reason: 'x' },
      operator.token,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.value.issues)).toContain('reason');
    const unknown = await post(
      '/api/operator/lottery/numeros/void',
      { gameCode: 'MB', numero: '201901010001', reason: 'test void' },
      operator.token,
    );
    expect(unknown.status).toBe(404);
    await sut.db.execute(sql`update lottery_numeros set status = 'settled' where numero = ${drawnNumero}`);
    const settled = await post(
      '/api/operator/lottery/numeros/void',
      { gameCode: 'MB', numero: drawnNumero, reason: 'test void' },
      operator.token,
    );
    expect(settled.status).toBe(409);
    expect(settled.body.code).toBe('CONFLICT');
    await sut.db.execute(sql`update lottery_numeros set status = 'drawn' where numero = ${drawnNumero}`);
  });
});
