import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { generate } from 'otplib';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { migrationsFolder, openDatabase } from '../../db/open-database.ts';
import { testEnvDefaults, type TestApp } from '../../test/helper.ts';
import { scryptOf } from './accounts.context.ts';
import { call, operatorPasswordLogin, solveAltcha } from './accounts.test-support.ts';
import { createOperator } from './operator-create.ts';
import { hashPassword } from './password-hash.ts';
import { hashToken } from './session.service.ts';

/**
 * Migration 0031 on a database as it was before it: an operator still in `members` (with a
 * password, a second step, a role, a live session and an audit entry) is moved to `operators`
 * with the same id and credentials; the member row can no longer sign in, its session is over;
 * the operator logs in at the back office with the same password and TOTP secret.
 */
const tag = '0031_operators_apart';
const totpSecret = 'KHELAMIGRATIONTESTSECRETTOTPCODE';
const externalUrl = process.env.DATABASE_URL;

let handle: DatabaseHandle;
let dropDatabase = async () => {};
let sut: TestApp;
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...testEnvDefaults, DEMO_MODE: 'false' });
const ids = { operator: 0, player: 0, auditEntry: 0 };
const memberToken = randomBytes(32).toString('base64url');
let passwordHash = '';

/** A new empty database: PGlite in memory, or a database of its own on CI's PostgreSQL. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (!externalUrl) return openDatabase({ kind: 'pglite' });
  const { default: pg } = await import('pg');
  const name = `khela_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: externalUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: externalUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  const url = new URL(externalUrl);
  url.pathname = `/${name}`;
  return openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 });
}

/** The migrations before 0031, applied and recorded as drizzle's migrator records them. */
async function migrateToBefore(database: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  const migrations = readMigrationFiles({ migrationsFolder: folder }).slice(0, stop);
  await database.db.execute(sql.raw('CREATE SCHEMA IF NOT EXISTS drizzle'));
  await database.db.execute(
    sql.raw(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    ),
  );
  await database.db.transaction(async (tx) => {
    for (const migration of migrations) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations ("hash", "created_at") VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateToBefore(handle);
  const { db } = handle;
  passwordHash = await hashPassword('Ledger-keeper-2026', scryptOf(env));
  const [operator] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into members (account, nickname, role, operator_role, password_hash,
        totp_secret, register_method, first_login_done_at)
      values ('Boss', 'The boss', 'operator', 'finance', ${passwordHash}, ${totpSecret}, 'CLI', now())
      returning id`),
  );
  const [player] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into members (account, nickname, password_hash)
      values ('pat2026', 'Pat', ${passwordHash}) returning id`),
  );
  ids.operator = Number(operator?.id);
  ids.player = Number(player?.id);
  await db.execute(sql`insert into sessions (token_hash, member_id, site, expires_at)
    values (${hashToken(memberToken)}, ${ids.operator}, 'operator', now() + interval '1 day')`);
  const [entry] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into operator_audit (operator_id, operator, role, action, outcome)
      values (${ids.operator}, 'Boss', 'finance', 'operatorAdjust', 'ok') returning id`),
  );
  ids.auditEntry = Number(entry?.id);

  // The site's own migration step: 0031 and whatever follows it.
  await handle.migrate();
  const app = await buildApp({ env, database: handle, webRoot: null, logger: false });
  await app.ready();
  sut = {
    app,
    db: handle.db,
    close: async () => {
      await app.close();
      await handle.close();
      await dropDatabase();
    },
  };
});
afterAll(async () => {
  await sut?.close();
});

describe(`migration ${tag}`, () => {
  it('moves the operator with the same id, password, second step and role', async () => {
    const [moved] = rowsOf<Record<string, unknown>>(
      await handle.db.execute(sql`select id, account, operator_role, status, totp_secret, register_method,
          password_hash from operators where account = 'Boss'`),
    );
    expect(moved).toMatchObject({
      account: 'Boss',
      password_hash: passwordHash,
      operator_role: 'finance',
      status: 'active',
      totp_secret: totpSecret,
      register_method: 'CLI',
    });
    expect(Number(moved?.id)).toBe(ids.operator);
  });

  it('leaves the member row disabled and without credentials, and its session over', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await handle.db.execute(sql`select role, status, password_hash, totp_secret
        from members where id = ${ids.operator}`),
    );
    expect(row).toEqual({ role: 'operator', status: 'disabled', password_hash: null, totp_secret: null });
    const [session] = rowsOf<{ revoked: boolean }>(
      await handle.db.execute(sql`select revoked_at is not null as revoked from sessions
        where member_id = ${ids.operator}`),
    );
    expect(session?.revoked).toBe(true);
    // The old member-session token opens nothing: neither the back office nor the member site.
    for (const url of ['/api/operator/me', '/wps/member/info']) {
      const answer = await call(sut, { method: 'GET', url, token: memberToken });
      expect(answer.status, url).toBe(401);
    }
  });

  it('keeps the audit trail naming the same operator', async () => {
    const [entry] = rowsOf<{ account: string }>(
      await handle.db.execute(sql`select o.account from operator_audit a
        join operators o on o.id = a.operator_id where a.id = ${ids.auditEntry}`),
    );
    expect(entry?.account).toBe('Boss');
  });

  it('lets the operator into the back office with the same password and TOTP, and not the member site', async () => {
    const first = await operatorPasswordLogin(sut, 'boss', 'Ledger-keeper-2026');
    expect(first.body.value).toMatchObject({ twoFactorRequired: true });
    const done = await call(sut, {
      method: 'POST',
      url: '/wps/session/login/2fa',
      sealed: true,
      body: { challengeId: first.body.value.challengeId, code: await generate({ secret: totpSecret }) },
    });
    const me = await call(sut, { method: 'GET', url: '/api/operator/me', token: done.body.value.token });
    expect(me.body.value).toMatchObject({ id: ids.operator, account: 'Boss', role: 'finance' });

    const member = await call(sut, {
      method: 'POST',
      url: '/wps/session/login',
      sealed: true,
      body: {
        type: 'username',
        username: 'Boss',
        password: 'Ledger-keeper-2026',
        altcha: await solveAltcha(sut),
      },
    });
    expect(member.body.code).toBe('LOGIN_FAILED');
  });

  it('gives a new operator an id no member has, and keeps names unique across both tables', async () => {
    const created = await createOperator(sut.db, {
      username: 'newboss2026',
      password: 'Kite-harbour-47',
      scrypt: scryptOf(env),
    });
    expect(created.id).toBeGreaterThan(Math.max(ids.operator, ids.player));
    const [clash] = rowsOf<{ total: string }>(
      await handle.db.execute(sql`select count(*)::text as total from members where id = ${created.id}`),
    );
    expect(clash?.total).toBe('0');
    await expect(
      createOperator(sut.db, { username: 'PAT2026', password: 'Kite-harbour-47', scrypt: scryptOf(env) }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
