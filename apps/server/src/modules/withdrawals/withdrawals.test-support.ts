import { expect } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';

/**
 * Binds the demo player's bKash wallet as a payout account (the demo payment password 246810), as
 * the withdraw page does; returns its id.
 */
export async function bindDemoPayoutAccount(sut: TestApp, token: string): Promise<number> {
  const bound = await call(sut, {
    method: 'POST',
    url: '/wps/withdraw/account/bind',
    token,
    sealed: true,
    body: {
      paymentPassword: '246810',
      kind: 'ewallet',
      providerName: 'bKash',
      accountName: 'Demo Player',
      accountNumber: '01700000002',
    },
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  return bound.body.value.accountId as number;
}
