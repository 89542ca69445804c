import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { call, operatorLogin, playerLogin, solveAltcha } from './accounts.test-support.ts';
import { demoAccounts } from './accounts.seed.ts';
import { sessions } from './accounts.tables.ts';
import { operatorSessions } from './operators.tables.ts';

/**
 * The back office's accounts (issue 15): the second step every operator must use, the first-login
 * steps of an operator the owner created, role changes, the 15-minute idle end, and the audit.
 */
let sut: TestApp;
let owner: string;

beforeAll(async () => {
  sut = await buildTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      SESSION_IDLE_MINUTES: '30',
    },
  });
  owner = await operatorLogin(sut);
});
afterAll(() => sut.close());

const passwordLogin = async (username: string, password: string) =>
  call(sut, {
    method: 'POST',
    url: '/api/operator/session/login',
    sealed: true,
    body: { username, password, altcha: await solveAltcha(sut) },
  });
const secondStep = (challengeId: string, code: string) =>
  call(sut, { method: 'POST', url: '/wps/session/login/2fa', sealed: true, body: { challengeId, code } });
const get = (url: string, token: string) => call(sut, { method: 'GET', url, token });
const post = (url: string, body: unknown, token: string, sealed = false) =>
  call(sut, { method: 'POST', url, body, token, sealed });

describe('operator login', () => {
  it('asks the demo owner for the second step, accepts a code once, and opens the back office', async () => {
    const login = await passwordLogin(demoAccounts.operator.account, demoAccounts.operator.password);
    expect(login.status).toBe(200);
    expect(login.body.value.twoFactorRequired).toBe(true);
    const code = await generate({ secret: demoAccounts.operator.totpSecret });
    const done = await secondStep(login.body.value.challengeId, code);
    expect(done.status).toBe(200);
    const token = done.body.value.token as string;
    expect(done.body.value.idleMinutes).toBe(15);
    const me = await get('/api/operator/me', token);
    expect(me.body.value).toMatchObject({
      account: 'operator',
      role: 'owner',
      twoFactorSetupRequired: false,
    });
    expect(me.body.value.permissions).toContain('operators.manage');
    // The same code a second time (a replay) is refused.
    const again = await passwordLogin(demoAccounts.operator.account, demoAccounts.operator.password);
    expect((await secondStep(again.body.value.challengeId, code)).body.code).toBe('TWO_FACTOR_INVALID');
  });

  it('refuses players on the back office login and operators on the member site', async () => {
    // Each login looks in its own table only: a right password of the other side fails like a wrong one.
    expect((await passwordLogin('demoplayer', 'Player-demo-2026')).body.code).toBe('LOGIN_FAILED');
    const member = await call(sut, {
      method: 'POST',
      url: '/wps/session/login',
      sealed: true,
      body: {
        type: 'username',
        username: demoAccounts.operator.account,
        password: demoAccounts.operator.password,
        altcha: await solveAltcha(sut),
      },
    });
    expect(member.body.code).toBe('LOGIN_FAILED');
    expect((await get('/api/operator/me', await playerLogin(sut))).status).toBe(403);
  });
});

describe('an operator the owner creates', () => {
  const account = 'fiona2026';
  const firstPassword = 'Lantern-river-82';
  let created: { id: number };

  it('is created with a role, and the audit keeps the change without the password', async () => {
    const answer = await post(
      '/api/operator/operators/create',
      { account, nickname: 'Fiona', role: 'finance', password: firstPassword },
      owner,
      true,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({
      account,
      role: 'finance',
      status: 'active',
      twoFactorOn: false,
    });
    created = answer.body.value;
    const list = await get('/api/operator/operators', owner);
    expect(list.body.value.map((row: { account: string }) => row.account)).toContain(account);
    const audit = await get('/api/operator/audit?q=operatorCreate', owner);
    const entry = audit.body.value.entries.find((row: { targetId: string }) => row.targetId === account);
    expect(entry).toMatchObject({ operator: 'operator', role: 'owner', outcome: 'ok', before: null });
    expect(entry.after).toMatchObject({ role: 'finance' });
    expect(JSON.stringify(audit.body)).not.toContain(firstPassword);
  });

  it('refuses a taken name, bad input and a caller who is not allowed to manage operators', async () => {
    const taken = await post(
      '/api/operator/operators/create',
      { account: 'FIONA2026', nickname: 'x', role: 'finance', password: firstPassword },
      owner,
      true,
    );
    expect(taken.status).toBe(409);
    const nul = await post(
      '/api/operator/operators/create',
      { account: 'x\u0000y', nickname: 'x', role: 'finance', password: firstPassword },
      owner,
      true,
    );
    expect(nul.status).toBe(400);
    const role = await post(
      '/api/operator/operators/create',
      { account: 'someone', nickname: 'x', role: 'god', password: firstPassword },
      owner,
      true,
    );
    expect(role.status).toBe(400);
    expect(
      (await post('/api/operator/operators/update', { account: 'nobody_here', reason: 'x' }, owner)).status,
    ).toBe(404);
  });

  it('changes the first password, then must enrol the second step before anything else', async () => {
    const login = await passwordLogin(account, firstPassword);
    expect(login.body.value).toMatchObject({ twoFactorRequired: false, passwordExpired: true });
    const first = login.body.value.token as string;
    expect((await get('/api/operator/withdrawals', first)).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await get('/api/operator/me', first)).body.value.passwordChangeRequired).toBe(true);
    const changed = await post(
      '/api/operator/session/password',
      { oldPassword: firstPassword, newPassword: 'Meadow-stone-93', confirmNewPassword: 'Meadow-stone-93' },
      first,
      true,
    );
    expect(changed.status).toBe(200);
    const second = changed.body.value.token as string;
    expect((await get('/api/operator/withdrawals', second)).body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const setup = await post('/api/operator/2fa/setup', undefined, second);
    expect(setup.status).toBe(200);
    const wrong = await post('/api/operator/2fa/confirm', { code: '000000' }, second);
    expect(wrong.body.code).toBe('TWO_FACTOR_INVALID');
    const confirmed = await post(
      '/api/operator/2fa/confirm',
      { code: await generate({ secret: setup.body.value.secret }) },
      second,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.value.recoveryCodes).toHaveLength(10);
    const third = confirmed.body.value.token as string;
    expect((await get('/api/operator/withdrawals', third)).status).toBe(200);
    // The session opened before the second step is over; a finance operator manages no operators.
    expect((await get('/api/operator/withdrawals', second)).status).toBe(401);
    const refused = await get('/api/operator/operators', third);
    expect(refused.status).toBe(403);
    expect(refused.body.value).toMatchObject({ permission: 'operators.manage', role: 'finance' });
    const audit = await get(`/api/operator/audit?operator=${account}&outcome=refused`, owner);
    expect(audit.body.value.entries[0]).toMatchObject({ action: 'operatorList', errorCode: 'FORBIDDEN' });

    // A new role ends the operator's sessions: the next login carries the new permissions.
    const update = await post(
      '/api/operator/operators/update',
      { account, role: 'support', reason: 'moved to support' },
      owner,
    );
    expect(update.body.value.role).toBe('support');
    expect((await get('/api/operator/withdrawals', third)).status).toBe(401);
    const audit2 = await get(`/api/operator/audit?q=moved`, owner);
    expect(audit2.body.value.entries[0]).toMatchObject({
      action: 'operatorUpdate',
      targetId: account,
      reason: 'moved to support',
      before: { role: 'finance' },
      after: { role: 'support' },
    });
    expect(created.id).toBeGreaterThan(0);
  });

  it('never lets an owner demote or disable themselves', async () => {
    const self = await post(
      '/api/operator/operators/update',
      { account: 'operator', status: 'disabled', reason: 'oops' },
      owner,
    );
    expect(self.status).toBe(409);
  });
});

describe('idle operator sessions', () => {
  it('end after 15 minutes without a call, while a member session of the same age lives on', async () => {
    const operator = await operatorLogin(sut);
    const member = await playerLogin(sut);
    await sut.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '16 minutes'` })
      .where(sql`${sessions.revokedAt} is null`);
    await sut.app.db
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now() - interval '16 minutes'` })
      .where(sql`${operatorSessions.revokedAt} is null`);
    expect((await get('/api/operator/me', operator)).body.code).toBe('TOKEN_EXPIRED');
    expect((await get('/wps/member/info', member)).status).toBe(200);
    owner = await operatorLogin(sut);
  });
});

describe('the audit trail', () => {
  it('pages newest first and searches', async () => {
    const page = await get('/api/operator/audit?limit=1', owner);
    expect(page.body.value.entries).toHaveLength(1);
    expect(page.body.value.next).toBe(page.body.value.entries[0].id);
    const older = await get(`/api/operator/audit?limit=1&before=${page.body.value.next}`, owner);
    expect(older.body.value.entries[0].id).toBeLessThan(page.body.value.next);
    expect((await get('/api/operator/audit?from=2026-13-01', owner)).status).toBe(400);
    const [count] = await sut.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(operatorAudit)
      .where(eq(operatorAudit.outcome, 'refused'));
    expect(count?.count).toBeGreaterThan(0);
  });
});
