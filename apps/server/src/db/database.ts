import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: PGlite (embedded) and node-postgres share the pg-core API. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /**
   * Raw SQL for the job queue (pg-boss's `db.executeSql`, jobs/job-queue.ts). With values: one
   * parameterised statement. Without: a text that may hold several statements (pg-boss's own
   * `BEGIN; …; COMMIT;` blocks), run on one connection and rolled back if any statement fails, so
   * no connection is ever left in an aborted transaction.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
