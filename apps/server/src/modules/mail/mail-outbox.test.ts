import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { demoAccounts } from '../accounts/accounts.seed.ts';
import { call, loginAs, operatorLogin, useSharedAccountsApp } from '../accounts/accounts.test-support.ts';
import { createOutboxMailProvider, mailQueueIdle } from './mail.service.ts';

let sut: TestApp;
useSharedAccountsApp({}, (app) => {
  sut = app;
});

const { player } = demoAccounts;
const url = '/api/operator/mail/outbox';

describe('GET /api/operator/mail/outbox', () => {
  it('lists the newest mails first, filtered by address and cut at the limit', async () => {
    const outbox = createOutboxMailProvider(sut.db);
    await outbox.send({ to: 'someone@mail.test', subject: 'First', text: 'one' });
    // A real reset mail, through the forgot-password call.
    const reset = await sut.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      payload: `username=${player.account}&email=${encodeURIComponent(player.email)}`,
    });
    expect(reset.statusCode).toBe(200);
    await mailQueueIdle(); // the reset mail goes out after the answer
    await outbox.send({ to: 'someone@mail.test', subject: 'Third', text: 'three' });
    const token = await operatorLogin(sut);

    const all = await call(sut, { method: 'GET', url, token });
    expect(all.status).toBe(200);
    expect(all.body.value.map((mail: { subject: string }) => mail.subject)).toEqual([
      'Third',
      expect.any(String),
      'First',
    ]);

    const toPlayer = await call(sut, {
      method: 'GET',
      url: `${url}?to=${encodeURIComponent(player.email)}`,
      token,
    });
    expect(toPlayer.body.value).toHaveLength(1);
    const [mail] = toPlayer.body.value;
    expect(mail).toMatchObject({ id: expect.any(Number), to: player.email, createdAt: expect.any(Number) });
    expect(mail.text).toContain('http://localhost/resetPassword?token=');
    expect(Math.abs(mail.createdAt - Date.now())).toBeLessThan(60_000);

    const limited = await call(sut, { method: 'GET', url: `${url}?limit=1`, token });
    expect(limited.body.value.map((row: { subject: string }) => row.subject)).toEqual(['Third']);
  });

  it('refuses a limit outside 1-200', async () => {
    const token = await operatorLogin(sut);
    const zero = await call(sut, { method: 'GET', url: `${url}?limit=0`, token });
    expect(zero.status).toBe(400);
    expect(zero.body.code).toBe('VALIDATION_FAILED');
    expect((await call(sut, { method: 'GET', url: `${url}?limit=201`, token })).status).toBe(400);
  });

  it('refuses callers without a token and players', async () => {
    expect((await call(sut, { method: 'GET', url })).status).toBe(401);
    const playerToken = (await loginAs(sut, player.account, player.password)).body.value.token;
    expect((await call(sut, { method: 'GET', url, token: playerToken })).status).toBe(403);
  });
});
