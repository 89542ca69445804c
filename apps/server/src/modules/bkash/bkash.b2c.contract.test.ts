import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  b2cPaymentAnswer,
  b2cPaymentRequest,
  b2cSearchAnswer,
  bkashB2cErrors,
  bkashB2cPaths,
  grantTokenRequest,
  organizationBalanceAnswer,
} from './bkash.api.ts';
import { createBkashB2c, type BkashB2cConfig } from './bkash.b2c.ts';
import { startBkashSimulator, type BkashSimulator } from './bkash.simulator.ts';

/**
 * Contract of bKash's B2C payouts: the adapter's requests are bKash's published shapes (the
 * checkout API's paths, headers and exactly the documented body fields), the simulator answers the
 * published fields, and each kind of answer is read as the outcome it is: only a Completed answer
 * says money left, only the codes that mean nothing moved say it did not. No database.
 */

let simulator: BkashSimulator;
let close: () => Promise<void>;
let config: BkashB2cConfig;
const b2cCredentials = {
  appKey: 'sim-b2c-app-key',
  appSecret: 'sim-b2c-app-secret',
  username: 'sandboxDisbursementUser',
  password: 'sandbox-b2c-password',
};

beforeEach(async () => {
  const started = await startBkashSimulator({ b2c: b2cCredentials, b2cBalance: '5000' });
  ({ simulator, close } = started);
  config = {
    ...b2cCredentials,
    baseUrl: started.baseUrl,
    minAmount: '10',
    maxAmount: '25000',
    timeoutMs: 800,
  };
});
afterEach(async () => {
  await close();
});

const payout = { amount: '100.00', merchantInvoiceNumber: 'wd-7-1', receiverMSISDN: '01712345678' };

describe('the bKash B2C adapter against bKash’s published API', () => {
  it('sends each call in its documented shape and reads the documented answers', async () => {
    const b2c = createBkashB2c({ config: async () => config });
    const paid = await b2c.pay(payout);
    expect(paid).toMatchObject({
      kind: 'completed',
      amount: '100.00',
      receiver: '01712345678',
      invoice: 'wd-7-1',
    });
    if (paid.kind !== 'completed') throw new Error('not paid');
    expect(paid.trxId).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.completedTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d:\d{3} GMT\+0600$/);
    expect(await b2c.searchTransaction(paid.trxId)).toEqual({
      trxId: paid.trxId,
      status: 'Completed',
      amount: '100.00',
      currency: 'BDT',
      customerMsisdn: '01712345678',
      completedTime: paid.completedTime,
      reference: 'wd-7-1',
    });
    expect(await b2c.organizationBalance()).toContainEqual({
      accountTypeName: 'Disbursement Account',
      currency: 'BDT',
      availableBalance: '4900.00',
    });

    expect(simulator.requests.map((request) => request.path)).toEqual([
      bkashB2cPaths.grantToken,
      bkashB2cPaths.b2cPayment,
      bkashB2cPaths.searchTransaction,
      bkashB2cPaths.organizationBalance,
    ]);
    const [grant, pay, search, balance] = simulator.requests;
    expect(grantTokenRequest.strict().safeParse(grant?.body).success).toBe(true);
    expect(grant?.headers).toMatchObject({ username: config.username, password: config.password });
    expect(pay?.body).toEqual({
      amount: '100.00',
      currency: 'BDT',
      merchantInvoiceNumber: 'wd-7-1',
      receiverMSISDN: '01712345678',
    });
    expect(b2cPaymentRequest.strict().safeParse(pay?.body).success).toBe(true);
    for (const request of [pay, search, balance]) {
      expect(request?.headers['x-app-key']).toBe(config.appKey);
      expect(request?.headers.authorization).toMatch(/^sim\./);
    }
    // The search is a GET with the trxID in the path; the balance a GET with no body.
    expect(search?.body).toEqual({ trxID: paid.trxId });
    expect(balance?.body).toBeUndefined();
    expect(simulator.payouts).toHaveLength(1);
    expect(simulator.b2cBalance()).toBe('4900.00');
  });

  it('answers the documented fields, without a status code, and errors as errorCode/errorMessage', async () => {
    const call = async (
      method: 'GET' | 'POST',
      path: string,
      body: unknown,
      headers: Record<string, string>,
    ) => {
      const answer = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as Record<string, unknown>;
    };
    const token = await call(
      'POST',
      bkashB2cPaths.grantToken,
      { app_key: config.appKey, app_secret: config.appSecret },
      { username: config.username, password: config.password },
    );
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(token.statusCode).toBeUndefined();
    const auth = { authorization: String(token.id_token), 'x-app-key': config.appKey };
    const paid = await call('POST', bkashB2cPaths.b2cPayment, { ...payout, currency: 'BDT' }, auth);
    expect(b2cPaymentAnswer.strict().safeParse(paid).success, JSON.stringify(paid)).toBe(true);
    expect(paid).toMatchObject({ transactionStatus: 'Completed', merchantInvoiceNumber: 'wd-7-1' });
    const found = await call(
      'GET',
      `${bkashB2cPaths.searchTransaction}${String(paid.trxID)}`,
      undefined,
      auth,
    );
    expect(b2cSearchAnswer.strict().safeParse(found).success, JSON.stringify(found)).toBe(true);
    const balance = await call('GET', bkashB2cPaths.organizationBalance, undefined, auth);
    expect(organizationBalanceAnswer.strict().safeParse(balance).success, JSON.stringify(balance)).toBe(true);

    // The published error shape: a wallet that is no mobile number, a balance too small, an
    // invoice used before, a trxID unknown, a forged token or a checkout token, a missing field.
    const bad = (body: Record<string, unknown>) =>
      call('POST', bkashB2cPaths.b2cPayment, { ...payout, currency: 'BDT', ...body }, auth);
    expect(await bad({ merchantInvoiceNumber: 'wd-7-2', receiverMSISDN: '0171234567' })).toEqual(
      bkashB2cErrors.invalidReceiver,
    );
    expect(await bad({ merchantInvoiceNumber: 'wd-7-3', amount: '9000.00' })).toEqual(
      bkashB2cErrors.insufficientBalance,
    );
    expect(await bad({})).toEqual(bkashB2cErrors.duplicate);
    expect(await bad({ merchantInvoiceNumber: 'wd-7-4', receiverMSISDN: undefined })).toEqual(
      bkashB2cErrors.mandatoryFieldMissing,
    );
    expect(await call('GET', `${bkashB2cPaths.searchTransaction}NOSUCHTRX0`, undefined, auth)).toEqual(
      bkashB2cErrors.transactionNotFound,
    );
    expect(await bad({ merchantInvoiceNumber: 'wd-7-5' }).then(() => simulator.payouts.length)).toBe(2);
    const forged = await call('POST', bkashB2cPaths.b2cPayment, payout, { ...auth, authorization: 'forged' });
    expect(forged).toEqual(bkashB2cErrors.invalidAppToken);
  });

  it('reads each answer as what it says of the money: completed, refused, not sent or uncertain', async () => {
    const b2c = createBkashB2c({ config: async () => config });
    const next = (n: number) => ({ ...payout, merchantInvoiceNumber: `wd-7-${n}` });

    // Refusals that mean nothing moved.
    simulator.setB2cBalance('50');
    expect(await b2c.pay(next(1))).toEqual({
      kind: 'refused',
      code: '2023',
      message: 'Insufficient Balance',
    });
    simulator.setB2cBalance('5000');
    expect(await b2c.pay({ ...next(2), receiverMSISDN: '0171234567' })).toMatchObject({
      kind: 'refused',
      code: '2012',
    });
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'refuse', error: bkashB2cErrors.notBkashAccount });
    expect(await b2c.pay(next(3))).toMatchObject({ kind: 'refused', code: '2057' });

    // Answers that do not say: money may have left.
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'hang', ms: 2000 });
    expect(await b2c.pay(next(4))).toEqual({ kind: 'uncertain', reason: 'b2cPayment: timeout' });
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'hang-after', ms: 2000 });
    expect(await b2c.pay(next(5))).toEqual({ kind: 'uncertain', reason: 'b2cPayment: timeout' });
    expect(simulator.payouts.map((entry) => entry.merchantInvoiceNumber)).toEqual(['wd-7-5']);
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'http-503' });
    expect(await b2c.pay(next(6))).toEqual({ kind: 'uncertain', reason: 'b2cPayment: http 503' });
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'refuse', error: bkashB2cErrors.exceptionOccurred });
    expect(await b2c.pay(next(7))).toMatchObject({ kind: 'uncertain' });
    expect(await b2c.pay(next(5))).toEqual({
      kind: 'uncertain',
      reason: 'b2cPayment answered 2029 Duplicate for all transactions',
    });
    simulator.fail(bkashB2cPaths.b2cPayment, {
      kind: 'override',
      fields: { transactionStatus: 'Initiated' },
    });
    expect(await b2c.pay(next(8))).toEqual({
      kind: 'uncertain',
      reason: 'b2cPayment answered transactionStatus Initiated',
    });

    // A token bKash no longer takes: granted again, the payout sent once more, paid once.
    const before = simulator.payouts.length;
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'refuse', error: bkashB2cErrors.invalidAppToken });
    expect(await b2c.pay(next(9))).toMatchObject({ kind: 'completed', invoice: 'wd-7-9' });
    expect(simulator.payouts.length - before).toBe(1);

    // The search: unknown is null, silence is an error (never "not paid").
    expect(await b2c.searchTransaction('NOSUCHTRX0')).toBeNull();
    simulator.fail(bkashB2cPaths.searchTransaction, { kind: 'hang', ms: 2000 });
    await expect(b2c.searchTransaction('NOSUCHTRX0')).rejects.toMatchObject({ code: 'VENDOR_UNAVAILABLE' });
  });

  it('sends no payout without a token: wrong credentials, or not set up', async () => {
    const wrong = createBkashB2c({ config: async () => ({ ...config, appSecret: 'wrong' }) });
    expect(await wrong.pay(payout)).toMatchObject({ kind: 'not-sent' });
    const checkoutCredentials = createBkashB2c({
      config: async () => ({ ...config, appKey: 'sim-app-key', appSecret: 'sim-app-secret' }),
    });
    expect(await checkoutCredentials.pay(payout)).toMatchObject({ kind: 'not-sent' });
    const unset = createBkashB2c({ config: async () => null });
    expect(await unset.pay(payout)).toEqual({ kind: 'not-sent', reason: 'bKash B2C is not set up' });
    await expect(unset.organizationBalance()).rejects.toMatchObject({ code: 'VENDOR_UNAVAILABLE' });
    expect(simulator.requests.map((request) => request.path)).toEqual([
      bkashB2cPaths.grantToken,
      bkashB2cPaths.grantToken,
    ]);
    expect(simulator.payouts).toHaveLength(0);
  });
});
