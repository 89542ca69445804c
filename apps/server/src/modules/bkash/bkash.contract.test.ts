import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bkashPaths,
  createPaymentAnswer,
  createPaymentRequest,
  grantTokenRequest,
  paymentIdRequest,
  queryPaymentAnswer,
  refreshTokenRequest,
  refundRequest,
  searchTransactionRequest,
} from './bkash.api.ts';
import { createBkashGateway, type BkashConfig } from './bkash.adapter.ts';
import { startBkashSimulator, type BkashSimulator } from './bkash.simulator.ts';

/**
 * Contract: every request the adapter sends is bKash's published shape (path, headers, exactly the
 * documented body fields), and the simulator's answers are the shapes the adapter reads. No
 * database: the adapter against the simulator on its own port.
 */

let simulator: BkashSimulator;
let close: () => Promise<void>;
let config: BkashConfig;

beforeEach(async () => {
  const started = await startBkashSimulator({ tokenSeconds: 61 });
  ({ simulator, close } = started);
  config = {
    baseUrl: started.baseUrl,
    appKey: 'sim-app-key',
    appSecret: 'sim-app-secret',
    username: 'sandboxTokenizedUser',
    password: 'sandbox-password',
    minAmount: '1',
    maxAmount: '25000',
    timeoutMs: 2000,
  };
});
afterEach(async () => {
  await close();
});

const strict = {
  [bkashPaths.grantToken]: grantTokenRequest.strict(),
  [bkashPaths.refreshToken]: refreshTokenRequest.strict(),
  [bkashPaths.create]: createPaymentRequest.strict(),
  [bkashPaths.execute]: paymentIdRequest.strict(),
  [bkashPaths.query]: paymentIdRequest.strict(),
  [bkashPaths.search]: searchTransactionRequest.strict(),
  [bkashPaths.refund]: refundRequest.strict(),
} as const;

describe('the bKash adapter against bKash’s published API', () => {
  it('sends each call in its documented shape and reads the documented answers', async () => {
    const gateway = createBkashGateway({ isTest: true, config: async () => config });
    const { paymentId, payUrl } = await gateway.createPayment({
      merchantOrder: 'dep-41',
      amount: '1250.50',
      currency: 'BDT',
      callbackUrl: 'http://site.test/wps/deposit/callback/bkash',
      returnUrl: 'http://site.test/wps/deposit/return/bkash/41',
    });
    expect(payUrl).toContain(`paymentID=${paymentId}`);
    const back = simulator.authorize(paymentId, 'success');
    expect(back).toMatch(
      /^http:\/\/site\.test\/wps\/deposit\/return\/bkash\/41\?paymentID=TR0011\w+&status=success&signature=\w+&apiVersion=1\.2\.0-beta$/,
    );
    const state = await gateway.confirmReturn!({ query: Object.fromEntries(new URL(back).searchParams) });
    expect(state).toEqual({
      paymentId,
      merchantOrder: 'dep-41',
      status: 'paid',
      amount: '1250.50',
      currency: 'BDT',
    });
    const trxID = simulator.payments.get(paymentId)!.trxID!;
    expect(await (gateway as ReturnType<typeof createBkashGateway>).searchTransaction(trxID)).toMatchObject({
      trxId: trxID,
      status: 'Completed',
      amount: '1250.50',
    });
    expect(
      await gateway.refund({ paymentId, amount: '1250.50', reason: 'asked', idempotencyKey: 'r-41' }),
    ).toMatchObject({
      status: 'succeeded',
    });

    // The token is granted once, then refreshed when it runs out (61 s less our minute of margin).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await gateway.queryPayment(paymentId);

    const paths = simulator.requests.map((request) => request.path);
    expect(paths).toEqual([
      bkashPaths.grantToken,
      bkashPaths.create,
      bkashPaths.execute,
      bkashPaths.query,
      bkashPaths.search,
      bkashPaths.query,
      bkashPaths.refund, // the refund's status first (none yet)
      bkashPaths.refund,
      bkashPaths.refreshToken,
      bkashPaths.query,
    ]);
    for (const request of simulator.requests) {
      const schema = strict[request.path as keyof typeof strict];
      expect(schema.safeParse(request.body).success, `${request.path} ${JSON.stringify(request.body)}`).toBe(
        true,
      );
      if (request.path === bkashPaths.grantToken || request.path === bkashPaths.refreshToken) {
        expect(request.headers).toMatchObject({ username: config.username, password: config.password });
      } else {
        expect(request.headers['x-app-key']).toBe(config.appKey);
        expect(request.headers.authorization).toMatch(/^sim\./);
      }
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect(simulator.requests[1]?.body).toEqual({
      mode: '0011',
      payerReference: 'dep-41',
      callbackURL: 'http://site.test/wps/deposit/return/bkash/41',
      amount: '1250.50',
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: 'dep-41',
    });
  });

  it('answers bKash’s documented create and query fields', async () => {
    const { baseUrl } = { baseUrl: config.baseUrl };
    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const answer = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return (await answer.json()) as Record<string, string>;
    };
    const token = await post(
      bkashPaths.grantToken,
      { app_key: config.appKey, app_secret: config.appSecret },
      {
        username: config.username,
        password: config.password,
      },
    );
    expect(token).toMatchObject({
      statusCode: '0000',
      statusMessage: 'Successful',
      token_type: 'Bearer',
      expires_in: 61,
    });
    const auth = { authorization: token.id_token as string, 'x-app-key': config.appKey };
    const created = await post(
      bkashPaths.create,
      {
        mode: '0011',
        payerReference: '01770618575',
        callbackURL: 'https://m.test/cb',
        amount: '15',
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: 'MER1231',
      },
      auth,
    );
    expect(createPaymentAnswer.strict().safeParse(created).success, JSON.stringify(created)).toBe(true);
    expect(created).toMatchObject({
      transactionStatus: 'Initiated',
      successCallbackURL: `https://m.test/cb?paymentID=${created.paymentID}&status=success`,
    });
    expect(created.paymentCreateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d:\d{3} GMT\+0600$/);
    const queried = await post(bkashPaths.query, { paymentID: created.paymentID }, auth);
    expect(queryPaymentAnswer.safeParse(queried).success).toBe(true);
    // Errors are HTTP 200 with bKash's codes.
    expect(await post(bkashPaths.execute, { paymentID: created.paymentID }, auth)).toEqual({
      statusCode: '2056',
      statusMessage: 'Invalid Payment State',
    });
    expect(
      await post(bkashPaths.query, { paymentID: created.paymentID }, { ...auth, authorization: 'forged' }),
    ).toEqual({ statusCode: '2001', statusMessage: 'Invalid App Token' });
    expect(await post(bkashPaths.create, { mode: '0011' }, auth)).toEqual({
      statusCode: '2065',
      statusMessage: 'Mandatory field missing',
    });
  });
});
