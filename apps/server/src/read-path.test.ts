import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@khela/contract';
import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import type { Database, DatabaseHandle } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { preferredEncoding, registerCall } from './http/register-call.ts';
import { games, gameVendors } from './modules/games/games.tables.ts';
import { forgetGameMenus } from './modules/games/game-menus.service.ts';
import { appWithVendors, newMember } from './modules/games/games.test-support.ts';
import { getSettings, updateSettings } from './modules/settings/settings.service.ts';
import { createTestDatabase, testEnvDefaults, type TestApp } from './test/helper.ts';

/**
 * Issue 12, point 5: the home data, game lists and lobbies answer from a short cache shared by the
 * instances (shared/response-cache.ts; Redis when REDIS_URL is set). Who may call and the input's
 * validation still run on every request; nothing of a member is ever shared; an operator's change
 * shows on every instance.
 */
const gameListUrl = (extra = '') =>
  `${calls.gameList.path}?clientType=3&platform=html5-desktop&gameType=RNG&pageNo=1&pageSize=21${extra}`;

async function insertSlot(db: Database, code: string, name: string) {
  const [row] = await db
    .insert(games)
    .values({
      vassalage: 'RP_SLOTS',
      vendorCode: 'HOUSE',
      gameCode: code,
      gameType: 'RNG',
      names: { en: name, bn: name },
      minBet: 10n,
    })
    .returning({ nodeId: games.nodeId });
  return row!.nodeId;
}

describe('the shared answers of the read path', () => {
  let sut: TestApp;
  let nodeId: number;
  beforeAll(async () => {
    sut = await appWithVendors([
      { vassalage: 'RP_SLOTS', accountTypeId: 1, displayName: 'Read Path Slots', gameType: 'RNG' },
    ]);
    nodeId = await insertSlot(sut.db, 'rp-one', 'Read Path One');
    await forgetGameMenus(sut.db);
  });
  afterAll(async () => {
    await sut?.close();
  });
  const names = (body: string) =>
    (JSON.parse(body) as { value: { games: { gameName: string }[] } }).value.games.map(
      (game) => game.gameName,
    );

  it('answers a repeat from the cache until the catalogue changes', async () => {
    const first = await sut.app.inject({ url: gameListUrl(), headers: { language: 'EN' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(names(first.body)).toEqual(['Read Path One']);

    // Changed behind the cache's back: the repeat is the cached answer, byte for byte.
    await sut.db
      .update(games)
      .set({ names: { en: 'Renamed', bn: 'Renamed' } })
      .where(eq(games.nodeId, nodeId));
    const repeat = await sut.app.inject({ url: gameListUrl(), headers: { language: 'EN' } });
    expect(repeat.body).toBe(first.body);

    // The catalogue's change is announced: the next answer is fresh.
    await forgetGameMenus(sut.db);
    const fresh = await sut.app.inject({ url: gameListUrl(), headers: { language: 'EN' } });
    expect(names(fresh.body)).toEqual(['Renamed']);
  });

  it('answers a repeat at the same address with the same bytes and headers as the first', async () => {
    const ask = () =>
      sut.app.inject({
        url: gameListUrl('&gameName=Read'),
        headers: { language: 'EN', 'accept-encoding': 'br' },
      });
    const first = await ask();
    // Answered from the held bytes (register-call.ts, before the route's checks and handler).
    const repeat = await ask();
    expect(repeat.statusCode).toBe(200);
    expect(repeat.rawPayload.equals(first.rawPayload)).toBe(true);
    const withoutPerRequest = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': _id, ...rest } = headers;
      return rest;
    };
    expect(withoutPerRequest(repeat.headers)).toEqual(withoutPerRequest(first.headers));
    expect(repeat.headers['x-content-type-options']).toBe('nosniff');
    expect(repeat.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // Another address (one more parameter, another language) is checked and loaded as its own.
    const bad = await sut.app.inject({
      url: gameListUrl('&gameName=Read&pageNo=0'),
      headers: { language: 'EN' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps one answer per language and per query', async () => {
    await sut.db
      .update(games)
      .set({ names: { en: 'In English', bn: 'বাংলায়' } })
      .where(eq(games.nodeId, nodeId));
    await forgetGameMenus(sut.db);
    const english = await sut.app.inject({ url: gameListUrl(), headers: { language: 'EN' } });
    const bengali = await sut.app.inject({ url: gameListUrl(), headers: { language: 'BN' } });
    const inQuery = await sut.app.inject({ url: gameListUrl('&language=EN'), headers: { language: 'BN' } });
    expect(names(english.body)).toEqual(['In English']);
    expect(names(bengali.body)).toEqual(['বাংলায়']);
    expect(names(inQuery.body)).toEqual(['In English']);
    const none = await sut.app.inject({ url: gameListUrl('&gameName=nothing-like-this') });
    expect(names(none.body)).toEqual([]);
  });

  it('answers a browser compressed, the same bytes once unpacked', async () => {
    // Enough games for an answer above the compression threshold.
    for (let index = 0; index < 8; index += 1)
      await insertSlot(sut.db, `rp-fill-${index}`, `Filler ${index}`);
    await forgetGameMenus(sut.db);
    const plain = await sut.app.inject({ url: gameListUrl() });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round += 1) {
        const packed = await sut.app.inject({ url: gameListUrl(), headers: { 'accept-encoding': accept } });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toContain('accept-encoding');
        expect(unpack(packed.rawPayload).toString()).toBe(plain.body);
      }
    }
  });

  it('reads Accept-Encoding as @fastify/compress would', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('*')).toBe('gzip');
  });

  it('still validates every input and checks who may call', async () => {
    await sut.app.inject({ url: gameListUrl() });
    const badPage = await sut.app.inject({ url: gameListUrl().replace('pageSize=21', 'pageSize=1000') });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().code).toBe('VALIDATION_FAILED');
    const badType = await sut.app.inject({ url: gameListUrl().replace('gameType=RNG', 'gameType=NOPE') });
    expect(badType.statusCode).toBe(400);
    // A member-only call next to the cached ones still wants a session.
    const favourites = await sut.app.inject({ url: calls.favouriteGames.path });
    expect(favourites.statusCode).toBe(401);
  });

  it('never shares anything of a member: the same bytes for everyone, favourites per member', async () => {
    const alice = await newMember(sut, `rpalice${randomBytes(3).toString('hex')}`);
    const bob = await newMember(sut, `rpbob${randomBytes(3).toString('hex')}`);
    const added = await sut.app.inject({
      method: 'POST',
      url: calls.addFavouriteGame.path,
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { nodeId },
    });
    expect(added.statusCode).toBe(200);
    const asAlice = await sut.app.inject({
      url: gameListUrl(),
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const asBob = await sut.app.inject({
      url: gameListUrl(),
      headers: { authorization: `Bearer ${bob.token}` },
    });
    const asGuest = await sut.app.inject({ url: gameListUrl() });
    expect(asBob.body).toBe(asAlice.body);
    expect(asGuest.body).toBe(asAlice.body);
    expect(asAlice.body).not.toContain(alice.token);

    const favouritesOf = async (token: string) =>
      (
        await sut.app.inject({
          url: calls.favouriteGames.path,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().value.list as { nodeId: number }[];
    expect((await favouritesOf(alice.token)).map((ref) => ref.nodeId)).toEqual([nodeId]);
    expect(await favouritesOf(bob.token)).toEqual([]);
    // Asked again (a cache would answer now): still each member's own.
    expect(await favouritesOf(bob.token)).toEqual([]);
  });

  it('refuses at start-up to share the answer of a call that answers its caller', () => {
    const app = Fastify();
    expect(() =>
      registerCall(app, calls.favouriteGames, () => ({ list: [] }), { shared: { tags: ['games'] } }),
    ).toThrow(/never shared/);
  });
});

describe('two server instances on one database', () => {
  const redisUrl = process.env.REDIS_URL;
  it(
    `show an operator's change on the other instance (${redisUrl ? 'Redis' : 'no Redis'})`,
    { timeout: 60_000 },
    async () => {
      const database = await createTestDatabase();
      // PostgreSQL: a pool each, as two processes would have; PGlite: one process, one handle.
      const second: DatabaseHandle = database.url
        ? await openDatabase({ kind: 'pg', url: database.url, poolSize: 3 })
        : database.handle;
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...testEnvDefaults,
        RATE_LIMIT_PER_MINUTE: '100000',
        // One site: one prefix for both instances, its own in the shared Redis.
        REDIS_PREFIX: `khela-test-${randomBytes(6).toString('hex')}:`,
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      });
      await updateSettings(database.db, { brandName: 'Before' });
      await database.db.execute(sql`delete from games`);
      await database.db.execute(sql`delete from game_vendors`);
      await database.db.insert(gameVendors).values([
        { vassalage: 'RP_SLOTS', accountTypeId: 1, displayName: 'Read Path Slots', gameType: 'RNG' },
        { vassalage: 'RP_LIVE', accountTypeId: 2, displayName: 'Read Path Live', gameType: 'LIVE' },
      ]);
      const apps: FastifyInstance[] = [];
      try {
        for (const handle of [database.handle, second]) {
          const app = await buildApp({ env, database: handle, webRoot: null, logger: false });
          await app.ready();
          apps.push(app);
        }
        const [a, b] = apps as [FastifyInstance, FastifyInstance];
        const brandOn = async (app: FastifyInstance) =>
          (await app.inject({ url: calls.whitelabel.path })).json().value.brandName as string;
        const menusOn = async (app: FastifyInstance) =>
          ((await app.inject({ url: calls.gameMenus.path })).json().value as { category: string }[]).map(
            (menu) => menu.category,
          );
        // Both instances have the answers cached.
        expect([await brandOn(a), await brandOn(b)]).toEqual(['Before', 'Before']);
        expect(await menusOn(b)).toEqual(['LIVE', 'RNG']);

        // The operator changes the brand and switches a vendor off, through instance A.
        await updateSettings(a.db, { brandName: 'After' });
        await a.db.update(gameVendors).set({ enabled: false }).where(eq(gameVendors.vassalage, 'RP_LIVE'));
        await forgetGameMenus(a.db);
        expect(await brandOn(a)).toBe('After');
        expect(await menusOn(a)).toEqual(['RNG']);

        if (redisUrl || !database.url) {
          // Told at once: through Redis, or (one PGlite process) the shared handle.
          await waitUntil(async () => (await brandOn(b)) === 'After', 2_000);
          expect(await menusOn(b)).toEqual(['RNG']);
        } else {
          // No Redis, two pools: instance B sees it once its caches' TTLs have passed.
          await waitUntil(async () => (await brandOn(b)) === 'After', 10_000);
          await waitUntil(async () => (await menusOn(b)).join() === 'RNG', 10_000);
        }
        expect((await getSettings(b.db)).brandName).toBe('After');
      } finally {
        for (const app of apps) await app.close();
        if (second !== database.handle) await second.close();
        await database.close();
      }
    },
  );
});

async function waitUntil(check: () => Promise<boolean>, withinMs: number) {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
