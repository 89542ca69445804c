import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { QueryResult } from 'pg';
import type { Env } from '../config/env.ts';
import type { DatabaseHandle, Database } from './database.ts';
import * as schema from './schema.ts';
import { registerPreparedRunner } from './prepared.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import { migrateDatabase } from './migrate.ts';

export { migrationsFolder } from './migrate.ts';

export type OpenDatabaseOptions =
  { kind: 'pg'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The database the environment names: PostgreSQL at DATABASE_URL, else the embedded PGlite in DATA_DIR. */
export function configuredDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Env, 'DATABASE_POOL_SIZE'>>,
  pg: { poolSize?: number } = {},
): OpenDatabaseOptions {
  return env.DATABASE_URL
    ? {
        kind: 'pg',
        url: env.DATABASE_URL,
        ...(env.DATABASE_POOL_SIZE === undefined ? {} : { poolSize: env.DATABASE_POOL_SIZE }),
        ...pg,
      }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
}

/** Which database the environment names, as the server and the operator tools print it. */
export function databaseTarget(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): string {
  return env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${path.resolve(env.DATA_DIR)}`;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pg') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // int8 (bigint) arrives as a string unless parsed: money is bigint in TypeScript.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Nothing to do here.
    });
    const db = drizzle(pool, { schema });
    const executeSql = async (text: string, values?: readonly unknown[]) => {
      if (values && values.length > 0) return pool.query(text, [...values]);
      const client = await pool.connect();
      let broken = false;
      try {
        // A text of several statements answers one result per statement: the last is the answer.
        const result = (await client.query(text)) as QueryResult | QueryResult[];
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      } catch (error) {
        // A statement that failed after the text's own BEGIN leaves the transaction aborted.
        broken = !(await client.query('ROLLBACK').then(
          () => true,
          () => false,
        ));
        throw error;
      } finally {
        client.release(broken);
      }
    };
    registerPreparedRunner(
      db as unknown as Database,
      async <Row>(name: string, text: string, values: unknown[]) => {
        const result = await pool.query({ name, text, values });
        return result.rows as Row[];
      },
    );
    return {
      db: db as unknown as Database,
      driver: 'pg',
      executeSql,
      migrate: async () => {
        await migrateDatabase(db as unknown as Database);
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  if (options.dataDir && !options.dataDir.startsWith('memory://')) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataFolder(options.dataDir);
  }
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create(
      options.dataDir,
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
    );
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        return client.query(
          text,
          values.map((value) => (value === undefined ? null : value)),
        );
      }
      // PGlite's transaction holds its one connection and rolls back if a statement fails; the
      // text's own BEGIN/COMMIT inside it only draw a warning.
      return client.transaction(async (transaction) => (await transaction.exec(text)).at(-1) ?? { rows: [] });
    },
    migrate: async () => {
      await migrateDatabase(db as unknown as Database);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
