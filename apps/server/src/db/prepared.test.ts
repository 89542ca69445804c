import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helper.ts';
import { preparedRunnerOf, runPrepared } from './prepared.ts';

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

// int8 arrives as a string from node-postgres and as a number from PGlite: the test reads text.
const text = `select $1::text as said, ($2::bigint + 1)::text as next, $3::jsonb ->> 'k' as k`;

describe('runPrepared', () => {
  it('binds the parameters (never inlined) and answers the rows, on either driver', async () => {
    const hostile = "x'); drop table members; --";
    for (let round = 0; round < 3; round += 1) {
      const rows = await runPrepared<{ said: string; next: string; k: string }>(
        database.db,
        'prepared_test',
        text,
        [hostile, 41, JSON.stringify({ k: `v${round}` })],
      );
      expect(rows).toEqual([{ said: hostile, next: '42', k: `v${round}` }]);
    }
    // The members table is still there.
    expect(
      await runPrepared(database.db, 'prepared_count', 'select count(*)::int as n from members', []),
    ).toHaveLength(1);
  });

  it('prepares on PostgreSQL only (PGlite runs in this process: drizzle binds the same values)', () => {
    expect(preparedRunnerOf(database.db) !== undefined).toBe(database.handle.driver === 'pg');
  });
});
