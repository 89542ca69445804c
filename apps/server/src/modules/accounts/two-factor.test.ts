import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { TestApp } from '../../test/helper.ts';
import { members } from './accounts.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import { call, loginAs, useSharedAccountsApp } from './accounts.test-support.ts';

let sut: TestApp;
useSharedAccountsApp({}, (app) => {
  sut = app;
});

const { player } = demoAccounts;

/** A code of the previous 30-second step: valid (drift tolerance) and different from the current one. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(sut, { method: 'POST', url: '/wps/member/2fa/setup', token });
  expect(setup.body.value.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Khela:demoplayer\?/);
  expect(setup.body.value.qrCode).toMatch(/^data:image\/png;base64,/);
  const secret: string = setup.body.value.secret;
  const wrong = await call(sut, {
    method: 'POST',
    url: '/wps/member/2fa/confirm',
    token,
    body: { code: '000000' },
  });
  expect(wrong.body.code).toBe('TWO_FACTOR_INVALID');
  const confirmed = await call(sut, {
    method: 'POST',
    url: '/wps/member/2fa/confirm',
    token,
    body: { code: await codeAt(secret, -30) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.value.recoveryCodes };
}

const secondStep = (body: Record<string, string>) =>
  call(sut, { method: 'POST', url: '/wps/session/login/2fa', sealed: true, body });

describe('TOTP second step', () => {
  it('enrols with a QR code, then a login asks for a code and a right one opens the session', async () => {
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    const { secret, recoveryCodes } = await enrol(token);
    expect(recoveryCodes).toHaveLength(10);
    expect(
      (await call(sut, { method: 'GET', url: '/wps/member/info', token })).body.value.twoFactorEnabled,
    ).toBe(true);

    const first = await loginAs(sut, player.account, player.password);
    expect(first.body.value).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300 });
    expect(first.body.value.token).toBeUndefined();
    const challengeId: string = first.body.value.challengeId;
    expect(
      (await secondStep({ challengeId, code: '123456' === (await codeAt(secret)) ? '654321' : '123456' }))
        .body.code,
    ).toBe('TWO_FACTOR_INVALID');
    // The code used is kept: a code computed again later may belong to the next 30-second step,
    // which is a new, valid code (only a code of the same or an earlier step is a replay).
    const used = await codeAt(secret);
    const done = await secondStep({ challengeId, code: used });
    expect(done.body.value).toMatchObject({ twoFactorRequired: false, username: 'demoplayer' });
    expect(
      (await call(sut, { method: 'GET', url: '/wps/member/info', token: done.body.value.token })).status,
    ).toBe(200);
    // The challenge is spent, and the same code never passes twice.
    expect((await secondStep({ challengeId, code: used })).body.code).toBe('TWO_FACTOR_INVALID');
    const again = await loginAs(sut, player.account, player.password);
    expect((await secondStep({ challengeId: again.body.value.challengeId, code: used })).body.code).toBe(
      'TWO_FACTOR_INVALID',
    );
  });

  it('takes each recovery code once, and gives up a challenge after five wrong answers', async () => {
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    const { recoveryCodes } = await enrol(token);
    const [row] = await sut.db.select().from(members).where(eq(members.account, player.account));
    expect(row!.totpSecret).toEqual(expect.any(String));

    const login = await loginAs(sut, player.account, player.password);
    const byRecovery = await secondStep({
      challengeId: login.body.value.challengeId,
      recoveryCode: recoveryCodes[0]!.toUpperCase(),
    });
    expect(byRecovery.status).toBe(200);
    const reuse = await loginAs(sut, player.account, player.password);
    expect(
      (await secondStep({ challengeId: reuse.body.value.challengeId, recoveryCode: recoveryCodes[0]! })).body
        .code,
    ).toBe('TWO_FACTOR_INVALID');

    const stubborn = await loginAs(sut, player.account, player.password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await secondStep({ challengeId: stubborn.body.value.challengeId, recoveryCode: 'wrong-code' });
    }
    const late = await secondStep({
      challengeId: stubborn.body.value.challengeId,
      recoveryCode: recoveryCodes[1]!,
    });
    expect(late.body.value.issues[0]).toEqual({
      field: 'challengeId',
      reason: 'expired: log in again',
      rule: 'invalid',
    });
    expect((await secondStep({ challengeId: 'x', code: '12345' })).body.value.issues[0].field).toBe('code');
  });

  it('turns off with the password and a code, and trial accounts cannot enrol', async () => {
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    const { secret } = await enrol(token);
    const disable = (body: Record<string, string>) =>
      call(sut, { method: 'POST', url: '/wps/member/2fa/disable', token, sealed: true, body });
    expect((await disable({ password: 'wrong-password', code: await codeAt(secret) })).body.code).toBe(
      'WRONG_PASSWORD',
    );
    expect((await disable({ password: player.password, code: await codeAt(secret) })).body.value).toEqual({
      done: true,
    });
    const plain = await loginAs(sut, player.account, player.password);
    expect(plain.body.value.twoFactorRequired).toBe(false);

    const trial = (await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} })).body
      .value.token;
    expect((await call(sut, { method: 'POST', url: '/wps/member/2fa/setup', token: trial })).body.code).toBe(
      'TRIAL_ACCOUNT',
    );
  });
});
