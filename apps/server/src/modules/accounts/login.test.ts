import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { createCaptcha } from '../captcha/captcha.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { knownDevices, members, sessions } from './accounts.tables.ts';
import { operators } from './operators.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import {
  call,
  lastSmsCode,
  loginAs,
  loginWithWrongCaptcha,
  sendSmsCode,
  useSharedAccountsApp,
  solveAltcha,
} from './accounts.test-support.ts';

let sut: TestApp;
useSharedAccountsApp({ LOGIN_CAPTCHA_AFTER: '3', LOGIN_LOCK_AFTER: '5' }, (app) => {
  sut = app;
});

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
    expect(replay.body.value.issues[0]).toEqual({ field: 'altcha', reason: 'already used', rule: 'invalid' });
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

    const { image, wrong } = await loginWithWrongCaptcha(sut, player.account, player.password);
    expect(image.image).toMatch(/^data:image\/png;base64,/);
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

  /** Five wrong passwords for `username` from `ip`, each with a solved captcha; the last answer. */
  async function failFiveTimes(username: string, ip: string, url = '/wps/session/login') {
    let last;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
      const body = { username, password: 'wrong-password-x', captchaId, captcha: answer };
      last = await call(sut, {
        method: 'POST',
        url,
        ip,
        sealed: true,
        body: {
          ...(url === '/wps/session/login' ? { type: 'username' } : {}),
          ...body,
          altcha: await solveAltcha(sut),
        },
      });
    }
    return last!;
  }

  async function withCaptcha() {
    const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
    return { captchaId, captcha: answer };
  }

  it('locks the address that sent 5 wrong passwords out of the account, even with the right one', async () => {
    const last = await failFiveTimes(player.account, '10.6.6.6');
    expect(last.status).toBe(423);
    expect(last.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: 'err_account_locked' });
    expect(last.body.value.lockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000);

    const right = await loginAs(sut, player.account, player.password, {
      ip: '10.6.6.6',
      ...(await withCaptcha()),
    });
    expect(right.body.code).toBe('ACCOUNT_LOCKED');

    // The lock ends by itself.
    await sut.db.execute(
      sql`update auth_counters set window_ends_at = now() - interval '1 second' where key like 'login-lock:%'`,
    );
    const after = await loginAs(sut, player.account, player.password, {
      ip: '10.6.6.6',
      ...(await withCaptcha()),
    });
    expect(after.status).toBe(200);
  });

  it('locks an unknown username the same way, so a lock tells nothing about which accounts exist', async () => {
    const last = await failFiveTimes('nobody-here', '10.6.6.7');
    expect(last.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('does not stop the owner from another address when one address guessed 5 times', async () => {
    expect((await failFiveTimes(player.account, '10.6.6.6')).body.code).toBe('ACCOUNT_LOCKED');
    // The account-wide ceiling asks the owner for the captcha, never locks them out.
    const bare = await loginAs(sut, player.account, player.password, { ip: '10.7.7.7' });
    expect(bare.body.code).toBe('CAPTCHA_REQUIRED');
    const owner = await loginAs(sut, player.account, player.password, {
      ip: '10.7.7.7',
      ...(await withCaptcha()),
    });
    expect(owner.status).toBe(200);
    // The attacker's address stays locked.
    const attacker = await loginAs(sut, player.account, player.password, {
      ip: '10.6.6.6',
      ...(await withCaptcha()),
    });
    expect(attacker.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('lets the owner in from a known device on the locked address, without the captcha', async () => {
    const first = await loginAs(sut, player.account, player.password, { ip: '10.6.6.6' });
    const deviceToken: string = first.body.value.deviceToken;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is kept.
    const [device] = await sut.db.select().from(knownDevices);
    expect(device?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(device?.tokenHash).not.toBe(deviceToken);

    // Someone behind the same address (a carrier NAT) guesses until that address is locked.
    expect((await failFiveTimes(player.account, '10.6.6.6')).body.code).toBe('ACCOUNT_LOCKED');
    const owner = await loginAs(sut, player.account, player.password, { ip: '10.6.6.6', deviceToken });
    expect(owner.status).toBe(200);
    expect(owner.body.value.deviceToken).toBe(deviceToken);

    // A device token of another account is no key to this one.
    const agentDevice = (await loginAs(sut, agent.account, agent.password, { ip: '10.8.8.8' })).body.value
      .deviceToken as string;
    const borrowed = await loginAs(sut, player.account, player.password, {
      ip: '10.6.6.6',
      deviceToken: agentDevice,
      ...(await withCaptcha()),
    });
    expect(borrowed.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('locks a known device after its own 5 wrong passwords, and only that device', async () => {
    const deviceToken: string = (await loginAs(sut, player.account, player.password)).body.value.deviceToken;
    let last;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      last = await loginAs(sut, player.account, 'wrong-password-x', {
        ip: '10.9.9.9',
        deviceToken,
        ...(await withCaptcha()),
      });
    }
    expect(last!.body.code).toBe('ACCOUNT_LOCKED');
    const fromDevice = await loginAs(sut, player.account, player.password, { ip: '10.9.9.9', deviceToken });
    expect(fromDevice.body.code).toBe('ACCOUNT_LOCKED');
    const fromAddress = await loginAs(sut, player.account, player.password, {
      ip: '10.9.9.9',
      ...(await withCaptcha()),
    });
    expect(fromAddress.status).toBe(200);
  });

  it('never locks an operator out by an anonymous flood: only the flooding address', async () => {
    const url = '/api/operator/session/login';
    expect((await failFiveTimes(operator.account, '10.6.6.6', url)).body.code).toBe('ACCOUNT_LOCKED');
    const body = async (ip: string) =>
      call(sut, {
        method: 'POST',
        url,
        ip,
        sealed: true,
        body: {
          username: operator.account,
          password: operator.password,
          altcha: await solveAltcha(sut),
          ...(await withCaptcha()),
        },
      });
    expect((await body('10.7.7.7')).status).toBe(200);
    expect((await body('10.6.6.6')).body.code).toBe('ACCOUNT_LOCKED');
    const [row] = await sut.db.select().from(operators).where(eq(operators.account, operator.account));
    expect(row?.lockedUntil).toBeNull();
  });

  it('still honours a lock the account itself carries (support, money-action lockouts)', async () => {
    await sut.db
      .update(members)
      .set({ lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(members.account, player.account));
    const locked = await loginAs(sut, player.account, player.password);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('opens the change-password dialog for the default password 123456', async () => {
    const answer = await loginAs(sut, forcedChange.account, forcedChange.password);
    expect(answer.body.value.passwordExpired).toBe(true);
  });

  it('serves a forced-change session only the change, member info, first login and logout', async () => {
    const login = await loginAs(sut, forcedChange.account, forcedChange.password);
    const token: string = login.body.value.token;
    // A reload or another route: every other call is refused, with its own code.
    for (const url of ['/wps/v2/wallets/balance', '/wps/withdraw/info', '/wps/relay/GCS_gameWallets']) {
      const refused = await call(sut, { method: 'GET', url, token });
      expect([url, refused.status, refused.body.code]).toEqual([url, 403, 'PASSWORD_CHANGE_REQUIRED']);
      expect(refused.body.message).toBe('err_password_change_required');
    }
    const info = await memberInfo(token);
    expect(info.status).toBe(200);
    expect(info.body.value.passwordExpired).toBe(true);
    expect((await call(sut, { method: 'POST', url: '/wps/member/firstLogin', token })).status).toBe(200);
    // Optional calls serve it as a guest (public pages still show behind the dialog).
    expect((await call(sut, { method: 'GET', url: '/wps/system/status?url=localhost', token })).status).toBe(
      200,
    );

    const changed = await call(sut, {
      method: 'POST',
      url: '/wps/member/password',
      token,
      sealed: true,
      body: {
        oldPassword: forcedChange.password,
        newPassword: 'Fresh-pass-2026',
        confirmNewPassword: 'Fresh-pass-2026',
      },
    });
    expect(changed.status).toBe(200);
    const fresh: string = changed.body.value.token;
    expect((await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: fresh })).status).toBe(
      200,
    );
    expect((await memberInfo(fresh)).body.value.passwordExpired).toBe(false);
    expect((await memberInfo(token)).body.code).toBe('TOKEN_EXPIRED');
  });

  it('lets a forced-change session log out', async () => {
    const token: string = (await loginAs(sut, forcedChange.account, forcedChange.password)).body.value.token;
    expect((await call(sut, { method: 'DELETE', url: '/wps/session/logout', token })).status).toBe(200);
    expect((await memberInfo(token)).body.code).toBe('TOKEN_EXPIRED');
  });

  it('forces the change for an expired password, and for 123456 even without the operator mark', async () => {
    await updateSettings(sut.db, { features: { passwordExpiry: true } });
    await sut.db
      .update(members)
      .set({ passwordChangedAt: sql`now() - interval '100 days'` })
      .where(eq(members.account, player.account));
    const expired: string = (await loginAs(sut, player.account, player.password)).body.value.token;
    const refused = await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: expired });
    expect(refused.body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    await sut.db
      .update(members)
      .set({ mustChangePassword: false })
      .where(eq(members.account, forcedChange.account));
    const login = await loginAs(sut, forcedChange.account, forcedChange.password);
    expect(login.body.value.passwordExpired).toBe(true);
    const again = await call(sut, {
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      token: login.body.value.token,
    });
    expect(again.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('does not hold an SMS login to the change (spec 4: the dialog is for password logins)', async () => {
    await sut.db
      .update(members)
      .set({ mobile: '+8801700000077' })
      .where(eq(members.account, forcedChange.account));
    await sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum: '1700000077' });
    const login = await call(sut, {
      method: 'POST',
      url: '/wps/session/login',
      sealed: true,
      body: {
        type: 'sms',
        mobileNum: '1700000077',
        countryDialingCode: '+880',
        verificationCode: await lastSmsCode(sut, '+8801700000077'),
      },
    });
    expect(login.status).toBe(200);
    expect(login.body.value.passwordExpired).toBe(true);
    const balance = await call(sut, {
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      token: login.body.value.token,
    });
    expect(balance.status).toBe(200);
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
    // Operators are not in the members' table: their name and password fail like any wrong pair.
    const refused = await loginAs(sut, operator.account, operator.password);
    expect(refused.body).toMatchObject({ code: 'LOGIN_FAILED' });
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
    // Players are not in the operators' table: a right member password fails like a wrong one.
    expect(refused.body.code).toBe('LOGIN_FAILED');
    const ok = await call(sut, {
      method: 'POST',
      url,
      sealed: true,
      body: await body(operator.account, operator.password),
    });
    // Operators must use the second step: the password alone opens nothing yet.
    expect(ok.body.value.twoFactorRequired).toBe(true);
    const done = await call(sut, {
      method: 'POST',
      url: '/wps/session/login/2fa',
      sealed: true,
      body: { challengeId: ok.body.value.challengeId, code: await generate({ secret: operator.totpSecret }) },
    });
    const outbox = await call(sut, {
      method: 'GET',
      url: '/api/operator/sms/outbox',
      token: done.body.value.token,
    });
    expect(outbox.status).toBe(200);
    const playerToken = (await loginAs(sut, player.account, player.password)).body.value.token;
    // Each side's session opens only its own calls.
    expect(
      (await call(sut, { method: 'GET', url: '/api/operator/sms/outbox', token: playerToken })).status,
    ).toBe(403);
    expect((await memberInfo(done.body.value.token)).status).toBe(403);
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

  it("tells an account on an operator's hold it is on hold, not closed (issue 38)", async () => {
    await sut.db.update(members).set({ status: 'locked' }).where(eq(members.account, player.account));
    const held = await loginAs(sut, player.account, player.password);
    expect([held.status, held.body.code, held.body.message]).toEqual([
      403,
      'ACCOUNT_ON_HOLD',
      'err_account_on_hold',
    ]);
    // A wrong password still answers as a wrong password: the hold is told only to the owner.
    expect((await loginAs(sut, player.account, 'Not-the-password-1')).body.code).toBe('LOGIN_FAILED');
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
      clubLabel: { labelName: 'Member', rankLevel: 0 },
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
