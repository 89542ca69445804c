import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { createCaptcha } from '../captcha/captcha.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { memberAgreements, members } from './accounts.tables.ts';
import {
  call,
  lastSmsCode,
  loginAs,
  sendSmsCode,
  useSharedAccountsApp,
  solveAltcha,
} from './accounts.test-support.ts';

let sut: TestApp;
useSharedAccountsApp({}, (app) => {
  sut = app;
});

const memberInfo = (token: string) => call(sut, { method: 'GET', url: '/wps/member/info', token });

async function registrationBody(overrides: Record<string, unknown> = {}) {
  const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
  return {
    username: 'newplayer1',
    password: 'Sunny-river-42',
    confirmPassword: 'Sunny-river-42',
    paymentPassword: '135790',
    email: 'new@example.com',
    captchaId,
    captcha: answer,
    registerUrl: 'http://localhost/register',
    domain: 'localhost',
    countryDialingCode: '+880',
    registerMethod: 'WEB',
    login: true,
    altcha: await solveAltcha(sut),
    ageConfirmed: true,
    termsVersion: '1',
    ...overrides,
  };
}

const register = (body: unknown, url = '/wps/member/register') =>
  call(sut, { method: 'PUT', url, sealed: true, body });
const countMembers = async () => (await sut.db.select({ id: members.id }).from(members)).length;

describe('PUT /wps/member/register', () => {
  it('creates the account, answers a session, and the password works', async () => {
    const answer = await register(
      await registrationBody({ affiliateCode: 'khela01', referralCode: 'KHELA01' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({
      username: 'newplayer1',
      session: { twoFactorRequired: false, firstTimeLogin: true, isAgent: 0, username: 'newplayer1' },
    });
    const info = await memberInfo(answer.body.value.session.token);
    expect(info.body.value).toMatchObject({ account: 'newplayer1', toUpline: 'demoagent', type: 0 });
    const [row] = await sut.db.select().from(members).where(eq(members.account, 'newplayer1'));
    expect(row).toMatchObject({
      referralCode: 'KHELA01',
      registerMethod: 'WEB',
      registerDomain: 'localhost',
      email: 'new@example.com',
    });
    expect(row!.paymentPasswordHash).toMatch(/^scrypt\$/);
    expect((await loginAs(sut, 'newplayer1', 'Sunny-river-42')).status).toBe(200);
  });

  it('answers no session when login is false', async () => {
    const answer = await register(await registrationBody({ login: false }));
    expect(answer.body.value.session).toBeNull();
  });

  it('records the age confirmed and the terms accepted; refuses without them or with old terms, writing nothing', async () => {
    const before = await countMembers();
    const none = await register(await registrationBody({ ageConfirmed: undefined, termsVersion: undefined }));
    expect(none.status).toBe(400);
    expect(none.body.value.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'ageConfirmed', reason: 'Required' }),
        expect.objectContaining({ field: 'termsVersion', reason: 'Required' }),
      ]),
    );
    // The operator publishes new terms and a minimum age of 21: the form's settings say so.
    await updateSettings(sut.db, { registration: { minimumAge: 21, termsVersion: '2026-12' } });
    const rules = await call(sut, { method: 'GET', url: '/wps/system/setting/register' });
    expect(rules.body.value).toMatchObject({ minimumAge: 21, termsVersion: '2026-12' });
    // A page loaded before (the old version) and an unticked age box are refused.
    const stale = await register(await registrationBody({ ageConfirmed: false }));
    expect(stale.body.value.issues).toEqual([
      expect.objectContaining({ field: 'ageConfirmed', reason: 'Required' }),
      expect.objectContaining({ field: 'termsVersion', reason: 'the terms are now version 2026-12' }),
    ]);
    expect(await countMembers()).toBe(before);

    const ok = await register(await registrationBody({ termsVersion: '2026-12' }));
    expect(ok.status).toBe(200);
    expect(
      await sut.db.select().from(memberAgreements).where(eq(memberAgreements.memberId, ok.body.value.id)),
    ).toEqual([expect.objectContaining({ minimumAge: 21, termsVersion: '2026-12', source: 'register' })]);
  });

  it('follows the operator rules: a required optional field, a disabled field, the * pattern', async () => {
    await updateSettings(sut.db, {
      register: {
        whatsapp: {
          enabled: true,
          required: true,
          acceptedPattern: '*',
          patternId: 'any',
          minLength: 3,
          maxLength: 20,
        },
        email: {
          enabled: false,
          required: false,
          acceptedPattern: '^$',
          patternId: 'email',
          minLength: 0,
          maxLength: 5,
        },
      },
    });
    const missing = await register(await registrationBody());
    expect(missing.body.value.issues).toEqual([{ field: 'whatsapp', reason: 'Required', rule: 'required' }]);
    const ok = await register(await registrationBody({ whatsapp: 'any thing!' }));
    expect(ok.status).toBe(200);
    const [row] = await sut.db.select().from(members).where(eq(members.account, 'newplayer1'));
    expect(row).toMatchObject({ whatsapp: 'any thing!', email: null });
  });

  it('refuses a duplicate username (any case) with 409 USERNAME_TAKEN', async () => {
    const answer = await register(await registrationBody({ username: 'DemoPlayer' }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'USERNAME_TAKEN', value: { issues: [{ field: 'username' }] } });
  });

  it('refuses an operator’s username: names stay unique across staff and players', async () => {
    const answer = await register(await registrationBody({ username: 'Operator' }));
    expect(answer.body).toMatchObject({ code: 'USERNAME_TAKEN', value: { issues: [{ field: 'username' }] } });
    expect(await countMembers()).toBe(3);
  });

  it('refuses an unknown affiliate code with invitation_code_error', async () => {
    const answer = await register(await registrationBody({ affiliateCode: 'NOPE1234' }));
    expect(answer.body).toMatchObject({ code: 'INVALID_AFFILIATE_CODE', message: 'invitation_code_error' });
    expect(await countMembers()).toBe(3);
  });

  it("sets the upline from the link's referralCode when no invitation code is typed", async () => {
    const answer = await register(await registrationBody({ referralCode: 'KHELA01' }));
    expect(answer.status).toBe(200);
    const info = await memberInfo(answer.body.value.session.token);
    expect(info.body.value).toMatchObject({ account: 'newplayer1', toUpline: 'demoagent' });
  });

  it('refuses a referralCode that names no agent, on that field, and creates nothing', async () => {
    const answer = await register(await registrationBody({ referralCode: 'FRIEND1' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'INVALID_AFFILIATE_CODE',
      value: { issues: [{ field: 'referralCode' }] },
    });
    expect(await countMembers()).toBe(3);
  });

  it('refuses every registration on the agent site (registrationKindsOf, as the web hides Register)', async () => {
    const body = await registrationBody();
    const answer = await call(sut, {
      method: 'PUT',
      url: '/wps/member/register',
      sealed: true,
      body,
      host: 'agent.localhost',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FEATURE_DISABLED');
    expect(await countMembers()).toBe(3);
  });

  it('refuses a wrong captcha and a missing ALTCHA answer', async () => {
    expect((await register(await registrationBody({ captcha: 'zzzz' }))).body.code).toBe('CAPTCHA_INVALID');
    const noAltcha = await register(await registrationBody({ altcha: undefined }));
    expect(noAltcha.body.value.issues).toContainEqual(expect.objectContaining({ field: 'altcha' }));
  });

  it('verifies a mobile number given at registration with an SMS code (REGMOBVERF3)', async () => {
    const withoutCode = await register(await registrationBody({ mobileNum: '01711111111' }));
    expect(withoutCode.body.value.issues).toContainEqual(
      expect.objectContaining({ field: 'verificationCode', reason: 'Required' }),
    );
    const sent = await sendSmsCode(sut, {
      url: '/wps/verification/sms/register',
      mobileNum: '01711111111',
      extra: { regType: 'username' },
    });
    expect(sent.body.value.expiredMinutes).toBe(5);
    const code = await lastSmsCode(sut, '+8801711111111');
    const wrong = await register(
      await registrationBody({
        mobileNum: '01711111111',
        verificationCode: '000000' === code ? '111111' : '000000',
      }),
    );
    expect(wrong.body.code).toBe('VERIFICATION_CODE_INVALID');
    const ok = await register(await registrationBody({ mobileNum: '01711111111', verificationCode: code }));
    expect(ok.status).toBe(200);
    const [row] = await sut.db.select().from(members).where(eq(members.account, 'newplayer1'));
    expect(row!.mobile).toBe('+8801711111111');
  });

  it('is refused when direct registration is off', async () => {
    await updateSettings(sut.db, { features: { directRegistration: false } });
    expect((await register(await registrationBody())).body.code).toBe('FEATURE_DISABLED');
  });
});

describe('PUT /wps/member/register with a bad field', () => {
  it.each([
    ['username', { username: '1abcdef' }, 'pattern first_letter_then_mix'],
    ['username', { username: 'abc' }, 'must be 6 to 16 characters'],
    ['password', { password: 'password123', confirmPassword: 'password123' }, 'too common'],
    ['password', { password: 'Short-1', confirmPassword: 'Short-1' }, 'must be at least 8 characters'],
    ['confirmPassword', { confirmPassword: 'Sunny-river-43' }, 'must match password'],
    ['paymentPassword', { paymentPassword: undefined }, 'Required'],
    ['paymentPassword', { paymentPassword: '12ab56' }, 'pattern digits'],
    ['email', { email: 'not-an-email' }, 'pattern email'],
    ['captcha', { captcha: undefined }, 'Required'],
    ['mobileNum', { mobileNum: '0123' }, 'must be 10 to 11 characters'],
  ])('refuses a bad %s (%j) with 400 naming it, and creates nothing', async (field, overrides, reason) => {
    const before = await countMembers();
    const answer = await register(await registrationBody(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.value.issues).toContainEqual(expect.objectContaining({ field, reason }));
    expect(await countMembers()).toBe(before);
  });
});

describe('PUT /wps/member/register/mobile', () => {
  it('registers by mobile number and code, with a generated username', async () => {
    await sendSmsCode(sut, {
      url: '/wps/verification/sms/register',
      mobileNum: '01722222222',
      extra: { regType: 'mobile' },
    });
    const code = await lastSmsCode(sut, '+8801722222222');
    const body = await registrationBody({
      username: undefined,
      mobileNum: '01722222222',
      verificationCode: code,
    });
    const answer = await register(body, '/wps/member/register/mobile');
    expect(answer.body).toMatchObject({ success: true });
    expect(answer.body.value.username).toBe('m1722222222');
    expect(answer.body.value.session.token).toEqual(expect.any(String));
    // The code was used: the same registration again is refused.
    const again = await register(
      await registrationBody({ username: 'another1', mobileNum: '01722222222', verificationCode: code }),
      '/wps/member/register/mobile',
    );
    expect(again.body.code).toBe('MOBILE_TAKEN');
  });

  it('needs the number and the code, and refuses a number already registered', async () => {
    const missing = await register(
      await registrationBody({ username: undefined }),
      '/wps/member/register/mobile',
    );
    expect(missing.body.value.issues).toEqual(
      expect.arrayContaining([
        { field: 'mobileNum', reason: 'Required', rule: 'required' },
        { field: 'verificationCode', reason: 'Required', rule: 'required' },
      ]),
    );
    const taken = await sendSmsCode(sut, {
      url: '/wps/verification/sms/register',
      mobileNum: '01700000002',
      extra: { regType: 'mobile' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'MOBILE_TAKEN', message: 'err_mobile_taken' });
  });
});

describe('GET /wps/agent/affiliate', () => {
  it('succeeds for an agent code and fails for anything else', async () => {
    const ok = await call(sut, { method: 'GET', url: '/wps/agent/affiliate?code=khela01&domain=localhost' });
    expect(ok.body).toEqual({ success: true, value: { code: 'KHELA01' } });
    const bad = await call(sut, { method: 'GET', url: '/wps/agent/affiliate?code=NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('invitation_code_error');
    expect((await call(sut, { method: 'GET', url: '/wps/agent/affiliate' })).body.value.issues[0].field).toBe(
      'code',
    );
  });
});
