import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call } from '../accounts/accounts.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import {
  callbackBodyOf,
  decideSandboxPayment,
  deliverDueCallbacks,
  getSandboxPayment,
  sandboxSecret,
  type CallbackSender,
} from '../sandbox-gateway/sandbox-gateway.service.ts';
import { signPayload, signatureHeader } from '../sandbox-gateway/sandbox-gateway.signature.ts';
import { sandboxPayments } from '../sandbox-gateway/sandbox-gateway.tables.ts';
import { walletAudit } from '../wallet/wallet.tables.ts';
import { getSettings } from '../settings/settings.service.ts';
import { expireUnpaidDeposits, reconcileOverdueDeposits } from './deposits.service.ts';
import { callbackPathOf } from './deposits.routes.ts';
import { depositOrders } from './deposits.tables.ts';
import { listSandboxMethod } from './deposits.test-support.ts';
import { png, uniqueKeys } from '../wallet/money.test-support.ts';
import { demoDepositMethods } from '../../seed/seed.ts';

let sut: TestApp;
let operator: string;
let player: string;

// A fresh database per test: ledger entries are append-only, so tests do not share one.
beforeEach(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
  // The demo no longer offers the sandbox (bKash and Nagad (demo) replaced it); these tests of the
  // generic gateway path list it themselves.
  await listSandboxMethod(sut);
});
afterEach(async () => {
  await sut.close();
});

const sandboxCallbackPath = callbackPathOf({ callbackName: 'sandbox' });

const newRequest = uniqueKeys('deposit');
const create = (body: Record<string, unknown>, token: string | null = player) =>
  call(sut, {
    method: 'POST',
    url: '/wps/deposit/create',
    body: { requestId: newRequest(), ...body },
    token,
  });
const decide = (body: Record<string, unknown>, token: string | null = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/deposit/decide', body, token });
const balance = async () =>
  (await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: player })).body.value
    .sumBalance as string;

/** The gateway's callbacks, delivered into this test's app instead of over the network. */
const injectSender: CallbackSender = async (url, body, headers) => {
  const answer = await sut.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
  return { ok: answer.statusCode < 300, status: answer.statusCode };
};

async function payAtGateway(orderId: number, outcome: 'paid' | 'failed') {
  const [order] = await sut.db.select().from(depositOrders).where(eq(depositOrders.id, orderId));
  await decideSandboxPayment(sut.db, { id: order?.gatewayPaymentId ?? '', outcome });
  return deliverDueCallbacks(sut.db, { send: injectSender });
}

async function sendCallback(rawBody: string, signature: string) {
  return sut.app.inject({
    method: 'POST',
    url: sandboxCallbackPath,
    payload: rawBody,
    headers: { 'content-type': 'application/json', [signatureHeader]: signature },
  });
}

describe('deposit methods', () => {
  it('lists the enabled methods in the caller’s language, with limits, fee and bank account', async () => {
    const answer = await call(sut, { method: 'GET', url: '/wps/deposit/methods', token: player });
    expect(answer.status).toBe(200);
    expect(answer.body.value.map((method: { code: string }) => method.code)).toEqual([
      'bank',
      'bkash',
      'nagad',
      'bkash_send',
      'nagad_send',
      'sandbox',
    ]);
    expect(answer.body.value[0]).toMatchObject({
      kind: 'bank_transfer',
      min: '100.00',
      max: '100000.00',
      feeBps: 0,
    });
    expect(answer.body.value[0].bank.accountNumber).toBe('0000-1234-5678');
    const english = await sut.app.inject({
      method: 'GET',
      url: '/wps/deposit/methods',
      headers: { authorization: `Bearer ${player}`, language: 'EN' },
    });
    expect(english.json().value[1].name).toBe('bKash (demo)');
    expect(english.json().value[5].name).toBe('Sandbox Pay (test)');
  });

  it('offers the demo’s members bKash (demo) and Nagad (demo), not the sandbox’s test payment', () => {
    expect(demoDepositMethods.map((method) => [method.code, method.kind])).toEqual([
      ['bank', 'bank_transfer'],
      ['bkash', 'bkash'],
      ['nagad', 'nagad'],
    ]);
  });

  it('refuses a guest, a trial account and an operator', async () => {
    expect((await call(sut, { method: 'GET', url: '/wps/deposit/methods' })).status).toBe(401);
    const trial = await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} });
    const refused = await call(sut, {
      method: 'GET',
      url: '/wps/deposit/methods',
      token: trial.body.value.token,
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    expect((await call(sut, { method: 'GET', url: '/wps/deposit/methods', token: operator })).status).toBe(
      403,
    );
  });
});

describe('bank transfer deposits', () => {
  it('waits for the operator, who approves it once: credited, audited, in the record', async () => {
    const order = await create({ methodCode: 'bank', amount: '500', reference: 'TXN-778899' });
    expect(order.status).toBe(200);
    expect(order.body.value).toMatchObject({
      status: 'pending',
      amount: '500.00',
      credited: '500.00',
      payUrl: null,
    });
    expect(order.body.value.bank.bankName).toBe('Demo Bank Ltd.');
    expect(await balance()).toBe('0.00');

    const queue = await call(sut, { method: 'GET', url: '/api/operator/deposits', token: operator });
    expect(queue.body.value.map((row: { username: string }) => row.username)).toEqual(['demoplayer']);

    const approved = await decide({ orderId: order.body.value.orderId, decision: 'approve' });
    expect(approved.body.value.status).toBe('approved');
    expect(await balance()).toBe('500.00');
    const again = await decide({ orderId: order.body.value.orderId, decision: 'approve' });
    expect(again.status).toBe(409);
    expect(await balance()).toBe('500.00');
    const audit = await sut.db.select().from(walletAudit);
    expect(audit.map((row) => [row.action, row.amount, row.before, row.after])).toEqual([
      ['deposit_approve', 50000n, 0n, 50000n],
    ]);
    const record = await call(sut, { method: 'GET', url: '/wps/wallet/record?type=deposit', token: player });
    expect(record.body.value.list[0]).toMatchObject({
      type: 'deposit',
      amount: '500.00',
      balanceAfter: '500.00',
    });
    await expectLedgerValid(sut.db);
  });

  it('is rejected with a reason and moves nothing', async () => {
    const order = await create({ methodCode: 'bank', amount: '200', reference: 'REF-1' });
    expect((await decide({ orderId: order.body.value.orderId, decision: 'reject' })).status).toBe(400);
    const rejected = await decide({
      orderId: order.body.value.orderId,
      decision: 'reject',
      reason: 'no money seen',
    });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'no money seen' });
    expect(await balance()).toBe('0.00');
    await expectLedgerValid(sut.db);
  });

  it('answers a retried request with the same order, and refuses the same id for another request', async () => {
    const body = { methodCode: 'bank', amount: '300', reference: 'R-2', requestId: newRequest() };
    const first = await create(body);
    const retry = await create(body);
    expect(retry.body.value.orderId).toBe(first.body.value.orderId);
    const other = await create({ ...body, amount: '301' });
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_MISMATCH']);
    expect(await sut.db.select().from(depositOrders)).toHaveLength(1);
  });

  it.each([
    ['no reference', { methodCode: 'bank', amount: '500' }, 400, 'reference'],
    ['below the minimum', { methodCode: 'bank', amount: '99.99', reference: 'R' }, 400, 'amount'],
    ['above the maximum', { methodCode: 'bank', amount: '100000.01', reference: 'R' }, 400, 'amount'],
    ['three decimals', { methodCode: 'bank', amount: '100.001', reference: 'R' }, 400, 'amount'],
    ['a negative amount', { methodCode: 'bank', amount: '-100', reference: 'R' }, 400, 'amount'],
    ['an unknown method', { methodCode: 'crypto', amount: '100', reference: 'R' }, 404, 'methodCode'],
  ])('refuses %s, creating nothing', async (_name, body, status, field) => {
    const answer = await create(body);
    expect(answer.status).toBe(status);
    expect(answer.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    expect(await sut.db.select().from(depositOrders)).toHaveLength(0);
  });

  it('lets only operators decide, and only bank transfers', async () => {
    const order = await create({ methodCode: 'bank', amount: '150', reference: 'R-3' });
    expect((await decide({ orderId: order.body.value.orderId, decision: 'approve' }, player)).status).toBe(
      403,
    );
    expect((await decide({ orderId: order.body.value.orderId, decision: 'approve' }, null)).status).toBe(401);
    const gateway = await create({ methodCode: 'sandbox', amount: '150' });
    const refused = await decide({ orderId: gateway.body.value.orderId, decision: 'approve' });
    expect(refused.status).toBe(409);
    expect((await decide({ orderId: 999_999, decision: 'approve' })).status).toBe(404);
    expect(await balance()).toBe('0.00');
  });
});

describe('receipt images of bank transfers', () => {
  /** The smallest valid JPEG head (the PNG: money.test-support.ts): the sniffing reads the first bytes only. */
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  const upload = (bytes: Buffer, contentType = 'image/png') => ({
    contentType,
    data: bytes.toString('base64'),
  });
  const receipt = (orderId: number, index: number, token: string | null = operator) =>
    call(sut, {
      method: 'GET',
      url: `/api/operator/deposit/receipt?orderId=${orderId}&index=${index}`,
      token,
    });

  it('keeps up to three png or jpg pictures with the order, for the operator to look at', async () => {
    const order = await create({
      methodCode: 'bank',
      amount: '250',
      reference: 'R-IMG',
      receipts: [upload(png), upload(jpeg, 'image/jpeg')],
    });
    expect(order.status).toBe(200);
    expect(order.body.value.receiptCount).toBe(2);
    const first = await receipt(order.body.value.orderId, 0);
    expect(first.body.value).toEqual(upload(png));
    expect((await receipt(order.body.value.orderId, 1)).body.value.contentType).toBe('image/jpeg');
    expect((await receipt(order.body.value.orderId, 2)).status).toBe(404);
    const review = await call(sut, { method: 'GET', url: '/api/operator/deposits', token: operator });
    expect(review.body.value[0].receiptCount).toBe(2);
  });

  it.each([
    ['a picture that is not what it says', [upload(jpeg, 'image/png')], 'receipts.0'],
    ['a gif', [{ contentType: 'image/gif', data: png.toString('base64') }], 'receipts'],
    ['four pictures', [upload(png), upload(png), upload(png), upload(png)], 'receipts'],
    ['a picture above 5 MB', [upload(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]))], 'receipts.0'],
  ])('refuses %s and creates nothing', async (_name, receipts, field) => {
    const answer = await create({ methodCode: 'bank', amount: '250', reference: 'R-BAD', receipts });
    expect(answer.status).toBe(400);
    expect(answer.body.value.issues[0].field).toContain(field);
    expect(await sut.db.select().from(depositOrders)).toHaveLength(0);
  });

  it('refuses pictures with a gateway deposit, and shows receipts to operators only', async () => {
    const gateway = await create({ methodCode: 'sandbox', amount: '250', receipts: [upload(png)] });
    expect(gateway.status).toBe(400);
    expect(gateway.body.value.issues[0].field).toBe('receipts');
    const order = await create({
      methodCode: 'bank',
      amount: '250',
      reference: 'R-OWN',
      receipts: [upload(png)],
    });
    expect((await receipt(order.body.value.orderId, 0, player)).status).toBe(403);
    expect((await receipt(order.body.value.orderId, 0, null)).status).toBe(401);
  });

  it('answers a retry with the same pictures with the same order, and refuses other pictures', async () => {
    const requestId = newRequest();
    const body = {
      methodCode: 'bank',
      amount: '250',
      reference: 'R-RETRY',
      requestId,
      receipts: [upload(png)],
    };
    const first = await create(body);
    expect((await create(body)).body.value.orderId).toBe(first.body.value.orderId);
    const other = await create({ ...body, receipts: [upload(jpeg, 'image/jpeg')] });
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

describe('sandbox gateway deposits', () => {
  it('pays on the hosted page, credits through the signed callback once, fee to the platform', async () => {
    const order = await create({ methodCode: 'sandbox', amount: '1000' });
    expect(order.body.value).toMatchObject({ status: 'pending', fee: '15.00', credited: '985.00' });
    const payUrl = order.body.value.payUrl as string;
    expect(payUrl).toMatch(/^\/sandbox-gateway\/pay\/sbx_[0-9a-f]{24}$/);
    const page = await sut.app.inject({ method: 'GET', url: payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('BDT 1000.00');

    expect(await payAtGateway(order.body.value.orderId, 'paid')).toBe(1);
    expect(await balance()).toBe('985.00');
    const history = await call(sut, { method: 'GET', url: '/wps/deposit/history', token: player });
    expect(history.body.value.list[0]).toMatchObject({ status: 'approved', payUrl: null });

    // The gateway retries a callback it believes lost: nothing moves a second time.
    const payment = await getSandboxPayment(sut.db, payUrl.split('/').pop() ?? '');
    const rawBody = callbackBodyOf(payment!);
    const signature = signPayload(await sandboxSecret(sut.db), rawBody, Math.floor(Date.now() / 1000));
    const replay = await sendCallback(rawBody, signature);
    expect(replay.statusCode).toBe(200);
    expect(await balance()).toBe('985.00');
    await expectLedgerValid(sut.db);
  });

  it("takes a gateway's callback from an address whose calls the per-address limit refuses", async () => {
    await sut.close();
    ({ sut, operator, player } = await appWithOperatorAndPlayer({
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '40',
    }));
    await listSandboxMethod(sut);
    const order = await create({ methodCode: 'sandbox', amount: '1000' });
    expect(order.status).toBe(200);
    // The players' calls from this address (every injected call is 127.0.0.1) run out…
    let status = 200;
    for (let sent = 0; sent < 60 && status !== 429; sent += 1) {
      status = (await call(sut, { method: 'GET', url: '/wps/system/status' })).status;
    }
    expect(status).toBe(429);
    // …and the gateway, calling from the same address, still credits the deposit, once.
    expect(await payAtGateway(order.body.value.orderId, 'paid')).toBe(1);
    const [row] = await sut.db
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.id, order.body.value.orderId));
    expect(row?.status).toBe('approved');
    expect((await call(sut, { method: 'GET', url: '/wps/system/status' })).status).toBe(429);
    await expectLedgerValid(sut.db);
  });

  it('answers 20 concurrent retries of one request like the first: one order, one payment', async () => {
    const body = { methodCode: 'sandbox', amount: '500', requestId: 'deposit-at-once-1' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(body)));
    const seen = answers.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`);
    expect(new Set(seen).size, seen.join('\n')).toBe(1);
    expect(answers[0]?.body.value.payUrl).toMatch(/^\/sandbox-gateway\/pay\//);
    expect(await sut.db.select().from(depositOrders)).toHaveLength(1);
  });

  it('refuses a forged, a stale and a tampered callback, moving nothing', async () => {
    const order = await create({ methodCode: 'sandbox', amount: '500' });
    const [row] = await sut.db
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.id, order.body.value.orderId));
    await sut.db
      .update(sandboxPayments)
      .set({ status: 'paid' })
      .where(eq(sandboxPayments.id, row?.gatewayPaymentId ?? ''));
    const payment = await getSandboxPayment(sut.db, row?.gatewayPaymentId ?? '');
    const rawBody = callbackBodyOf(payment!);
    const secret = await sandboxSecret(sut.db);
    const now = Math.floor(Date.now() / 1000);
    const forged = await sendCallback(rawBody, signPayload('not-the-secret', rawBody, now));
    expect([forged.statusCode, forged.json().code]).toEqual([401, 'BAD_SIGNATURE']);
    const stale = await sendCallback(rawBody, signPayload(secret, rawBody, now - 3600));
    expect(stale.statusCode).toBe(401);
    const tampered = rawBody.replace('"500.00"', '"5000.00"');
    expect((await sendCallback(tampered, signPayload(secret, rawBody, now))).statusCode).toBe(401);
    expect((await sendCallback(rawBody, 'garbage')).statusCode).toBe(401);
    expect(await balance()).toBe('0.00');
    const [still] = await sut.db
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.id, order.body.value.orderId));
    expect(still?.status).toBe('pending');
  });

  it('rejects a payment declined at the gateway', async () => {
    const order = await create({ methodCode: 'sandbox', amount: '80' });
    await payAtGateway(order.body.value.orderId, 'failed');
    const history = await call(sut, {
      method: 'GET',
      url: '/wps/deposit/history?status=rejected',
      token: player,
    });
    expect(history.body.value.list.map((entry: { orderId: number }) => entry.orderId)).toEqual([
      order.body.value.orderId,
    ]);
    expect(await balance()).toBe('0.00');
  });

  it('retries a callback the merchant did not take, and expires unpaid orders (a late payment still counts)', async () => {
    const unpaid = await create({ methodCode: 'sandbox', amount: '60' });
    const late = await create({ methodCode: 'sandbox', amount: '70' });
    await sut.db.update(depositOrders).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await expireUnpaidDeposits(sut.db)).toBe(2);

    const [lateRow] = await sut.db
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.id, late.body.value.orderId));
    await decideSandboxPayment(sut.db, { id: lateRow?.gatewayPaymentId ?? '', outcome: 'paid' });
    const down: CallbackSender = async () => ({ ok: false, status: 503 });
    expect(await deliverDueCallbacks(sut.db, { send: down })).toBe(0);
    const [waiting] = await sut.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, lateRow?.gatewayPaymentId ?? ''));
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'HTTP 503', deliveredAt: null });
    // Not due again until its backoff has passed.
    expect(await deliverDueCallbacks(sut.db, { send: injectSender })).toBe(0);
    await sut.db.update(sandboxPayments).set({ nextAttemptAt: sql`now()` });
    expect(await deliverDueCallbacks(sut.db, { send: injectSender })).toBe(1);

    const history = await call(sut, { method: 'GET', url: '/wps/deposit/history', token: player });
    const statuses = Object.fromEntries(
      history.body.value.list.map((entry: { orderId: number; status: string }) => [
        entry.orderId,
        entry.status,
      ]),
    );
    expect(statuses).toEqual({
      [unpaid.body.value.orderId]: 'expired',
      [late.body.value.orderId]: 'approved',
    });
    expect(await balance()).toBe('68.95');
    await expectLedgerValid(sut.db);
  });

  it('asks the gateway about an overdue order whose callback was lost, credits it once, and refunds through the gateway', async () => {
    const order = await create({ methodCode: 'sandbox', amount: '200' });
    const [row] = await sut.db
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.id, order.body.value.orderId));
    const paymentId = row?.gatewayPaymentId ?? '';
    // Paid on the hosted page, but the callback never arrived.
    await decideSandboxPayment(sut.db, { id: paymentId, outcome: 'paid' });
    await sut.db.update(depositOrders).set({ expiresAt: sql`now() - interval '1 minute'` });
    const gateways = sut.app.paymentGateways;
    const settings = await getSettings(sut.db);
    expect(await reconcileOverdueDeposits({ db: sut.db, settings, gateways })).toBe(1);
    expect(await expireUnpaidDeposits(sut.db)).toBe(0);
    expect(await balance()).toBe('197.00');
    // The callback that comes after all changes nothing.
    expect(await deliverDueCallbacks(sut.db, { send: injectSender })).toBe(1);
    expect(await reconcileOverdueDeposits({ db: sut.db, settings, gateways })).toBe(0);
    expect(await balance()).toBe('197.00');

    const sandbox = gateways.get('sandbox_gateway')!;
    const refund = { paymentId, amount: '200.00', reason: 'test', idempotencyKey: `refund:${paymentId}` };
    expect(await sandbox.refund(refund)).toEqual({ refundId: `rf_${paymentId}`, status: 'succeeded' });
    expect(await sandbox.refund(refund)).toEqual({ refundId: `rf_${paymentId}`, status: 'succeeded' });
    await expect(sandbox.refund({ ...refund, amount: '1.00' })).rejects.toThrow(/whole amount/);
    expect((await sandbox.queryPayment(paymentId))?.status).toBe('paid');
    expect(await sandbox.queryPayment('sbx_000000000000000000000000')).toBeNull();
    await expectLedgerValid(sut.db);
  });

  it('sends the player back to the site after paying', async () => {
    const order = await create({ methodCode: 'sandbox', amount: '100' });
    const answer = await sut.app.inject({
      method: 'POST',
      url: order.body.value.payUrl,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(new RegExp(`/index\\?depositOrder=${order.body.value.orderId}$`));
    const bad = await sut.app.inject({
      method: 'POST',
      url: order.body.value.payUrl,
      payload: 'action=steal',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deposit limits', () => {
  const setLimits = (body: Record<string, unknown>) =>
    call(sut, { method: 'POST', url: '/wps/deposit/limits', body, token: player });

  it('applies a lower limit at once and a higher one only after 24 hours', async () => {
    const set = await setLimits({ day: '200' });
    expect(set.body.value.day).toMatchObject({ current: '200.00', pending: null, used: '0.00' });
    expect((await create({ methodCode: 'bank', amount: '150', reference: 'A' })).status).toBe(200);
    const over = await create({ methodCode: 'bank', amount: '100', reference: 'B' });
    expect([over.status, over.body.code]).toEqual([400, 'DEPOSIT_LIMIT_EXCEEDED']);
    expect(over.body.value).toMatchObject({ period: 'day', limit: '200.00', used: '150.00' });

    const raised = await setLimits({ day: '1000' });
    expect(raised.body.value.day.current).toBe('200.00');
    expect(raised.body.value.day.pending.amount).toBe('1000.00');
    expect(raised.body.value.day.pending.from).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await create({ methodCode: 'bank', amount: '100', reference: 'C' })).status).toBe(400);

    // A day later the raise is in force.
    await sut.db.execute(sql`update deposit_limits set pending_from = now() - interval '1 second'`);
    expect((await create({ methodCode: 'bank', amount: '100', reference: 'D' })).status).toBe(200);

    const lowered = await setLimits({ week: '50', month: null });
    expect(lowered.body.value.week.current).toBe('50.00');
    expect(lowered.body.value.month).toMatchObject({ current: null, pending: null });
  });

  it('refuses bad limits and callers who are not members', async () => {
    expect((await setLimits({})).status).toBe(400);
    expect((await setLimits({ day: '-5' })).status).toBe(400);
    expect((await setLimits({ week: 100 })).status).toBe(400);
    expect((await call(sut, { method: 'GET', url: '/wps/deposit/limits' })).status).toBe(401);
    expect((await call(sut, { method: 'GET', url: '/wps/deposit/limits', token: operator })).status).toBe(
      403,
    );
  });
});
