import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import {
  bkashDemoMethod,
  closeListeningApp,
  demoAppWithDepositMethod,
  depositCalls,
} from '../deposits/deposits.test-support.ts';
import { expireUnpaidDeposits, reconcileOverdueDeposits } from '../deposits/deposits.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { bkashPaths } from './bkash.api.ts';
import type { BkashSimulator } from './bkash.simulator.ts';

/**
 * bKash deposits end to end in one process: the site in demo mode, its bKash adapter talking
 * HTTP to the simulator mounted at /sim/bkash, the member's page and return played by the test.
 */

let sut: TestApp;
let player: string;
let simulator: BkashSimulator;

beforeEach(async () => {
  ({ sut, player } = await demoAppWithDepositMethod(bkashDemoMethod));
  simulator = sut.app.demoProviders!.bkash;
  simulator.options.clientTimeoutMs = 1500;
});
afterEach(() => closeListeningApp(sut));

const { create, balance, orderRow, comeBack, overdue, reconcile } = depositCalls('bkash', () => ({
  sut,
  player,
}));

async function startPayment(amount: string) {
  const order = await create(amount);
  expect(order.status).toBe(200);
  const { orderId, payUrl } = order.body.value as { orderId: number; payUrl: string };
  expect(payUrl).toMatch(/^\/sim\/bkash\/redirect\/tokenized\/\?paymentID=TR0011[A-Z0-9]{14}&/);
  const paymentID = new URL(payUrl, 'http://x').searchParams.get('paymentID')!;
  return { orderId, paymentID };
}

describe('bKash deposits against the simulator', () => {
  it('pays on bKash’s page, comes back, is executed and queried, and credits once (a replayed return changes nothing)', async () => {
    const { orderId, paymentID } = await startPayment('500');
    // The member's page answers, and its form sends the member back with status=success.
    const page = await sut.app.inject({
      method: 'GET',
      url: `/sim/bkash/redirect/tokenized/?paymentID=${paymentID}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('৳ 500.00');
    const submitted = await sut.app.inject({
      method: 'POST',
      url: '/sim/bkash/redirect/tokenized/',
      payload: `paymentID=${paymentID}&action=success&wallet=01770618575&pin=12121`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(submitted.statusCode).toBe(303);
    const back = submitted.headers.location as string;
    expect(back).toContain(`/wps/deposit/return/bkash/${orderId}?paymentID=${paymentID}&status=success`);

    const landed = await comeBack(back);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toMatch(new RegExp(`/index\\?depositOrder=${orderId}$`));
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved', decidedBy: 'gateway' });
    expect(await balance()).toBe('500.00');
    expect(simulator.payments.get(paymentID)?.transactionStatus).toBe('Completed');

    // The same return again (a reload, or someone replaying it): execute answers 2117, the query
    // says Completed, the order is already approved: nothing more is credited.
    expect((await comeBack(back)).statusCode).toBe(303);
    expect(await balance()).toBe('500.00');
    await expectLedgerValid(sut.db);
  });

  it('credits once when the return arrives twice at the same time', async () => {
    const { orderId, paymentID } = await startPayment('300');
    const back = simulator.authorize(paymentID, 'success');
    const answers = await Promise.all([comeBack(back), comeBack(back), comeBack(back)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303, 303]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved' });
    expect(await balance()).toBe('300.00');
    await expectLedgerValid(sut.db);
  });

  it('believes no forged return: status=success for an unpaid payment, or another order’s payment', async () => {
    const { orderId, paymentID } = await startPayment('200');
    const origin = `http://127.0.0.1/wps/deposit/return/bkash/${orderId}`;
    // Nobody paid: execute is refused (2056) and the query says Initiated: still pending.
    await comeBack(`${origin}?paymentID=${paymentID}&status=success`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', entryId: null });

    // A paid payment of another order, replayed on this order's return: not this order's.
    const other = await startPayment('250');
    await comeBack(
      simulator.authorize(other.paymentID, 'success').replace(`/${other.orderId}?`, `/${orderId}?`),
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
    // bKash did execute it (the member paid), so the other order is settled by the expiry job.
    expect(await orderRow(other.orderId)).toMatchObject({ status: 'pending' });
    await overdue();
    expect(await reconcile()).toBe(1);
    expect(await orderRow(other.orderId)).toMatchObject({ status: 'approved' });
    expect(await balance()).toBe('250.00');

    // Made-up payment ids are refused without a credit.
    await comeBack(`${origin}?paymentID=TR0011NOTAPAYMENT00&status=success`);
    await comeBack(`${origin}?status=success`);
    expect(await balance()).toBe('250.00');
    await expectLedgerValid(sut.db);
  });

  it('goes by the query, not the return: success claimed for a cancelled payment rejects it; a query whose amount differs credits nothing', async () => {
    const cancelled = await startPayment('120');
    simulator.authorize(cancelled.paymentID, 'cancel');
    await comeBack(
      `http://x/wps/deposit/return/bkash/${cancelled.orderId}?paymentID=${cancelled.paymentID}&status=success`,
    );
    expect(await orderRow(cancelled.orderId)).toMatchObject({ status: 'rejected', entryId: null });

    const lying = await startPayment('150');
    const back = simulator.authorize(lying.paymentID, 'success');
    simulator.fail(bkashPaths.query, { kind: 'override', fields: { amount: '15000' } });
    await comeBack(back);
    expect(await orderRow(lying.orderId)).toMatchObject({ status: 'pending', entryId: null });
    expect(await balance()).toBe('0.00');
    // The next query tells the truth: the expiry job credits the 150 once.
    await overdue();
    await reconcile();
    expect(await orderRow(lying.orderId)).toMatchObject({ status: 'approved' });
    expect(await balance()).toBe('150.00');
    await expectLedgerValid(sut.db);
  });

  it('refuses an amount outside bKash’s limits before bKash is asked', async () => {
    const answer = await create('30000');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect(simulator.requests.filter((request) => request.path === bkashPaths.create)).toEqual([]);
    expect(await balance()).toBe('0.00');
  });

  it('survives bKash timing out mid-payment: the order stays pending and the expiry job settles it once', async () => {
    const { orderId, paymentID } = await startPayment('400');
    const back = simulator.authorize(paymentID, 'success');
    // Execute is done at bKash but its answer never comes; the query times out too.
    simulator.fail(bkashPaths.execute, { kind: 'hang-after', ms: 2500 });
    simulator.fail(bkashPaths.query, { kind: 'hang', ms: 2500 });
    const landed = await comeBack(back);
    expect(landed.statusCode).toBe(303);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
    expect(simulator.payments.get(paymentID)?.transactionStatus).toBe('Completed');
    expect(await balance()).toBe('0.00');

    await overdue();
    const settings = await getSettings(sut.db);
    const gateways = sut.app.paymentGateways;
    expect(await reconcileOverdueDeposits({ db: sut.db, settings, gateways })).toBe(1);
    expect(await reconcileOverdueDeposits({ db: sut.db, settings, gateways })).toBe(0);
    expect(await expireUnpaidDeposits(sut.db)).toBe(0);
    // The member's reload of the return after that changes nothing either.
    await comeBack(back);
    expect(await balance()).toBe('400.00');
    await expectLedgerValid(sut.db);
  }, 20_000);

  it('after a crash between execute and our credit, the expiry job credits once', async () => {
    const { orderId, paymentID } = await startPayment('600');
    const back = simulator.authorize(paymentID, 'success');
    // The adapter's confirmation ran (execute + query) and the process died before the credit.
    const gateway = sut.app.paymentGateways.get('bkash')!;
    const state = await gateway.confirmReturn!({ query: Object.fromEntries(new URL(back).searchParams) });
    expect(state).toMatchObject({ status: 'paid', amount: '600.00', merchantOrder: `dep-${orderId}` });
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });

    await overdue();
    await Promise.all([reconcile(), reconcile()]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved' });
    expect(await balance()).toBe('600.00');
    await expectLedgerValid(sut.db);
  });

  it('expires an unpaid payment and rejects one the member cancelled', async () => {
    const unpaid = await startPayment('90');
    const cancelled = await startPayment('95');
    await comeBack(simulator.authorize(cancelled.paymentID, 'cancel'));
    expect(await orderRow(cancelled.orderId)).toMatchObject({ status: 'rejected' });
    await overdue();
    expect(await reconcile()).toBe(0);
    expect(await expireUnpaidDeposits(sut.db)).toBe(1);
    expect(await orderRow(unpaid.orderId)).toMatchObject({ status: 'expired' });
    expect(await balance()).toBe('0.00');
  });

  it('refunds a paid payment once, and refuses a refund of more than was paid', async () => {
    const { paymentID } = await startPayment('700');
    await comeBack(simulator.authorize(paymentID, 'success'));
    const gateway = sut.app.paymentGateways.get('bkash')!;
    const refund = {
      paymentId: paymentID,
      amount: '700.00',
      reason: 'member asked',
      idempotencyKey: 'refund-1',
    };
    await expect(gateway.refund({ ...refund, amount: '700.01' })).rejects.toMatchObject({
      code: 'AMOUNT_OUT_OF_RANGE',
    });
    const first = await gateway.refund(refund);
    expect(first.status).toBe('succeeded');
    expect(await gateway.refund(refund)).toEqual(first);
    expect(simulator.payments.get(paymentID)?.refund?.refundTrxID).toBe(first.refundId);
  });
});
