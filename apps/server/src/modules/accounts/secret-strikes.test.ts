import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authCounters } from '../counters/counters.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import { call, loginAs, operatorLogin, useSharedAccountsApp } from './accounts.test-support.ts';
import { secretLockPolicy } from './secret-strikes.ts';

const { player, operator } = demoAccounts;
/** The demo player's payment password (accounts.seed.ts). */
const paymentPassword = '246810';

const shared = useSharedAccountsApp({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' });

async function tokenOf(account: string, password: string) {
  const response = await loginAs(shared.app, account, password);
  expect(response.body.success, JSON.stringify(response.body)).toBe(true);
  return response.body.value.token as string;
}

let requestCount = 0;
const transfer = (token: string, guess: string) =>
  call(shared.app, {
    method: 'POST',
    url: '/wps/wallet/transferUpline',
    token,
    sealed: true,
    body: { amount: '1', paymentPassword: guess, requestId: `strike-${(requestCount += 1)}` },
  });
const bindAccount = (token: string, guess: string) =>
  call(shared.app, {
    method: 'POST',
    url: '/wps/withdraw/account/bind',
    token,
    sealed: true,
    body: {
      kind: 'ewallet',
      providerName: 'bKash',
      accountName: 'Demo Player',
      accountNumber: '01712345678',
      paymentPassword: guess,
    },
  });
const changePassword = (token: string, oldPassword: string) =>
  call(shared.app, {
    method: 'POST',
    url: '/wps/member/password',
    token,
    sealed: true,
    body: { oldPassword, newPassword: 'Rainy-Padma-77', confirmNewPassword: 'Rainy-Padma-77' },
  });
const setPaymentPassword = (token: string, password: string, newPaymentPassword = '975310') =>
  call(shared.app, {
    method: 'POST',
    url: '/wps/member/password/payment',
    token,
    sealed: true,
    body: { password, newPaymentPassword, confirmPaymentPassword: newPaymentPassword },
  });
const unlock = (token: string | null, body: unknown) =>
  call(shared.app, { method: 'POST', url: '/api/operator/member/unlock-secrets', token, body });

describe('payment password lockout', () => {
  it('counts wrong payment passwords per account across routes and locks money actions after five', async () => {
    const token = await tokenOf(player.account, player.password);
    const answers = [
      await transfer(token, '000001'),
      await bindAccount(token, '000002'),
      await transfer(token, '000003'),
      await bindAccount(token, '000004'),
    ];
    expect(answers.map((answer) => [answer.body.code, answer.body.value.attemptsLeft])).toEqual([
      ['WRONG_PASSWORD', 4],
      ['WRONG_PASSWORD', 3],
      ['WRONG_PASSWORD', 2],
      ['WRONG_PASSWORD', 1],
    ]);
    const before = Date.now();
    const fifth = await transfer(token, '000005');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({
      code: 'PAYMENT_PASSWORD_LOCKED',
      message: 'err_payment_password_locked',
    });
    const lockedUntil = fifth.body.value.lockedUntil as number;
    expect(lockedUntil).toBeGreaterThan(before + (secretLockPolicy.lockMinutes - 1) * 60_000);
    // Locked: even the right one is refused, on every route, and the lock does not grow.
    const right = await transfer(token, paymentPassword);
    expect(right.body).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED', value: { lockedUntil } });
    expect((await bindAccount(token, paymentPassword)).body.code).toBe('PAYMENT_PASSWORD_LOCKED');
    // Per account, not per address or session: another login from elsewhere meets the same lock.
    const other = (await loginAs(shared.app, player.account, player.password, { ip: '203.0.113.9' })).body
      .value.token as string;
    expect((await transfer(other, paymentPassword)).body.code).toBe('PAYMENT_PASSWORD_LOCKED');
  });

  it('forgets failures after a right answer', async () => {
    const token = await tokenOf(player.account, player.password);
    for (let index = 0; index < secretLockPolicy.after - 1; index += 1) await transfer(token, '111111');
    // Right password: past the check (the wallet is empty), and the count starts again.
    expect((await transfer(token, paymentPassword)).body.code).toBe('INSUFFICIENT_FUNDS');
    for (let index = 0; index < secretLockPolicy.after - 1; index += 1) {
      expect((await transfer(token, '111111')).body.code).toBe('WRONG_PASSWORD');
    }
  });

  it('unlocks when the member sets a new payment password with the login password', async () => {
    const token = await tokenOf(player.account, player.password);
    for (let index = 0; index < secretLockPolicy.after; index += 1) await transfer(token, '222222');
    expect((await transfer(token, paymentPassword)).body.code).toBe('PAYMENT_PASSWORD_LOCKED');
    expect((await setPaymentPassword(token, player.password)).body.success).toBe(true);
    expect((await transfer(token, '975310')).body.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('unlocks again once the lock time is over', async () => {
    const token = await tokenOf(player.account, player.password);
    for (let index = 0; index < secretLockPolicy.after; index += 1) await transfer(token, '333333');
    await shared.app.db
      .update(authCounters)
      .set({ windowEndsAt: new Date(Date.now() - 1000) })
      .where(eq(authCounters.key, `strike:paymentPassword:member:${await memberIdOf(player.account)}`));
    expect((await transfer(token, paymentPassword)).body.code).toBe('INSUFFICIENT_FUNDS');
  });
});

async function memberIdOf(account: string): Promise<number> {
  const info = await call(shared.app, {
    method: 'GET',
    url: '/wps/member/info',
    token: await tokenOf(account, account === player.account ? player.password : operator.password),
  });
  return info.body.value.id as number;
}

describe('login password asked again in a session', () => {
  it('ends the guessing session after five wrong old passwords and locks change-password', async () => {
    const token = await tokenOf(player.account, player.password);
    for (let index = 0; index < secretLockPolicy.after - 1; index += 1) {
      const wrong = await changePassword(token, `Wrong-guess-${index}`);
      expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', value: { attemptsLeft: 4 - index } });
    }
    const fifth = await changePassword(token, 'Wrong-guess-5');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ code: 'PASSWORD_CHECK_LOCKED', value: { sessionEnded: true } });
    // The session is over.
    expect((await call(shared.app, { method: 'GET', url: '/wps/member/info', token })).status).toBe(401);
    // The owner can log in again, but the calls that ask for the password wait for the lock.
    const again = await tokenOf(player.account, player.password);
    const locked = await changePassword(again, player.password);
    expect(locked.body).toMatchObject({ code: 'PASSWORD_CHECK_LOCKED', value: { sessionEnded: false } });
    expect((await setPaymentPassword(again, player.password)).body.code).toBe('PASSWORD_CHECK_LOCKED');
    expect((await call(shared.app, { method: 'GET', url: '/wps/member/info', token: again })).status).toBe(
      200,
    );
  });

  it('shares one count between change password and set payment password', async () => {
    const token = await tokenOf(player.account, player.password);
    await changePassword(token, 'Wrong-1');
    await setPaymentPassword(token, 'Wrong-2');
    await changePassword(token, 'Wrong-3');
    const fourth = await setPaymentPassword(token, 'Wrong-4');
    expect(fourth.body).toMatchObject({ code: 'WRONG_PASSWORD', value: { attemptsLeft: 1 } });
  });
});

describe('POST /api/operator/member/unlock-secrets', () => {
  it('refuses a guest and a member', async () => {
    expect((await unlock(null, { account: player.account })).status).toBe(401);
    const member = await tokenOf(player.account, player.password);
    expect((await unlock(member, { account: player.account })).status).toBe(403);
  });

  it('refuses bad input', async () => {
    const token = await operatorLogin(shared.app);
    const empty = await unlock(token, { account: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.value.issues[0].field).toBe('account');
    expect((await unlock(token, {})).status).toBe(400);
    const unknown = await unlock(token, { account: 'nobody-here' });
    expect(unknown.status).toBe(404);
  });

  it('lifts both locks of a member', async () => {
    const member = await tokenOf(player.account, player.password);
    for (let index = 0; index < secretLockPolicy.after; index += 1) await transfer(member, '444444');
    const lockedSession = await tokenOf(player.account, player.password);
    for (let index = 0; index < secretLockPolicy.after; index += 1) {
      await changePassword(lockedSession, `Wrong-${index}`);
    }
    const token = await operatorLogin(shared.app);
    const done = await unlock(token, { account: player.account.toUpperCase() });
    expect(done.body).toMatchObject({
      success: true,
      value: { account: player.account, paymentPasswordWasLocked: true, passwordWasLocked: true },
    });
    const fresh = await tokenOf(player.account, player.password);
    expect((await transfer(fresh, paymentPassword)).body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await changePassword(fresh, player.password)).body.success).toBe(true);
    const second = await unlock(token, { account: player.account });
    expect(second.body.value).toMatchObject({ paymentPasswordWasLocked: false, passwordWasLocked: false });
  });
});
