import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { rowsOf } from '../modules/ledger/ledger.service.ts';

/**
 * For a test that runs calls at once: on PostgreSQL (DATABASE_URL) a second pool of `poolSize`
 * connections on the test's own database `db`, so that the calls really run in parallel; on PGlite,
 * which has one connection, `db` itself (the calls then run one after the other). `close` ends the
 * second pool.
 */
export async function concurrentDatabase(
  db: Database,
  poolSize: number,
): Promise<{ db: Database; close(): Promise<void> }> {
  const externalUrl = process.env.DATABASE_URL;
  if (!externalUrl) return { db, close: async () => {} };
  const [current] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  const url = new URL(externalUrl);
  url.pathname = `/${current?.name ?? ''}`;
  const pool = await openDatabase({ kind: 'pg', url: url.toString(), poolSize });
  return { db: pool.db, close: () => pool.close() };
}
