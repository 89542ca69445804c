import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { createCaptcha } from '../captcha/captcha.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { members, sessions } from './accounts.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import {
  call,
  lastSmsCode,
  loginAs,
  sendSmsCode,
  sharedAccountsApp,
  solveAltcha,
} from './accounts.test-support.ts';

const shared = sharedAccountsApp({ LOGIN_CAPTCHA_AFTER: '3', LOGIN_LOCK_AFTER: '5' });
let sut: TestApp;
beforeAll(() => shared.start());
beforeEach(async () => {
  sut = await shared.reset();
});
afterAll(() => shared.stop());

const { player, agent, forcedChange, operator } = demoAccounts;

async function memberInfo(token: string | null, host?: string) {
  return call(sut, { method: 'GET', url: '/wps/member/info', token, host });
}

describe('POST /wps/session/login by username', () => {
  it('answers a new 256-bit token per login, kept only as a hash, and the session works', async () => {
    const first = await loginAs(sut, player.account, player.password);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      twoFactorRequired: false,
      firstTimeLogin: false,
      passwordExpired: false,
      username: 'demoplayer',
      isAgent: 0,
      idleMinutes: 15,
    });
    const token: string = first.body.value.token;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const second = await loginAs(sut, player.account, player.password);
    expect(second.body.value.token).not.toBe(token);

    const stored = await sut.db.select().from(sessions);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);

    const info = await memberInfo(token);
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ account: 'demoplayer', type: 0, toUpline: 'demoagent' });
  });

  it('takes the username without regard to case', async () => {
    expect((await loginAs(sut, 'DemoPlayer', player.password)).status).toBe(200);
  });

  it('shows the previous login time in member info', async () => {
    const first = await loginAs(sut, player.account, player.password);
    const infoAfterFirst = await memberInfo(first.body.value.token);
    expect(infoAfterFirst.body.value.lastLoginAt).toBeNull();
    const [row] = await sut.db.select().from(members).where(eq(members.account, player.account));
    const second = await loginAs(sut, player.account, player.password);
    const infoAfterSecond = await memberInfo(second.body.value.token);
    expect(infoAfterSecond.body.value.lastLoginAt).toBe(row!.lastLoginAt!.getTime());
  });

  it('refuses a wrong password and an unknown user with the same code', async () => {
    const wrong = await loginAs(sut, player.account, 'Not-the-password-1');
    const unknown = await loginAs(sut, 'nobodyhere', 'Not-the-password-1');
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'LOGIN_FAILED',
        message: 'err_login_failed',
      });
      expect(answer.body.value.captcha).toBe(false);
    }
  });

  it('names the missing field and changes nothing', async () => {
    const answer = await call(sut, {
      method: 'POST',
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: '  ', password: 'x', altcha: await solveAltcha(sut) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.value.issues[0].field).toBe('username');
    expect(await sut.db.select().from(sessions)).toHaveLength(0);
  });

  it('refuses a missing, forged or replayed ALTCHA answer', async () => {
    const altcha = await solveAltcha(sut);
    const login = (proof: string) =>
      call(sut, {
        method: 'POST',
        url: '/wps/session/login',
        sealed: true,
        body: { type: 'username', username: player.account, password: player.password, altcha: proof },
      });
    expect((await login(altcha)).status).toBe(200);
    const replay = await login(altcha);
    expect(replay.body).toMatchObject({ code: 'HUMAN_VERIFICATION_FAILED' });
    expect(replay.body.value.issues[0]).toEqual({ field: 'altcha', reason: 'already used' });
    const decoded = JSON.parse(Buffer.from(await solveAltcha(sut), 'base64').toString());
    const key: string = decoded.solution.derivedKey;
    decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const forged = await login(Buffer.from(JSON.stringify(decoded)).toString('base64'));
    expect(forged.body.code).toBe('HUMAN_VERIFICATION_FAILED');
    expect((await login('bm90IGpzb24=')).body.code).toBe('HUMAN_VERIFICATION_FAILED');
  });

  it('asks for the captcha after 3 failures, refuses a wrong one, and accepts the right one', async () => {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expect((await loginAs(sut, player.account, 'wrong-password-x')).body.value.captcha).toBe(false);
    }
    expect((await loginAs(sut, player.account, 'wrong-password-x')).body.value.captcha).toBe(true);

    const withoutCaptcha = await loginAs(sut, player.account, player.password);
    expect(withoutCaptcha.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });

    const image = await call(sut, { method: 'GET', url: '/wps/captcha' });
    expect(image.body.value.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await loginAs(sut, player.account, player.password, {
      captchaId: image.body.value.captchaId,
      captcha: 'zzzz',
    });
    expect(wrong.body).toMatchObject({
      code: 'CAPTCHA_INVALID',
      message: 'err_captcha_failed',
      value: { captcha: true },
    });

    const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
    const right = await loginAs(sut, player.account, player.password, {
      captchaId,
      captcha: answer.toUpperCase(),
    });
    expect(right.status).toBe(200);
    // Single use: the same captcha does not pass twice.
    const reused = await loginAs(sut, 'demoagent', 'wrong-password-x', { captchaId, captcha: answer });
    expect(reused.body.code).toBe('CAPTCHA_INVALID');
  });

  it('asks for the captcha from an address that failed on several usernames', async () => {
    for (const name of ['alpha1', 'bravo2', 'charlie3'])
      await loginAs(sut, name, 'wrong-password-x', { ip: '10.1.1.1' });
    expect((await loginAs(sut, player.account, player.password, { ip: '10.1.1.1' })).body.code).toBe(
      'CAPTCHA_REQUIRED',
    );
    expect((await loginAs(sut, player.account, player.password, { ip: '10.1.1.2' })).status).toBe(200);
  });

  it('locks the account after 5 wrong passwords, even for the right one; a reset unlocks', async () => {
    let last;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
      last = await loginAs(sut, player.account, 'wrong-password-x', { captchaId, captcha: answer });
    }
    expect(last!.status).toBe(423);
    expect(last!.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: 'err_account_locked' });
    expect(last!.body.value.lockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000);

    const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
    const right = await loginAs(sut, player.account, player.password, { captchaId, captcha: answer });
    expect(right.body.code).toBe('ACCOUNT_LOCKED');

    // The lock ends by itself.
    await sut.db
      .update(members)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(members.account, player.account));
    const later = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
    const after = await loginAs(sut, player.account, player.password, {
      captchaId: later.captchaId,
      captcha: later.answer,
    });
    expect(after.status).toBe(200);
  });

  it('opens the change-password dialog for the default password 123456', async () => {
    const answer = await loginAs(sut, forcedChange.account, forcedChange.password);
    expect(answer.body.value.passwordExpired).toBe(true);
  });

  it('marks an old password expired when the brand turns password expiry on', async () => {
    await sut.db
      .update(members)
      .set({ passwordChangedAt: sql`now() - interval '100 days'` })
      .where(eq(members.account, player.account));
    expect((await loginAs(sut, player.account, player.password)).body.value.passwordExpired).toBe(false);
    await updateSettings(sut.db, { features: { passwordExpiry: true } });
    expect((await loginAs(sut, player.account, player.password)).body.value.passwordExpired).toBe(true);
  });

  it('upgrades a hash made with other scrypt parameters at the next login', async () => {
    const before = (await sut.db.select().from(members).where(eq(members.account, player.account)))[0]!
      .passwordHash!;
    expect(before.startsWith('scrypt$1024$')).toBe(true);
    const other = await buildTestApp({ env: { SCRYPT_N: '2048' } });
    try {
      // The stored hash predates the raise to N=2048.
      await other.db.update(members).set({ passwordHash: before }).where(eq(members.account, player.account));
      expect((await loginAs(other, player.account, player.password)).status).toBe(200);
      const after = (await other.db.select().from(members).where(eq(members.account, player.account)))[0]!
        .passwordHash!;
      expect(after.startsWith('scrypt$2048$8$1$')).toBe(true);
      expect((await loginAs(other, player.account, player.password)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('sites and roles', () => {
  it('refuses a non-agent on the agent site and lets an agent in', async () => {
    const refused = await loginAs(sut, player.account, player.password, { host: 'agent.localhost' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NON_AGENT_ACCOUNT', message: 'err_non_agent_login' });
    const agentLogin = await loginAs(sut, agent.account, agent.password, { host: 'agent.localhost' });
    expect(agentLogin.body.value).toMatchObject({ isAgent: 1, username: 'demoagent' });
  });

  it('lets an agent onto the member site and refuses an operator there', async () => {
    expect((await loginAs(sut, agent.account, agent.password)).status).toBe(200);
    const refused = await loginAs(sut, operator.account, operator.password);
    expect(refused.body).toMatchObject({ code: 'NON_MEMBER_ACCOUNT', message: 'err_non_member_login' });
  });

  it('logs an operator into the back office, and only an operator', async () => {
    const body = async (username: string, password: string) => ({
      username,
      password,
      altcha: await solveAltcha(sut),
    });
    const url = '/api/operator/session/login';
    const refused = await call(sut, {
      method: 'POST',
      url,
      sealed: true,
      body: await body(player.account, player.password),
    });
    expect(refused.body.code).toBe('FORBIDDEN');
    const ok = await call(sut, {
      method: 'POST',
      url,
      sealed: true,
      body: await body(operator.account, operator.password),
    });
    expect(ok.status).toBe(200);
    const outbox = await call(sut, {
      method: 'GET',
      url: '/api/operator/sms/outbox',
      token: ok.body.value.token,
    });
    expect(outbox.status).toBe(200);
    const playerToken = (await loginAs(sut, player.account, player.password)).body.value.token;
    expect(
      (await call(sut, { method: 'GET', url: '/api/operator/sms/outbox', token: playerToken })).status,
    ).toBe(403);
    expect((await memberInfo(ok.body.value.token)).status).toBe(403);
  });
});

describe('sessions', () => {
  it('refuses member calls without a token, with an unknown one, and after the idle timeout', async () => {
    expect((await memberInfo(null)).body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'err_not_logged_in',
    });
    expect((await memberInfo('A'.repeat(43))).status).toBe(401);
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    await sut.db.update(sessions).set({ lastSeenAt: sql`now() - interval '16 minutes'` });
    expect((await memberInfo(token)).body).toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: 'err_token_expired',
    });
  });

  it('keeps an active session alive and ends it at the absolute expiry', async () => {
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    await sut.db.update(sessions).set({ lastSeenAt: sql`now() - interval '10 minutes'` });
    expect((await memberInfo(token)).status).toBe(200);
    const [touched] = await sut.db.select().from(sessions);
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await sut.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await memberInfo(token)).body.code).toBe('TOKEN_EXPIRED');
  });

  it('logout ends every session of the account', async () => {
    const first = (await loginAs(sut, player.account, player.password)).body.value.token;
    const second = (await loginAs(sut, player.account, player.password)).body.value.token;
    const other = (await loginAs(sut, agent.account, agent.password)).body.value.token;
    const logout = await call(sut, { method: 'DELETE', url: '/wps/session/logout', token: first });
    expect(logout.body).toEqual({ success: true, value: { done: true } });
    expect((await memberInfo(first)).body.code).toBe('TOKEN_EXPIRED');
    expect((await memberInfo(second)).body.code).toBe('TOKEN_EXPIRED');
    expect((await memberInfo(other)).status).toBe(200);
    expect((await call(sut, { method: 'DELETE', url: '/wps/session/logout' })).status).toBe(401);
  });

  it('ends the sessions of a disabled account', async () => {
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    await sut.db.update(members).set({ status: 'disabled' }).where(eq(members.account, player.account));
    expect((await memberInfo(token)).body.code).toBe('TOKEN_EXPIRED');
    expect((await loginAs(sut, player.account, player.password)).body.code).toBe('ACCOUNT_DISABLED');
  });
});

describe('member info, icon, avatar and first login', () => {
  it('answers the spec fields with masked contact details', async () => {
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    const info = (await memberInfo(token)).body.value;
    expect(info).toMatchObject({
      account: 'demoplayer',
      nickname: 'Demo Player',
      type: 0,
      isAgent: 0,
      toUpline: 'demoagent',
      clubLabel: { labelName: 'VIP1', rankLevel: 1 },
      memberLabel: ['demo'],
      mobileNum: '+880******0002',
      email: 'pl****@khela.local',
      twoFactorEnabled: false,
      hasPaymentPassword: true,
      demoFunds: false,
    });
    for (const url of ['/wps/member/info/icon', '/wps/relay/MCSFE_getPlayerAvatar']) {
      const answer = await call(sut, { method: 'GET', url, token });
      expect(answer.body.value.avatarUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      expect((await call(sut, { method: 'GET', url })).status).toBe(401);
    }
  });

  it('marks the first login done', async () => {
    await sut.db.update(members).set({ firstLoginDoneAt: null }).where(eq(members.account, player.account));
    const login = await loginAs(sut, player.account, player.password);
    expect(login.body.value.firstTimeLogin).toBe(true);
    const token = login.body.value.token;
    const done = await call(sut, { method: 'POST', url: '/wps/member/firstLogin', token });
    expect(done.body.value).toEqual({ done: true });
    expect((await memberInfo(token)).body.value.firstTimeLogin).toBe(false);
    expect((await loginAs(sut, player.account, player.password)).body.value.firstTimeLogin).toBe(false);
    expect((await call(sut, { method: 'POST', url: '/wps/member/firstLogin' })).status).toBe(401);
  });
});

describe('login by SMS', () => {
  it('sends a code to a registered number and logs in with it once', async () => {
    const sent = await sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum: '01700000002' });
    expect(sent.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastSmsCode(sut, player.mobile);
    const login = (verificationCode: string) =>
      call(sut, {
        method: 'POST',
        url: '/wps/session/login',
        sealed: true,
        body: { type: 'sms', mobileNum: '1700000002', countryDialingCode: '+880', verificationCode },
      });
    const answer = await login(code);
    expect(answer.body.value).toMatchObject({ username: 'demoplayer', twoFactorRequired: false });
    expect((await login(code)).body.code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('answers an unknown number exactly like a registered one, and sends it nothing', async () => {
    const known = await sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum: '01700000002' });
    const unknown = await sendSmsCode(sut, {
      url: '/wps/verification/sms/noLogin',
      mobileNum: '01799999999',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await expect(lastSmsCode(sut, '+8801799999999')).rejects.toThrow(/no SMS code/);
    // Logging in with any code fails as a wrong or used code would, never "not registered".
    const login = await call(sut, {
      method: 'POST',
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'sms', mobileNum: '1799999999', countryDialingCode: '+880', verificationCode: '123456' },
    });
    expect(login.status).toBe(400);
    expect(['VERIFICATION_CODE_INVALID', 'VERIFICATION_CODE_EXPIRED']).toContain(login.body.code);
    // The number's send limit counts the same way (SMS_MAX_PER_NUMBER), registered or not.
    const limits = [];
    for (let round = 0; round < 6; round += 1) {
      const [forKnown, forUnknown] = [
        await sendSmsCode(sut, {
          url: '/wps/verification/sms/noLogin',
          mobileNum: '01700000002',
          ip: `10.1.1.${round}`,
        }),
        await sendSmsCode(sut, {
          url: '/wps/verification/sms/noLogin',
          mobileNum: '01799999999',
          ip: `10.1.2.${round}`,
        }),
      ];
      limits.push([forKnown.status, forUnknown.status]);
    }
    expect(limits.every(([forKnown, forUnknown]) => forKnown === forUnknown)).toBe(true);
  });

  it('refuses a malformed number, and SMS login when switched off', async () => {
    const malformed = await sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum: '123' });
    expect(malformed.body).toMatchObject({ code: 'PHONE_INVALID', message: 'err_invalid_phone' });
    const letters = await sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum: 'abc' });
    expect(letters.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ field: 'mobileNum' }] },
    });
    await updateSettings(sut.db, { features: { smsLogin: false } });
    const off = await sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum: '01700000002' });
    expect(off.body.code).toBe('FEATURE_DISABLED');
  });
});

describe('POST /wps/session/login/freeplay', () => {
  it('creates a trial account (type 4, demo funds) that member actions refuse', async () => {
    const answer = await call(sut, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      body: { os: 'android', platform: 'W' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ isAgent: 4, firstTimeLogin: false, passwordExpired: false });
    const token = answer.body.value.token;
    const info = await memberInfo(token);
    expect(info.body.value).toMatchObject({ type: 4, demoFunds: true });
    const change = await call(sut, {
      method: 'POST',
      url: '/wps/member/password',
      sealed: true,
      token,
      body: { oldPassword: 'x', newPassword: 'Another-good-9', confirmNewPassword: 'Another-good-9' },
    });
    expect(change.status).toBe(403);
    expect(change.body).toMatchObject({ code: 'TRIAL_ACCOUNT', message: 'in_need_true_account' });
  });

  it('is refused when free play is off or on the agent site', async () => {
    await updateSettings(sut.db, { features: { freePlay: false } });
    expect(
      (await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} })).body.code,
    ).toBe('FEATURE_DISABLED');
    await updateSettings(sut.db, { features: { freePlay: true } });
    const agentSite = await call(sut, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      body: {},
      host: 'agent.localhost',
    });
    expect(agentSite.body.code).toBe('FEATURE_DISABLED');
    expect(await sut.db.select().from(members).where(eq(members.type, 4))).toHaveLength(0);
  });
});
