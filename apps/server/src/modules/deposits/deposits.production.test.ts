import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, loginAs } from '../accounts/accounts.test-support.ts';
import { members } from '../accounts/accounts.tables.ts';
import { siteSettingsSchema } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.service.ts';
import { createSandboxPayment, sandboxSecret } from '../sandbox-gateway/sandbox-gateway.service.ts';
import { signPayload, signatureHeader } from '../sandbox-gateway/sandbox-gateway.signature.ts';
import { expireUnpaidDeposits, reconcileOverdueDeposits } from './deposits.service.ts';
import { depositOrders } from './deposits.tables.ts';
import { listSandboxMethod, offeredMethodCodes } from './deposits.test-support.ts';

/**
 * Issue 10: the sandbox gateway pays whatever its hosted page is told to, so a member who could
 * reach it paid their own 50,000.00 order and withdrew it. Outside demo mode it must not exist.
 * The demo seed runs here on purpose, with the sandbox method listed in its settings as an
 * operator's settings might list it: the server must still neither offer nor accept it.
 */
let sut: TestApp;
let player: string;
let playerId: number;

beforeEach(async () => {
  sut = await buildTestApp({
    env: { DEMO_MODE: 'false', RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  await listSandboxMethod(sut);
  player = (await loginAs(sut, 'demoplayer', 'Player-demo-2026')).body.value.token;
  const [row] = await sut.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.account, 'demoplayer'));
  playerId = row!.id;
});
afterEach(async () => {
  await sut.close();
});

const balance = async () =>
  (await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: player })).body.value
    .sumBalance as string;

describe('deposits outside demo mode', () => {
  it('has no sandbox in the settings’ default deposit methods', () => {
    const defaults = siteSettingsSchema.parse({}).payments.depositMethods;
    expect(defaults.filter((method) => method.kind === 'sandbox_gateway')).toEqual([]);
  });

  it('never offers the sandbox method, even when the settings list it', async () => {
    const kinds = (await getSettings(sut.db)).payments.depositMethods.map((method) => method.kind);
    expect(kinds).toContain('sandbox_gateway');
    // Manual wallet deposits need no gateway: the back office checks them, in production too. A
    // bKash or Nagad method is offered as listed (here the demo's copied ones): the real adapters
    // run, and refuse to create payments until their settings and secrets are there (below).
    expect(await offeredMethodCodes(sut, player)).toEqual([
      'bank',
      'bkash',
      'nagad',
      'bkash_send',
      'nagad_send',
    ]);
    // The only gateways are the real providers' adapters (set up from the settings), none a test one.
    expect(sut.app.paymentGateways.list().map((gateway) => [gateway.kind, gateway.isTest])).toEqual([
      ['bkash', false],
      ['nagad', false],
    ]);
  });

  it('runs bKash and Nagad only with the brand’s own credentials: none set, nothing is created at a provider', async () => {
    for (const methodCode of ['bkash', 'nagad']) {
      const answer = await call(sut, {
        method: 'POST',
        url: '/wps/deposit/create',
        body: { requestId: `prod-${methodCode}-1`, methodCode, amount: '500' },
        token: player,
      });
      expect(answer.status, methodCode).toBe(503);
      expect(answer.body.code).toBe('VENDOR_UNAVAILABLE');
    }
  });

  it('has no provider simulators: their API and member pages do not exist', async () => {
    expect(sut.app.demoProviders).toBeNull();
    for (const url of [
      '/sim/bkash/v1.2.0-beta/tokenized/checkout/token/grant',
      '/sim/bkash/redirect/tokenized/?paymentID=TR0011AAAAAAAAAAAAAA',
      '/sim/nagad/api/dfs/verify/payment/ABC',
      '/sim/nagad/check-out/pay?ref=ABC',
    ]) {
      const answer = await sut.app.inject({
        method: url.includes('grant') ? 'POST' : 'GET',
        url,
        payload: url.includes('grant') ? {} : undefined,
      });
      expect(answer.statusCode, url).toBe(404);
    }
  });

  it('refuses a sandbox deposit as an unknown method and creates nothing', async () => {
    const answer = await call(sut, {
      method: 'POST',
      url: '/wps/deposit/create',
      body: { requestId: 'prod-sandbox-1', methodCode: 'sandbox', amount: '50000' },
      token: player,
    });
    expect([answer.status, answer.body.value.issues[0].field]).toEqual([404, 'methodCode']);
    expect(await sut.db.select().from(depositOrders)).toHaveLength(0);
    // A bank transfer still works: it waits for the operator.
    const bank = await call(sut, {
      method: 'POST',
      url: '/wps/deposit/create',
      body: { requestId: 'prod-bank-1', methodCode: 'bank', amount: '500', reference: 'REF-9' },
      token: player,
    });
    expect([bank.status, bank.body.value.status]).toEqual([200, 'pending']);
  });

  it('has no hosted page and no callback: a member paying their own order there gets 404 and no money', async () => {
    // An order and a payment as a demo start would have left them behind.
    const payment = await createSandboxPayment(sut.db, {
      merchantOrder: 'dep-1',
      amount: '50000.00',
      currency: 'BDT',
      callbackUrl: 'http://127.0.0.1:9/wps/deposit/callback/sandbox',
      returnUrl: '/',
    });
    await sut.db.insert(depositOrders).values({
      id: 1,
      memberId: playerId,
      methodCode: 'sandbox',
      kind: 'sandbox_gateway',
      currency: 'BDT',
      amount: 5_000_000n,
      fee: 0n,
      requestId: 'left-over',
      requestHash: 'x',
      gatewayPaymentId: payment.paymentId,
      payUrl: payment.payUrl,
    });
    const page = await sut.app.inject({ method: 'GET', url: payment.payUrl });
    expect(page.statusCode).toBe(404);
    const pay = await sut.app.inject({
      method: 'POST',
      url: payment.payUrl,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(404);

    // Even a correctly signed callback has nowhere to land.
    const rawBody = JSON.stringify({
      paymentId: payment.paymentId,
      merchantOrder: 'dep-1',
      status: 'paid',
      amount: '50000.00',
      currency: 'BDT',
      decidedAt: Date.now(),
    });
    const callback = await sut.app.inject({
      method: 'POST',
      url: '/wps/deposit/callback/sandbox',
      payload: rawBody,
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signPayload(await sandboxSecret(sut.db), rawBody, Math.floor(Date.now() / 1000)),
      },
    });
    expect(callback.statusCode).toBe(404);

    // Nor does the reconciliation of lost callbacks ask a gateway that is not running.
    await sut.db.update(depositOrders).set({ expiresAt: new Date(Date.now() - 60_000) });
    const settings = await getSettings(sut.db);
    expect(await reconcileOverdueDeposits({ db: sut.db, settings, gateways: sut.app.paymentGateways })).toBe(
      0,
    );
    expect(await expireUnpaidDeposits(sut.db)).toBe(1);
    expect(await balance()).toBe('0.00');
  });
});
