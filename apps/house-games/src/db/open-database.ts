import { mkdirSync } from 'node:fs';
import type { HouseDatabase } from './database.ts';

export interface HouseDatabaseHandle {
  db: HouseDatabase;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
}

/** For the standalone server: PostgreSQL when a URL is given, else PGlite in `dataDir` (or memory). */
export async function openHouseDatabase(
  options: { kind: 'pg'; url: string } | { kind: 'pglite'; dataDir?: string },
): Promise<HouseDatabaseHandle> {
  if (options.kind === 'pg') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it.
    });
    return { db: drizzle(pool), driver: 'pg', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.dataDir && !options.dataDir.startsWith('memory://'))
    mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir);
  return { db: drizzle(client), driver: 'pglite', close: () => client.close() };
}
