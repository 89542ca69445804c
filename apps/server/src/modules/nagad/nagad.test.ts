import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import {
  closeListeningApp,
  demoAppWithDepositMethod,
  depositCalls,
} from '../deposits/deposits.test-support.ts';
import { expireUnpaidDeposits } from '../deposits/deposits.service.ts';
import {
  completeSensitive,
  decryptWith,
  initializeSensitive,
  nagadHeaders,
  verifySignature,
} from './nagad.api.ts';
import { newKeyPair, type NagadSimulator } from './nagad.simulator.ts';

/**
 * Nagad deposits end to end in one process: the site in demo mode, its Nagad adapter talking
 * HTTP (encrypted, signed) to the simulator mounted at /sim/nagad; the member played by the test.
 */

let sut: TestApp;
let player: string;
let simulator: NagadSimulator;

beforeEach(async () => {
  ({ sut, player } = await demoAppWithDepositMethod({
    code: 'nagad',
    kind: 'nagad',
    names: { EN: 'Nagad (demo)' },
    min: '5',
    max: '100000',
    feeBps: 0,
  }));
  simulator = sut.app.demoProviders!.nagad;
  simulator.options.clientTimeoutMs = 1500;
});
afterEach(() => closeListeningApp(sut));

const { create, balance, orderRow, comeBack, overdue, reconcile } = depositCalls('nagad', () => ({
  sut,
  player,
}));

async function startPayment(amount: string) {
  const order = await create(amount);
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const { orderId, payUrl } = order.body.value as { orderId: number; payUrl: string };
  expect(payUrl).toMatch(/^\/sim\/nagad\/check-out\/pay\?ref=\w+$/);
  const ref = new URL(payUrl, 'http://x').searchParams.get('ref')!;
  return { orderId, ref };
}

describe('Nagad deposits against the simulator', () => {
  it('initializes and completes with encrypted, signed data, pays on Nagad’s page, is verified and credits once', async () => {
    const { orderId, ref } = await startPayment('550');
    // What the adapter sent is Nagad's published shape: X-KM headers, encrypted and signed data.
    const [initialize, complete] = simulator.requests;
    expect(initialize?.path).toMatch(
      new RegExp(`/sim/nagad/api/dfs/check-out/initialize/683002007104225/dep${orderId}$`),
    );
    expect(nagadHeaders.safeParse(initialize?.headers).success).toBe(true);
    const sent = initialize?.body as { sensitiveData: string; signature: string; dateTime: string };
    const plain = decryptWith(simulator.options.nagadPrivateKey, sent.sensitiveData);
    expect(initializeSensitive.parse(JSON.parse(plain))).toMatchObject({ orderId: `dep${orderId}` });
    expect(verifySignature(simulator.options.merchantPublicKey, plain, sent.signature)).toBe(true);
    const order = complete?.body as { sensitiveData: string; merchantCallbackURL: string };
    expect(
      completeSensitive.parse(
        JSON.parse(decryptWith(simulator.options.nagadPrivateKey, order.sensitiveData)),
      ),
    ).toMatchObject({
      amount: '550.00',
      currencyCode: '050',
    });
    expect(order.merchantCallbackURL).toMatch(new RegExp(`/wps/deposit/return/nagad/${orderId}$`));

    const page = await sut.app.inject({ method: 'GET', url: `/sim/nagad/check-out/pay?ref=${ref}` });
    expect(page.statusCode).toBe(200);
    const submitted = await sut.app.inject({
      method: 'POST',
      url: '/sim/nagad/check-out/pay',
      payload: `ref=${ref}&action=Success&wallet=01711428036&pin=1234`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(submitted.statusCode).toBe(303);
    const back = submitted.headers.location as string;
    expect(back).toContain(`payment_ref_id=${ref}&status=Success`);
    expect((await comeBack(back)).headers.location).toMatch(new RegExp(`/index\\?depositOrder=${orderId}$`));
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved' });
    // Replayed, and twice at once: nothing more.
    await Promise.all([comeBack(back), comeBack(back)]);
    expect(await balance()).toBe('550.00');
    await expectLedgerValid(sut.db);
  });

  it('believes no forged return: Success claimed for an unpaid or aborted payment, another order’s payment', async () => {
    const unpaid = await startPayment('100');
    const origin = `http://x/wps/deposit/return/nagad/${unpaid.orderId}`;
    await comeBack(`${origin}?payment_ref_id=${unpaid.ref}&status=Success&status_code=00_0000_000`);
    expect(await orderRow(unpaid.orderId)).toMatchObject({ status: 'pending', entryId: null });

    const aborted = await startPayment('110');
    const abortedBack = simulator.pay(aborted.ref, 'Aborted').replace('status=Aborted', 'status=Success');
    await comeBack(abortedBack);
    expect(await orderRow(aborted.orderId)).toMatchObject({ status: 'rejected', entryId: null });

    const other = await startPayment('120');
    await comeBack(
      simulator.pay(other.ref, 'Success').replace(`/nagad/${other.orderId}?`, `/nagad/${unpaid.orderId}?`),
    );
    expect(await orderRow(unpaid.orderId)).toMatchObject({ status: 'pending' });
    await comeBack(`${origin}?payment_ref_id=NOSUCHREF&status=Success`);
    expect(await balance()).toBe('0.00');
    await overdue();
    expect(await reconcile()).toBe(1); // the other order, which was paid
    expect(await expireUnpaidDeposits(sut.db)).toBe(1); // the unpaid one
    expect(await balance()).toBe('120.00');
    await expectLedgerValid(sut.db);
  });

  it('refuses an answer not signed by Nagad, and an amount outside Nagad’s limits, crediting nothing', async () => {
    simulator.fail('initialize', { kind: 'bad-signature' });
    const forged = await create('200');
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('BAD_SIGNATURE');
    const tooMuch = await create('30000');
    expect(tooMuch.body.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect(await balance()).toBe('0.00');
    // The signature checks are real: another key's signature does not verify.
    expect(verifySignature(newKeyPair().publicKey, 'x', 'AAAA')).toBe(false);
  });

  it('survives Nagad timing out on verify: pending, then the expiry job settles it once (also after a crash before the credit)', async () => {
    const slow = await startPayment('300');
    const back = simulator.pay(slow.ref, 'Success');
    simulator.fail('verify', { kind: 'hang', ms: 2500 });
    expect((await comeBack(back)).statusCode).toBe(303);
    expect(await orderRow(slow.orderId)).toMatchObject({ status: 'pending' });

    // A crash between Nagad's verify and our credit: the adapter answered, nothing was settled.
    const crashed = await startPayment('350');
    const crashedBack = simulator.pay(crashed.ref, 'Success');
    const state = await sut.app.paymentGateways.get('nagad')!.confirmReturn!({
      query: Object.fromEntries(new URL(crashedBack).searchParams),
    });
    expect(state).toMatchObject({
      status: 'paid',
      merchantOrder: `dep-${crashed.orderId}`,
      amount: '350.00',
    });

    await overdue();
    const settled = await Promise.all([reconcile(), reconcile()]);
    expect(settled.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2);
    expect(await reconcile()).toBe(0);
    await comeBack(back);
    expect(await balance()).toBe('650.00');
    await expectLedgerValid(sut.db);
  }, 20_000);
});
