import { describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { mailQueueIdle } from '../mail/mail.service.ts';
import { mailOutbox } from '../mail/mail.tables.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { members, passwordResetTokens } from './accounts.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import { call, lastSmsCode, loginAs, sendSmsCode, useSharedAccountsApp } from './accounts.test-support.ts';

let sut: TestApp;
useSharedAccountsApp({}, (app) => {
  sut = app;
});

const { player, forcedChange } = demoAccounts;
const memberInfo = (token: string) => call(sut, { method: 'GET', url: '/wps/member/info', token });

describe('POST /wps/member/password', () => {
  const change = (token: string | null, body: Record<string, string>, sealed = true) =>
    call(sut, { method: 'POST', url: '/wps/member/password', token, sealed, body });

  it('changes the password, ends every other session and answers a new token', async () => {
    const token = (await loginAs(sut, forcedChange.account, forcedChange.password)).body.value.token;
    const elsewhere = (await loginAs(sut, forcedChange.account, forcedChange.password)).body.value.token;
    const answer = await change(token, {
      oldPassword: '123456',
      newPassword: 'Brand-new-pass-7',
      confirmNewPassword: 'Brand-new-pass-7',
    });
    expect(answer.status).toBe(200);
    const fresh: string = answer.body.value.token;
    expect((await memberInfo(token)).body.code).toBe('TOKEN_EXPIRED');
    expect((await memberInfo(elsewhere)).body.code).toBe('TOKEN_EXPIRED');
    expect((await memberInfo(fresh)).body.value.passwordExpired).toBe(false);
    expect((await loginAs(sut, forcedChange.account, '123456')).body.code).toBe('LOGIN_FAILED');
    expect((await loginAs(sut, forcedChange.account, 'Brand-new-pass-7')).body.value.passwordExpired).toBe(
      false,
    );
  });

  it('refuses a wrong old password, a weak or mismatched new one, and changes nothing', async () => {
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    const [before] = await sut.db.select().from(members).where(eq(members.account, player.account));
    const cases: [Record<string, string>, string, string][] = [
      [
        {
          oldPassword: 'wrong-one-123',
          newPassword: 'Brand-new-pass-7',
          confirmNewPassword: 'Brand-new-pass-7',
        },
        'WRONG_PASSWORD',
        'oldPassword',
      ],
      [
        { oldPassword: player.password, newPassword: 'qwerty123', confirmNewPassword: 'qwerty123' },
        'VALIDATION_FAILED',
        'newPassword',
      ],
      [
        { oldPassword: player.password, newPassword: 'short', confirmNewPassword: 'short' },
        'VALIDATION_FAILED',
        'newPassword',
      ],
      [
        { oldPassword: player.password, newPassword: 'has space 123', confirmNewPassword: 'has space 123' },
        'VALIDATION_FAILED',
        'newPassword',
      ],
      [
        {
          oldPassword: player.password,
          newPassword: 'Brand-new-pass-7',
          confirmNewPassword: 'Brand-new-pass-8',
        },
        'VALIDATION_FAILED',
        'confirmNewPassword',
      ],
      [
        { oldPassword: player.password, newPassword: player.password, confirmNewPassword: player.password },
        'VALIDATION_FAILED',
        'newPassword',
      ],
      [{ oldPassword: player.password, confirmNewPassword: 'x' }, 'VALIDATION_FAILED', 'newPassword'],
    ];
    for (const [body, code, field] of cases) {
      const answer = await change(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe(code);
      expect(answer.body.value.issues[0].field).toBe(field);
    }
    const [after] = await sut.db.select().from(members).where(eq(members.account, player.account));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await memberInfo(token)).status).toBe(200);
  });

  it('needs a session and a sealed body', async () => {
    const body = {
      oldPassword: 'a',
      newPassword: 'Brand-new-pass-7',
      confirmNewPassword: 'Brand-new-pass-7',
    };
    expect((await change(null, body)).status).toBe(401);
    const token = (await loginAs(sut, player.account, player.password)).body.value.token;
    expect((await change(token, body, false)).body.code).toBe('ENCRYPTION_REQUIRED');
  });
});

describe('forgot password by email', () => {
  const requestLink = (body: string, remoteAddress = '127.0.0.1') =>
    sut.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      payload: body,
    });

  async function mailedToken(): Promise<string> {
    // The mail goes out after the answer (mail/mail.service.ts, sendAfterAnswer).
    await mailQueueIdle();
    const [mail] = await sut.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, player.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail!.text).toContain('http://localhost/resetPassword?token=');
    return /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  }

  const reset = (token: string, newPassword = 'Fresh-start-2026') =>
    call(sut, {
      method: 'POST',
      url: '/wps/member/password/reset',
      sealed: true,
      body: { token, newPassword, confirmNewPassword: newPassword },
    });

  it('mails a single-use link that sets a new password, ends sessions and unlocks the account', async () => {
    const session = (await loginAs(sut, player.account, player.password)).body.value.token;
    await sut.db
      .update(members)
      .set({ lockedUntil: sql`now() + interval '1 hour'` })
      .where(eq(members.account, player.account));
    const answer = await requestLink('username=demoplayer&email=PLAYER%40khela.local');
    expect(answer.json()).toEqual({ success: true, value: { expiredMinutes: 30 } });
    const token = await mailedToken();
    expect((await sut.db.select().from(passwordResetTokens))[0]!.tokenHash).not.toBe(token);

    const check = await call(sut, {
      method: 'POST',
      url: '/wps/member/password/reset/check',
      body: { token },
    });
    expect(check.body.value).toEqual({ username: 'demoplayer' });
    const weak = await reset(token, 'password1');
    expect(weak.body.value.issues[0]).toEqual({
      field: 'newPassword',
      reason: 'too common',
      rule: 'invalid',
    });
    expect((await reset(token)).body.value).toEqual({ username: 'demoplayer' });
    expect((await memberInfo(session)).body.code).toBe('TOKEN_EXPIRED');
    expect((await loginAs(sut, player.account, 'Fresh-start-2026')).status).toBe(200);

    const again = await reset(token, 'Another-start-2026');
    expect(again.body).toMatchObject({ code: 'RESET_LINK_INVALID', message: 'err_reset_link_invalid' });
    const recheck = await call(sut, {
      method: 'POST',
      url: '/wps/member/password/reset/check',
      body: { token },
    });
    expect(recheck.body.code).toBe('RESET_LINK_INVALID');
  });

  it('expires links, and a newer link retires the older one', async () => {
    await requestLink('username=demoplayer&email=player@khela.local');
    const older = await mailedToken();
    await requestLink('username=demoplayer&email=player@khela.local');
    const newer = await mailedToken();
    expect((await reset(older)).body.code).toBe('RESET_LINK_INVALID');
    await sut.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await reset(newer)).body.code).toBe('RESET_LINK_INVALID');
  });

  it('answers a wrong pair as a right one, mailing nothing, and 400 for a missing field', async () => {
    // From addresses of their own: the route allows 5 a minute per address.
    const right = await requestLink('username=demoplayer&email=player%40khela.local', '10.5.0.1');
    await mailQueueIdle();
    await sut.db.delete(mailOutbox);
    for (const [index, pair] of [
      'username=demoplayer&email=other%40khela.local',
      'username=nosuchmember&email=player%40khela.local',
      'username=demoagent&email=player%40khela.local',
    ].entries()) {
      const wrong = await requestLink(pair, `10.5.1.${index + 1}`);
      expect([wrong.statusCode, wrong.json()]).toEqual([right.statusCode, right.json()]);
    }
    expect(right.statusCode).toBe(200);
    const missing = await requestLink('username=demoplayer');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().value.issues[0].field).toBe('email');
    await mailQueueIdle();
    expect(await sut.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe('forgot password by phone', () => {
  const byPhone = (verificationCode: string, newPassword = 'Phone-reset-2026', mobileNum = '01700000002') =>
    call(sut, {
      method: 'POST',
      url: '/wps/member/password/verification',
      sealed: true,
      body: {
        mobileNum,
        countryDialingCode: '+880',
        verificationCode,
        newPassword,
        confirmNewPassword: newPassword,
      },
    });

  it('sets the password with an SMS code, ends the old sessions and answers the new login', async () => {
    const session = (await loginAs(sut, player.account, player.password)).body.value.token;
    const sent = await sendSmsCode(sut, {
      url: '/wps/verification/sms/noLogin',
      mobileNum: '01700000002',
      extra: { purpose: 'resetPassword' },
    });
    expect(sent.status).toBe(200);
    const code = await lastSmsCode(sut, player.mobile);
    const weak = await byPhone(code, 'iloveyou1');
    expect(weak.body.value.issues[0].field).toBe('newPassword');
    const reset = await byPhone(code);
    expect(reset.body.value).toMatchObject({
      username: 'demoplayer',
      login: { twoFactorRequired: false, username: 'demoplayer', passwordExpired: false },
    });
    expect((await memberInfo(session)).body.code).toBe('TOKEN_EXPIRED');
    expect((await memberInfo(reset.body.value.login.token)).body.value.account).toBe('demoplayer');
    expect((await loginAs(sut, player.account, 'Phone-reset-2026')).status).toBe(200);
    expect((await byPhone(code)).body.code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('logs the member in even when the login captcha is on for the account (no captcha to show)', async () => {
    let needsCaptcha = false;
    for (let attempt = 0; attempt < 10 && !needsCaptcha; attempt += 1) {
      needsCaptcha = (await loginAs(sut, player.account, 'Wrong-guess-1')).body.value?.captcha === true;
    }
    expect(needsCaptcha).toBe(true);
    await sendSmsCode(sut, {
      url: '/wps/verification/sms/noLogin',
      mobileNum: '01700000002',
      extra: { purpose: 'resetPassword' },
    });
    const reset = await byPhone(await lastSmsCode(sut, player.mobile), 'Captcha-free-2026');
    expect(reset.status).toBe(200);
    expect((await memberInfo(reset.body.value.login.token)).body.value.account).toBe('demoplayer');
  });

  it('answers a number with no account as a registered one: a guess fails as a wrong code', async () => {
    // The known number first, then two unknown ones, each from an address of its own (send limits).
    const unknown = '01700000091';
    for (const [mobileNum, ip] of [
      ['01700000002', '10.6.0.1'],
      [unknown, '10.6.0.2'],
    ] as const) {
      const sent = await sendSmsCode(sut, {
        url: '/wps/verification/sms/noLogin',
        mobileNum,
        ip,
        extra: { purpose: 'resetPassword' },
      });
      expect(sent.status).toBe(200);
    }
    const code = await lastSmsCode(sut, player.mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answer = async (reply: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await reply;
      return { status, body };
    };
    const known = await answer(byPhone(wrong));
    expect(known.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', value: { triesLeft: 4 } });
    expect(await answer(byPhone(wrong, undefined, unknown))).toEqual(known);
    // "Not the username" is judged only after the code: a guess cannot pair a number with a name.
    expect((await byPhone(wrong, 'demoplayer')).body.code).toBe('VERIFICATION_CODE_INVALID');
    // No code was ever asked for this one: the answer of a known number whose code is used up.
    const neverSent = await answer(byPhone(wrong, undefined, '01700000092'));
    expect(neverSent.body).toMatchObject({ code: 'VERIFICATION_CODE_EXPIRED' });
    expect((await byPhone(code)).status).toBe(200);
    expect(await answer(byPhone(code))).toEqual(neverSent);
  });

  it('does not take a login code, and is off without CHNGPASSVERIF3', async () => {
    await sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum: '01700000002' });
    const loginCode = await lastSmsCode(sut, player.mobile);
    expect((await byPhone(loginCode)).body.code).toBe('VERIFICATION_CODE_EXPIRED');
    await updateSettings(sut.db, { features: { changePasswordByMobile: false } });
    expect((await byPhone(loginCode)).body.code).toBe('FEATURE_DISABLED');
  });
});
