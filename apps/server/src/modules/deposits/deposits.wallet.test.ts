import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import {
  appWithOperatorAndPlayer,
  call,
  loginAs,
  operatorOfRole,
} from '../accounts/accounts.test-support.ts';
import { members } from '../accounts/accounts.tables.ts';
import { hashPassword } from '../accounts/password-hash.ts';
import { scryptOf } from '../accounts/accounts.context.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { walletAudit } from '../wallet/wallet.tables.ts';
import { uniqueKeys } from '../wallet/money.test-support.ts';
import { depositWalletNumbers, depositWalletTransfers } from './deposits.tables.ts';
import { replaceDepositMethods } from './deposits.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';

/**
 * Manual wallet deposits (issue 37, item 3): receiving numbers by rotation within daily caps, the
 * member's TrxID and sender number checked, a TrxID taken once across all members (also when two
 * members send it at once: on PostgreSQL the two orders run in parallel transactions), the back
 * office's confirmation credited once through the ledger.
 */

let sut: TestApp;
let operator: string;
let player: string;

/** A manual mobile-wallet deposit method of this file: 100 to 25,000, no fee, on. */
function manualWalletMethod(code: string, walletProvider: 'bkash' | 'rocket', name: string) {
  return {
    code,
    kind: 'wallet_manual' as const,
    walletProvider,
    names: { EN: name },
    min: '100',
    max: '25000',
    feeBps: 0,
    enabled: true,
    logoUrl: null,
    bank: null,
  };
}

beforeEach(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
  // The demo's own manual wallet methods and numbers give way to this file's.
  await replaceDepositMethods(sut.db, 'wallet_manual', [
    manualWalletMethod('bkash_send', 'bkash', 'bKash Send Money'),
    manualWalletMethod('rocket_send', 'rocket', 'Rocket'),
  ]);
});
beforeEach(async () => {
  await sut.db.delete(depositWalletNumbers);
});
afterEach(async () => {
  await sut.close();
});

const newRequest = uniqueKeys('wallet-deposit');

const saveNumber = (body: Record<string, unknown>, token: string = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/deposit/number', body, token });
const approveNumber = (numberId: unknown, token: string | null = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/deposit/number/approve', body: { numberId }, token });
const listNumbers = (token: string = operator) =>
  call(sut, { method: 'GET', url: '/api/operator/deposit/numbers', token });
const numberFor = (body: Record<string, unknown>, token: string | null = player) =>
  call(sut, { method: 'POST', url: '/wps/deposit/wallet-number', body, token });
const create = (body: Record<string, unknown>, token: string | null = player) =>
  call(sut, {
    method: 'POST',
    url: '/wps/deposit/create',
    body: { requestId: newRequest(), methodCode: 'bkash_send', ...body },
    token,
  });
const decide = (body: Record<string, unknown>, token: string = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/deposit/decide', body, token });
const balanceOf = async (token: string) =>
  (await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token })).body.value.sumBalance as string;

/** A second player, logged in on the member site. */
async function secondPlayer(account = 'walletp2'): Promise<string> {
  const hash = await hashPassword('Second-2026', scryptOf(sut.app.env));
  await sut.db.insert(members).values({
    account,
    nickname: account,
    type: 0,
    passwordHash: hash,
    paymentPasswordHash: hash,
    registerMethod: 'TEST',
  });
  const answer = await loginAs(sut, account, 'Second-2026');
  const token = (answer.body.value as { token?: string }).token;
  if (!token) throw new Error(JSON.stringify(answer.body));
  return token;
}

async function twoBkashNumbers() {
  const first = await saveNumber({
    provider: 'bkash',
    number: '01711000001',
    dailyCap: '1000',
    enabled: true,
  });
  const second = await saveNumber({
    provider: 'bkash',
    number: '+880 1811-000002',
    label: 'Shop 2',
    dailyCap: '600',
    enabled: true,
  });
  expect([first.status, second.status]).toEqual([200, 200]);
  const ids = [first.body.value.numberId as number, second.body.value.numberId as number] as const;
  // Four eyes: another operator approves each before members are shown it.
  const checker = await operatorOfRole(sut, 'finance');
  for (const numberId of ids) expect((await approveNumber(numberId, checker.token)).status).toBe(200);
  return ids;
}

describe('receiving numbers', () => {
  it('are listed in the back office, rotated for members, and skipped once their daily cap is used', async () => {
    const [first, second] = await twoBkashNumbers();
    const listed = await listNumbers();
    expect(listed.body.value).toMatchObject([
      { numberId: first, number: '01711000001', dailyCap: '1000.00', usedToday: '0.00', label: null },
      { numberId: second, number: '01811000002', dailyCap: '600.00', label: 'Shop 2' },
    ]);
    // Rotation: the number shown longest ago first.
    const a = await numberFor({ methodCode: 'bkash_send', amount: '500' });
    const b = await numberFor({ methodCode: 'bkash_send', amount: '500' });
    const c = await numberFor({ methodCode: 'bkash_send', amount: '500' });
    expect([a.body.value.numberId, b.body.value.numberId, c.body.value.numberId]).toEqual([
      first,
      second,
      first,
    ]);
    expect(a.body.value).toMatchObject({ provider: 'bkash', number: '01711000001' });

    // 700 pending on the first number: 400 more would pass its 1000 cap, so the second shows.
    const order = await create({
      amount: '700',
      wallet: { numberId: first, senderNumber: '01999888777', trxId: '9BK4C7DX2M' },
    });
    expect(order.status).toBe(200);
    for (let index = 0; index < 3; index += 1) {
      expect((await numberFor({ methodCode: 'bkash_send', amount: '400' })).body.value.numberId).toBe(second);
    }
    // 700 fits neither (600 cap on the second): no number.
    const none = await numberFor({ methodCode: 'bkash_send', amount: '700' });
    expect([none.status, none.body.code]).toEqual([409, 'NO_RECEIVING_NUMBER']);
    expect((await listNumbers()).body.value[0].usedToday).toBe('700.00');

    // Switched off: never shown.
    await saveNumber({
      numberId: second,
      provider: 'bkash',
      number: '01811000002',
      dailyCap: '600',
      enabled: false,
    });
    const off = await numberFor({ methodCode: 'bkash_send', amount: '400' });
    expect(off.body.code).toBe('NO_RECEIVING_NUMBER');
    // A provider without numbers, an amount out of the method's range, a method that is no wallet's.
    expect((await numberFor({ methodCode: 'rocket_send', amount: '400' })).body.code).toBe(
      'NO_RECEIVING_NUMBER',
    );
    expect((await numberFor({ methodCode: 'bkash_send', amount: '50' })).body.code).toBe(
      'AMOUNT_OUT_OF_RANGE',
    );
    expect((await numberFor({ methodCode: 'bank', amount: '400' })).status).toBe(400);
  });

  it('shows a new number to members only once another operator approved it; its digits stay fixed', async () => {
    const added = await saveNumber({
      provider: 'bkash',
      number: '01711000001',
      dailyCap: '1000',
      enabled: true,
    });
    expect(added.status).toBe(200);
    const numberId = added.body.value.numberId as number;
    expect(added.body.value).toMatchObject({
      approved: false,
      approvedBy: null,
      addedBy: expect.any(String),
    });
    // Listed, on, but nobody is told to pay into it yet, nor may a member claim a transfer to it.
    const hidden = await numberFor({ methodCode: 'bkash_send', amount: '500' });
    expect([hidden.status, hidden.body.code]).toEqual([409, 'NO_RECEIVING_NUMBER']);
    const claim = await create({
      amount: '500',
      wallet: { numberId, senderNumber: '01999888777', trxId: '9BK4C7DX2M' },
    });
    expect([claim.status, claim.body.value.issues[0].field]).toEqual([400, 'wallet.numberId']);
    // The operator who added it cannot approve it; nor can a member, a guest or a role without it.
    const own = await approveNumber(numberId);
    expect([own.status, own.body.code]).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    expect((await approveNumber(numberId, player)).status).toBe(403);
    expect((await approveNumber(numberId, null)).status).toBe(401);
    const support = await operatorOfRole(sut, 'support');
    expect((await approveNumber(numberId, support.token)).status).toBe(403);
    // Bad input changes nothing.
    expect((await approveNumber('1; drop table x')).status).toBe(400);
    expect((await approveNumber(0)).status).toBe(400);
    expect((await approveNumber(2_147_483_647)).body.code).toBe('NOT_FOUND');
    expect((await listNumbers()).body.value[0]).toMatchObject({ approved: false });

    const checker = await operatorOfRole(sut, 'finance');
    const approved = await approveNumber(numberId, checker.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value).toMatchObject({ approved: true, approvedBy: checker.account });
    const again = await approveNumber(numberId, checker.token);
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
    const shown = await numberFor({ methodCode: 'bkash_send', amount: '500' });
    expect(shown.body.value).toMatchObject({ numberId, number: '01711000001' });

    // Its digits and provider are fixed: a changed number is another number, added and approved anew.
    const moved = await saveNumber({
      numberId,
      provider: 'bkash',
      number: '01711000666',
      dailyCap: '1000',
      enabled: true,
    });
    expect([moved.status, moved.body.value.issues[0].field]).toEqual([400, 'number']);
    const renamed = await saveNumber({
      numberId,
      provider: 'nagad',
      number: '01711000001',
      dailyCap: '1000',
      enabled: true,
    });
    expect([renamed.status, renamed.body.value.issues[0].field]).toEqual([400, 'provider']);
    // Label, cap and state stay open, and keep the approval.
    const capped = await saveNumber({
      numberId,
      provider: 'bkash',
      number: '01711000001',
      label: 'Shop',
      dailyCap: '900',
      enabled: true,
    });
    expect(capped.body.value).toMatchObject({ approved: true, dailyCap: '900.00', label: 'Shop' });
    const trail = await sut.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'depositNumber.approve'));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ operatorId: checker.id, targetId: String(numberId), outcome: 'ok' });
  });

  it('refuses a wrong number, a duplicate, a guest, a member and an operator without the permission', async () => {
    const wrong = await saveNumber({
      provider: 'bkash',
      number: '01211000001',
      dailyCap: '1000',
      enabled: true,
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    await twoBkashNumbers();
    const duplicate = await saveNumber({
      provider: 'bkash',
      number: '01711000001',
      dailyCap: '1000',
      enabled: true,
    });
    expect([duplicate.status, duplicate.body.code]).toEqual([409, 'CONFLICT']);
    const support = await operatorOfRole(sut, 'support');
    const body = { provider: 'nagad', number: '01711000009', dailyCap: '1000', enabled: true };
    expect((await saveNumber(body, support.token)).status).toBe(403);
    expect((await saveNumber(body, player)).status).toBe(403);
    expect((await call(sut, { method: 'POST', url: '/api/operator/deposit/number', body })).status).toBe(401);
    expect((await listNumbers(player)).status).toBe(403);
    const content = await operatorOfRole(sut, 'content');
    expect((await listNumbers(content.token)).status).toBe(403);
    expect((await numberFor({ methodCode: 'bkash_send', amount: '500' }, null)).status).toBe(401);
    expect((await numberFor({ methodCode: 'bkash_send', amount: '500' }, operator)).status).toBe(403);
  });
});

describe('manual wallet deposits', () => {
  it('waits for the back office, whose confirmation credits it once through the ledger', async () => {
    const [first] = await twoBkashNumbers();
    const order = await create({
      amount: '1,500'.replace(',', ''),
      wallet: { numberId: first, senderNumber: '017 1234 5678', trxId: ' 9bk4c7dx2m ' },
    });
    expect(order.status).toBe(200);
    expect(order.body.value).toMatchObject({
      kind: 'wallet_manual',
      status: 'pending',
      amount: '1500.00',
      reference: null,
      wallet: {
        provider: 'bkash',
        receivingNumber: '01711000001',
        senderNumber: '01712345678',
        trxId: '9BK4C7DX2M',
      },
    });
    const queue = await call(sut, { method: 'GET', url: '/api/operator/deposits', token: operator });
    expect(queue.body.value[0]).toMatchObject({ username: 'demoplayer', wallet: { trxId: '9BK4C7DX2M' } });

    const orderId = order.body.value.orderId as number;
    const [approved, twice] = await Promise.all([
      decide({ orderId, decision: 'approve' }),
      decide({ orderId, decision: 'approve' }),
    ]);
    expect([approved.status, twice.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(player)).toBe('1500.00');
    const audit = await sut.db.select().from(walletAudit);
    expect(audit.map((row) => [row.action, row.amount])).toEqual([['deposit_approve', 150000n]]);
    const history = await call(sut, { method: 'GET', url: '/wps/deposit/history', token: player });
    expect(history.body.value.list[0]).toMatchObject({ status: 'approved', wallet: { trxId: '9BK4C7DX2M' } });
    await expectLedgerValid(sut.db);
  });

  it('refuses a TrxID already used, by anyone, until its claim is rejected', async () => {
    const [first] = await twoBkashNumbers();
    const other = await secondPlayer();
    const wallet = { numberId: first, senderNumber: '01712345678', trxId: '8N7A6B5C4D' };
    const order = await create({ amount: '500', wallet });
    expect(order.status).toBe(200);
    // The same member again under a new request id, and another member.
    const again = await create({ amount: '500', wallet });
    expect([again.status, again.body.code]).toEqual([409, 'TRX_ID_USED']);
    const reuse = await create({ amount: '500', wallet: { ...wallet, senderNumber: '01898765432' } }, other);
    expect([reuse.status, reuse.body.code]).toEqual([409, 'TRX_ID_USED']);
    // Also once confirmed.
    await decide({ orderId: order.body.value.orderId, decision: 'approve' });
    const afterApproval = await create({ amount: '500', wallet: { ...wallet, trxId: '8n7a6b5c4d' } }, other);
    expect(afterApproval.body.code).toBe('TRX_ID_USED');
    expect(await balanceOf(other)).toBe('0.00');

    // A claim the back office rejects frees its TrxID for the one who really sent it.
    const wrongClaim = await create({
      amount: '300',
      wallet: { numberId: first, senderNumber: '01898765432', trxId: '1A2B3C4D5E' },
    });
    const rejected = await decide({
      orderId: wrongClaim.body.value.orderId,
      decision: 'reject',
      reason: 'no such TrxID on the statement',
    });
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      reason: 'no such TrxID on the statement',
    });
    const rightful = await create(
      { amount: '300', wallet: { numberId: first, senderNumber: '01898765432', trxId: '1A2B3C4D5E' } },
      other,
    );
    expect(rightful.status).toBe(200);
    expect(await sut.db.select().from(depositWalletTransfers)).toHaveLength(3);
    await expectLedgerValid(sut.db);
  });

  it('lets one of two members claiming one TrxID at once through (unique index, parallel on PostgreSQL)', async () => {
    const [first] = await twoBkashNumbers();
    const others = await Promise.all(['walletp2', 'walletp3', 'walletp4'].map((name) => secondPlayer(name)));
    const tokens = [player, ...others];
    for (let round = 0; round < 3; round += 1) {
      const trxId = `RACE${round}XYZ12`.slice(0, 10);
      const answers = await Promise.all(
        tokens.map((token) =>
          create({ amount: '200', wallet: { numberId: first, senderNumber: '01712345678', trxId } }, token),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
      expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual([
        'TRX_ID_USED',
        'TRX_ID_USED',
        'TRX_ID_USED',
      ]);
      const claims = await sut.db
        .select()
        .from(depositWalletTransfers)
        .where(eq(depositWalletTransfers.trxId, trxId));
      expect(claims).toHaveLength(1);
    }
    await expectLedgerValid(sut.db);
  });

  it('refuses a wrong TrxID format, a wrong sender number, a missing or foreign wallet and a guest', async () => {
    const [first] = await twoBkashNumbers();
    const rocketNumber = await saveNumber({
      provider: 'rocket',
      number: '01911000003',
      dailyCap: '5000',
      enabled: true,
    });
    const checker = await operatorOfRole(sut, 'finance');
    expect((await approveNumber(rocketNumber.body.value.numberId, checker.token)).status).toBe(200);
    const base = { numberId: first, senderNumber: '01712345678', trxId: '9BK4C7DX2M' };
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '500', wallet: { ...base, trxId: '9BK4C7DX2' } }, 'wallet.trxId'],
      [{ amount: '500', wallet: { ...base, trxId: '9BK4C7DX2M1' } }, 'wallet.trxId'],
      [{ amount: '500', wallet: { ...base, trxId: '9BK4-7DX2M' } }, 'wallet.trxId'],
      [{ amount: '500', wallet: { ...base, senderNumber: '01212345678' } }, 'wallet.senderNumber'],
      [{ amount: '500', wallet: { ...base, senderNumber: '0171234567' } }, 'wallet.senderNumber'],
      [{ amount: '500', wallet: { ...base, senderNumber: '+1 202 555 0100' } }, 'wallet.senderNumber'],
      [{ amount: '500' }, 'wallet'],
      // A Rocket number for a bKash deposit.
      [{ amount: '500', wallet: { ...base, numberId: rocketNumber.body.value.numberId } }, 'wallet.numberId'],
      [{ amount: '500', wallet: base, methodCode: 'bank', reference: 'X-1' }, 'wallet'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(answer.body.issues ?? answer.body), JSON.stringify(body)).toContain(field);
    }
    // Rocket: 10 digits; letters refused.
    const rocket = await create({
      methodCode: 'rocket_send',
      amount: '500',
      wallet: {
        numberId: rocketNumber.body.value.numberId,
        senderNumber: '01912345678',
        trxId: '12345ABCDE',
      },
    });
    expect(rocket.body.code).toBe('VALIDATION_FAILED');
    const rocketRight = await create({
      methodCode: 'rocket_send',
      amount: '500',
      wallet: {
        numberId: rocketNumber.body.value.numberId,
        senderNumber: '01912345678',
        trxId: '1234567890',
      },
    });
    expect(rocketRight.status).toBe(200);
    expect((await create({ amount: '500', wallet: base }, null)).status).toBe(401);
    expect((await create({ amount: '500', wallet: base }, operator)).status).toBe(403);
    expect(await sut.db.select().from(depositWalletTransfers)).toHaveLength(1);
    await expectLedgerValid(sut.db);
  });
});
