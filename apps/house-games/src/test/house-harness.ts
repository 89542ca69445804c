import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { HouseDatabase } from '../db/database.ts';
import { migrateHouseDatabase } from '../db/migrate.ts';
import { hgPendingCalls } from '../db/tables.ts';
import { openHouseDatabase } from '../db/open-database.ts';
import { createHouseContext, houseGamesPlugin, type HouseGamesOptions } from '../plugin.ts';
import type { HouseContext } from '../play/context.ts';
import { startFakePlatform, type FakePlatform } from './fake-platform.ts';

/*
 * The one setup of the house-games tests: a fresh database, the house plugin on a fake platform,
 * page sessions and the pages' JSON API. A test file says `const house = useHouse()` and gets a
 * started house for its tests, closed after them.
 */

/** A fresh PGlite takes seconds: migrate one per test file and start every test from its dump. */
let template: Blob | null = null;

export async function freshDatabase(): Promise<{ db: HouseDatabase; close(): Promise<void> }> {
  if (!template) {
    const client = await PGlite.create();
    await migrateHouseDatabase(drizzle(client));
    template = await client.dumpDataDir('gzip');
    await client.close();
  }
  const client = await PGlite.create({ loadDataDir: template });
  return { db: drizzle(client), close: () => client.close() };
}

/**
 * With DATABASE_URL set (CI, or a local PostgreSQL): a new database, migrated, dropped at close.
 * PGlite runs transactions one after another, so only there do concurrent wallet calls really
 * race (docs/stack.md gotcha 5). Null without DATABASE_URL.
 */
export async function freshPostgresDatabase(): Promise<{ db: HouseDatabase; close(): Promise<void> } | null> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return null;
  const { default: pg } = await import('pg');
  const name = `hg_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openHouseDatabase({ kind: 'pg', url: url.toString() });
  await migrateHouseDatabase(handle.db);
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The house's logger in tests: nothing. */
export const silentLog = { warn: () => undefined, error: () => undefined };

/** The plugin's options for a test: the fake platform's connection, a given database, quick retries. */
export function houseOptions(
  platform: FakePlatform,
  database: HouseDatabase,
  overrides: Partial<HouseGamesOptions> = {},
): HouseGamesOptions {
  return {
    platformUrl: platform.url,
    vendorCode: platform.vendorCode,
    walletSecret: platform.secret,
    database,
    migrate: false,
    retryIntervalMs: 0,
    // Long enough for a loaded two-core machine running the suite in two workers (200 ms timed
    // out the session check under load); the fake platform's lost answers hang longer still.
    wallet: { timeoutMs: 1_500, retryDelaysMs: [10, 10] },
    ...overrides,
  };
}

/** The pages' JSON API of the house mounted at `prefix`, called with a page session's bearer header. */
export function pageApi(app: FastifyInstance, authorization?: string, prefix = '/house') {
  const headers = authorization ? { authorization } : {};
  return {
    get: (url: string): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'GET', url: `${prefix}${url}`, headers }),
    post: (url: string, payload: object): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'POST', url: `${prefix}${url}`, headers, payload }),
  };
}

/**
 * Launches a player on the fake platform (its main wallet holds `balance`, 100 000 unless told)
 * and exchanges the launch token for a page session of the house at `prefix`.
 */
export async function openPageSession(
  target: { app: FastifyInstance; platform: FakePlatform },
  options: { playerId: string; game: string; balance?: number; prefix?: string },
): Promise<{ authorization: string; balance: number }> {
  const token = target.platform.launch({ playerId: options.playerId, balance: options.balance ?? 100_000 });
  const response = await pageApi(target.app, undefined, options.prefix).post('/api/session', {
    token,
    game: options.game,
  });
  if (response.statusCode !== 200) throw new Error(`session: ${response.statusCode} ${response.body}`);
  const body = response.json<{ sessionToken: string; balance: number }>();
  return { authorization: `Bearer ${body.sessionToken}`, balance: body.balance };
}

/** Makes every pending call due now (the request that made it leased it for a minute). */
export async function makePendingCallsDue(db: HouseDatabase): Promise<void> {
  await db.update(hgPendingCalls).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

export interface HouseHarness {
  app: FastifyInstance;
  /** The services' context, for driving the retry job by hand. */
  context: HouseContext;
  platform: FakePlatform;
  db: HouseDatabase;
  /** Launches a player into a game and opens a house session; answers the bearer header. */
  openSession(options: {
    playerId: string;
    game: string;
    balance?: number;
  }): Promise<{ authorization: string }>;
  /** The pages' JSON API under /house, as the page of this session calls it. */
  api(authorization?: string): ReturnType<typeof pageApi>;
  close(): Promise<void>;
}

/** The house plugin under /house on a fresh database, talking to a fake platform. */
export async function startHouse(overrides: Partial<HouseGamesOptions> = {}): Promise<HouseHarness> {
  const platform = await startFakePlatform();
  const database = await freshDatabase();
  // HOUSE_TEST_LOG=error shows the house's own logs while debugging a test.
  const app = Fastify({ logger: process.env.HOUSE_TEST_LOG ? { level: process.env.HOUSE_TEST_LOG } : false });
  const options = houseOptions(platform, database.db, overrides);
  await app.register(houseGamesPlugin, { prefix: '/house', ...options });
  await app.ready();
  return {
    app,
    context: createHouseContext(options, silentLog),
    platform,
    db: database.db,
    openSession: ({ playerId, game, balance }) =>
      openPageSession({ app, platform }, { playerId, game, balance }),
    api: (authorization) => pageApi(app, authorization),
    async close() {
      await app.close();
      await platform.close();
      await database.close();
    },
  };
}

/**
 * One started house for the tests of the calling file (or `describe` block): started before them,
 * closed after them. Read its fields inside tests and hooks only; they exist once it has started.
 */
export function useHouse(overrides: Partial<HouseGamesOptions> = {}): HouseHarness {
  let started: HouseHarness | undefined;
  const current = (): HouseHarness => {
    if (!started) throw new Error('useHouse: the house starts in beforeAll; use it inside tests and hooks');
    return started;
  };
  beforeAll(async () => {
    started = await startHouse(overrides);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return {
    get app() {
      return current().app;
    },
    get context() {
      return current().context;
    },
    get platform() {
      return current().platform;
    },
    get db() {
      return current().db;
    },
    openSession: (options) => current().openSession(options),
    api: (authorization) => current().api(authorization),
    close: () => current().close(),
  };
}
