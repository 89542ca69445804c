import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import {
  appWithOperatorAndPlayer,
  call,
  loginAs,
  operatorOfRole,
} from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { walletAudit } from '../wallet/wallet.tables.ts';
import { autoReceiveWithdrawals } from './withdrawals.service.ts';
import { withdrawals } from './withdrawals.tables.ts';
import { png, uniqueKeys } from '../wallet/money.test-support.ts';

let sut: TestApp;
/** The owner: funds the member, so may not decide the member's withdrawals (issue 35). */
let operator: string;
/** A finance operator who credited no one: approves and pays out. */
let cashier: string;
let player: string;
let accountId: number;

const newRequest = uniqueKeys('withdraw');

beforeEach(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
  cashier = (await operatorOfRole(sut, 'finance')).token;
  await call(sut, {
    method: 'POST',
    url: '/api/operator/wallet/adjust',
    token: operator,
    body: { username: 'demoplayer', amount: '1000', reason: 'test funds', idempotencyKey: newRequest() },
  });
  const bound = await bind({
    kind: 'ewallet',
    providerName: 'bKash',
    accountName: 'Demo Player',
    accountNumber: '01700000002',
  });
  accountId = bound.body.value.accountId;
});
afterEach(async () => {
  await sut.close();
});

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf(query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await sut.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

function bind(body: Record<string, unknown>, token: string | null = player) {
  return call(sut, {
    method: 'POST',
    url: '/wps/withdraw/account/bind',
    body: { paymentPassword: '246810', ...body },
    token,
    sealed: true,
  });
}
const request = (body: Record<string, unknown>, token: string | null = player) =>
  call(sut, {
    method: 'POST',
    url: '/wps/withdraw/create',
    body: { accountId, paymentPassword: '246810', requestId: newRequest(), ...body },
    token,
    sealed: true,
  });
const decide = (body: Record<string, unknown>, token: string | null = cashier) =>
  call(sut, { method: 'POST', url: '/api/operator/withdrawal/decide', body, token });
/** Approve, then disburse (the server pays out nothing no operator approved). */
async function approveAndPay(withdrawalId: number) {
  const approved = await decide({ withdrawalId, decision: 'approve' });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const paid = await decide({ withdrawalId, decision: 'disburse' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid;
}
const confirm = (body: Record<string, unknown>, token: string | null = player) =>
  call(sut, { method: 'POST', url: '/wps/withdraw/confirm', body, token });
const resolve = (body: Record<string, unknown>, token: string | null = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/withdrawal/resolve', body, token });
const wallets = async () => {
  const value = (await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: player })).body
    .value;
  return { sum: value.sumBalance as string, held: value.held as string };
};

describe('payout accounts', () => {
  it('binds with the payment password, masks the number, refuses duplicates and a sixth', async () => {
    const list = await call(sut, { method: 'GET', url: '/wps/withdraw/accounts', token: player });
    expect(list.body.value).toEqual([
      {
        accountId,
        kind: 'ewallet',
        providerName: 'bKash',
        walletProvider: 'bkash',
        accountName: 'Demo Player',
        accountNumber: '*******0002',
      },
    ]);
    const wrong = await bind({
      kind: 'bank',
      providerName: 'City Bank',
      accountName: 'Demo',
      accountNumber: '123456789',
      paymentPassword: '1',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'WRONG_PASSWORD']);
    const again = await bind({
      kind: 'ewallet',
      providerName: 'bKash',
      accountName: 'Demo',
      accountNumber: '017-0000-0002',
    });
    expect(again.status).toBe(409);
    for (let index = 0; index < 4; index += 1) {
      expect(
        (
          await bind({
            kind: 'bank',
            providerName: 'Bank',
            accountName: 'Demo',
            accountNumber: `12345678${index}`,
          })
        ).status,
      ).toBe(200);
    }
    expect(
      (await bind({ kind: 'bank', providerName: 'Bank', accountName: 'Demo', accountNumber: '999999999' }))
        .status,
    ).toBe(409);
    expect(
      (await bind({ kind: 'bank', providerName: 'B', accountName: 'Demo', accountNumber: '12' })).status,
    ).toBe(400);
  });
});

describe('mobile wallet payout accounts (issue 37)', () => {
  it('takes a provider from the list and a Bangladeshi mobile number, spelled as the provider spells itself', async () => {
    const nagad = await bind({
      kind: 'ewallet',
      walletProvider: 'nagad',
      accountName: 'Demo Player',
      accountNumber: '+880 1812-345678',
    });
    expect(nagad.status).toBe(200);
    expect(nagad.body.value).toMatchObject({
      kind: 'ewallet',
      providerName: 'Nagad',
      walletProvider: 'nagad',
      accountNumber: '*******5678',
    });
    // A free-text name that reads as a listed provider is that provider.
    const named = await bind({
      kind: 'ewallet',
      providerName: 'বিকাশ',
      accountName: 'Demo',
      accountNumber: '01912345678',
    });
    expect(named.body.value).toMatchObject({ providerName: 'bKash', walletProvider: 'bkash' });
    const rows = await rowsOf(
      sql`select provider_name, wallet_provider, account_number from payout_accounts order by id`,
    );
    expect(rows.map((row) => Object.values(row))).toEqual([
      ['bKash', 'bkash', '01700000002'],
      ['Nagad', 'nagad', '01812345678'],
      ['bKash', 'bkash', '01912345678'],
    ]);
  });

  it("maps the e-wallets bound before the list by their free-text names (migration 0041's update)", async () => {
    const [member] = await rowsOf(sql`select member_id from payout_accounts limit 1`);
    const names = ['Bkash', 'b-Kash', 'বিকাশ', ' NAGAD ', 'নগদ', 'DBBL Rocket', 'উপায়', 'PayPal'];
    for (const [index, name] of names.entries()) {
      await sut.db
        .execute(sql`insert into payout_accounts (member_id, kind, provider_name, account_name, account_number)
        values (${Number(member?.member_id)}, 'ewallet', ${name}, 'Old', ${`0171000000${index}`})`);
    }
    await sut.db
      .execute(sql`insert into payout_accounts (member_id, kind, provider_name, account_name, account_number)
      values (${Number(member?.member_id)}, 'bank', 'bKash Bank', 'Old', '99999999')`);
    const migration = readFileSync(
      new URL('../../../drizzle/0041_mobile_wallets.sql', import.meta.url),
      'utf8',
    );
    const update = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE "payout_accounts"'));
    await sut.db.execute(sql.raw(update ?? 'select 1/0'));
    const rows = await rowsOf(
      sql`select provider_name, wallet_provider from payout_accounts where account_name = 'Old' order by id`,
    );
    expect(rows.map((row) => Object.values(row))).toEqual([
      ['bKash', 'bkash'],
      ['bKash', 'bkash'],
      ['bKash', 'bkash'],
      ['Nagad', 'nagad'],
      ['Nagad', 'nagad'],
      ['Rocket', 'rocket'],
      ['Upay', 'upay'],
      ['PayPal', null],
      ['bKash Bank', null],
    ]);
  });

  it('refuses a wallet number that is no Bangladeshi mobile, a provider off the list, and a guest', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ walletProvider: 'nagad', accountNumber: '01212345678' }, 'accountNumber'],
      [{ walletProvider: 'nagad', accountNumber: '0171234567' }, 'accountNumber'],
      [{ walletProvider: 'rocket', accountNumber: '123456789012' }, 'accountNumber'],
      [{ walletProvider: 'paypal', accountNumber: '01712345678' }, 'walletProvider'],
      [{ providerName: 'PayPal', accountNumber: '01712345678' }, 'walletProvider'],
      [{ accountNumber: '01712345678' }, 'walletProvider'],
    ];
    for (const [fields, field] of cases) {
      const answer = await bind({ kind: 'ewallet', accountName: 'Demo Player', ...fields });
      expect([answer.status, answer.body.code], JSON.stringify(fields)).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(answer.body), JSON.stringify(fields)).toContain(field);
    }
    // A bank still needs its name.
    const bank = await bind({ kind: 'bank', accountName: 'Demo', accountNumber: '123456789' });
    expect(JSON.stringify(bank.body)).toContain('providerName');
    const guest = await bind(
      { kind: 'ewallet', walletProvider: 'nagad', accountName: 'Demo', accountNumber: '01812345678' },
      null,
    );
    expect(guest.status).toBe(401);
    const list = await call(sut, { method: 'GET', url: '/wps/withdraw/accounts', token: player });
    expect(list.body.value).toHaveLength(1);
  });
});

describe('withdrawal requests', () => {
  it('holds the amount at once and shows what is left to withdraw', async () => {
    const answer = await request({ amount: '300' });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({
      status: 'pending',
      amount: '300.00',
      account: { providerName: 'bKash' },
    });
    expect(await wallets()).toEqual({ sum: '700.00', held: '300.00' });
    const info = await call(sut, { method: 'GET', url: '/wps/withdraw/info', token: player });
    expect(info.body.value).toMatchObject({
      available: '700.00',
      min: '100.00',
      max: '50000.00',
      hasPaymentPassword: true,
    });
    await expectLedgerValid(sut.db);
  });

  it('refuses bad input, a wrong payment password, a foreign account and an overdraft, holding nothing', async () => {
    expect((await request({ amount: '99.99' })).body.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await request({ amount: '1.234' })).status).toBe(400);
    expect((await request({ amount: '0' })).status).toBe(400);
    expect((await request({ amount: '200', paymentPassword: '000000' })).body.code).toBe('WRONG_PASSWORD');
    expect((await request({ amount: '200', accountId: accountId + 1000 })).status).toBe(404);
    const over = await request({ amount: '1000.01' });
    expect([over.status, over.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await wallets()).toEqual({ sum: '1000.00', held: '0.00' });
    expect(await sut.db.select().from(withdrawals)).toHaveLength(0);
    await expectLedgerValid(sut.db);
  });

  it('holds once per request id, and lets only one of two overdrawing requests through', async () => {
    const body = { amount: '150', requestId: newRequest() };
    const first = await request(body);
    expect((await request(body)).body.value.withdrawalId).toBe(first.body.value.withdrawalId);
    expect((await request({ ...body, amount: '151' })).body.code).toBe('IDEMPOTENCY_MISMATCH');
    const answers = await Promise.all([request({ amount: '500' }), request({ amount: '500' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await wallets()).toEqual({ sum: '350.00', held: '650.00' });
    await expectLedgerValid(sut.db);
  });

  it('refuses a guest, a trial account and a plain body', async () => {
    expect((await request({ amount: '200' }, null)).status).toBe(401);
    const trial = await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} });
    const refused = await request({ amount: '200' }, trial.body.value.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    const plain = await call(sut, {
      method: 'POST',
      url: '/wps/withdraw/create',
      token: player,
      body: { accountId, amount: '200', paymentPassword: '246810', requestId: newRequest() },
    });
    expect(plain.status).toBe(400);
  });
});

describe('the operator and the member’s receipt', () => {
  it('rejects: the hold goes back to the main wallet, audited', async () => {
    const created = await request({ amount: '400' });
    const id = created.body.value.withdrawalId;
    expect((await decide({ withdrawalId: id, decision: 'reject' })).status).toBe(400);
    const rejected = await decide({ withdrawalId: id, decision: 'reject', reason: 'name does not match' });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'name does not match' });
    expect(await wallets()).toEqual({ sum: '1000.00', held: '0.00' });
    expect((await decide({ withdrawalId: id, decision: 'disburse' })).status).toBe(409);
    const audit = await sut.db.select().from(walletAudit);
    expect(audit.at(-1)).toMatchObject({ action: 'withdrawal_reject', amount: 40000n, after: 100000n });
    await expectLedgerValid(sut.db);
  });

  it('pays out nothing no operator approved, whatever the amount and whoever asks', async () => {
    const id = (await request({ amount: '250' })).body.value.withdrawalId;
    // Below disburseSecondOperatorFrom (20,000 by default): the finance operator, then the owner.
    for (const token of [cashier, operator]) {
      const unapproved = await decide({ withdrawalId: id, decision: 'disburse' }, token);
      expect([unapproved.status, unapproved.body.code]).toEqual([409, 'WITHDRAWAL_NOT_APPROVED']);
      expect(unapproved.body.message).toBe('err_withdrawal_not_approved');
    }
    expect(await wallets()).toEqual({ sum: '750.00', held: '250.00' });
    const [row] = await sut.db.select().from(withdrawals);
    expect(row).toMatchObject({ status: 'pending', approvedBy: null, payoutEntryId: null });
    const refusals = await sut.db.select().from(operatorAudit);
    expect(
      refusals.filter((audit) => audit.action === 'operatorWithdrawalDecide').map((audit) => audit.outcome),
    ).toEqual(['failed', 'failed']);
    // Approved, the same operator may pay below the second-operator amount.
    expect((await decide({ withdrawalId: id, decision: 'approve' })).body.value.status).toBe('pending');
    expect((await decide({ withdrawalId: id, decision: 'approve' })).body.code).toBe('CONFLICT');
    expect((await decide({ withdrawalId: id, decision: 'disburse' })).body.value.status).toBe('disbursed');
    expect(await wallets()).toEqual({ sum: '750.00', held: '0.00' });
    await expectLedgerValid(sut.db);
  });

  it('disburses, then the member confirms receipt in full', async () => {
    const id = (await request({ amount: '250' })).body.value.withdrawalId;
    const disbursed = await approveAndPay(id);
    expect(disbursed.body.value.status).toBe('disbursed');
    expect(disbursed.body.value.confirmBy).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(await wallets()).toEqual({ sum: '750.00', held: '0.00' });
    const done = await confirm({ withdrawalId: id, receipt: 'full' });
    expect(done.body.value).toMatchObject({ status: 'completed', receipt: 'full', receivedAmount: '250.00' });
    expect((await confirm({ withdrawalId: id, receipt: 'full' })).status).toBe(409);
    await expectLedgerValid(sut.db);
  });

  it('takes a partial receipt to a dispute, which the operator closes with a refund of the remainder', async () => {
    const id = (await request({ amount: '500' })).body.value.withdrawalId;
    await approveAndPay(id);
    expect((await confirm({ withdrawalId: id, receipt: 'partial' })).status).toBe(400);
    expect((await confirm({ withdrawalId: id, receipt: 'partial', receivedAmount: '500' })).status).toBe(400);
    const partial = await confirm({ withdrawalId: id, receipt: 'partial', receivedAmount: '300' });
    expect(partial.body.value).toMatchObject({ status: 'disputed', receivedAmount: '300.00' });
    const queue = await call(sut, {
      method: 'GET',
      url: '/api/operator/withdrawals?status=disputed',
      token: operator,
    });
    expect(queue.body.value[0]).toMatchObject({
      username: 'demoplayer',
      fullAccountNumber: '01700000002',
      hasProof: false,
    });
    expect((await resolve({ withdrawalId: id, refund: '200.01', reason: 'too much' })).status).toBe(400);
    const closed = await resolve({ withdrawalId: id, refund: '200', reason: 'gateway paid 300 only' });
    expect(closed.body.value).toMatchObject({ status: 'completed', refunded: '200.00' });
    expect(await wallets()).toEqual({ sum: '700.00', held: '0.00' });
    await expectLedgerValid(sut.db);
  });

  it('needs a png or jpg proof for "not received", which the operator can see', async () => {
    const id = (await request({ amount: '120' })).body.value.withdrawalId;
    await approveAndPay(id);
    expect((await confirm({ withdrawalId: id, receipt: 'none' })).status).toBe(400);
    const notImage = await confirm({
      withdrawalId: id,
      receipt: 'none',
      proof: { contentType: 'image/png', data: Buffer.from('<script>').toString('base64') },
    });
    expect(notImage.status).toBe(400);
    const answer = await confirm({
      withdrawalId: id,
      receipt: 'none',
      proof: { contentType: 'image/png', data: png.toString('base64') },
    });
    expect(answer.body.value).toMatchObject({ status: 'disputed', receipt: 'none', receivedAmount: '0.00' });
    const proof = await call(sut, {
      method: 'GET',
      url: `/api/operator/withdrawal/proof?withdrawalId=${id}`,
      token: operator,
    });
    expect(proof.body.value).toEqual({ contentType: 'image/png', data: png.toString('base64') });
    expect(
      (
        await call(sut, {
          method: 'GET',
          url: `/api/operator/withdrawal/proof?withdrawalId=${id}`,
          token: player,
        })
      ).status,
    ).toBe(403);
  });

  it('counts silence past the window as received: final, no answer taken after it', async () => {
    const id = (await request({ amount: '100' })).body.value.withdrawalId;
    await approveAndPay(id);
    await sut.db.update(withdrawals).set({ confirmBy: sql`now() - interval '1 second'` });
    expect((await confirm({ withdrawalId: id, receipt: 'partial', receivedAmount: '10' })).status).toBe(409);
    expect(await autoReceiveWithdrawals(sut.db)).toBe(1);
    const history = await call(sut, { method: 'GET', url: '/wps/withdraw/history', token: player });
    expect(history.body.value.list[0]).toMatchObject({ status: 'completed', receipt: 'auto' });
    await expectLedgerValid(sut.db);
  });

  it('lets only operators decide and resolve, and members confirm only their own', async () => {
    const id = (await request({ amount: '100' })).body.value.withdrawalId;
    expect((await decide({ withdrawalId: id, decision: 'disburse' }, player)).status).toBe(403);
    expect((await decide({ withdrawalId: id, decision: 'disburse' }, null)).status).toBe(401);
    await approveAndPay(id);
    const agent = (await loginAs(sut, 'demoagent', 'Agent-demo-2026')).body.value.token;
    expect((await confirm({ withdrawalId: id, receipt: 'full' }, agent)).status).toBe(404);
    expect((await resolve({ withdrawalId: id, refund: '0', reason: 'not disputed' })).status).toBe(409);
    expect((await resolve({ withdrawalId: id, refund: '0', reason: 'nope' }, player)).status).toBe(403);
  });
});
