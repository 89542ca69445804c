import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { call, operatorLogin, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import type { BkashSimulator } from '../bkash/bkash.simulator.ts';
import { bkashPaths } from '../bkash/bkash.api.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import type { NagadSimulator } from '../nagad/nagad.simulator.ts';
import { expireUnpaidDeposits } from './deposits.service.ts';
import { depositOrders, depositReconciliationItems } from './deposits.tables.ts';
import {
  bkashDemoMethod,
  closeListeningApp,
  demoAppWithDepositMethod,
  depositCalls,
  replaceDepositMethods,
} from './deposits.test-support.ts';

/**
 * The daily reconciliation (issue 37, item 6) against the demo site's bKash and Nagad simulators:
 * each kind of mismatch made on request at the provider (`diverge`), the job run as the queue runs
 * it (on the brand's previous day), what it recorded, what it credited (once, whatever the
 * number of runs), and the back office's list and "resolve with note".
 */

let sut: TestApp;
let player: string;
let operator: string;
let bkash: BkashSimulator;
let nagad: NagadSimulator;

beforeEach(async () => {
  ({ sut, player } = await demoAppWithDepositMethod(bkashDemoMethod));
  await replaceDepositMethods(sut.db, 'nagad', [
    { code: 'nagad', kind: 'nagad', names: { EN: 'Nagad (demo)' }, min: '10', max: '100000', feeBps: 0 },
  ]);
  operator = await operatorLogin(sut);
  bkash = sut.app.demoProviders!.bkash;
  nagad = sut.app.demoProviders!.nagad;
  bkash.options.clientTimeoutMs = 1500;
  nagad.options.clientTimeoutMs = 1500;
});
afterEach(() => closeListeningApp(sut));

const viaBkash = depositCalls('bkash', () => ({ sut, player }));
const viaNagad = depositCalls('nagad', () => ({ sut, player }));
const { balance, orderRow, comeBack } = viaBkash;

async function startBkash(amount: string) {
  const order = await viaBkash.create(amount);
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const { orderId, payUrl } = order.body.value as { orderId: number; payUrl: string };
  return { orderId, paymentId: new URL(payUrl, 'http://x').searchParams.get('paymentID')! };
}

async function startNagad(amount: string) {
  const order = await viaNagad.create(amount);
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const { orderId, payUrl } = order.body.value as { orderId: number; payUrl: string };
  return { orderId, paymentId: new URL(payUrl, 'http://x').searchParams.get('ref')! };
}

/** A bKash deposit paid and credited the ordinary way (the member's page, the return). */
async function paidBkash(amount: string) {
  const started = await startBkash(amount);
  await comeBack(bkash.authorize(started.paymentId, 'success'));
  expect(await orderRow(started.orderId)).toMatchObject({ status: 'approved' });
  return started;
}

/** Unpaid orders past their time, expired as the expiry job does (after asking the gateway). */
async function expireAll() {
  await sut.db.update(depositOrders).set({ expiresAt: sql`now() - interval '1 minute'` });
  await expireUnpaidDeposits(sut.db);
}

/** Every order moved to the brand's previous day: what the job compares at its next run. */
const toYesterday = () =>
  sut.db.update(depositOrders).set({ createdAt: sql`${depositOrders.createdAt} - interval '1 day'` });

/** The job as the queue runs it. */
async function runJob() {
  const job = sut.app.jobs.get('deposit-reconciliation');
  if (!job) throw new Error('no deposit-reconciliation job');
  return (await job.run({ id: 'test' })) as {
    provider: string;
    checked: number;
    matched: number;
    settled: number;
    flagged: number;
    unreachable: number;
  }[];
}

const items = () => sut.db.select().from(depositReconciliationItems);

function listMismatches(query: string, token = operator) {
  return call(sut, { method: 'GET', url: `/api/operator/deposit/reconciliation${query}`, token });
}

function resolve(body: unknown, token = operator) {
  return call(sut, { method: 'POST', url: '/api/operator/deposit/reconciliation/resolve', body, token });
}

describe('the daily reconciliation', () => {
  it('credits a payment made at bKash after its order expired, once, however often it runs', async () => {
    const matching = await paidBkash('120');
    const late = await startBkash('300');
    await expireAll();
    expect(await orderRow(late.orderId)).toMatchObject({ status: 'expired' });
    // The member paid at bKash; the return never came back and the order expired meanwhile.
    bkash.diverge(late.paymentId, { kind: 'paid' });
    await toYesterday();

    const [bkashDay, nagadDay] = await runJob();
    expect(bkashDay).toMatchObject({ provider: 'bkash', checked: 2, matched: 1, settled: 1, flagged: 0 });
    expect(nagadDay).toMatchObject({ provider: 'nagad', checked: 0 });
    expect(await orderRow(late.orderId)).toMatchObject({ status: 'approved', decidedBy: 'gateway' });
    expect(await orderRow(matching.orderId)).toMatchObject({ status: 'approved' });
    expect(await balance()).toBe('420.00');
    const [item] = await items();
    expect(item).toMatchObject({
      orderId: late.orderId,
      kind: 'paid_not_credited',
      state: 'settled',
      orderStatus: 'expired',
      providerStatus: 'Completed',
      providerAmount: 30000n,
    });
    expect(item!.entryId).toBe((await orderRow(late.orderId)).entryId);
    expect(item!.providerTransactionId).toMatch(/^[A-Z0-9]{10}$/);
    await expectLedgerValid(sut.db);

    // Again (a retry, or an operator's "run now"): nothing more is credited or recorded.
    const [again] = await runJob();
    expect(again).toMatchObject({ checked: 2, matched: 2, settled: 0, flagged: 0 });
    expect(await balance()).toBe('420.00');
    expect(await items()).toHaveLength(1);
    await expectLedgerValid(sut.db);
  });

  it('flags a deposit credited here that bKash does not know or says failed, and never debits it', async () => {
    const unknown = await paidBkash('200');
    const failed = await paidBkash('150');
    bkash.diverge(unknown.paymentId, { kind: 'unknown' });
    bkash.diverge(failed.paymentId, { kind: 'failed' });
    await toYesterday();

    const [bkashDay] = await runJob();
    expect(bkashDay).toMatchObject({ checked: 2, flagged: 2, settled: 0 });
    expect(await balance()).toBe('350.00');
    const found = await items();
    expect(found.map((item) => [item.orderId, item.kind, item.state, item.providerStatus])).toEqual(
      expect.arrayContaining([
        [unknown.orderId, 'credited_not_paid', 'open', 'unknown'],
        [failed.orderId, 'credited_not_paid', 'open', 'Failed'],
      ]),
    );
    await expectLedgerValid(sut.db);

    await runJob();
    expect(await items()).toHaveLength(2);
    expect(await balance()).toBe('350.00');
    await expectLedgerValid(sut.db);
  });

  it('flags another amount at bKash, credited or not, and credits nothing for it', async () => {
    const credited = await paidBkash('250');
    bkash.diverge(credited.paymentId, { kind: 'amount', amount: '25' });
    const expired = await startBkash('400');
    await expireAll();
    bkash.diverge(expired.paymentId, { kind: 'paid' });
    bkash.diverge(expired.paymentId, { kind: 'amount', amount: '4000' });
    await toYesterday();

    const [bkashDay] = await runJob();
    expect(bkashDay).toMatchObject({ checked: 2, flagged: 2, settled: 0 });
    expect(await orderRow(expired.orderId)).toMatchObject({ status: 'expired', entryId: null });
    expect(await balance()).toBe('250.00');
    const found = await items();
    expect(found.map((item) => [item.orderId, item.kind, item.orderAmount, item.providerAmount])).toEqual(
      expect.arrayContaining([
        [credited.orderId, 'amount_differs', 25000n, 2500n],
        [expired.orderId, 'amount_differs', 40000n, 400000n],
      ]),
    );
    await runJob();
    expect(await items()).toHaveLength(2);
    await expectLedgerValid(sut.db);
  });

  it('only flags a payment made at bKash for an order rejected here', async () => {
    const declined = await startBkash('180');
    await comeBack(bkash.authorize(declined.paymentId, 'failure'));
    expect(await orderRow(declined.orderId)).toMatchObject({ status: 'rejected' });
    bkash.diverge(declined.paymentId, { kind: 'paid' });
    await toYesterday();

    const [bkashDay] = await runJob();
    expect(bkashDay).toMatchObject({ flagged: 1, settled: 0 });
    expect(await items()).toEqual([
      expect.objectContaining({ kind: 'paid_not_credited', state: 'open', orderStatus: 'rejected' }),
    ]);
    expect(await balance()).toBe('0.00');
    await expectLedgerValid(sut.db);
  });

  it('compares Nagad too: a late payment credited once, an unknown one flagged', async () => {
    const late = await startNagad('220');
    const credited = await startNagad('90');
    await viaNagad.comeBack(nagad.pay(credited.paymentId, 'Success'));
    expect(await orderRow(credited.orderId)).toMatchObject({ status: 'approved' });
    await expireAll();
    nagad.diverge(late.paymentId, { kind: 'paid' });
    nagad.diverge(credited.paymentId, { kind: 'unknown' });
    await toYesterday();

    const [, nagadDay] = await runJob();
    expect(nagadDay).toMatchObject({ provider: 'nagad', checked: 2, settled: 1, flagged: 1 });
    expect(await balance()).toBe('310.00');
    await runJob();
    expect(await balance()).toBe('310.00');
    expect((await items()).map((item) => [item.kind, item.state]).sort()).toEqual([
      ['credited_not_paid', 'open'],
      ['paid_not_credited', 'settled'],
    ]);
    await expectLedgerValid(sut.db);
  });

  it('compares only the brand’s previous day, and fails the run (to be retried) when bKash does not answer', async () => {
    const today = await paidBkash('100');
    bkash.diverge(today.paymentId, { kind: 'unknown' });
    // Today's order is not yesterday's: not compared yet.
    const [bkashDay] = await runJob();
    expect(bkashDay).toMatchObject({ checked: 0 });

    await toYesterday();
    bkash.fail(bkashPaths.query, { kind: 'http-503' });
    await expect(runJob()).rejects.toThrow(/did not answer for .*bkash 1/);
    expect(await items()).toHaveLength(0);
    // The retry, with bKash back: recorded once.
    await runJob();
    expect(await items()).toHaveLength(1);
    await expectLedgerValid(sut.db);
  });
});

describe('the back office’s mismatch list', () => {
  async function twoMismatches() {
    const unknown = await paidBkash('200');
    const late = await startBkash('300');
    await expireAll();
    bkash.diverge(unknown.paymentId, { kind: 'unknown' });
    bkash.diverge(late.paymentId, { kind: 'paid' });
    await toYesterday();
    await runJob();
    return { unknown, late };
  }

  it('lists mismatches with their state, by filter, and resolves one with a note (audited, once)', async () => {
    const { unknown, late } = await twoMismatches();
    const all = await listMismatches('');
    expect(all.status).toBe(200);
    expect(all.body.value).toHaveLength(2);
    const open = await listMismatches('?state=open&provider=bkash');
    expect(open.body.value).toEqual([
      expect.objectContaining({
        orderId: unknown.orderId,
        username: expect.any(String),
        kind: 'credited_not_paid',
        orderStatus: 'approved',
        orderAmount: '200.00',
        providerStatus: 'unknown',
        providerAmount: null,
        state: 'open',
      }),
    ]);
    expect((await listMismatches('?kind=paid_not_credited')).body.value).toEqual([
      expect.objectContaining({ orderId: late.orderId, state: 'settled', providerAmount: '300.00' }),
    ]);
    expect((await listMismatches('?provider=nagad')).body.value).toEqual([]);
    const day = (open.body.value[0] as { businessDay: string }).businessDay;
    expect((await listMismatches(`?from=${day}&to=${day}`)).body.value).toHaveLength(2);
    expect((await listMismatches('?from=2099-01-01')).body.value).toEqual([]);

    const itemId = (open.body.value[0] as { itemId: number }).itemId;
    const resolved = await resolve({
      itemId,
      note: 'bKash statement checked: reversed by bKash, member told',
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.value).toMatchObject({
      itemId,
      state: 'resolved',
      note: 'bKash statement checked: reversed by bKash, member told',
      resolvedBy: expect.stringContaining('#'),
      resolvedAt: expect.any(Number),
    });
    const audited = await sut.db
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.action, 'operatorReconciliationResolve'),
          eq(operatorAudit.targetId, String(itemId)),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ targetKind: 'deposit_reconciliation', outcome: 'ok' });
    // Once: a second resolve is a conflict; resolving moves no money.
    const twice = await resolve({ itemId, note: 'again' });
    expect([twice.status, twice.body.code]).toEqual([409, 'CONFLICT']);
    expect(await balance()).toBe('500.00');
    await expectLedgerValid(sut.db);
  });

  it('refuses bad input', async () => {
    await twoMismatches();
    for (const query of ['?state=closed', '?provider=rocket', '?kind=lost', '?from=2026-13-01', '?limit=0']) {
      const answer = await listMismatches(query);
      expect([answer.status, answer.body.code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    for (const body of [
      {},
      { itemId: 1 },
      { itemId: 1, note: 'ok' },
      { itemId: 1, note: 'x'.repeat(501) },
      { itemId: 1, note: '<script>' },
      { itemId: 0, note: 'checked' },
      { itemId: '1', note: 'checked' },
    ]) {
      const answer = await resolve(body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const missing = await resolve({ itemId: 999_999, note: 'checked' });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await items()).every((item) => item.state !== 'resolved')).toBe(true);
  });

  it('refuses a guest, a member, and an operator without the permission', async () => {
    await twoMismatches();
    const [item] = await items();
    const body = { itemId: item!.id, note: 'checked the statement' };
    expect((await call(sut, { method: 'GET', url: '/api/operator/deposit/reconciliation' })).status).toBe(
      401,
    );
    expect((await listMismatches('', player)).status).toBe(403);
    expect((await resolve(body, player)).status).toBe(403);
    const content = await operatorOfRole(sut, 'content');
    expect((await listMismatches('', content.token)).status).toBe(403);
    // Support may look (money.read) but not resolve (money.deposits).
    const support = await operatorOfRole(sut, 'support');
    expect((await listMismatches('', support.token)).status).toBe(200);
    expect((await resolve(body, support.token)).status).toBe(403);
    expect((await items()).every((row) => row.state !== 'resolved')).toBe(true);
    const finance = await operatorOfRole(sut, 'finance');
    expect((await resolve(body, finance.token)).status).toBe(200);
  });
});
