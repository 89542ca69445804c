import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { accountTypes, transferMoveRequestSchema, vendorSignatureHeader } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { memberVendorAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { ledgerAccounts } from '../ledger/ledger.tables.ts';
import { verifyLedger } from '../ledger/ledger.verifier.ts';
import { newMember } from './games.test-support.ts';
import { gameVendors, vendorConnections, vendorTransfers } from './games.tables.ts';
import { fakeVendorForFile, sendSigned } from './fake-vendor.test-support.ts';
import { checkVendorSignature } from './vendor-signature.ts';
import { fund, vendorCall, walletBalance } from './vendor-wallet.test-support.ts';
import { runPendingTransfers } from './vendor-transfers.service.ts';

const SECRET = 'c3'.repeat(32);
const VENDOR = 'ARCADE';
const CURRENCY = 'BDT';

/**
 * A stand-in transfer-mode vendor on a loopback port (a test double of a third party, not of the
 * platform): wallets by player, idempotent by transaction id, signed both ways, and switchable
 * faults: `down` answers 503 without doing anything, `lostAnswer` applies the transfer and then
 * answers 503 (the answer is lost on the way back), `refuse` says a definite no (CURRENCY_MISMATCH).
 */
interface FakeTransferVendor {
  wallets: Map<string, number>;
  applied: Map<string, { status: number; body: Record<string, unknown>; request: string }>;
  fault: 'none' | 'down' | 'lostAnswer' | 'refuse';
  calls: { action: string; transactionId?: string }[];
}

const vendor: FakeTransferVendor = { wallets: new Map(), applied: new Map(), fault: 'none', calls: [] };
const remote = fakeVendorForFile((server) => {
  const answer = (reply: FastifyReply, status: number, body: unknown) =>
    sendSigned(reply, SECRET, status, body);
  server.post('/api/transfer/:action', async (request, reply) => {
    const { action } = request.params as { action: string };
    const raw = String(request.body);
    const header = request.headers[vendorSignatureHeader];
    if (checkVendorSignature({ walletSecret: SECRET, rawBody: raw, header: String(header) }) !== 'ok') {
      return answer(reply, 401, { ok: false, code: 'BAD_SIGNATURE', message: 'signature' });
    }
    const body = JSON.parse(raw) as { playerId: string; transactionId?: string; amount?: number };
    vendor.calls.push({ action, ...(body.transactionId ? { transactionId: body.transactionId } : {}) });
    if (vendor.fault === 'down') return reply.code(503).send({ ok: false });
    if (action === 'balance') {
      return answer(reply, 200, {
        ok: true,
        playerId: body.playerId,
        currency: CURRENCY,
        balance: vendor.wallets.get(body.playerId) ?? 0,
      });
    }
    const move = transferMoveRequestSchema.parse(body);
    let result = vendor.applied.get(move.transactionId);
    if (!result && vendor.fault === 'refuse') {
      result = { status: 409, body: { ok: false, code: 'CURRENCY_MISMATCH', message: 'USD' }, request: raw };
      vendor.applied.set(move.transactionId, result);
    }
    if (!result) {
      const balance = vendor.wallets.get(move.playerId) ?? 0;
      if (action === 'withdraw' && balance < move.amount) {
        result = {
          status: 409,
          body: { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'short' },
          request: raw,
        };
      } else {
        const after = balance + (action === 'deposit' ? move.amount : -move.amount);
        vendor.wallets.set(move.playerId, after);
        result = {
          status: 200,
          body: { ok: true, transactionId: move.transactionId, balance: after },
          request: raw,
        };
      }
      vendor.applied.set(move.transactionId, result);
    }
    if (vendor.fault === 'lostAnswer') return reply.code(503).send({ ok: false });
    return answer(reply, result.status, result.body);
  });
});

let sut: TestApp;
let member: { id: number; token: string };

beforeEach(async () => {
  sut = await buildTestApp({ env: { VENDOR_TIMEOUT_MS: '10000', MONEY_RATE_LIMIT_PER_MINUTE: '1000' } });
  vendor.wallets.clear();
  vendor.applied.clear();
  vendor.calls = [];
  vendor.fault = 'none';
  await sut.db
    .insert(vendorConnections)
    .values({ vendorCode: VENDOR, apiBaseUrl: remote.url, walletSecret: SECRET, walletMode: 'transfer' });
  await sut.db.insert(gameVendors).values({
    vassalage: 'ARCADE_LOBBY',
    accountTypeId: 0,
    displayName: 'Test Arcade',
    gameType: 'RNG',
    walletMode: 'transfer',
    vendorCode: VENDOR,
  });
  // A seamless vendor's lobby entry, sorted first: the game wallet must not take its name.
  await sut.db.insert(gameVendors).values({
    vassalage: 'AAA_SLOTS',
    accountTypeId: 0,
    displayName: 'Seamless Slots',
    gameType: 'RNG',
    sortOrder: 1,
  });
  member = await newMember(sut, 'transfer01');
  await fund(sut.db, member.id, 10_000n);
});
afterEach(async () => {
  const verification = await verifyLedger(sut.db);
  expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
  await sut.close();
});

let requestCounter = 0;
const nextRequestId = () => `req-${Date.now()}-${(requestCounter += 1)}`;

function transfer(body: Record<string, unknown>, token: string | null = member.token) {
  return call(sut, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    token: token ?? undefined,
    body: { requestId: nextRequestId(), ...body },
  });
}

const sub = async () => {
  const [row] = await sut.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.address, memberVendorAddress(member.id, VENDOR)));
  return row?.balance ?? 0n;
};
const house = async () => (await getBalance(sut.db, { address: systemAddress('house', CURRENCY) })).balance;

describe('GCS_walletTransfer in and out of a transfer-mode game wallet', () => {
  it('moves money in, books game results at the next transfer, and moves it back out', async () => {
    const houseBefore = await house();
    const moveIn = await transfer({ direction: 'in', vendorCode: VENDOR, amount: '30' });
    expect(moveIn.status, JSON.stringify(moveIn.body)).toBe(200);
    expect(moveIn.body.value).toEqual({
      transfers: [{ vendorCode: VENDOR, direction: 'in', amount: '30.00', status: 'done', code: null }],
      main: '70.00',
      currency: CURRENCY,
    });
    expect(vendor.wallets.get(String(member.id))).toBe(3_000);
    expect(await sub()).toBe(3_000n);
    // The header's balance call: the total stays level (main + the game wallet as booked), read
    // from the ledger alone; what is playable here (sumBalance) is the main wallet.
    const total = await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: member.token });
    expect(total.body.value).toMatchObject({
      sumBalance: '70.00',
      gameWallets: '30.00',
      totalBalance: '100.00',
    });

    // The member plays at the vendor and wins 15.00: the platform learns it at the next transfer.
    vendor.wallets.set(String(member.id), 4_500);
    const listed = await call(sut, { method: 'GET', url: '/wps/relay/GCS_gameWallets', token: member.token });
    expect(listed.body.value).toEqual({
      main: '70.00',
      currency: CURRENCY,
      wallets: [
        { vendorCode: VENDOR, name: 'Test Arcade', balance: '45.00', booked: '30.00', pending: false },
      ],
    });
    const moveOut = await transfer({ direction: 'out', vendorCode: VENDOR, amount: '20' });
    expect(moveOut.body.value.main).toBe('90.00');
    expect(vendor.wallets.get(String(member.id))).toBe(2_500);
    expect(await sub()).toBe(2_500n);
    expect((await house()) - houseBefore).toBe(-1_500n);

    // Then it loses 5.00: recall all brings the remaining 20.00 home and books the loss.
    vendor.wallets.set(String(member.id), 2_000);
    const recall = await transfer({ direction: 'recall' });
    expect(recall.body.value.transfers).toEqual([
      { vendorCode: VENDOR, direction: 'out', amount: '20.00', status: 'done', code: null },
    ]);
    expect(recall.body.value.main).toBe('110.00');
    expect(await sub()).toBe(0n);
    expect((await house()) - houseBefore).toBe(-1_000n);

    // Every step shows in the account record: 2 transfers out, a win, a bet, a transfer in.
    const record = await call(sut, {
      method: 'GET',
      url: '/wps/wallet/record?pageSize=50',
      token: member.token,
    });
    const lines = (record.body.value.list as { type: string; wallet: string; amount: string }[]).filter(
      (line) => line.type !== 'deposit',
    );
    // Newest first; the two legs of one entry in either order.
    expect(lines.map((line) => `${line.type}:${line.wallet}:${line.amount}`).sort()).toEqual(
      [
        'transfer:vendor:-20.00',
        'transfer:main:20.00',
        'bet:vendor:-5.00',
        'transfer:vendor:-20.00',
        'transfer:main:20.00',
        'win:vendor:15.00',
        'transfer:vendor:30.00',
        'transfer:main:-30.00',
      ].sort(),
    );
    // Recall with nothing left moves nothing.
    expect((await transfer({ direction: 'recall' })).body.value.transfers).toEqual([]);
  });

  it('moves a request id once, and refuses the same id for another transfer', async () => {
    const body = { direction: 'in', vendorCode: VENDOR, amount: '10', requestId: 'same-request-1' };
    const first = await transfer(body);
    const again = await transfer(body);
    expect(again.body.value).toEqual(first.body.value);
    expect(await walletBalance(sut.db, member.id)).toBe(9_000n);
    expect(vendor.applied.size).toBe(1);
    const other = await transfer({ ...body, amount: '11' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('answers 20 concurrent retries of one request id like the first, moving the money once', async () => {
    for (const direction of ['in', 'out'] as const) {
      const body = { direction, vendorCode: VENDOR, amount: '10', requestId: `same-at-once-${direction}` };
      const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(body)));
      const seen = answers.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`);
      expect(new Set(seen).size, seen.join('\n')).toBe(1);
      expect(answers[0]?.status).toBe(200);
      expect(answers[0]?.body.value.transfers).toEqual([
        { vendorCode: VENDOR, direction, amount: '10.00', status: 'done', code: null },
      ]);
    }
    expect(await walletBalance(sut.db, member.id)).toBe(10_000n);
    expect(vendor.applied.size).toBe(2);
    expect(await sut.db.select().from(vendorTransfers)).toHaveLength(2);
  });

  it('refuses bad input, a short wallet, an unknown vendor, a guest and a trial account, moving nothing', async () => {
    for (const amount of ['0', '-5', '1.234', 'ten', '']) {
      const response = await transfer({ direction: 'in', vendorCode: VENDOR, amount });
      expect(response.status, amount).toBe(400);
    }
    expect((await transfer({ direction: 'sideways', vendorCode: VENDOR, amount: '1' })).status).toBe(400);
    expect((await transfer({ direction: 'in', amount: '1' })).status).toBe(400);
    const unknown = await transfer({ direction: 'in', vendorCode: 'NOPE', amount: '1' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const short = await transfer({ direction: 'in', vendorCode: VENDOR, amount: '100.01' });
    expect([short.status, short.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    const shortOut = await transfer({ direction: 'out', vendorCode: VENDOR, amount: '1' });
    expect([shortOut.status, shortOut.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect((await transfer({ direction: 'in', vendorCode: VENDOR, amount: '1' }, null)).status).toBe(401);
    const trial = await newMember(sut, 'trial0001', accountTypes.trial);
    const refused = await transfer({ direction: 'in', vendorCode: VENDOR, amount: '1' }, trial.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    expect((await call(sut, { method: 'GET', url: '/wps/relay/GCS_gameWallets' })).status).toBe(401);
    expect(await walletBalance(sut.db, member.id)).toBe(10_000n);
    expect(vendor.wallets.size).toBe(0);
    expect(await sut.db.select().from(vendorTransfers)).toEqual([
      expect.objectContaining({ direction: 'out', status: 'failed', failureCode: 'INSUFFICIENT_FUNDS' }),
    ]);
  });

  it('keeps a transfer whose answer was lost pending, one at a time, and finishes it once', async () => {
    vendor.fault = 'lostAnswer';
    const pending = await transfer({ direction: 'in', vendorCode: VENDOR, amount: '25' });
    expect(pending.status).toBe(200);
    expect(pending.body.value.transfers[0].status).toBe('pending');
    // The money left main for the game wallet; the vendor credited it, but we do not know yet.
    expect(await walletBalance(sut.db, member.id)).toBe(7_500n);
    expect(await sub()).toBe(2_500n);
    const second = await transfer({ direction: 'out', vendorCode: VENDOR, amount: '1' });
    expect([second.status, second.body.code]).toEqual([409, 'TRANSFER_IN_PROGRESS']);
    const listed = await call(sut, { method: 'GET', url: '/wps/relay/GCS_gameWallets', token: member.token });
    expect(listed.body.value.wallets[0]).toMatchObject({ balance: '25.00', booked: '25.00', pending: true });

    // The operator sees it waiting, with why; a member may not look.
    const operator = await operatorOfRole(sut, 'finance');
    const waiting = await call(sut, {
      method: 'GET',
      url: '/api/operator/vendor-transfers',
      token: operator.token,
    });
    expect(waiting.body.value).toEqual([
      expect.objectContaining({
        username: 'transfer01',
        vendorCode: VENDOR,
        direction: 'in',
        amount: '25.00',
        status: 'pending',
        attempts: 1,
        lastError: expect.stringContaining('HTTP 503'),
      }),
    ]);
    const refused = await call(sut, {
      method: 'GET',
      url: '/api/operator/vendor-transfers',
      token: member.token,
    });
    expect(refused.status).toBe(403);
    const badQuery = await call(sut, {
      method: 'GET',
      url: '/api/operator/vendor-transfers?status=lost',
      token: operator.token,
    });
    expect(badQuery.status).toBe(400);

    vendor.fault = 'none';
    // The job's lease starts after half a minute: due now.
    await sut.db.update(vendorTransfers).set({ nextAttemptAt: new Date(Date.now() - 1_000) });
    const context = { db: sut.db, env: sut.app.env, money: { currency: CURRENCY, currencyPrecision: 2 } };
    expect(await runPendingTransfers(context)).toBe(1);
    const [row] = await sut.db.select().from(vendorTransfers);
    expect(row).toMatchObject({ status: 'done', vendorBalanceAfter: 2_500n, attempts: 2 });
    // Sent twice, applied once.
    expect(vendor.calls.filter((entry) => entry.action === 'deposit')).toHaveLength(2);
    expect(vendor.wallets.get(String(member.id))).toBe(2_500);
    expect(await runPendingTransfers(context)).toBe(0);
    const done = await call(sut, {
      method: 'GET',
      url: '/api/operator/vendor-transfers?status=done',
      token: operator.token,
    });
    expect(done.body.value).toEqual([
      expect.objectContaining({ status: 'done', attempts: 2, lastError: null }),
    ]);
  });

  it('lets finance settle a pending transfer after asking the vendor, audited; refuses other roles', async () => {
    const finance = await operatorOfRole(sut, 'finance');
    const content = await operatorOfRole(sut, 'content');
    const settle = (body: Record<string, unknown>, token = finance.token) =>
      call(sut, { method: 'POST', url: '/api/operator/vendor-transfer/settle', body, token });
    // Lost answer: the vendor took it, we do not know yet.
    vendor.fault = 'lostAnswer';
    expect((await transfer({ direction: 'in', vendorCode: VENDOR, amount: '25' })).status).toBe(200);
    const [lost] = await sut.db.select().from(vendorTransfers);
    const transferId = lost?.transferId ?? '';
    expect(lost?.status).toBe('pending');

    const byContent = await settle({ transferId, reason: 'vendor confirmed' }, content.token);
    expect([byContent.status, byContent.body.code]).toEqual([403, 'FORBIDDEN']);
    for (const body of [
      { transferId: 'a\u0000b', reason: 'checked' },
      { transferId: 'x'.repeat(101), reason: 'checked' },
      { transferId, reason: 'x' },
      { transferId, reason: 'y'.repeat(201) },
    ]) {
      expect((await settle(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const unknown = await settle({ transferId: 'no-such-transfer', reason: 'checked' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);

    // Still no answer: it stays pending, with why.
    vendor.fault = 'down';
    const still = await settle({ transferId, reason: 'asked the vendor' });
    expect(still.status, JSON.stringify(still.body)).toBe(200);
    expect(still.body.value).toMatchObject({ status: 'pending', lastError: expect.stringContaining('503') });

    // The vendor answers its first result: done, booked once.
    vendor.fault = 'none';
    const done = await settle({ transferId, reason: 'vendor confirmed' });
    expect(done.body.value).toMatchObject({ status: 'done', username: 'transfer01', amount: '25.00' });
    expect(await sub()).toBe(2_500n);
    expect(vendor.wallets.get(String(member.id))).toBe(2_500);
    const again = await settle({ transferId, reason: 'vendor confirmed' });
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);

    // A transfer the vendor never received and then refuses: the money goes back to main.
    vendor.fault = 'down';
    await transfer({ direction: 'in', vendorCode: VENDOR, amount: '10' });
    expect(await walletBalance(sut.db, member.id)).toBe(6_500n);
    const [, pendingRow] = await sut.db.select().from(vendorTransfers).orderBy(vendorTransfers.id);
    vendor.fault = 'refuse';
    const refunded = await settle({ transferId: pendingRow?.transferId, reason: 'vendor says no' });
    expect(refunded.body.value).toMatchObject({ status: 'failed', failureCode: 'CURRENCY_MISMATCH' });
    expect(await walletBalance(sut.db, member.id)).toBe(7_500n);

    const trail = await sut.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'operatorVendorTransferSettle'))
      .orderBy(operatorAudit.id);
    const settled = trail.filter((entry) => entry.outcome === 'ok' && entry.before !== null);
    expect(
      settled.map((entry) => [
        entry.targetId,
        (entry.before as { status: string }).status,
        (entry.after as { status: string }).status,
      ]),
    ).toEqual([
      [transferId, 'pending', 'done'],
      [pendingRow?.transferId, 'pending', 'failed'],
    ]);
    await vi.waitFor(async () => {
      const refusal = await sut.db
        .select()
        .from(operatorAudit)
        .where(eq(operatorAudit.operator, content.account));
      expect(refusal[0]).toMatchObject({ outcome: 'refused', action: 'operatorVendorTransferSettle' });
    });
  });

  it('returns the money to main when the vendor refuses a transfer in', async () => {
    vendor.fault = 'refuse';
    const refused = await transfer({ direction: 'in', vendorCode: VENDOR, amount: '40' });
    expect(refused.status).toBe(200);
    expect(refused.body.value).toMatchObject({
      transfers: [{ status: 'failed', code: 'CURRENCY_MISMATCH', amount: '40.00' }],
      main: '100.00',
    });
    expect(await sub()).toBe(0n);
    expect(await walletBalance(sut.db, member.id)).toBe(10_000n);
    // A vendor that does not answer at all leaves the wallets unread, not failed.
    vendor.fault = 'down';
    const listed = await call(sut, { method: 'GET', url: '/wps/relay/GCS_gameWallets', token: member.token });
    expect(listed.body.value.wallets).toEqual([
      { vendorCode: VENDOR, name: 'Test Arcade', balance: null, booked: '0.00', pending: false },
    ]);
    const recall = await transfer({ direction: 'recall' });
    expect(recall.body.value.transfers).toEqual([
      { vendorCode: VENDOR, direction: 'out', amount: '0.00', status: 'failed', code: 'VENDOR_UNAVAILABLE' },
    ]);
  });

  it('keeps main, game wallet and vendor in step under 30 overlapping transfers', async () => {
    await transfer({ direction: 'in', vendorCode: VENDOR, amount: '50' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        transfer({ direction: index % 3 === 0 ? 'out' : 'in', vendorCode: VENDOR, amount: '7' }),
      ),
    );
    const statuses = answers.map((answer) => answer.body.value?.transfers[0]?.status ?? answer.body.code);
    const done = statuses.filter((status) => status === 'done').length;
    expect(done).toBeGreaterThan(0);
    expect(
      statuses.every((status) => ['done', 'TRANSFER_IN_PROGRESS', 'INSUFFICIENT_FUNDS'].includes(status)),
    ).toBe(true);
    // Nothing was played: what is at the vendor is what the books say, and no money appeared.
    const atVendor = BigInt(vendor.wallets.get(String(member.id)) ?? 0);
    expect(await sub()).toBe(atVendor);
    expect((await walletBalance(sut.db, member.id)) + atVendor).toBe(10_000n);
    expect(await sut.db.select().from(vendorTransfers).where(eq(vendorTransfers.status, 'pending'))).toEqual(
      [],
    );
  });

  it('closes the seamless money calls to a transfer-mode vendor; balance stays open as its session check', async () => {
    const options = { vendorCode: VENDOR, secret: SECRET };
    const body = { sessionId: '1', transactionId: 't-1', roundId: 'r-1', gameCode: 'g', amount: 1 };
    for (const action of ['debit', 'credit', 'rollback'] as const) {
      const response = await vendorCall(
        sut,
        action,
        { ...body, referenceTransactionId: 't-0', final: true },
        options,
      );
      expect([response.status, response.body.code]).toEqual([400, 'BAD_REQUEST']);
    }
    // No such session: the protocol's session-expired answer, as a seamless vendor gets it.
    const balance = await vendorCall(sut, 'balance', { sessionId: '1' }, options);
    expect([balance.status, balance.body.code]).toEqual([401, 'INVALID_TOKEN']);
  });
});
