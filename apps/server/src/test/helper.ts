import { readFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadEnv, type Env } from '../config/env.ts';
import { openDatabase } from '../db/open-database.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { seedDemoData } from '../seed/seed.ts';
import { scryptOf } from '../modules/accounts/accounts.context.ts';
import { adminStatement } from './admin-statement.ts';

/** Set by CI to run the same suites on the local PostgreSQL as well as on PGlite. */
const externalUrl = process.env.DATABASE_URL;

export interface TestDatabase {
  handle: DatabaseHandle;
  db: Database;
  /** The PostgreSQL database's URL, for a test that opens a second pool on it; null on PGlite. */
  url: string | null;
  close(): Promise<void>;
}

/** The run's PGlite template (global-setup.ts), read once per test worker: a Blob is never changed. */
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test: PGlite from the run's template dump, or, with
 * DATABASE_URL, a new PostgreSQL database copied from the run's migrated template database and
 * dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!externalUrl) {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: pgliteTemplate });
    return { handle, db: handle.db, url: null, close: () => handle.close() };
  }
  const name = `khela_test_${randomBytes(6).toString('hex')}`;
  await adminStatement(externalUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(externalUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 5 });
  return {
    handle,
    db: handle.db,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminStatement(externalUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * Test defaults: scrypt at N=2^10 (the OWASP cost is 100+ ms a hash; password-hash.test.ts checks
 * the real parameters), a two-step ALTCHA, and one envelope key per test worker instead of a new
 * RSA key per test. A test passes its own values in `env` to override them.
 */
const envelopeKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
}) as string;
export const testEnvDefaults: Record<string, string> = {
  // The demo seed, the sandbox gateway and the outbox providers, as `npm start` has them; tests of
  // a production start pass DEMO_MODE=false (DATABASE_URL of CI never reaches this env).
  DEMO_MODE: 'true',
  SCRYPT_N: '1024',
  // The house vendor's own tables and pages cost every test its start-up; the games tests mount it.
  HOUSE_GAMES: 'off',
  // The scheduled jobs' queue and loops: the tests call the job functions when they choose; the
  // jobs tests turn the workers on.
  JOB_WORKERS: 'false',
  ALTCHA_COST: '1',
  ALTCHA_MAX_NUMBER: '4',
  ENVELOPE_PRIVATE_KEY: envelopeKeyPem,
};

/** Builds the whole app on a fresh database, seeded with the demo data unless told otherwise. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    webRoot?: string | null;
    /** Extra routes for a test, added before the app is ready. */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...testEnvDefaults,
    // With REDIS_URL, parallel tests share one Redis: each app reads and drops only its own answers.
    REDIS_PREFIX: `khela-test-${randomBytes(6).toString('hex')}:`,
    ...options.env,
  });
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoData(database.db, { scrypt: scryptOf(env) });
  const app = await buildApp({
    env,
    database: database.handle,
    webRoot: options.webRoot ?? null,
    logger: false,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
