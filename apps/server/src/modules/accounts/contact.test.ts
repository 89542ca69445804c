import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { demoAccounts } from './accounts.seed.ts';
import { findMemberByAccount } from './members.repository.ts';
import { call, lastSmsCode, playerLogin } from './accounts.test-support.ts';

let sut: TestApp;
let token: string;
beforeAll(async () => {
  sut = await buildTestApp();
  token = await playerLogin(sut);
});
afterAll(async () => {
  await sut.close();
});

const update = (body: Record<string, string>) =>
  call(sut, { method: 'PUT', url: '/wps/member/contact', token, sealed: true, body });
const row = async () => (await findMemberByAccount(sut.db, demoAccounts.player.account))!;

describe('PUT /wps/member/contact', () => {
  it('asks for the password again and checks the email rule before changing the email', async () => {
    expect((await update({ password: 'wrong-password', email: 'new@khela.local' })).body.code).toBe(
      'WRONG_PASSWORD',
    );
    const bad = await update({ password: demoAccounts.player.password, email: 'nope@nowhere' });
    expect(bad.body.value.issues[0]).toEqual({ field: 'email', reason: 'pattern email', rule: 'invalid' });
    expect((await row()).email).toBe('player@khela.local');
    const ok = await update({ password: demoAccounts.player.password, email: 'new@khela.local' });
    expect(ok.body.value.email).toBe('ne*@khela.local');
    expect((await row()).email).toBe('new@khela.local');
  });

  it('changes the number only with an SMS code sent to the new, free number', async () => {
    const taken = await call(sut, {
      method: 'POST',
      url: '/wps/verification/sms/member',
      token,
      body: { mobileNum: '01700000001', countryDialingCode: '+880' },
    });
    expect(taken.body.code).toBe('MOBILE_TAKEN');
    const sent = await call(sut, {
      method: 'POST',
      url: '/wps/verification/sms/member',
      token,
      body: { mobileNum: '01755555555', countryDialingCode: '+880' },
    });
    expect(sent.body.value.expiredMinutes).toBe(5);
    const withoutCode = await update({ password: demoAccounts.player.password, mobileNum: '01755555555' });
    expect(withoutCode.body.value.issues[0].field).toBe('verificationCode');
    const code = await lastSmsCode(sut, '+8801755555555');
    const ok = await update({
      password: demoAccounts.player.password,
      mobileNum: '01755555555',
      verificationCode: code,
    });
    expect(ok.body.value.mobileNum).toBe('+880******5555');
    expect((await row()).mobile).toBe('+8801755555555');
    expect(
      (
        await call(sut, {
          method: 'PUT',
          url: '/wps/member/contact',
          sealed: true,
          body: { password: 'x', email: 'a@b.c' },
        })
      ).status,
    ).toBe(401);
  });

  it('answers MOBILE_UNCHANGED, not a 500, when the current number is saved again', async () => {
    const current = (await row()).mobile!;
    const national = `0${current.slice(4)}`;
    const again = await update({
      password: demoAccounts.player.password,
      mobileNum: national,
      verificationCode: '123456',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'MOBILE_UNCHANGED', message: 'err_mobile_unchanged' });
    expect(again.body.value.issues[0].field).toBe('mobileNum');
    const code = await call(sut, {
      method: 'POST',
      url: '/wps/verification/sms/member',
      token,
      body: { mobileNum: national, countryDialingCode: '+880' },
    });
    expect(code.body.code).toBe('MOBILE_UNCHANGED');
    // The same number with a new email changes the email alone.
    const withEmail = await update({
      password: demoAccounts.player.password,
      mobileNum: national,
      email: 'again@khela.local',
    });
    expect(withEmail.status).toBe(200);
    expect((await row()).mobile).toBe(current);
    expect((await row()).email).toBe('again@khela.local');
  });
});
