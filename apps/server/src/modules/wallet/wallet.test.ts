import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call, loginAs } from '../accounts/accounts.test-support.ts';
import { findWalletOwner } from '../accounts/member.service.ts';
import { members } from '../accounts/accounts.tables.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { walletAudit } from './wallet.tables.ts';

let sut: TestApp;
let operator: string;
let player: string;
let agent: string;

// A fresh database per test: ledger entries are append-only, so tests do not share one.
beforeEach(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer());
  agent = (await loginAs(sut, 'demoagent', 'Agent-demo-2026')).body.value.token;
});
afterEach(async () => {
  await sut.close();
});

let keySequence = 0;
const newKey = () => `test-adjust-${Date.now()}-${++keySequence}`;

const adjust = (body: Record<string, unknown>, token: string | null = operator) =>
  call(sut, { method: 'POST', url: '/api/operator/wallet/adjust', body, token });
const balanceOf = (token: string | null) =>
  call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token });
const recordOf = (token: string | null, query = '') =>
  call(sut, { method: 'GET', url: `/wps/wallet/record${query}`, token });

describe("an agent's own money (the agent centre's wallet pages)", () => {
  it('lets an agent see, deposit, withdraw and record like a member', async () => {
    for (const url of [
      '/wps/v2/wallets/balance',
      '/wps/wallet/record',
      '/wps/deposit/methods',
      '/wps/withdraw/info',
      '/wps/relay/GCS_gameWallets',
    ]) {
      const answer = await call(sut, { method: 'GET', url, token: agent });
      expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});

describe('GET /wps/v2/wallets/balance', () => {
  it('answers zero for a member whose wallets were never used, and opens nothing', async () => {
    const answer = await balanceOf(player);
    expect(answer.status).toBe(200);
    expect(answer.body.value).toEqual({
      sumBalance: '0.00',
      gameWallets: '0.00',
      totalBalance: '0.00',
      held: '0.00',
      currency: 'BDT',
      demo: false,
      wallets: [],
    });
  });

  it('shows what an adjustment credited, per wallet and in sumBalance', async () => {
    expect(
      (
        await adjust({
          username: 'demoplayer',
          amount: '1500.50',
          reason: 'welcome credit',
          idempotencyKey: newKey(),
        })
      ).status,
    ).toBe(200);
    const answer = await balanceOf(player);
    expect(answer.body.value.sumBalance).toBe('1500.50');
    expect(answer.body.value.wallets).toEqual([{ kind: 'main', vendor: null, balance: '1500.50' }]);
    // Another member's balance is untouched.
    expect((await balanceOf(agent)).body.value.sumBalance).toBe('0.00');
    await expectLedgerValid(sut.db);
  });

  it('gives a free-play account its demo funds in the trial wallet, apart from real money', async () => {
    const trial = await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} });
    const answer = await balanceOf(trial.body.value.token);
    expect(answer.body.value).toEqual({
      sumBalance: '10000.00',
      gameWallets: '0.00',
      totalBalance: '10000.00',
      held: '0.00',
      currency: 'BDT',
      demo: true,
      wallets: [{ kind: 'trial', vendor: null, balance: '10000.00' }],
    });
    // The demo money comes from its own clearing account, never from the house or the platform.
    const record = await recordOf(trial.body.value.token);
    expect(record.body.value.list[0]).toMatchObject({ type: 'bonus', wallet: 'trial', amount: '10000.00' });
    await expectLedgerValid(sut.db);
  });

  it('refuses a guest and an operator', async () => {
    expect((await balanceOf(null)).status).toBe(401);
    expect((await balanceOf(operator)).status).toBe(403);
  });
});

describe('POST /api/operator/wallet/adjust', () => {
  it('credits and debits with a reason, audited with the balance before and after', async () => {
    const credit = await adjust({
      username: 'DemoPlayer',
      amount: '200',
      reason: 'goodwill',
      idempotencyKey: newKey(),
    });
    expect(credit.body.value).toMatchObject({ replayed: false, balance: '200.00', currency: 'BDT' });
    const debit = await adjust({
      username: 'demoplayer',
      amount: '-50.25',
      reason: 'correction',
      idempotencyKey: newKey(),
    });
    expect(debit.body.value).toMatchObject({ replayed: false, balance: '149.75' });
    const owner = await findWalletOwner(sut.db, 'demoplayer');
    const audit = await sut.db
      .select()
      .from(walletAudit)
      .where(eq(walletAudit.memberId, owner?.id ?? -1));
    expect(audit.map((row) => [row.action, row.amount, row.before, row.after, row.reason])).toEqual([
      ['credit', 20000n, 0n, 20000n, 'goodwill'],
      ['debit', -5025n, 20000n, 14975n, 'correction'],
    ]);
    expect(audit[0]?.actor).toMatch(/^operator#\d+$/);
    await expectLedgerValid(sut.db);
  });

  it('applies a key once: a replay answers the first result, moves nothing and audits nothing', async () => {
    const key = newKey();
    const first = await adjust({ username: 'demoplayer', amount: '10', reason: 'once', idempotencyKey: key });
    const replay = await adjust({
      username: 'demoplayer',
      amount: '10',
      reason: 'once',
      idempotencyKey: key,
    });
    expect(replay.body.value).toMatchObject({ entryId: first.body.value.entryId, replayed: true });
    expect((await balanceOf(player)).body.value.sumBalance).toBe('10.00');
    expect(await sut.db.select().from(walletAudit)).toHaveLength(1);
    // The same key for another amount is a different request: refused.
    const other = await adjust({ username: 'demoplayer', amount: '11', reason: 'once', idempotencyKey: key });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    await expectLedgerValid(sut.db);
  });

  it('refuses a debit below zero and moves nothing', async () => {
    await adjust({ username: 'demoplayer', amount: '5', reason: 'small', idempotencyKey: newKey() });
    const answer = await adjust({
      username: 'demoplayer',
      amount: '-5.01',
      reason: 'too much',
      idempotencyKey: newKey(),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await balanceOf(player)).body.value.sumBalance).toBe('5.00');
    expect(await sut.db.select().from(walletAudit)).toHaveLength(1);
    await expectLedgerValid(sut.db);
  });

  it.each([
    ['three decimals', { amount: '1.234' }, 'amount'],
    ['zero', { amount: '0' }, 'amount'],
    ['a number instead of a string', { amount: 12 }, 'amount'],
    ['an exponent', { amount: '1e3' }, 'amount'],
    ['a short reason', { reason: 'x' }, 'reason'],
    ['a bad key', { idempotencyKey: 'has spaces in it' }, 'idempotencyKey'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const answer = await adjust({
      username: 'demoplayer',
      amount: '1',
      reason: 'valid reason',
      idempotencyKey: newKey(),
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    expect(await sut.db.select().from(walletAudit)).toHaveLength(0);
  });

  it('refuses an unknown member, an operator account and a trial account', async () => {
    expect(
      (await adjust({ username: 'nobody-here', amount: '1', reason: 'valid', idempotencyKey: newKey() }))
        .status,
    ).toBe(404);
    expect(
      (await adjust({ username: 'operator', amount: '1', reason: 'valid', idempotencyKey: newKey() })).status,
    ).toBe(404);
    const trial = await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} });
    const trialName = trial.body.value.username as string;
    const answer = await adjust({
      username: trialName,
      amount: '1',
      reason: 'valid',
      idempotencyKey: newKey(),
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('TRIAL_ACCOUNT');
  });

  it('refuses callers who are not operators', async () => {
    const body = { username: 'demoplayer', amount: '100', reason: 'self-service', idempotencyKey: newKey() };
    expect((await adjust(body, null)).status).toBe(401);
    expect((await adjust(body, player)).status).toBe(403);
    expect((await adjust(body, agent)).status).toBe(403);
    expect((await balanceOf(player)).body.value.sumBalance).toBe('0.00');
  });
});

describe('GET /wps/wallet/record', () => {
  it('lists the member’s own lines, newest first, with the running balance and the reason', async () => {
    await adjust({ username: 'demoplayer', amount: '100', reason: 'first', idempotencyKey: newKey() });
    await adjust({ username: 'demoplayer', amount: '-40', reason: 'second', idempotencyKey: newKey() });
    await adjust({ username: 'demoagent', amount: '7', reason: 'agent only', idempotencyKey: newKey() });
    const answer = await recordOf(player);
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ total: 2, totalPages: 1, pageNo: 1 });
    expect(
      answer.body.value.list.map((line: Record<string, unknown>) => [
        line.type,
        line.amount,
        line.balanceAfter,
        line.remark,
      ]),
    ).toEqual([
      ['adjustment', '-40.00', '60.00', 'second'],
      ['adjustment', '100.00', '100.00', 'first'],
    ]);
    const paged = await recordOf(player, '?pageSize=1&pageNo=2');
    expect(paged.body.value.list.map((line: { remark: string }) => line.remark)).toEqual(['first']);
    expect(paged.body.value.totalPages).toBe(2);
    expect((await recordOf(player, '?type=deposit')).body.value.total).toBe(0);
    const future = Date.now() + 60_000;
    expect((await recordOf(player, `?from=${future}`)).body.value.total).toBe(0);
  });

  it('refuses bad queries with 400 and a guest with 401', async () => {
    expect((await recordOf(player, '?pageSize=0')).status).toBe(400);
    expect((await recordOf(player, '?type=jackpot')).status).toBe(400);
    const bad = await recordOf(player, '?from=2000&to=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.value.issues[0].field).toBe('to');
    expect((await recordOf(null)).status).toBe(401);
  });
});

describe('transfers between a member and the agent tree', () => {
  let requestSequence = 0;
  const newRequest = () => `transfer-${Date.now()}-${++requestSequence}`;
  const toUpline = (body: Record<string, unknown>, token: string | null = player) =>
    call(sut, { method: 'POST', url: '/wps/wallet/transferUpline', body, token, sealed: true });
  const toDownline = (body: Record<string, unknown>, token: string | null = agent) =>
    call(sut, { method: 'POST', url: '/wps/agent/transferDownline', body, token, sealed: true });
  const sumOf = async (token: string) => (await balanceOf(token)).body.value.sumBalance as string;

  beforeEach(async () => {
    await adjust({ username: 'demoplayer', amount: '100', reason: 'test funds', idempotencyKey: newKey() });
    await adjust({ username: 'demoagent', amount: '50', reason: 'test funds', idempotencyKey: newKey() });
  });

  it('sends money to the upline with the payment password, once per request id', async () => {
    const body = { amount: '30.50', paymentPassword: '246810', requestId: newRequest() };
    const answer = await toUpline(body);
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ replayed: false, balance: '69.50', to: 'demoagent' });
    const replay = await toUpline(body);
    expect(replay.body.value).toMatchObject({ replayed: true, entryId: answer.body.value.entryId });
    expect(await sumOf(player)).toBe('69.50');
    expect(await sumOf(agent)).toBe('80.50');
    const record = await recordOf(agent, '?type=transfer');
    expect(record.body.value.list.map((line: { amount: string }) => line.amount)).toEqual(['30.50']);
    await expectLedgerValid(sut.db);
  });

  it('refuses a wrong payment password, an overdraft and amounts outside the limits, moving nothing', async () => {
    const wrong = await toUpline({ amount: '10', paymentPassword: '000000', requestId: newRequest() });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'WRONG_PASSWORD']);
    const over = await toUpline({ amount: '100.01', paymentPassword: '246810', requestId: newRequest() });
    expect([over.status, over.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    const small = await toUpline({ amount: '0.50', paymentPassword: '246810', requestId: newRequest() });
    expect([small.status, small.body.code]).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
    expect(small.body.value).toMatchObject({ min: '1.00', max: '500000.00' });
    const decimals = await toUpline({ amount: '1.001', paymentPassword: '246810', requestId: newRequest() });
    expect(decimals.status).toBe(400);
    const negative = await toUpline({ amount: '-5', paymentPassword: '246810', requestId: newRequest() });
    expect(negative.status).toBe(400);
    expect(await sumOf(player)).toBe('100.00');
    expect(await sumOf(agent)).toBe('50.00');
    await expectLedgerValid(sut.db);
  });

  it('lets exactly one of two transfers through when together they would overdraw', async () => {
    const answers = await Promise.all([
      toUpline({ amount: '60', paymentPassword: '246810', requestId: newRequest() }),
      toUpline({ amount: '60', paymentPassword: '246810', requestId: newRequest() }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await sumOf(player)).toBe('40.00');
    await expectLedgerValid(sut.db);
  });

  it('refuses callers who may not send to an upline', async () => {
    const body = { amount: '5', paymentPassword: '246810', requestId: newRequest() };
    expect((await toUpline(body, null)).status).toBe(401);
    expect((await toUpline(body, operator)).status).toBe(403);
    // An agent at the top of the tree has no upline to send to.
    const top = await toUpline({ ...body, paymentPassword: '135790' }, agent);
    expect([top.status, top.body.code]).toEqual([404, 'NOT_FOUND']);
    const trial = await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} });
    const trialAnswer = await toUpline(body, trial.body.value.token);
    expect([trialAnswer.status, trialAnswer.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    // A plain (unsealed) body is refused: the payment password never travels in the clear.
    const plain = await call(sut, { method: 'POST', url: '/wps/wallet/transferUpline', body, token: player });
    expect(plain.status).toBe(400);
  });

  it('lets an agent send to a member of their own tree only', async () => {
    const answer = await toDownline({
      username: 'DemoPlayer',
      amount: '20',
      paymentPassword: '135790',
      requestId: newRequest(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ balance: '30.00', to: 'demoplayer' });
    expect(await sumOf(player)).toBe('120.00');
    const [stranger] = await sut.db
      .insert(members)
      .values({ account: 'stranger', nickname: 'Stranger', registerMethod: 'TEST' })
      .returning({ id: members.id });
    expect(stranger).toBeDefined();
    for (const username of ['stranger', 'nobody-at-all', 'operator', 'demoagent']) {
      const refused = await toDownline({
        username,
        amount: '1',
        paymentPassword: '135790',
        requestId: newRequest(),
      });
      expect([username, refused.status]).toEqual([username, 404]);
    }
    const byPlayer = await toDownline(
      { username: 'demochange', amount: '1', paymentPassword: '246810', requestId: newRequest() },
      player,
    );
    expect(byPlayer.status).toBe(403);
    expect(await sumOf(agent)).toBe('30.00');
    await expectLedgerValid(sut.db);
  });
});
