import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAddress } from '../modules/ledger/ledger.addresses.ts';
import { getBalance, openSystemAccounts, postEntry } from '../modules/ledger/ledger.service.ts';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { seedReferenceData } from '../seed/seed.ts';
import { migrateAtStart } from './migrate-at-start.ts';
import { openDatabase } from './open-database.ts';

/**
 * The application's own database role cannot switch the append-only audit (or the ledger's
 * triggers) off (issue 35, item 5c): with the two roles of scripts/db/roles.sql, the owner runs
 * the migrations and the app role, which owns nothing and is no superuser, is refused
 * `ALTER TABLE … DISABLE TRIGGER`, `SET session_replication_role = replica` and every other way to
 * the triggers, while it still reads and writes rows and posts money. PostgreSQL only (PGlite has
 * one user: the demo database has no such protection).
 */

const externalUrl = process.env.DATABASE_URL;
const script = readFileSync(new URL('../../../../scripts/db/roles.sql', import.meta.url), 'utf8');
const name = `khela_roles_${randomBytes(5).toString('hex')}`;
const passwords = { khela_owner: 'owner-test-password', khela_app: 'app-test-password' };

function urlAs(role: keyof typeof passwords | null): string {
  const url = new URL(externalUrl ?? 'postgres://localhost/none');
  url.pathname = `/${name}`;
  if (role) {
    url.username = role;
    url.password = passwords[role];
  }
  return url.toString();
}

describe.skipIf(!externalUrl)('the app role on PostgreSQL (scripts/db/roles.sql)', () => {
  let app: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: externalUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    // As a superuser in the new database: the script, twice (it may run again), and passwords.
    const superuser = new pg.Client({ connectionString: urlAs(null) });
    await superuser.connect();
    await superuser.query(script);
    await superuser.query(script);
    for (const [role, password] of Object.entries(passwords)) {
      await superuser.query(`alter role ${role} password '${password}'`);
    }
    await superuser.end();
    // The owner runs the migrations (every table, function and trigger is its own).
    const owner = await openDatabase({ kind: 'pg', url: urlAs('khela_owner'), poolSize: 1 });
    await owner.migrate();
    await owner.close();
    app = new pg.Client({ connectionString: urlAs('khela_app') });
    await app.connect();
  }, 120_000);

  afterAll(async () => {
    await app?.end();
    const admin = new pg.Client({ connectionString: externalUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** The SQLSTATE and message a statement of the app role was refused with, or 'ran'. */
  const refusal = async (statement: string) => {
    try {
      await app.query(statement);
      return { code: 'ran', message: '' };
    } catch (error) {
      const { code = '', message = '' } = error as { code?: string; message?: string };
      return { code, message };
    }
  };

  it.each([
    'ALTER TABLE operator_audit DISABLE TRIGGER operator_audit_no_update',
    'ALTER TABLE operator_audit DISABLE TRIGGER ALL',
    'ALTER TABLE operator_audit ENABLE REPLICA TRIGGER operator_audit_no_update',
    'DROP TRIGGER operator_audit_no_update ON operator_audit',
    'DROP TRIGGER operator_audit_no_truncate ON operator_audit',
    'ALTER TABLE operator_audit OWNER TO khela_app',
    `CREATE OR REPLACE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
    'ALTER TABLE postings DISABLE TRIGGER ALL',
    'ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_append_only',
    'ALTER TABLE ledger_accounts DISABLE TRIGGER ALL',
    'SET session_replication_role = replica',
    'SET LOCAL session_replication_role = replica',
    'CREATE TABLE sneaky (id int)',
    'SET ROLE khela_owner',
  ])('refuses the app role: %s', async (statement) => {
    const refused = await refusal(statement);
    expect(refused.code).toBe('42501');
    // Refused for who it is, not by the trigger itself (whose refusal has the same code).
    expect(refused.message).not.toMatch(/append-only/);
  });

  it('leaves the app role its work: audit rows in (never changed), money posted', async () => {
    const inserted = await app.query(
      "insert into operator_audit (operator, action, outcome) values ('op', 'test', 'ok') returning id",
    );
    expect(inserted.rowCount).toBe(1);
    // The append-only triggers still fire for it.
    for (const statement of [
      "update operator_audit set action = 'rewritten'",
      'delete from operator_audit',
    ]) {
      expect((await refusal(statement)).message).toMatch(/operator_audit is append-only/);
    }

    const handle = await openDatabase({ kind: 'pg', url: urlAs('khela_app'), poolSize: 1 });
    try {
      await openSystemAccounts(handle.db, { currency: 'BDT' });
      await postEntry(handle.db, {
        kind: 'deposit',
        idempotencyKey: 'roles-test-1',
        postings: [
          { address: systemAddress('world', 'BDT'), amount: -500n },
          { address: systemAddress('house', 'BDT'), amount: 500n },
        ],
      });
      expect((await getBalance(handle.db, { address: systemAddress('house', 'BDT') })).balance).toBe(500n);
    } finally {
      await handle.close();
    }
  });

  it('starts the server as the app role, migrating as the owner (DATABASE_OWNER_URL)', async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'false',
      DATABASE_URL: urlAs('khela_app'),
      DATABASE_OWNER_URL: urlAs('khela_owner'),
      HOUSE_GAMES: 'inprocess',
      JOB_WORKERS: 'true',
    });
    const database = await openDatabase({ kind: 'pg', url: urlAs('khela_app'), poolSize: 2 });
    // Without the owner's URL the app role cannot migrate at all (not even a no-op run).
    await expect(migrateAtStart(database, { ...env, DATABASE_OWNER_URL: undefined })).rejects.toThrow();
    await migrateAtStart(database, env);
    await seedReferenceData(database.db);
    const server = await buildApp({ env, database, webRoot: null, logger: false });
    try {
      // Ready: the house games mounted (their tables migrated by the owner) and the job queue
      // started in the app's own schema.
      await server.ready();
      const status = await server.inject({ method: 'GET', url: '/wps/system/status?url=localhost' });
      expect(status.statusCode).toBe(200);
      const owners = await app.query<{ owner: string; n: number }>(
        `select pg_get_userbyid(c.relowner) as owner, count(*)::int as n
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' group by 1`,
      );
      expect(owners.rows.map((row) => row.owner)).toEqual(['khela_owner']);
    } finally {
      await server.close();
      await database.close();
    }
  }, 120_000);
});
