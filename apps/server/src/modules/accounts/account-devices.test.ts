import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { createCaptcha } from '../captcha/captcha.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { devicesPerAccount } from './account-devices.service.ts';
import { accountDevices, members, sessions } from './accounts.tables.ts';
import { call, solveAltcha, useSharedAccountsApp } from './accounts.test-support.ts';

/**
 * The browsers an account used (issue 39 item 5; docs/promotions.md "Referral"): registration and
 * login note the browser's device id, kept only as its SHA-256, at most 20 per account; a
 * malformed id is refused before anything is written; `accounts_shared_device` answers whether two
 * accounts used one browser.
 */
let sut: TestApp;
useSharedAccountsApp({}, (app) => {
  sut = app;
});

const newDeviceId = () => randomBytes(16).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function register(username: string, extra: Record<string, unknown> = {}) {
  const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
  return call(sut, {
    method: 'PUT',
    url: '/wps/member/register',
    sealed: true,
    body: {
      username,
      password: 'Sunny-river-42',
      confirmPassword: 'Sunny-river-42',
      ageConfirmed: true,
      termsVersion: '1',
      paymentPassword: '135790',
      email: `${username}@example.com`,
      captchaId,
      captcha: answer,
      countryDialingCode: '+880',
      registerMethod: 'WEB',
      login: true,
      altcha: await solveAltcha(sut),
      ...extra,
    },
  });
}

async function loginWithDevice(username: string, deviceId: unknown) {
  const answer = await call(sut, {
    method: 'POST',
    url: '/wps/session/login',
    sealed: true,
    body: {
      type: 'username',
      username,
      password: 'Sunny-river-42',
      altcha: await solveAltcha(sut),
      deviceId,
    },
  });
  return answer;
}

const devicesOf = (memberId: number) =>
  sut.db
    .select()
    .from(accountDevices)
    .where(eq(accountDevices.memberId, memberId))
    .orderBy(asc(accountDevices.firstSeenAt));

async function shared(a: number, b: number): Promise<boolean> {
  const [row] = rowsOf<{ shared: boolean }>(
    await sut.db.execute(sql`select accounts_shared_device(${a}::bigint, ${b}::bigint) as shared`),
  );
  return row!.shared;
}

describe('the browsers an account used', () => {
  it('notes the device id at registration and login, only as its SHA-256, and answers whether two accounts shared one', async () => {
    const home = newDeviceId();
    const phone = newDeviceId();
    const first = await register('device1', { deviceId: home });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstId = first.body.value.id as number;
    const [row] = await devicesOf(firstId);
    expect(row).toMatchObject({ memberId: firstId, deviceHash: sha256(home) });
    // The raw id is nowhere in the table.
    const dump = JSON.stringify(await sut.db.select().from(accountDevices));
    expect(dump).not.toContain(home);

    const second = await register('device2', { deviceId: phone });
    const secondId = second.body.value.id as number;
    expect(await shared(firstId, secondId)).toBe(false);
    // The second account logs in from the first one's browser: now they share it, either way round.
    const loggedIn = await loginWithDevice('device2', home);
    expect(loggedIn.status, JSON.stringify(loggedIn.body)).toBe(200);
    expect((await devicesOf(secondId)).map((device) => device.deviceHash)).toEqual([
      sha256(phone),
      sha256(home),
    ]);
    expect(await shared(firstId, secondId)).toBe(true);
    expect(await shared(secondId, firstId)).toBe(true);
    expect(await shared(firstId, firstId)).toBe(false);

    // The same browser again: its row, seen later; no id sent: nothing noted.
    const before = (await devicesOf(secondId))[1]!;
    expect((await loginWithDevice('device2', home)).status).toBe(200);
    expect((await loginWithDevice('device2', undefined)).status).toBe(200);
    const after = await devicesOf(secondId);
    expect(after).toHaveLength(2);
    expect(after[1]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before.lastSeenAt.getTime());
  });

  it('notes the browser of a login with a second step only when the code is right, not at the password', async () => {
    const answer = await register('device5');
    const memberId = answer.body.value.id as number;
    const token = answer.body.value.session.token as string;
    const setup = await call(sut, { method: 'POST', url: '/wps/member/2fa/setup', token });
    const secret = setup.body.value.secret as string;
    const confirmed = await call(sut, {
      method: 'POST',
      url: '/wps/member/2fa/confirm',
      token,
      body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const browser = newDeviceId();
    const first = await loginWithDevice('device5', browser);
    expect(first.body.value).toMatchObject({ twoFactorRequired: true });
    // The password alone notes nothing: whoever knows it has not opened a session.
    expect(await devicesOf(memberId)).toEqual([]);
    const secondStep = (body: Record<string, unknown>) =>
      call(sut, { method: 'POST', url: '/wps/session/login/2fa', sealed: true, body });
    const code = await generate({ secret });
    // A malformed id on the second step is refused before the code is spent.
    const malformed = await secondStep({
      challengeId: first.body.value.challengeId,
      code,
      deviceId: 'short',
    });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const done = await secondStep({ challengeId: first.body.value.challengeId, code, deviceId: browser });
    expect(done.body.value, JSON.stringify(done.body)).toMatchObject({ twoFactorRequired: false });
    expect((await devicesOf(memberId)).map((device) => device.deviceHash)).toEqual([sha256(browser)]);
  });

  it(`keeps at most ${devicesPerAccount} browsers per account, forgetting the least recently seen`, async () => {
    const answer = await register('device3', { deviceId: newDeviceId() });
    const memberId = answer.body.value.id as number;
    const ids: string[] = [];
    for (let index = 0; index < devicesPerAccount + 5; index += 1) {
      const deviceId = newDeviceId();
      ids.push(deviceId);
      expect((await loginWithDevice('device3', deviceId)).status).toBe(200);
    }
    const kept = await devicesOf(memberId);
    expect(kept).toHaveLength(devicesPerAccount);
    expect(new Set(kept.map((device) => device.deviceHash))).toEqual(
      new Set(ids.slice(-devicesPerAccount).map(sha256)),
    );
  });

  it('refuses a malformed device id with VALIDATION_FAILED, writing nothing', async () => {
    const malformed = [
      'short',
      'a'.repeat(65),
      'x'.repeat(10_240),
      `${'a'.repeat(20)}\u0000`,
      'abc def ghi jkl mno',
      'é'.repeat(20),
      42,
    ];
    for (const deviceId of malformed) {
      const refused = await register('device4', { deviceId });
      expect(refused.status, JSON.stringify(deviceId).slice(0, 40)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await sut.db.select().from(members).where(eq(members.account, 'device4'))).toEqual([]);

    const answer = await register('device5');
    expect(answer.status).toBe(200);
    const memberId = answer.body.value.id as number;
    const sessionsBefore = (await sut.db.select().from(sessions).where(eq(sessions.memberId, memberId)))
      .length;
    for (const deviceId of malformed) {
      const refused = await loginWithDevice('device5', deviceId);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await devicesOf(memberId)).toEqual([]);
    expect(await sut.db.select().from(sessions).where(eq(sessions.memberId, memberId))).toHaveLength(
      sessionsBefore,
    );
    expect(await sut.db.select().from(accountDevices)).toEqual([]);
  });
});
