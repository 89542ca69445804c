import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: PGlite (embedded) and node-postgres share the pg-core API. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Runs the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
