import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { lastSmsCode, sendSmsCode, useSharedAccountsApp } from '../accounts/accounts.test-support.ts';
import { createHttpSmsProvider } from './sms.provider.ts';
import { MAX_CODE_ATTEMPTS, normaliseMobile, useVerificationCode } from './sms.service.ts';
import { verificationCodes } from './sms.tables.ts';

let sut: TestApp;
useSharedAccountsApp(
  {
    SMS_MAX_PER_NUMBER: '2',
    SMS_MAX_PER_IP: '3',
    SMS_DAILY_QUOTA_PER_NUMBER: '3',
  },
  (app) => {
    sut = app;
  },
);

const player = '+8801700000002';
const sendLoginCode = (ip = '127.0.0.1', mobileNum = '01700000002') =>
  sendSmsCode(sut, { url: '/wps/verification/sms/noLogin', mobileNum, ip });
const sendRegisterCode = (mobileNum: string, ip: string) =>
  sendSmsCode(sut, { url: '/wps/verification/sms/register', mobileNum, ip, extra: { regType: 'mobile' } });

describe('SMS send limits', () => {
  it("refuses a third send to one number within 5 minutes: 'Too many requests, please try again after 5 minutes'", async () => {
    expect((await sendLoginCode('10.0.0.1')).status).toBe(200);
    expect((await sendLoginCode('10.0.0.2')).status).toBe(200);
    const third = await sendLoginCode('10.0.0.3');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'err_too_many_requests',
      value: { retryAfterSeconds: 300 },
    });
  });

  it('refuses a fourth send from one address to different numbers, and a new window lets it through', async () => {
    for (const number of ['01733333331', '01733333332', '01733333333']) {
      expect((await sendRegisterCode(number, '10.0.0.9')).status).toBe(200);
    }
    expect((await sendRegisterCode('01733333334', '10.0.0.9')).status).toBe(429);
    expect((await sendRegisterCode('01733333334', '10.0.0.10')).status).toBe(200);
  });

  it('stops a number at its daily quota (QUOTA_EXCEEDED)', async () => {
    await sendLoginCode('10.0.1.1');
    await sendLoginCode('10.0.1.2');
    await sut.db.execute(sql`update auth_counters set window_ends_at = now() where key like 'sms:number:%'`);
    expect((await sendLoginCode('10.0.1.3')).status).toBe(200);
    await sut.db.execute(sql`update auth_counters set window_ends_at = now() where key like 'sms:number:%'`);
    const over = await sendLoginCode('10.0.1.4');
    expect(over.body).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'err_quota_exceeded' });
  });
});

describe('SMS codes', () => {
  it('are six digits, stored hashed, and die after 5 wrong tries', async () => {
    await sendLoginCode();
    const code = await lastSmsCode(sut, player);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await sut.db.select().from(verificationCodes);
    expect(row!.codeHash).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt += 1) {
      await expect(
        useVerificationCode({ db: sut.db, mobile: player, purpose: 'login', code: wrong }),
      ).rejects.toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
        value: { triesLeft: MAX_CODE_ATTEMPTS - attempt },
      });
    }
    await expect(
      useVerificationCode({ db: sut.db, mobile: player, purpose: 'login', code }),
    ).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
    });
  });

  it('expire after expiredMinutes, and a new code retires the old one', async () => {
    await sendLoginCode();
    const first = await lastSmsCode(sut, player);
    await sendLoginCode('10.0.0.7');
    const second = await lastSmsCode(sut, player);
    if (first !== second) {
      await expect(
        useVerificationCode({ db: sut.db, mobile: player, purpose: 'login', code: first }),
      ).rejects.toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
      });
    }
    await sut.db.update(verificationCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    await expect(
      useVerificationCode({ db: sut.db, mobile: player, purpose: 'login', code: second }),
    ).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
    });
  });

  it('live for the brand setting', async () => {
    const { updateSettings } = await import('../settings/settings.service.ts');
    await updateSettings(sut.db, { sms: { expiredMinutes: 10 } });
    expect((await sendLoginCode()).body.value).toEqual({ expiredMinutes: 10 });
    const [row] = await sut.db.select().from(verificationCodes);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(600_000, -3);
  });
});

describe('normaliseMobile', () => {
  it('gives E.164 from national forms and refuses impossible numbers', () => {
    expect(normaliseMobile({ mobileNum: '01712-345 678', countryDialingCode: '+880' })).toBe(
      '+8801712345678',
    );
    expect(normaliseMobile({ mobileNum: '1712345678', countryDialingCode: '880' })).toBe('+8801712345678');
    expect(normaliseMobile({ mobileNum: '09012345678', countryDialingCode: '+81' })).toBe('+819012345678');
    expect(() => normaliseMobile({ mobileNum: '123', countryDialingCode: '+880' })).toThrow(
      expect.objectContaining({ code: 'PHONE_INVALID' }),
    );
  });
});

describe('the HTTP SMS provider', () => {
  it('posts JSON with the bearer token and reports a refusal as DELIVERY_FAILED', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    let status = 200;
    const provider = createHttpSmsProvider({
      url: 'https://sms.example.test/send',
      token: 'secret-token',
      sender: 'Khela',
      fetch: (async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response('{}', { status });
      }) as typeof fetch,
    });
    await provider.send({ to: '+8801700000002', body: 'code 123456' });
    expect(seen[0]!.url).toBe('https://sms.example.test/send');
    expect(seen[0]!.init.headers).toMatchObject({ authorization: 'Bearer secret-token' });
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({
      to: '+8801700000002',
      from: 'Khela',
      text: 'code 123456',
    });
    status = 500;
    await expect(provider.send({ to: '+8801700000002', body: 'x' })).rejects.toMatchObject({
      code: 'DELIVERY_FAILED',
    });
  });
});
