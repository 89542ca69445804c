import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { journalEntries } from '../ledger/ledger.tables.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { png, uniqueKeys } from '../wallet/money.test-support.ts';
import { adjustRequest, decideAdjustment } from './money.test-support.ts';

/**
 * The back office's money calls (issue 15, item 4): four eyes on large adjustments, the ledger
 * browser, the verifier's stored result, and the audit (before/after) of the existing money calls.
 * One app for the file: each test leaves the ledger valid and works on its own rows.
 */

let sut: TestApp;
let owner: string;
let player: string;
let finance: { id: number; account: string; token: string };
let finance2: { id: number; account: string; token: string };
let content: { id: number; account: string; token: string };
let support: { id: number; account: string; token: string };

const newKey = uniqueKeys('money');

beforeAll(async () => {
  ({
    sut,
    operator: owner,
    player,
  } = await appWithOperatorAndPlayer({
    MONEY_RATE_LIMIT_PER_MINUTE: '100000',
    ADJUST_APPROVAL_THRESHOLD: '10000',
  }));
  // The insider controls (daily limits, creditors kept off their members' withdrawals) are off
  // here: money.insider.test.ts has them; these tests reuse one member and two operators.
  await updateSettings(sut.db, {
    insiderControls: {
      adjustCountPerOperatorDay: 0,
      adjustSumPerOperatorDay: '0',
      adjustCountPerMemberDay: 0,
      adjustSumPerMemberDay: '0',
      creditorCoolingHours: 0,
      disburseSecondOperatorFrom: '0',
    },
  });
  finance = await operatorOfRole(sut, 'finance');
  finance2 = await operatorOfRole(sut, 'finance');
  content = await operatorOfRole(sut, 'content');
  support = await operatorOfRole(sut, 'support');
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  await sut.close();
});

const adjust = (body: Record<string, unknown>, token = finance.token) =>
  adjustRequest(sut, body, token, newKey());
const decide = (body: Record<string, unknown>, token = finance2.token) => decideAdjustment(sut, body, token);
const get = (url: string, token: string) => call(sut, { method: 'GET', url, token });
const balance = async () => (await get('/wps/v2/wallets/balance', player)).body.value.sumBalance as string;
const auditOf = (action: string) =>
  sut.db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(operatorAudit.id);
const entriesKeyed = (key: string) =>
  sut.db.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, key));

describe('manual adjustments and four eyes', () => {
  it('moves money at once below the threshold, audited with the balance before and after', async () => {
    const before = await balance();
    const answer = await adjust({ amount: '9999.99' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.value).toMatchObject({ status: 'posted', adjustmentId: null, replayed: false });
    expect(Number(await balance())).toBeCloseTo(Number(before) + 9999.99, 2);
    const [audited] = (await auditOf('operatorWalletAdjust')).filter((row) => row.outcome === 'ok').slice(-1);
    expect(audited).toMatchObject({
      operator: finance.account,
      targetKind: 'member',
      reason: 'goodwill credit',
    });
    expect(audited?.before).toEqual({ username: 'demoplayer', main: before });
    expect(audited?.after).toMatchObject({ main: await balance(), amount: '9999.99' });
    // A debit back, so the other tests start from the same balance.
    expect((await adjust({ amount: '-9999.99' })).status).toBe(200);
  });

  it('holds an adjustment at the threshold for a second operator; the requester cannot approve it', async () => {
    const before = await balance();
    const key = newKey();
    const requested = await adjust({ amount: '10000', idempotencyKey: key });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.value).toMatchObject({ status: 'pending', entryId: null, balance: before });
    const adjustmentId = requested.body.value.adjustmentId as number;
    expect(await balance()).toBe(before);
    // A replay of the request finds the same one and stores no second.
    const replay = await adjust({ amount: '10000', idempotencyKey: key });
    expect(replay.body.value).toMatchObject({ adjustmentId, replayed: true, status: 'pending' });
    const mismatch = await adjust({ amount: '10001', idempotencyKey: key });
    expect([mismatch.status, mismatch.body.code]).toEqual([409, 'IDEMPOTENCY_MISMATCH']);

    const pending = await get('/api/operator/adjustments', finance2.token);
    expect(pending.body.value.threshold).toBe('10000.00');
    expect(pending.body.value.items).toEqual([
      expect.objectContaining({
        adjustmentId,
        amount: '10000.00',
        status: 'pending',
        requestedBy: finance.account,
      }),
    ]);

    const own = await decide({ adjustmentId, decision: 'approve' }, finance.token);
    expect([own.status, own.body.code]).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    expect(await balance()).toBe(before);

    // Two approvers at once: one posts, the other is told it is decided; one entry either way.
    const [first, second] = await Promise.all([
      decide({ adjustmentId, decision: 'approve' }, finance2.token),
      decide({ adjustmentId, decision: 'approve' }, owner),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const approved = first.status === 200 ? first : second;
    expect(approved.body.value).toMatchObject({ status: 'approved', adjustmentId });
    expect(await entriesKeyed(`operator-adjust:adjustment:${adjustmentId}`)).toHaveLength(1);
    expect(Number(await balance())).toBeCloseTo(Number(before) + 10000, 2);
    expect(approved.body.value.entryId).toBe(
      (await entriesKeyed(`operator-adjust:adjustment:${adjustmentId}`))[0]?.id,
    );

    const again = await decide({ adjustmentId, decision: 'reject', reason: 'too late' }, owner);
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
    await expectLedgerValid(sut.db);

    const requestAudit = (await auditOf('adjustment.request')).at(-1);
    expect(requestAudit).toMatchObject({ targetKind: 'adjustment', targetId: String(adjustmentId) });
    expect(requestAudit?.after).toMatchObject({ status: 'pending', amount: '10000.00' });
    const decideAudit = (await auditOf('operatorAdjustmentDecide'))
      .filter((row) => row.outcome === 'ok')
      .at(-1);
    expect(decideAudit?.before).toMatchObject({ status: 'pending' });
    expect(decideAudit?.after).toMatchObject({ status: 'approved', entryId: approved.body.value.entryId });
    // Refusals are written by the audit hook once the answer is sent: waited for.
    await vi.waitFor(async () => {
      const refusedOwn = (await auditOf('operatorAdjustmentDecide')).find(
        (row) => row.operator === finance.account,
      );
      expect(refusedOwn).toMatchObject({ outcome: 'failed', errorCode: 'SECOND_APPROVER_REQUIRED' });
    });

    // Back to where it was (a large debit needs four eyes too).
    const back = await adjust({ amount: '-10000' });
    expect(back.body.value.status).toBe('pending');
    expect((await decide({ adjustmentId: back.body.value.adjustmentId, decision: 'approve' })).status).toBe(
      200,
    );
    expect(await balance()).toBe(before);
  });

  it('rejects with a reason and posts nothing', async () => {
    const before = await balance();
    const requested = await adjust({ amount: '-25000.50', reason: 'chargeback' });
    const adjustmentId = requested.body.value.adjustmentId as number;
    const noReason = await decide({ adjustmentId, decision: 'reject' });
    expect([noReason.status, noReason.body.value.issues[0].field]).toEqual([400, 'reason']);
    const rejected = await decide({ adjustmentId, decision: 'reject', reason: 'not ours' });
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      decidedBy: finance2.account,
      decisionReason: 'not ours',
      entryId: null,
    });
    expect(await entriesKeyed(`operator-adjust:adjustment:${adjustmentId}`)).toHaveLength(0);
    expect(await balance()).toBe(before);
    const decided = await get('/api/operator/adjustments?status=rejected', finance.token);
    expect(decided.body.value.items.map((item: { adjustmentId: number }) => item.adjustmentId)).toContain(
      adjustmentId,
    );
  });

  it('refuses bad input with 400 naming the field, an unknown request with 404', async () => {
    for (const [body, field] of [
      [{ adjustmentId: 0, decision: 'approve' }, 'adjustmentId'],
      [{ adjustmentId: -1, decision: 'approve' }, 'adjustmentId'],
      [{ adjustmentId: 2 ** 31, decision: 'approve' }, 'adjustmentId'],
      [{ adjustmentId: 1, decision: 'maybe' }, 'decision'],
      [{ adjustmentId: 1, decision: 'reject', reason: 'a\u0000b' }, 'reason'],
      [{ adjustmentId: 1, decision: 'reject', reason: 'x'.repeat(201) }, 'reason'],
    ] as const) {
      const answer = await decide(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.value.issues[0].field).toBe(field);
    }
    const unknown = await decide({ adjustmentId: 999_999, decision: 'approve' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    for (const amount of ['0', '-0', '99999999999999', '1.234', 'ten']) {
      const answer = await adjust({ amount });
      expect(answer.status, amount).toBe(400);
      expect(answer.body.value.issues[0].field).toBe('amount');
    }
    const status = await get('/api/operator/adjustments?status=open', finance.token);
    expect(status.status).toBe(400);
    const nobody = await adjust({ amount: '50000', username: 'nobody_here' });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses roles without the permission, and audits the refusal', async () => {
    const listed = await get('/api/operator/adjustments', content.token);
    expect([listed.status, listed.body.code]).toEqual([403, 'FORBIDDEN']);
    const requested = await adjust({ amount: '20000' });
    const bySupport = await decide(
      { adjustmentId: requested.body.value.adjustmentId, decision: 'approve' },
      support.token,
    );
    expect([bySupport.status, bySupport.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(bySupport.body.value).toMatchObject({ permission: 'money.adjust.approve', role: 'support' });
    const byContent = await adjust({ amount: '1' }, content.token);
    expect(byContent.status).toBe(403);
    await vi.waitFor(async () => {
      const refusals = await sut.db
        .select()
        .from(operatorAudit)
        .where(and(eq(operatorAudit.outcome, 'refused'), like(operatorAudit.operator, 'op_%')));
      expect(refusals.map((row) => `${row.operator}:${row.action}`)).toEqual(
        expect.arrayContaining([
          `${content.account}:operatorAdjustments`,
          `${support.account}:operatorAdjustmentDecide`,
          `${content.account}:operatorWalletAdjust`,
        ]),
      );
    });
    // Still pending: nothing moved.
    expect(
      (await entriesKeyed(`operator-adjust:adjustment:${requested.body.value.adjustmentId}`)).length,
    ).toBe(0);
    await decide({
      adjustmentId: requested.body.value.adjustmentId,
      decision: 'reject',
      reason: 'test over',
    });
  });
});

describe('the ledger browser', () => {
  it("finds a member's accounts, pages their postings and shows an entry's postings and metadata", async () => {
    await adjust({ amount: '12.34', reason: 'browser test' });
    const accounts = await get('/api/operator/ledger/accounts?q=demoplayer', finance.token);
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    const main = accounts.body.value.find((account: { kind: string }) => account.kind === 'main');
    expect(main).toMatchObject({ username: 'demoplayer', currency: 'BDT', balance: await balance() });
    const bySystem = await get('/api/operator/ledger/accounts?q=platform', finance.token);
    expect(bySystem.body.value.map((account: { address: string }) => account.address)).toContain(
      'platform:BDT',
    );

    const page = await get(
      `/api/operator/ledger/entries?address=${encodeURIComponent(main.address)}&pageSize=2`,
      finance.token,
    );
    expect(page.status).toBe(200);
    expect(page.body.value).toMatchObject({ page: 1, pageSize: 2, account: { address: main.address } });
    expect(page.body.value.items).toHaveLength(2);
    expect(page.body.value.total).toBeGreaterThan(2);
    const [latest] = page.body.value.items;
    expect(latest).toMatchObject({ kind: 'adjustment', amount: '12.34', balanceAfter: main.balance });

    const entry = await get(`/api/operator/ledger/entry?entryId=${latest.entryId}`, finance.token);
    expect(entry.status).toBe(200);
    expect(entry.body.value.metadata).toMatchObject({ reason: 'browser test' });
    expect(
      entry.body.value.postings.map((posting: { address: string; amount: string }) => posting.amount).sort(),
    ).toEqual(['-12.34', '12.34']);
    await adjust({ amount: '-12.34', reason: 'browser test over' });
  });

  it('refuses bad queries, unknown ids, and roles without ledger.read', async () => {
    for (const url of [
      '/api/operator/ledger/accounts?q=',
      `/api/operator/ledger/accounts?q=${'x'.repeat(101)}`,
      '/api/operator/ledger/accounts?q=a%00b',
      '/api/operator/ledger/entries?address=platform:BDT&page=0',
      '/api/operator/ledger/entry?entryId=0',
      '/api/operator/ledger/entry?entryId=2147483648',
      '/api/operator/ledger/entry?entryId=abc',
    ]) {
      expect((await get(url, finance.token)).status, url).toBe(400);
    }
    const unknownEntry = await get('/api/operator/ledger/entry?entryId=99999999', finance.token);
    expect([unknownEntry.status, unknownEntry.body.code]).toEqual([404, 'NOT_FOUND']);
    const unknownAccount = await get('/api/operator/ledger/entries?address=member:0:main', finance.token);
    expect([unknownAccount.status, unknownAccount.body.code]).toEqual([404, 'NOT_FOUND']);
    for (const url of [
      '/api/operator/ledger/accounts?q=demoplayer',
      '/api/operator/ledger/entries?address=platform:BDT',
      '/api/operator/ledger/entry?entryId=1',
      '/api/operator/ledger/verification',
    ]) {
      const answer = await get(url, support.token);
      expect([answer.status, answer.body.code], url).toEqual([403, 'FORBIDDEN']);
    }
    await vi.waitFor(async () => {
      const refused = await sut.db
        .select()
        .from(operatorAudit)
        .where(
          and(eq(operatorAudit.operator, support.account), eq(operatorAudit.action, 'operatorLedgerEntry')),
        );
      expect(refused[0]).toMatchObject({ outcome: 'refused', errorCode: 'FORBIDDEN' });
    });
  });

  /** Money → Ledger check's "Run now", as the operator of `token`. */
  const runVerifier = (token: string) =>
    call(sut, { method: 'POST', url: '/api/operator/ledger/verify', token, body: {} });

  it("stores the verifier's result: none at first, then the run's", async () => {
    const none = await get('/api/operator/ledger/verification', finance.token);
    expect(none.body.value).toEqual({ at: null, ok: null, tookMs: null, checks: [] });
    const run = await runVerifier(finance.token);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.value.ok).toBe(true);
    expect(run.body.value.checks.length).toBeGreaterThan(3);
    // The round records beside the ledger are checked in the same run (issue 34).
    const names = (run.body.value.checks as { name: string; ok: boolean }[]).map((check) => check.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'rounds_match_ledger',
        'lottery_bets_match_ledger',
        'transfer_rounds_match_wallets',
        'bonuses_match_ledger',
      ]),
    );
    const last = await get('/api/operator/ledger/verification', finance.token);
    expect(last.body.value).toEqual(run.body.value);
    const refused = await runVerifier(content.token);
    expect(refused.status).toBe(403);
  });

  it('fails the run when a round record says a stake the ledger never took, and names the round', async () => {
    // A round written beside the money (as a bug or a hand in the database would): 5.00 staked, no posting.
    const [row] = rowsOf<{ id: number }>(
      await sut.db.execute(sql`select id from members where account = 'demoplayer'`),
    );
    await sut.db.execute(sql`insert into game_rounds
        (vendor_code, round_id, member_id, node_id, game_type, vassalage, currency, wallet_kind, bet_amount)
        values ('KHELA', 'forged-1', ${row!.id}, 1, 'RNG', 'KHELA', 'BDT', 'main', 500)`);
    try {
      const run = await runVerifier(finance.token);
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(run.body.value.ok).toBe(false);
      const failed = (run.body.value.checks as { name: string; ok: boolean; problems: string[] }[]).filter(
        (check) => !check.ok,
      );
      expect(failed.map((check) => check.name)).toEqual(['rounds_match_ledger']);
      expect(failed[0]!.problems).toEqual([expect.stringContaining('KHELA/forged-1')]);
    } finally {
      await sut.db.execute(sql`delete from game_rounds where round_id = 'forged-1'`);
    }
  });
});

describe('the audit of the existing money calls', () => {
  it('records approve, disburse (with a payout proof) and resolve of a withdrawal with before and after', async () => {
    const bound = await call(sut, {
      method: 'POST',
      url: '/wps/withdraw/account/bind',
      body: {
        paymentPassword: '246810',
        kind: 'ewallet',
        providerName: 'bKash',
        accountName: 'Audit Payee',
        accountNumber: '01700000099',
      },
      token: player,
      sealed: true,
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    await adjust({ amount: '300', reason: 'withdrawal funds' });
    const created = await call(sut, {
      method: 'POST',
      url: '/wps/withdraw/create',
      body: {
        accountId: bound.body.value.accountId,
        amount: '200',
        paymentPassword: '246810',
        requestId: newKey(),
      },
      token: player,
      sealed: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const withdrawalId = created.body.value.withdrawalId as number;
    const decideW = (body: Record<string, unknown>, token = finance.token) =>
      call(sut, {
        method: 'POST',
        url: '/api/operator/withdrawal/decide',
        body: { withdrawalId, ...body },
        token,
      });

    expect((await decideW({ decision: 'approve' }, content.token)).status).toBe(403);
    const approved = await decideW({ decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value.status).toBe('pending');
    expect((await decideW({ decision: 'approve' })).status).toBe(409);
    const queue = await get('/api/operator/withdrawals', finance.token);
    const row = queue.body.value.find((item: { withdrawalId: number }) => item.withdrawalId === withdrawalId);
    expect(row).toMatchObject({ approvedBy: `${finance.account}#${finance.id}`, hasPayoutProof: false });
    expect(row.account.accountName).toBe('Audit Payee');

    const badProof = await decideW({
      decision: 'disburse',
      proof: { contentType: 'image/png', data: 'bm90IGEgcG5n' },
    });
    expect(badProof.status).toBe(400);
    const disbursed = await decideW({
      decision: 'disburse',
      proof: { contentType: 'image/png', data: png.toString('base64') },
    });
    expect(disbursed.status, JSON.stringify(disbursed.body)).toBe(200);
    expect(disbursed.body.value.status).toBe('disbursed');
    const proof = await get(
      `/api/operator/withdrawal/proof?withdrawalId=${withdrawalId}&kind=payout`,
      finance.token,
    );
    expect(proof.body.value).toEqual({ contentType: 'image/png', data: png.toString('base64') });

    const trail = await sut.db
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.action, 'operatorWithdrawalDecide'),
          eq(operatorAudit.targetId, String(withdrawalId)),
        ),
      )
      .orderBy(operatorAudit.id);
    const ok = trail.filter((entry) => entry.outcome === 'ok');
    expect(ok).toHaveLength(2);
    expect(ok[0]?.before).toMatchObject({ status: 'pending', approvedBy: null });
    expect(ok[0]?.after).toMatchObject({ status: 'pending', approvedBy: `${finance.account}#${finance.id}` });
    expect(ok[1]?.before).toMatchObject({ status: 'pending' });
    expect(ok[1]?.after).toMatchObject({ status: 'disbursed', amount: '200.00', payoutProof: true });

    // The member disputes it; the operator refunds half: audited too.
    const disputed = await call(sut, {
      method: 'POST',
      url: '/wps/withdraw/confirm',
      body: { withdrawalId, receipt: 'partial', receivedAmount: '100' },
      token: player,
    });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    const resolved = await call(sut, {
      method: 'POST',
      url: '/api/operator/withdrawal/resolve',
      body: { withdrawalId, refund: '100', reason: 'half arrived' },
      token: finance.token,
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const [resolveAudit] = await auditOf('operatorWithdrawalResolve');
    expect(resolveAudit?.before).toMatchObject({ status: 'disputed' });
    expect(resolveAudit?.after).toMatchObject({ status: 'completed', refunded: '100.00' });
    await expectLedgerValid(sut.db);
  });

  it('records a deposit decision with before and after', async () => {
    const order = await call(sut, {
      method: 'POST',
      url: '/wps/deposit/create',
      body: { requestId: newKey(), methodCode: 'bank', amount: '500', reference: 'TXN-AUDIT-1' },
      token: player,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const approved = await call(sut, {
      method: 'POST',
      url: '/api/operator/deposit/decide',
      body: { orderId: order.body.value.orderId, decision: 'approve' },
      token: finance.token,
    });
    expect(approved.status).toBe(200);
    const [entry] = await auditOf('operatorDepositDecide');
    expect(entry).toMatchObject({ targetKind: 'deposit', targetId: String(order.body.value.orderId) });
    expect(entry?.before).toMatchObject({ status: 'pending', entryId: null });
    expect(entry?.after).toMatchObject({ status: 'approved', credited: '500.00' });
    await expectLedgerValid(sut.db);
  });
});
