import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test/helper.ts';
import {
  isForeignKeyViolation,
  isTransactionConflict,
  isUniqueViolation,
  pgErrorOf,
  violatedUniqueConstraint,
} from './pg-errors.ts';

/** What node-postgres throws: its DatabaseError with the fields of the server's ErrorResponse. */
function pgDatabaseError(fields: { code: string; constraint?: string; detail?: string }): pg.DatabaseError {
  const error = new pg.DatabaseError('duplicate key value violates unique constraint', 100, 'error');
  error.code = fields.code;
  error.constraint = fields.constraint;
  error.detail = fields.detail;
  return error;
}

/** What Drizzle throws around a driver's error (DrizzleQueryError: the driver's error in `cause`). */
function drizzleWrapped(cause: unknown): Error {
  return new Error('Failed query: insert into …', { cause });
}

describe('on node-postgres-shaped errors', () => {
  it('finds the SQLSTATE and constraint directly and under Drizzle', () => {
    const raw = pgDatabaseError({ code: '23505', constraint: 'members_account_key', detail: 'Key exists.' });
    for (const error of [raw, drizzleWrapped(raw), drizzleWrapped(drizzleWrapped(raw))]) {
      expect(pgErrorOf(error)).toEqual({
        code: '23505',
        constraint: 'members_account_key',
        detail: 'Key exists.',
        message: 'duplicate key value violates unique constraint',
      });
      expect(violatedUniqueConstraint(error)).toBe('members_account_key');
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, 'members_account_key')).toBe(true);
      expect(isUniqueViolation(error, 'members_mobile_key')).toBe(false);
      expect(isForeignKeyViolation(error)).toBe(false);
    }
  });

  it("says 'unknown' for a unique violation without a constraint name", () => {
    expect(violatedUniqueConstraint(drizzleWrapped(pgDatabaseError({ code: '23505' })))).toBe('unknown');
  });

  it('tells deadlocks and serialisation failures', () => {
    expect(isTransactionConflict(drizzleWrapped(pgDatabaseError({ code: '40P01' })))).toBe(true);
    expect(isTransactionConflict(drizzleWrapped(pgDatabaseError({ code: '40001' })))).toBe(true);
    expect(isTransactionConflict(drizzleWrapped(pgDatabaseError({ code: '23505' })))).toBe(false);
  });

  it('finds nothing in errors that are not from PostgreSQL', () => {
    for (const error of [
      new Error('boom'),
      drizzleWrapped(new Error('boom')),
      { code: 'ECONNREFUSED' },
      drizzleWrapped({ code: 'not-a-sqlstate' }),
      null,
      undefined,
      '23505',
    ]) {
      expect(pgErrorOf(error)).toBeNull();
      expect(violatedUniqueConstraint(error)).toBeNull();
      expect(isUniqueViolation(error)).toBe(false);
      expect(isTransactionConflict(error)).toBe(false);
    }
  });
});

describe('on what the database in use throws through Drizzle (PGlite, or PostgreSQL with DATABASE_URL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table pg_errors_parent (id integer primary key)`);
    await database.db.execute(
      sql`create table pg_errors_child (id integer primary key, parent_id integer constraint pg_errors_child_parent_fk references pg_errors_parent (id))`,
    );
    await database.db.execute(sql`insert into pg_errors_parent (id) values (1)`);
  });
  afterAll(() => database.close());

  async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('expected the statement to fail');
  }

  it('recognises a unique violation and its constraint', async () => {
    const error = await thrownBy(() =>
      database.db.execute(sql`insert into pg_errors_parent (id) values (1)`),
    );
    expect(pgErrorOf(error)).toMatchObject({ code: '23505', constraint: 'pg_errors_parent_pkey' });
    expect(isUniqueViolation(error, 'pg_errors_parent_pkey')).toBe(true);
    expect(violatedUniqueConstraint(error)).toBe('pg_errors_parent_pkey');
  });

  it('recognises a foreign key violation inside a transaction', async () => {
    const error = await thrownBy(() =>
      database.db.transaction((tx) =>
        tx.execute(sql`insert into pg_errors_child (id, parent_id) values (1, 2)`),
      ),
    );
    expect(isForeignKeyViolation(error, 'pg_errors_child_parent_fk')).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
  });

  it('reads a raised SQLSTATE of our own (the ledger raises class KL)', async () => {
    const error = await thrownBy(() =>
      database.db.execute(sql`do $$ begin raise exception 'not enough' using errcode = 'KL001'; end $$`),
    );
    expect(pgErrorOf(error)).toMatchObject({ code: 'KL001', message: 'not enough' });
  });
});
