import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { members } from './accounts.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import { findMemberByAccount } from './members.repository.ts';
import { call, playerLogin } from './accounts.test-support.ts';

let sut: TestApp;
let token: string;
beforeAll(async () => {
  sut = await buildTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  // A member who has none yet (e.g. one who signed up with Google).
  await sut.db
    .update(members)
    .set({ paymentPasswordHash: null })
    .where(eq(members.account, demoAccounts.player.account));
  token = await playerLogin(sut);
});
afterAll(async () => {
  await sut.close();
});

const setIt = (body: Record<string, string>, as: string | null = token, sealed = true) =>
  call(sut, { method: 'POST', url: '/wps/member/password/payment', token: as, sealed, body });
const hashOf = async () =>
  (await findMemberByAccount(sut.db, demoAccounts.player.account))!.paymentPasswordHash;
const info = async () => (await call(sut, { method: 'GET', url: '/wps/member/info', token })).body.value;
const transfer = (paymentPassword: string) =>
  call(sut, {
    method: 'POST',
    url: '/wps/wallet/transferUpline',
    token,
    sealed: true,
    body: { amount: '1', paymentPassword, requestId: `pp-${paymentPassword}-${Date.now()}` },
  });

describe('POST /wps/member/password/payment', () => {
  it('refuses bad input and changes nothing', async () => {
    const valid = {
      password: demoAccounts.player.password,
      newPaymentPassword: '975310',
      confirmPaymentPassword: '975310',
    };
    expect((await setIt({ ...valid, password: 'not-my-password' })).body.code).toBe('WRONG_PASSWORD');
    const pattern = await setIt({ ...valid, newPaymentPassword: 'abc123', confirmPaymentPassword: 'abc123' });
    expect(pattern.status).toBe(400);
    expect(pattern.body.value.issues[0].field).toBe('newPaymentPassword');
    const mismatch = await setIt({ ...valid, confirmPaymentPassword: '975311' });
    expect(mismatch.body.value.issues[0].field).toBe('confirmPaymentPassword');
    const empty = await setIt({ ...valid, newPaymentPassword: '' });
    expect(empty.status).toBe(400);
    expect((await setIt(valid, token, false)).body.code).toBe('ENCRYPTION_REQUIRED');
    expect(await hashOf()).toBeNull();
    expect((await info()).hasPaymentPassword).toBe(false);
    expect((await transfer('975310')).body.code).toBe('PAYMENT_PASSWORD_NOT_SET');
  });

  it('refuses a guest', async () => {
    const guest = await setIt(
      { password: 'x', newPaymentPassword: '975310', confirmPaymentPassword: '975310' },
      null,
    );
    expect(guest.status).toBe(401);
  });

  it('sets the payment password, which then confirms money movements; a change replaces it', async () => {
    const first = await setIt({
      password: demoAccounts.player.password,
      newPaymentPassword: '975310',
      confirmPaymentPassword: '975310',
    });
    expect(first.body).toMatchObject({ success: true, value: { hasPaymentPassword: true } });
    expect((await info()).hasPaymentPassword).toBe(true);
    // The wallet has nothing in it: a right password gets as far as the funds check.
    expect((await transfer('975310')).body.code).toBe('INSUFFICIENT_FUNDS');
    await setIt({
      password: demoAccounts.player.password,
      newPaymentPassword: '864200',
      confirmPaymentPassword: '864200',
    });
    expect((await transfer('975310')).body.code).toBe('WRONG_PASSWORD');
    expect((await transfer('864200')).body.code).toBe('INSUFFICIENT_FUNDS');
  });
});
