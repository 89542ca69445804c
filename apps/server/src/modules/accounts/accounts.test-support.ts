/**
 * Helpers for the accounts tests: what the web does before a call (solve the ALTCHA challenge,
 * seal the body with the server's public key), done with the same libraries the browser uses.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { importSealingKey, sealBody } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@khela/contract';
import { scryptOf } from './accounts.context.ts';
import { createOperatorSession } from './operator-session.service.ts';
import { operators } from './operators.tables.ts';
import { demoAccounts, seedDemoAccounts } from './accounts.seed.ts';
import { siteSettings } from '../settings/settings.tables.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { smsOutbox } from '../sms/sms.tables.ts';

export async function solveAltcha(sut: TestApp): Promise<string> {
  const response = await sut.app.inject({ method: 'GET', url: '/wps/verification/challenge' });
  const challenge = response.json().value as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function seal(sut: TestApp, body: unknown) {
  const response = await sut.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
  return sealBody(await importSealingKey(response.json().value.spki), body);
}

interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string | null;
  host?: string;
  ip?: string;
  sealed?: boolean;
}

/** One call as the web makes it; `sealed` seals the body (encrypted calls). */
export async function call(sut: TestApp, options: CallOptions) {
  const payload =
    options.body === undefined ? undefined : options.sealed ? await seal(sut, options.body) : options.body;
  const response = await sut.app.inject({
    method: options.method,
    url: options.url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      host: options.host ?? 'localhost',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/**
 * GET and POST calls made with `current().token` unless given another (null: none); `current()`
 * answers the test's app and caller (set in a hook).
 */
export function callsAs(current: () => { sut: TestApp; token: string }) {
  return {
    get: (url: string, token: string | null = current().token) =>
      call(current().sut, { method: 'GET', url, token }),
    post: (url: string, body: unknown, token: string | null = current().token) =>
      call(current().sut, { method: 'POST', url, body, token }),
  };
}

export async function loginAs(
  sut: TestApp,
  username: string,
  password: string,
  extra: { host?: string; ip?: string; captcha?: string; captchaId?: string; deviceToken?: string } = {},
) {
  const { host, ip, ...captcha } = extra;
  return call(sut, {
    method: 'POST',
    url: '/wps/session/login',
    sealed: true,
    host,
    ip,
    body: { type: 'username', username, password, altcha: await solveAltcha(sut), ...captcha },
  });
}

/** A login with a wrong answer to a freshly served captcha image; `image` is what /wps/captcha served. */
export async function loginWithWrongCaptcha(sut: TestApp, username: string, password: string) {
  const image = await call(sut, { method: 'GET', url: '/wps/captcha' });
  const wrong = await loginAs(sut, username, password, {
    captchaId: image.body.value.captchaId,
    captcha: 'zzzz',
  });
  return { image: image.body.value as { image: string; captchaId: string }, wrong };
}

/** The code in the newest outbox SMS to this number. */
export async function lastSmsCode(sut: TestApp, mobile: string): Promise<string> {
  const [message] = await sut.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no SMS code sent to ${mobile}`);
  return code;
}

export async function sendSmsCode(
  sut: TestApp,
  options: { url: string; mobileNum: string; ip?: string; extra?: Record<string, unknown> },
) {
  return call(sut, {
    method: 'POST',
    url: options.url,
    ip: options.ip,
    body: {
      mobileNum: options.mobileNum,
      countryDialingCode: '+880',
      altcha: await solveAltcha(sut),
      ...options.extra,
    },
  });
}

/** Every table the accounts flows write; emptied between tests that share one app. */
const accountTables = [
  'members',
  'sessions',
  'operators',
  'operator_sessions',
  'auth_counters',
  'captchas',
  'used_human_challenges',
  'verification_codes',
  'sms_outbox',
  'mail_outbox',
  'password_reset_tokens',
  'two_factor_challenges',
  'recovery_codes',
  'social_identities',
  'social_states',
  'social_tickets',
  'known_devices',
  'account_devices',
  'member_agreements',
  // The upline tree (kept by triggers on members) and the agents' links: emptied with the accounts.
  'member_tree',
  'agent_links',
];

/**
 * One app for a whole test file, brought back to the seeded state before each test: the accounts
 * tables emptied and the demo accounts seeded again, the settings document restored. About 50 ms
 * instead of the ~0.8 s of a fresh database. Limits per address are raised (tests call from one
 * address all the time); a test of those limits builds its own app.
 */
export function sharedAccountsApp(env: Record<string, string> = {}) {
  let sut: TestApp | undefined;
  let settingsDocument: unknown;
  return {
    get app(): TestApp {
      if (!sut) throw new Error('sharedAccountsApp: start() first');
      return sut;
    },
    async start(): Promise<TestApp> {
      sut = await buildTestApp({
        env: {
          RATE_LIMIT_PER_MINUTE: '100000',
          LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
          REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
          SMS_RATE_LIMIT_PER_MINUTE: '100000',
          ALTCHA_CHALLENGES_PER_MINUTE: '100000',
          ...env,
        },
      });
      const [row] = await sut.db.select().from(siteSettings);
      settingsDocument = row?.document;
      return sut;
    },
    async reset(): Promise<TestApp> {
      const current = this.app;
      await current.db.execute(sql.raw(`truncate ${accountTables.join(', ')} restart identity`));
      await seedDemoAccounts(current.db, scryptOf(current.app.env));
      await current.db.update(siteSettings).set({ document: settingsDocument });
      // Re-reading through updateSettings drops this instance's settings cache.
      await updateSettings(current.db, {});
      return current;
    },
    async stop(): Promise<void> {
      await sut?.close();
      sut = undefined;
    },
  };
}

/**
 * sharedAccountsApp wired into the test file's hooks: started before the first test, reset before
 * each one, stopped after the last. `onReset` gets the app after every reset, for a file that keeps
 * it in a `sut` of its own.
 */
export function useSharedAccountsApp(
  env: Record<string, string> = {},
  onReset: (sut: TestApp) => void = () => {},
) {
  const shared = sharedAccountsApp(env);
  beforeAll(() => shared.start());
  beforeEach(async () => {
    onReset(await shared.reset());
  });
  afterAll(() => shared.stop());
  return shared;
}

/**
 * A fresh app (general and login limits per address raised, `env` on top) with session tokens of
 * the demo operator and the demo player, for the money tests that need a database of their own.
 */
export async function appWithOperatorAndPlayer(env: Record<string, string> = {}) {
  const sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000', ...env },
  });
  return { sut, operator: await operatorLogin(sut), player: await playerLogin(sut) };
}

/** A session token of the demo player (docs/demo-accounts.md). */
export async function playerLogin(sut: TestApp): Promise<string> {
  const answer = await loginAs(sut, demoAccounts.player.account, demoAccounts.player.password);
  const token = (answer.body.value as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`player login failed: ${JSON.stringify(answer.body)}`);
  return token;
}

/** The back office's login by username and password (sealed, with a solved ALTCHA), as the admin app sends it. */
export async function operatorPasswordLogin(sut: TestApp, username: string, password: string) {
  return call(sut, {
    method: 'POST',
    url: '/api/operator/session/login',
    sealed: true,
    body: { username, password, altcha: await solveAltcha(sut) },
  });
}

/**
 * A session token of the demo operator (docs/demo-accounts.md), the owner. Opened in the database
 * rather than by login: the login's second step takes one TOTP code per 30 seconds, and a test
 * file logs in far more often (login.test.ts and the back office's tests cover the login itself).
 */
export async function operatorLogin(sut: TestApp): Promise<string> {
  const [operator] = await sut.app.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.account, demoAccounts.operator.account));
  if (!operator) throw new Error('the demo operator is not seeded');
  return createOperatorSession({
    db: sut.app.db,
    env: sut.app.env,
    operatorId: operator.id,
    ip: null,
    userAgent: 'test',
  });
}

/**
 * A new operator of `role` with the second step on, and a session token of theirs (the back
 * office's tests: one per role).
 */
export async function operatorOfRole(
  sut: TestApp,
  role: OperatorRole,
  account = `op_${role}_${randomBytes(3).toString('hex')}`,
): Promise<{ id: number; account: string; token: string }> {
  const [created] = await sut.app.db
    .insert(operators)
    .values({
      account,
      nickname: account,
      operatorRole: role,
      totpSecret: demoAccounts.operator.totpSecret,
      registerMethod: 'TEST',
    })
    .returning({ id: operators.id });
  if (!created) throw new Error('operator not created');
  const token = await createOperatorSession({
    db: sut.app.db,
    env: sut.app.env,
    operatorId: created.id,
    ip: null,
    userAgent: 'test',
  });
  return { id: created.id, account, token };
}
