import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import type { HouseDatabase } from '../db/database.ts';
import { migrateHouseDatabase } from '../db/migrate.ts';
import { openHouseDatabase } from '../db/open-database.ts';
import { createHouseContext, houseGamesPlugin, type HouseGamesOptions } from '../plugin.ts';
import type { HouseContext } from '../play/context.ts';
import { startFakePlatform, type FakePlatform } from './fake-platform.ts';

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
  close(): Promise<void>;
}

/** The house plugin under /house on a fresh database, talking to a fake platform. */
export async function startHouse(overrides: Partial<HouseGamesOptions> = {}): Promise<HouseHarness> {
  const platform = await startFakePlatform();
  const database = await freshDatabase();
  // HOUSE_TEST_LOG=error shows the house's own logs while debugging a test.
  const app = Fastify({ logger: process.env.HOUSE_TEST_LOG ? { level: process.env.HOUSE_TEST_LOG } : false });
  const options: HouseGamesOptions = {
    platformUrl: platform.url,
    vendorCode: platform.vendorCode,
    walletSecret: platform.secret,
    database: database.db,
    migrate: false,
    retryIntervalMs: 0,
    wallet: { timeoutMs: 200, retryDelaysMs: [10, 10] },
    ...overrides,
  };
  await app.register(houseGamesPlugin, { prefix: '/house', ...options });
  await app.ready();
  const silent = { warn: () => undefined, error: () => undefined };
  return {
    app,
    context: createHouseContext(options, silent),
    platform,
    db: database.db,
    async openSession({ playerId, game, balance }) {
      const token = platform.launch({ playerId, balance: balance ?? 100_000 });
      const response = await app.inject({
        method: 'POST',
        url: '/house/api/session',
        payload: { token, game },
      });
      if (response.statusCode !== 200) throw new Error(`session: ${response.statusCode} ${response.body}`);
      return { authorization: `Bearer ${response.json<{ sessionToken: string }>().sessionToken}` };
    },
    async close() {
      await app.close();
      await platform.close();
      await database.close();
    },
  };
}
