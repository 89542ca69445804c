/**
 * One statement on the PostgreSQL server at `databaseUrl`, on a connection of its own (opened, used
 * and closed): `create database` and `drop database`, which run outside a pool and a transaction.
 * The test set-up's template and per-test databases and the benches' scratch databases use it.
 * `pg` is loaded on first use: a run on PGlite never loads it.
 */
export async function adminStatement(databaseUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
