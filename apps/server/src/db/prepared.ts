import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

/**
 * Named prepared statements for the hottest calls on node-postgres. drizzle's `db.execute` sends
 * an unnamed statement, which PostgreSQL parses and plans on every call; a named one is parsed and
 * planned once per connection. Measured on the vendor bench's scratch database (one client, the
 * backend's CPU from /proc): `select vendor_money_call(…)` 363–365 µs unnamed, 317–320 µs named.
 *
 * Only the node-postgres pool registers a runner (db/open-database.ts); PGlite runs in this process
 * (no planning round trip to save) and a transaction object has none: callers then use drizzle.
 */
export type PreparedRunner = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

const runners = new WeakMap<Database, PreparedRunner>();

export function registerPreparedRunner(db: Database, runner: PreparedRunner): void {
  runners.set(db, runner);
}

export function preparedRunnerOf(db: Database): PreparedRunner | undefined {
  return runners.get(db);
}

/**
 * Runs `text` (parameters `$1` … `$n`) as the named prepared statement `name` when the database has
 * a runner, else through drizzle with the same parameters bound (never inlined into the text).
 */
export async function runPrepared<Row>(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const runner = runners.get(db);
  if (runner) return runner<Row>(name, text, values);
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = pieces.map((piece, index) =>
    index % 2 === 0 ? sql.raw(piece) : sql`${values[Number(piece) - 1]}`,
  );
  const result = await db.execute(sql.join(chunks, sql.raw('')));
  return (result as unknown as { rows: Row[] }).rows;
}

const dialect = new PgDialect();

/**
 * Runs a drizzle `sql` query as the named prepared statement `name` when the database has a runner,
 * else as drizzle's `execute`; answers its rows. The query's text must be the same on every call
 * (its values are parameters; no fragment may come and go), since PostgreSQL keeps one text per
 * name on a connection. Measured on the vendor bench (pg_stat_statements): the launch, the vendor's
 * authenticate and the member session check were planned on every call, 230–466 µs each, more than
 * they took to run (33–122 µs).
 */
export async function executePrepared<Row>(db: Database, name: string, query: SQL): Promise<Row[]> {
  const runner = runners.get(db);
  if (!runner) return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runner<Row>(name, text, params);
}
