import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { appWithOperatorAndPlayer, call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { bkashB2cErrors, bkashB2cPaths } from '../bkash/bkash.api.ts';
import type { BkashSimulator } from '../bkash/bkash.simulator.ts';
import { closeListeningApp } from '../deposits/deposits.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { getSettings, updateSettings } from '../settings/settings.service.ts';
import { uniqueKeys } from '../wallet/money.test-support.ts';
import { markStalePayoutAttempts } from './withdrawals.service.ts';
import { withdrawalPayoutAttempts, withdrawals } from './withdrawals.tables.ts';

/**
 * Payouts by bKash B2C (issue 37, item 4) against the bKash simulator the demo site mounts at
 * /sim/bkash, through the real adapter over HTTP. The simulator's record of payouts says how many
 * times money really left: every scenario ends with it and the ledger verifier.
 */

let sut: TestApp;
let player: string;
let simulator: BkashSimulator;
/** Finance operators: one approves, one sends, one resolves (none credited the member). */
let approver: { id: number; account: string; token: string };
let sender: { id: number; account: string; token: string };
let resolver: { id: number; account: string; token: string };
let bkashAccount: number;
let nagadAccount: number;

const newRequest = uniqueKeys('b2c');
const wallet = '01712345678';

beforeEach(async () => {
  const started = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' });
  ({ sut, player } = started);
  await sut.app.listen({ host: '127.0.0.1', port: 0 });
  simulator = sut.app.demoProviders!.bkash;
  // Short deadlines, so a hanging bKash is a timeout within the test.
  simulator.options.clientTimeoutMs = 1500;
  approver = await operatorOfRole(sut, 'finance');
  sender = await operatorOfRole(sut, 'finance');
  resolver = await operatorOfRole(sut, 'finance');
  await call(sut, {
    method: 'POST',
    url: '/api/operator/wallet/adjust',
    token: started.operator,
    body: { username: 'demoplayer', amount: '5000', reason: 'test funds', idempotencyKey: newRequest() },
  });
  bkashAccount = await bind('bkash', wallet);
  nagadAccount = await bind('nagad', '01812345678');
});
afterEach(() => closeListeningApp(sut));

async function bind(walletProvider: string, accountNumber: string): Promise<number> {
  const bound = await call(sut, {
    method: 'POST',
    url: '/wps/withdraw/account/bind',
    body: {
      kind: 'ewallet',
      walletProvider,
      accountName: 'Demo Player',
      accountNumber,
      paymentPassword: '246810',
    },
    token: player,
    sealed: true,
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  return bound.body.value.accountId as number;
}

/** The player withdraws `amount` to `accountId`, and an operator approves it unless told not to. */
async function approvedWithdrawal(amount: string, accountId = bkashAccount, approve = true): Promise<number> {
  const created = await call(sut, {
    method: 'POST',
    url: '/wps/withdraw/create',
    body: { accountId, amount, paymentPassword: '246810', requestId: newRequest() },
    token: player,
    sealed: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const withdrawalId = created.body.value.withdrawalId as number;
  if (approve) {
    const approved = await decide({ withdrawalId, decision: 'approve' }, approver.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }
  return withdrawalId;
}

const send = (withdrawalId: number, token: string | null = sender.token, method: unknown = 'bkash_b2c') =>
  call(sut, { method: 'POST', url: '/api/operator/withdrawal/send', body: { withdrawalId, method }, token });
const decide = (body: Record<string, unknown>, token: string) =>
  call(sut, { method: 'POST', url: '/api/operator/withdrawal/decide', body, token });
const resolve = (body: Record<string, unknown>, token: string | null = resolver.token) =>
  call(sut, { method: 'POST', url: '/api/operator/withdrawal/payout/resolve', body, token });
const queue = async (status = 'pending') =>
  (await call(sut, { method: 'GET', url: `/api/operator/withdrawals?status=${status}`, token: sender.token }))
    .body.value as Record<string, unknown>[];
const withdrawalRow = async (id: number) =>
  (await sut.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const attemptsOf = (id: number) =>
  sut.db
    .select()
    .from(withdrawalPayoutAttempts)
    .where(eq(withdrawalPayoutAttempts.withdrawalId, id))
    .orderBy(asc(withdrawalPayoutAttempts.id));
/** The player's spendable and held money, as the wallet call shows them. */
async function balances() {
  const answer = await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: player });
  const { sumBalance: sum, held } = answer.body.value as { sumBalance: string; held: string };
  return { sum, held };
}

/** Nothing else may pay out or release a withdrawal whose attempt is open. */
async function expectHeld(withdrawalId: number) {
  for (const answer of [
    await send(withdrawalId),
    await send(withdrawalId, resolver.token),
    await decide({ withdrawalId, decision: 'disburse' }, resolver.token),
    await decide({ withdrawalId, decision: 'reject', reason: 'give it back' }, resolver.token),
  ]) {
    expect([answer.status, answer.body.code], JSON.stringify(answer.body)).toEqual([409, 'CONFLICT']);
  }
}

describe('a payout by bKash B2C', () => {
  it('pays an approved withdrawal once, confirmed by search, through the one pay-out path', async () => {
    const id = await approvedWithdrawal('500');
    const [listed] = await queue();
    expect(listed).toMatchObject({ withdrawalId: id, payoutMethods: ['bkash_b2c'], payoutAttempt: null });

    const sent = await send(id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(simulator.payouts).toHaveLength(1);
    const [payout] = simulator.payouts;
    expect(payout).toMatchObject({
      merchantInvoiceNumber: `wd-${id}-1`,
      receiverMSISDN: wallet,
      amount: '500.00',
    });
    expect(sent.body.value).toMatchObject({
      withdrawal: { withdrawalId: id, status: 'disbursed' },
      attempt: {
        status: 'paid',
        reference: `wd-${id}-1`,
        amount: '500.00',
        receiver: wallet,
        transactionId: payout?.trxID,
        sentBy: `${sender.account}#${sender.id}`,
      },
    });
    expect(sent.body.value.attempt.outcome).toContain('confirmed by search');
    // The same posting as a manual payout: the hold paid out to the payout clearing account, once.
    const row = await withdrawalRow(id);
    expect(row).toMatchObject({
      status: 'disbursed',
      payoutReference: payout?.trxID,
      decidedBy: `${sender.account}#${sender.id}`,
    });
    expect(await balances()).toEqual({ sum: '4500.00', held: '0.00' });
    const entries = await sut.db.execute(
      sql`select count(*)::int as n from journal_entries where idempotency_key = ${`withdraw-payout:${id}`}`,
    );
    expect((entries as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);

    // The paid withdrawal is not sent again, nor paid by hand.
    expect((await send(id)).status).toBe(409);
    expect((await decide({ withdrawalId: id, decision: 'disburse' }, resolver.token)).status).toBe(409);
    expect(simulator.payouts).toHaveLength(1);
    const [disbursed] = await queue('disbursed');
    expect(disbursed).toMatchObject({
      payoutReference: payout?.trxID,
      payoutMethods: [],
      payoutAttempt: { status: 'paid' },
    });
    const audit = await sut.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.targetId, String(id)));
    expect(audit.map((line) => line.action)).toEqual(
      expect.arrayContaining(['withdrawal.payout-send', 'withdrawal.payout-answer']),
    );
    // The member sees it paid out.
    const history = await call(sut, { method: 'GET', url: '/wps/withdraw/history', token: player });
    expect(history.body.value.list[0]).toMatchObject({ withdrawalId: id, status: 'disbursed' });
    await expectLedgerValid(sut.db);
  });

  it('holds a payout whose answer timed out after bKash paid; a second operator resolves it paid, paid once', async () => {
    const id = await approvedWithdrawal('700');
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'hang-after', ms: 4000 });
    const sent = await send(id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value.attempt).toMatchObject({ status: 'uncertain', transactionId: null });
    expect(sent.body.value.withdrawal.status).toBe('pending');
    expect(simulator.payouts).toHaveLength(1);
    await expectHeld(id);
    const [listed] = await queue();
    expect(listed).toMatchObject({ payoutMethods: [], payoutAttempt: { status: 'uncertain' } });
    const attemptId = sent.body.value.attempt.attemptId as number;
    const trxId = simulator.payouts[0]!.trxID;

    // The sender may not decide whether their own payout left.
    const own = await resolve(
      { attemptId, outcome: 'paid', transactionId: trxId, note: 'portal shows it' },
      sender.token,
    );
    expect([own.status, own.body.code]).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    // A trxID bKash does not know, or bKash not answering the search: refused, nothing changes.
    const unknown = await resolve({ attemptId, outcome: 'paid', transactionId: 'AAAA000000', note: 'typo' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    simulator.fail(bkashB2cPaths.searchTransaction, { kind: 'hang', ms: 4000 });
    const silent = await resolve({
      attemptId,
      outcome: 'paid',
      transactionId: trxId,
      note: 'portal shows it',
    });
    expect([silent.status, silent.body.code]).toEqual([503, 'VENDOR_UNAVAILABLE']);
    expect((await attemptsOf(id))[0]?.status).toBe('uncertain');

    const paid = await resolve({
      attemptId,
      outcome: 'paid',
      transactionId: trxId.toLowerCase(),
      note: 'portal shows it',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value).toMatchObject({
      withdrawal: { status: 'disbursed' },
      attempt: {
        status: 'paid',
        transactionId: trxId,
        resolvedBy: `${resolver.account}#${resolver.id}`,
        note: 'portal shows it',
      },
    });
    expect(await withdrawalRow(id)).toMatchObject({ status: 'disbursed', payoutReference: trxId });
    expect((await resolve({ attemptId, outcome: 'not_paid', note: 'again' })).status).toBe(409);
    expect(simulator.payouts).toHaveLength(1);
    expect(await balances()).toEqual({ sum: '4300.00', held: '0.00' });
    const audit = await sut.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'withdrawal.payout-resolve'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('portal shows it');
    expect(audit[0]?.operator).toContain(resolver.account);
    await expectLedgerValid(sut.db);
  });

  it('holds a payout that timed out before bKash paid; resolved not paid, the retry pays once', async () => {
    const id = await approvedWithdrawal('300');
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'hang', ms: 4000 });
    const sent = await send(id);
    expect(sent.body.value.attempt).toMatchObject({ status: 'uncertain' });
    expect(simulator.payouts).toHaveLength(0);
    await expectHeld(id);
    const attemptId = sent.body.value.attempt.attemptId as number;
    const notPaid = await resolve({ attemptId, outcome: 'not_paid', note: 'not in the portal' });
    expect(notPaid.status, JSON.stringify(notPaid.body)).toBe(200);
    expect(notPaid.body.value).toMatchObject({
      withdrawal: { status: 'pending' },
      attempt: { status: 'failed' },
    });

    const again = await send(id);
    expect(again.body.value.attempt).toMatchObject({ status: 'paid', reference: `wd-${id}-2` });
    expect(simulator.payouts.map((payout) => payout.merchantInvoiceNumber)).toEqual([`wd-${id}-2`]);
    expect((await attemptsOf(id)).map((attempt) => attempt.status)).toEqual(['failed', 'paid']);
    expect(await balances()).toEqual({ sum: '4700.00', held: '0.00' });
    await expectLedgerValid(sut.db);
  });

  it('fails on a refusal that moved nothing (balance, not a bKash account); the withdrawal can be sent again or paid by hand', async () => {
    const id = await approvedWithdrawal('400');
    simulator.setB2cBalance('100');
    const poor = await send(id);
    expect(poor.body.value.attempt).toMatchObject({ status: 'failed' });
    expect(poor.body.value.attempt.outcome).toContain('2023');
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'refuse', error: bkashB2cErrors.notBkashAccount });
    const foreign = await send(id);
    expect(foreign.body.value.attempt).toMatchObject({ status: 'failed', reference: `wd-${id}-2` });
    expect(foreign.body.value.attempt.outcome).toContain('2057');
    expect(simulator.payouts).toHaveLength(0);
    const [listed] = await queue();
    expect(listed).toMatchObject({
      status: 'pending',
      payoutMethods: ['bkash_b2c'],
      payoutAttempt: { status: 'failed' },
    });

    // A code that does not say nothing moved (2020 exception occurred) holds it, as a timeout does.
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'refuse', error: bkashB2cErrors.exceptionOccurred });
    const unsure = await send(id);
    expect(unsure.body.value.attempt).toMatchObject({ status: 'uncertain' });
    await resolve({
      attemptId: unsure.body.value.attempt.attemptId,
      outcome: 'not_paid',
      note: 'not in the portal',
    });

    simulator.setB2cBalance('1000000');
    const paid = await send(id);
    expect(paid.body.value.attempt).toMatchObject({ status: 'paid', reference: `wd-${id}-4` });
    expect(simulator.payouts).toHaveLength(1);
    await expectLedgerValid(sut.db);
  });

  it('reads a completed answer for another amount as uncertain, never as paid', async () => {
    const id = await approvedWithdrawal('250');
    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'override', fields: { amount: '2500.00' } });
    const sent = await send(id);
    expect(sent.body.value.attempt).toMatchObject({ status: 'uncertain' });
    expect(sent.body.value.attempt.outcome).toContain('amount 2500.00');
    expect(await withdrawalRow(id)).toMatchObject({ status: 'pending', payoutEntryId: null });
    await expectLedgerValid(sut.db);
  });

  it('lets one of several sends at once through (unique index; parallel transactions on PostgreSQL)', async () => {
    const id = await approvedWithdrawal('600');
    const tokens = [sender.token, resolver.token, sender.token, resolver.token, sender.token];
    const answers = await Promise.all(tokens.map((token) => send(id, token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual(
      Array(4).fill('CONFLICT'),
    );
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(simulator.payouts).toHaveLength(1);
    expect(await balances()).toEqual({ sum: '4400.00', held: '0.00' });
    // The database itself holds the rule, whatever the code checks first: a second open (or paid)
    // attempt for one withdrawal is refused by the open key.
    const [paid] = await attemptsOf(id);
    const second = sut.db.insert(withdrawalPayoutAttempts).values({
      ...paid!,
      id: undefined,
      reference: `wd-${id}-2`,
      status: 'sending',
      transactionId: null,
    });
    await expect(second).rejects.toSatisfy((error) =>
      isUniqueViolation(error, 'withdrawal_payout_attempts_open_key'),
    );
    await expectLedgerValid(sut.db);
  });

  it('treats an attempt left sending by a crash as uncertain once past its deadline', async () => {
    const id = await approvedWithdrawal('350');
    const current = await withdrawalRow(id);
    // What a crash between bKash's answer and our write leaves: bKash paid, the attempt `sending`.
    const [attempt] = await sut.db
      .insert(withdrawalPayoutAttempts)
      .values({
        withdrawalId: id,
        method: 'bkash_b2c',
        reference: `wd-${id}-1`,
        currency: current.currency,
        amount: current.amount,
        receiver: wallet,
        sentBy: `${sender.account}#${sender.id}`,
        sentById: sender.id,
        staleAt: sql`now() + interval '10 minutes'`,
      })
      .returning();
    const outcome = await sut.app.demoProviders!.bkashB2c.pay({
      amount: '350.00',
      merchantInvoiceNumber: `wd-${id}-1`,
      receiverMSISDN: wallet,
    });
    expect(outcome.kind).toBe('completed');
    await expectHeld(id);
    // Still within its deadline: it may yet be answered, so it is not resolved.
    const early = await resolve({ attemptId: attempt!.id, outcome: 'not_paid', note: 'too early' });
    expect([early.status, early.body.code]).toEqual([409, 'CONFLICT']);
    expect(await markStalePayoutAttempts(sut.db)).toBe(0);
    await sut.db
      .update(withdrawalPayoutAttempts)
      .set({ staleAt: sql`now() - interval '1 second'` })
      .where(eq(withdrawalPayoutAttempts.id, attempt!.id));
    const [listed] = await queue();
    expect(listed).toMatchObject({ payoutAttempt: { status: 'uncertain' } });
    expect(await markStalePayoutAttempts(sut.db)).toBe(1);
    await expectHeld(id);
    const trxId = simulator.payouts[0]!.trxID;
    const paid = await resolve({
      attemptId: attempt!.id,
      outcome: 'paid',
      transactionId: trxId,
      note: 'portal shows it',
    });
    expect(paid.body.value.withdrawal.status).toBe('disbursed');
    expect(simulator.payouts).toHaveLength(1);
    await expectLedgerValid(sut.db);
  });
});

describe('what is refused, with nothing recorded and nothing sent', () => {
  it('an unapproved withdrawal, a Nagad account, an amount past the limits, a bad method or id', async () => {
    const unapproved = await approvedWithdrawal('200', bkashAccount, false);
    const refused = await send(unapproved);
    expect([refused.status, refused.body.code]).toEqual([409, 'WITHDRAWAL_NOT_APPROVED']);
    const [listed] = await queue();
    expect(listed).toMatchObject({ payoutMethods: [] });

    const nagad = await approvedWithdrawal('200', nagadAccount);
    const wrongProvider = await send(nagad);
    expect([wrongProvider.status, wrongProvider.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(JSON.stringify(wrongProvider.body)).toContain('not a bKash wallet');

    const settings = await getSettings(sut.db);
    await updateSettings(sut.db, {
      payments: { ...settings.payments, bkashB2c: { ...settings.payments.bkashB2c, maxAmount: '1000' } },
    });
    const big = await approvedWithdrawal('1500');
    const over = await send(big);
    expect([over.status, over.body.code]).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
    expect(over.body.value).toMatchObject({ min: '10', max: '1000' });

    for (const body of [
      { withdrawalId: big, method: 'nagad_b2c' },
      { withdrawalId: 0, method: 'bkash_b2c' },
      { withdrawalId: '1', method: 'bkash_b2c' },
      { method: 'bkash_b2c' },
    ]) {
      const bad = await call(sut, {
        method: 'POST',
        url: '/api/operator/withdrawal/send',
        body,
        token: sender.token,
      });
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await send(999_999)).status).toBe(404);
    expect(await sut.db.select().from(withdrawalPayoutAttempts)).toHaveLength(0);
    expect(simulator.payouts).toHaveLength(0);
    expect(await balances()).toEqual({ sum: '3100.00', held: '1900.00' });
    await expectLedgerValid(sut.db);
  });

  it('a guest, a member and an operator without money.withdrawals; a resolution without its trxID', async () => {
    const id = await approvedWithdrawal('200');
    const support = await operatorOfRole(sut, 'support');
    expect((await send(id, null)).status).toBe(401);
    expect((await send(id, player)).status).toBe(403);
    const denied = await send(id, support.token);
    expect([denied.status, denied.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await sut.db.select().from(withdrawalPayoutAttempts)).toHaveLength(0);

    simulator.fail(bkashB2cPaths.b2cPayment, { kind: 'hang', ms: 4000 });
    const attemptId = (await send(id)).body.value.attempt.attemptId as number;
    expect((await resolve({ attemptId, outcome: 'not_paid', note: 'x' }, support.token)).status).toBe(403);
    expect((await resolve({ attemptId, outcome: 'not_paid', note: 'x' }, player)).status).toBe(403);
    for (const body of [
      { attemptId, outcome: 'paid', note: 'no trxID' },
      { attemptId, outcome: 'paid', transactionId: 'SHORT', note: 'bad trxID' },
      { attemptId, outcome: 'maybe', note: 'what' },
      { attemptId, outcome: 'not_paid', note: '' },
    ]) {
      const bad = await resolve(body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await resolve({ attemptId: attemptId + 100, outcome: 'not_paid', note: 'none' })).status).toBe(
      404,
    );
    expect((await attemptsOf(id))[0]?.status).toBe('uncertain');
    await expectLedgerValid(sut.db);
  });
});
