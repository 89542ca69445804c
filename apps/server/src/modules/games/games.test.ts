import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { forgetHotGames } from './games.service.ts';
import { forgetGameMenus } from './game-menus.service.ts';
import { games, gameSessions } from './games.tables.ts';
import { appWithVendors, newMember } from './games.test-support.ts';

/**
 * The catalogue and lobby calls against one app: the catalogue is inserted once (as the vendor sync
 * would), the tests that write (favourites, launches) clean their tables first.
 */
let sut: TestApp;
const nodeOf = new Map<string, number>();
let player: string;
let playerId: number;
let otherPlayer: string;
let trial: string;
let operator: string;

interface GameSeed {
  code: string;
  vassalage?: string;
  gameType?: string;
  classify?: string | null;
  names?: Record<string, string>;
  minBet?: bigint;
  lineNum?: number;
  isHot?: number;
  enabled?: boolean;
  sortOrder?: number;
  launchFlags?: string[];
}

async function insertGames(db: TestApp['db'], seeds: GameSeed[]) {
  const rows = await db
    .insert(games)
    .values(
      seeds.map((seed) => ({
        vassalage: seed.vassalage ?? 'KH_SLOTS',
        vendorCode: 'HOUSE',
        gameCode: seed.code,
        gameType: seed.gameType ?? 'RNG',
        classify: seed.classify === undefined ? 'SC' : seed.classify,
        names: seed.names ?? { en: `Game ${seed.code}`, bn: `খেলা ${seed.code}` },
        minBet: seed.minBet ?? 10n,
        lineNum: seed.lineNum ?? 0,
        isHot: seed.isHot ?? 0,
        enabled: seed.enabled ?? true,
        sortOrder: seed.sortOrder ?? 1000,
        launchFlags: seed.launchFlags ?? [],
      })),
    )
    .returning({ nodeId: games.nodeId, gameCode: games.gameCode });
  return rows;
}

beforeAll(async () => {
  sut = await appWithVendors([
    {
      vassalage: 'KH_SLOTS',
      accountTypeId: 1,
      displayName: 'Khela Slots',
      gameType: 'RNG',
      isHot: 1,
      sortOrder: 1,
    },
    { vassalage: 'KH_REELS', accountTypeId: 2, displayName: 'Khela Reels', gameType: 'RNG', sortOrder: 2 },
    { vassalage: 'KH_LIVE', accountTypeId: 3, displayName: 'Khela Tables', gameType: 'LIVE', sortOrder: 3 },
    { vassalage: 'KH_OFF', accountTypeId: 4, displayName: 'Switched off', gameType: 'RNG', enabled: false },
  ]);
  const rows = await insertGames(sut.db, [
    {
      code: 'lucky-lotus',
      names: { en: 'Lucky Lotus', bn: 'লাকি পদ্ম' },
      classify: 'SC',
      minBet: 1n,
      lineNum: 20,
      isHot: 1,
      sortOrder: 1,
    },
    {
      code: 'tiger-gold',
      names: { en: 'Tiger Gold', bn: 'বাঘের সোনা' },
      classify: 'JP',
      minBet: 5n,
      lineNum: 50,
      sortOrder: 2,
    },
    {
      code: 'percent_100',
      names: { en: '100% Wild' },
      classify: 'VP',
      minBet: 50n,
      lineNum: 9,
      sortOrder: 3,
    },
    { code: 'reel-rush', vassalage: 'KH_REELS', names: { en: 'Reel Rush' }, classify: 'AC', isHot: 1 },
    { code: 'old-slot', names: { en: 'Old Slot' }, enabled: false },
    { code: 'hidden-vendor', vassalage: 'KH_OFF', names: { en: 'Hidden' }, isHot: 1 },
    {
      code: 'baccarat-1',
      vassalage: 'KH_LIVE',
      gameType: 'LIVE',
      classify: null,
      names: { en: 'Baccarat One' },
      isHot: 1,
      minBet: 100n,
    },
    // Filler slots for paging: 21 a page.
    ...Array.from({ length: 20 }, (_, index) => ({
      code: `filler-${String(index).padStart(2, '0')}`,
      names: { en: `Filler ${index}` },
      classify: 'TG',
      minBet: 100n,
      sortOrder: 100 + index,
    })),
  ]);
  for (const row of rows) nodeOf.set(row.gameCode, row.nodeId);
  await forgetGameMenus(sut.db);
  await forgetHotGames(sut.db);
  const first = await newMember(sut, 'gamesplayer');
  player = first.token;
  playerId = first.id;
  otherPlayer = (await newMember(sut, 'otherplayer')).token;
  trial = (await newMember(sut, 'guest12345678', 4)).token;
  operator = (await newMember(sut, 'gamesoperator', 0, 'operator')).token;
});
afterAll(async () => {
  await sut.close();
});

const get = (url: string, token: string | null = null, language?: string) =>
  sut.app
    .inject({
      method: 'GET',
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(language ? { language } : {}),
      },
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));
const post = (url: string, body: unknown, token: string | null) =>
  call(sut, { method: 'POST', url, body, token });
const codes = (list: { gameCode: string }[]) => list.map((game) => game.gameCode);
const node = (code: string) => {
  const id = nodeOf.get(code);
  if (id === undefined) throw new Error(`no game ${code}`);
  return id;
};

describe('GET /wps/relay/GCSGAME_gameList', () => {
  const list = (query: string, language?: string) =>
    get(`/wps/relay/GCSGAME_gameList?${query}`, null, language);

  it('answers the first page of 21 of a type with the vendor lanes, enabled games of enabled vendors only', async () => {
    const { status, body } = await list('clientType=3&platform=flash,html5-desktop&gameType=RNG');
    expect(status).toBe(200);
    const value = body.value;
    expect(value.pageSize).toBe(21);
    expect(value.pageNo).toBe(1);
    // 3 named KH_SLOTS games + 20 fillers + reel-rush; not old-slot (disabled) nor hidden-vendor.
    expect(value.total).toBe(24);
    expect(value.totalPages).toBe(2);
    expect(value.games).toHaveLength(21);
    expect(codes(value.games).slice(0, 3)).toEqual(['lucky-lotus', 'tiger-gold', 'percent_100']);
    expect(codes(value.games)).not.toContain('old-slot');
    expect(codes(value.games)).not.toContain('hidden-vendor');
    expect(value.games[0]).toEqual({
      nodeId: node('lucky-lotus'),
      vassalage: 'KH_SLOTS',
      gameType: 'RNG',
      code: 'lucky-lotus',
      gameCode: 'lucky-lotus',
      gameName: 'লাকি পদ্ম',
      icon: null,
      minBet: '0.01',
      lineNum: 20,
      isHot: 1,
      classify: 'SC',
      defaultPlayType: null,
      accountTypeName: 'Khela Slots',
      vendor: 'KH_SLOTS',
      isGame: true,
      launchFlags: [],
      rtpBasisPoints: null,
    });
    expect(value.data.lanes.map((lane: { vassalage: string }) => lane.vassalage)).toEqual([
      'KH_SLOTS',
      'KH_REELS',
    ]);
    const second = (await list('gameType=RNG&pageNo=2')).body.value;
    expect(second.games).toHaveLength(3);
    expect(new Set([...codes(value.games), ...codes(second.games)]).size).toBe(24);
  });

  it('searches the name case-insensitively in the language of the request', async () => {
    expect(codes((await list('gameType=RNG&gameName=TIGER&language=EN')).body.value.games)).toEqual([
      'tiger-gold',
    ]);
    // The Language header when the query has none; the Bengali name is searched in Bengali.
    expect(
      codes((await list(`gameType=RNG&gameName=${encodeURIComponent('বাঘ')}`, 'BN')).body.value.games),
    ).toEqual(['tiger-gold']);
    expect((await list(`gameType=RNG&gameName=tiger`, 'BN')).body.value.games).toEqual([]);
    // A game without a Bengali name is found by its English one.
    expect(codes((await list('gameType=RNG&gameName=reel', 'BN')).body.value.games)).toEqual(['reel-rush']);
    // % and _ are letters, not patterns.
    expect(codes((await list('gameType=RNG&gameName=%25&language=EN')).body.value.games)).toEqual([
      'percent_100',
    ]);
    expect((await list('gameType=RNG&gameName=_&language=EN')).body.value.games).toEqual([]);
  });

  it('filters by vendor, classify, minimum bet (major units, at most) and lines', async () => {
    expect(codes((await list('gameType=RNG&vassalage=KH_REELS')).body.value.games)).toEqual(['reel-rush']);
    expect(codes((await list('gameType=RNG&gameClassify=JP')).body.value.games)).toEqual(['tiger-gold']);
    expect(codes((await list('gameType=RNG&minBet=0.05')).body.value.games)).toEqual([
      'lucky-lotus',
      'tiger-gold',
    ]);
    expect(codes((await list('gameType=RNG&minBet=0.01')).body.value.games)).toEqual(['lucky-lotus']);
    expect(codes((await list('gameType=RNG&minLineNum=21')).body.value.games)).toEqual(['tiger-gold']);
    expect(codes((await list('gameType=LIVE')).body.value.games)).toEqual(['baccarat-1']);
    // A switched-off vendor's games do not show even when asked for by name.
    const hidden = (await list('gameType=RNG&vassalage=KH_OFF')).body.value;
    expect(hidden).toMatchObject({ games: [], total: 0, totalPages: 0 });
  });

  it.each([
    ['no game type', 'pageNo=1'],
    ['an unknown game type', 'gameType=CASINO'],
    ['an unknown classify', 'gameType=RNG&gameClassify=XX'],
    ['a page size over 100', 'gameType=RNG&pageSize=101'],
    ['page 0', 'gameType=RNG&pageNo=0'],
    ['a negative min bet', 'gameType=RNG&minBet=-1'],
    ['a zero min bet', 'gameType=RNG&minBet=0'],
    ['a min bet that is not a number', 'gameType=RNG&minBet=abc'],
    ['an unknown language', 'gameType=RNG&language=XX'],
  ])('refuses %s with 400', async (_label, query) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /wps/relay/GCSGAME_hotGamesV2', () => {
  it('groups hot games by type in the spec order, hiding switched-off vendors', async () => {
    const { status, body } = await get(
      '/wps/relay/GCSGAME_hotGamesV2?merchantCode=KHELA&isPlatform=2&language=EN',
    );
    expect(status).toBe(200);
    expect(body.value.list.map((group: { gameType: string }) => group.gameType)).toEqual(['LIVE', 'RNG']);
    expect(codes(body.value.list[1].games)).toEqual(['lucky-lotus', 'reel-rush']);
    const oneVendor = await get('/wps/relay/GCSGAME_hotGamesV2?vassalage=KH_REELS');
    expect(oneVendor.body.value.list).toHaveLength(1);
    expect(codes(oneVendor.body.value.list[0].games)).toEqual(['reel-rush']);
  });

  it('serves a cached list until the catalogue changes', async () => {
    const before = await get('/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&language=JA');
    const [added] = await insertGames(sut.db, [{ code: 'new-hot', isHot: 1, sortOrder: 0 }]);
    try {
      const cached = await get('/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&language=JA');
      expect(cached.body.value).toEqual(before.body.value);
      await forgetHotGames(sut.db);
      const fresh = await get('/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&language=JA');
      expect(codes(fresh.body.value.list[0].games)[0]).toBe('new-hot');
    } finally {
      await sut.db.execute(sql`delete from games where node_id = ${added?.nodeId ?? 0}`);
      await forgetHotGames(sut.db);
    }
  });

  it('refuses an unknown game type', async () => {
    expect((await get('/wps/relay/GCSGAME_hotGamesV2?gameType=BINGO')).status).toBe(400);
  });
});

describe('GET /wps/relay/GCSGAME_gameVendor and GCSGAME_getVassGameType', () => {
  it('lists enabled vendors grouped by type', async () => {
    const all = (await get('/wps/relay/GCSGAME_gameVendor')).body.value;
    expect(all.map((group: { title: string }) => group.title)).toEqual(['LIVE', 'RNG']);
    const slots = (await get('/wps/relay/GCSGAME_gameVendor?gameType=RNG')).body.value;
    expect(slots).toHaveLength(1);
    expect(slots[0].cards.map((card: { vassalage: string }) => card.vassalage)).toEqual([
      'KH_SLOTS',
      'KH_REELS',
    ]);
    expect((await get('/wps/relay/GCSGAME_gameVendor?gameType=NOPE')).status).toBe(400);
  });

  it("counts a vendor's games by type and classify", async () => {
    const { status, body } = await get('/wps/relay/GCSGAME_getVassGameType?vassalage=KH_SLOTS');
    expect(status).toBe(200);
    expect(body.value).toEqual({
      vassalage: 'KH_SLOTS',
      gameTypes: [{ gameType: 'RNG', count: 23 }],
      classifies: [
        { classify: 'SC', count: 1 },
        { classify: 'VP', count: 1 },
        { classify: 'JP', count: 1 },
        { classify: 'TG', count: 20 },
      ],
    });
  });

  it('answers 404 for an unknown or switched-off vendor and 400 without one', async () => {
    expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=KH_OFF')).status).toBe(404);
    expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=NOBODY')).status).toBe(404);
    expect((await get('/wps/relay/GCSGAME_getVassGameType')).status).toBe(400);
  });
});

describe('saved games', () => {
  beforeEach(async () => {
    await sut.db.execute(sql`delete from game_favourites`);
  });
  const add = (body: unknown, token: string | null = player) =>
    post('/wps/relay/MCSFE_addFavoriteGame', body, token);
  const remove = (body: unknown, token: string | null = player) =>
    post('/wps/relay/MCSFE_removeFavoriteGame', body, token);

  it('adds, lists newest first, and removes; both are idempotent and per member', async () => {
    const first = await add({ nodeId: node('tiger-gold'), vendor: 'KH_SLOTS', gameType: 'RNG' });
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ nodeId: node('tiger-gold'), favourite: true });
    expect((await add({ nodeId: node('tiger-gold') })).status).toBe(200);
    // Later than the first, so listed first.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await add({ nodeId: node('baccarat-1') })).status).toBe(200);

    const refs = await get('/wps/relay/MCSFE_getFavoriteGames', player);
    expect(refs.body.value.list).toEqual([
      { nodeId: node('baccarat-1'), vendor: 'KH_LIVE', gameType: 'LIVE' },
      { nodeId: node('tiger-gold'), vendor: 'KH_SLOTS', gameType: 'RNG' },
    ]);
    const slots = await get(
      '/wps/relay/MCSFE_getFavoriteGamesList?clientType=3&platform=html5-desktop&gameType=RNG&pageNo=1&pageSize=21&language=EN',
      player,
    );
    expect(slots.status).toBe(200);
    expect(slots.body.value).toMatchObject({ total: 1, totalPages: 1, pageNo: 1, pageSize: 21 });
    expect(slots.body.value.content.map((game: { gameName: string }) => game.gameName)).toEqual([
      'Tiger Gold',
    ]);
    // Another member has none.
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', otherPlayer)).body.value.list).toEqual([]);

    expect((await remove({ nodeId: node('tiger-gold') })).body.value).toEqual({
      nodeId: node('tiger-gold'),
      favourite: false,
    });
    expect((await remove({ nodeId: node('tiger-gold') })).status).toBe(200);
    expect(codes((await get('/wps/relay/MCSFE_getFavoriteGamesList', player)).body.value.content)).toEqual([
      'baccarat-1',
    ]);
  });

  it('refuses a game that does not exist or cannot be played, and a payload that names another vendor', async () => {
    expect((await add({ nodeId: 999_999 })).body.code).toBe('NOT_FOUND');
    expect((await add({ nodeId: node('old-slot') })).status).toBe(404);
    expect((await add({ nodeId: node('hidden-vendor') })).status).toBe(404);
    const wrong = await add({ nodeId: node('tiger-gold'), vendor: 'KH_REELS', gameType: 'LIVE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.value.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'vendor',
      'gameType',
    ]);
    expect((await add({ nodeId: 'abc' })).status).toBe(400);
    expect((await add({})).status).toBe(400);
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', player)).body.value.list).toEqual([]);
  });

  it('refuses guests, operators, and trial accounts that try to save; a trial may read', async () => {
    expect((await add({ nodeId: node('tiger-gold') }, null)).body.code).toBe('UNAUTHENTICATED');
    expect((await get('/wps/relay/MCSFE_getFavoriteGames')).status).toBe(401);
    expect((await get('/wps/relay/MCSFE_getFavoriteGamesList')).status).toBe(401);
    expect((await add({ nodeId: node('tiger-gold') }, operator)).status).toBe(403);
    const trialAdd = await add({ nodeId: node('tiger-gold') }, trial);
    expect(trialAdd.status).toBe(403);
    expect(trialAdd.body.code).toBe('TRIAL_ACCOUNT');
    expect((await remove({ nodeId: node('tiger-gold') }, trial)).body.code).toBe('TRIAL_ACCOUNT');
    const trialRead = await get('/wps/relay/MCSFE_getFavoriteGamesList', trial);
    expect(trialRead.status).toBe(200);
    expect(trialRead.body.value.content).toEqual([]);
  });
});

describe('GET /wps/relay/GCS_recentGame', () => {
  beforeEach(async () => {
    await sut.db.execute(sql`delete from game_sessions`);
  });

  async function launch(nodeId: number, minutesAgo: number, memberId = playerId) {
    await sut.db.insert(gameSessions).values({
      tokenHash: `hash-${nodeId}-${minutesAgo}-${memberId}`,
      memberId,
      nodeId,
      vendorCode: 'HOUSE',
      gameCode: 'x',
      currency: 'BDT',
      walletKind: 'main',
      language: 'EN',
      launchedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
      tokenExpiresAt: sql`now()`,
      expiresAt: sql`now()`,
    });
  }

  it("lists the member's launched games once each, latest launch first, paged", async () => {
    await launch(node('tiger-gold'), 30);
    await launch(node('lucky-lotus'), 20);
    await launch(node('tiger-gold'), 10);
    await launch(node('reel-rush'), 40);
    await launch(node('hidden-vendor'), 1);
    const { status, body } = await get(
      '/wps/relay/GCS_recentGame?clientType=3&language=EN&pageSize=2',
      player,
    );
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ total: 3, totalPages: 2, pageNo: 1, pageSize: 2 });
    expect(codes(body.value.list)).toEqual(['tiger-gold', 'lucky-lotus']);
    const lastPlayed = body.value.list[0].lastPlayedAt;
    expect(Math.abs(Date.now() - 10 * 60_000 - lastPlayed)).toBeLessThan(60_000);
    expect(
      codes((await get('/wps/relay/GCS_recentGame?pageNo=2&pageSize=2', player)).body.value.list),
    ).toEqual(['reel-rush']);
    expect(
      codes((await get('/wps/relay/GCS_recentGame?vassalage=KH_REELS', player)).body.value.list),
    ).toEqual(['reel-rush']);
    expect((await get('/wps/relay/GCS_recentGame', otherPlayer)).body.value.list).toEqual([]);
  });

  it('refuses bad paging and guests; lets a trial account read its own', async () => {
    expect((await get('/wps/relay/GCS_recentGame?pageSize=0', player)).status).toBe(400);
    expect((await get('/wps/relay/GCS_recentGame')).body.code).toBe('UNAUTHENTICATED');
    expect((await get('/wps/relay/GCS_recentGame', operator)).status).toBe(403);
    expect((await get('/wps/relay/GCS_recentGame', trial)).status).toBe(200);
  });
});

describe('GET /wps/relay/GLS2_roomList and /lgw/games/popular', () => {
  beforeEach(async () => {
    await sut.db.execute(sql`delete from game_rounds`);
  });

  async function round(code: string, memberId: number, minutesAgo: number, index: number) {
    await sut.db.execute(sql`
      insert into game_rounds (vendor_code, round_id, member_id, node_id, game_type, vassalage, currency,
        wallet_kind, bet_amount, status, started_at)
      values ('HOUSE', ${`r-${code}-${memberId}-${index}`}, ${memberId}, ${node(code)}, 'RNG', 'KH_SLOTS', 'BDT',
        'main', 100, 'open', now() - make_interval(mins => ${minutesAgo}))`);
  }

  it('lists live tables with the players of the last 15 minutes', async () => {
    await round('baccarat-1', playerId, 2, 1);
    await round('baccarat-1', playerId, 3, 2);
    await round('baccarat-1', playerId + 1000, 5, 3);
    await round('baccarat-1', playerId + 2000, 60, 4);
    const { status, body } = await get('/wps/relay/GLS2_roomList?language=EN');
    expect(status).toBe(200);
    expect(body.value.list).toHaveLength(1);
    expect(body.value.list[0]).toMatchObject({ gameCode: 'baccarat-1', gameType: 'LIVE', activePlayers: 2 });
    expect((await get('/wps/relay/GLS2_roomList?vassalage=KH_SLOTS')).body.value.list).toEqual([]);
    expect((await get('/wps/relay/GLS2_roomList?vassalage=')).status).toBe(400);
  });

  it('ranks games by rounds of the last 7 days, and is empty before anyone played', async () => {
    expect((await get('/lgw/games/popular?count=20&prizeMode=Lott&device=WEB')).body.value.list).toEqual([]);
    for (let index = 0; index < 3; index += 1) await round('tiger-gold', playerId, 10, index);
    await round('lucky-lotus', playerId, 10, 9);
    for (let index = 0; index < 5; index += 1) await round('reel-rush', playerId, 60 * 24 * 8, index);
    await round('hidden-vendor', playerId, 1, 1);
    const { body } = await get('/lgw/games/popular');
    expect(
      body.value.list.map((game: { gameCode: string; rounds: number }) => [game.gameCode, game.rounds]),
    ).toEqual([
      ['tiger-gold', 3],
      ['lucky-lotus', 1],
    ]);
    expect(codes((await get('/lgw/games/popular?count=1')).body.value.list)).toEqual(['tiger-gold']);
  });

  it('refuses a count out of range', async () => {
    expect((await get('/lgw/games/popular?count=0')).status).toBe(400);
    expect((await get('/lgw/games/popular?count=51')).status).toBe(400);
  });
});
