import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { siteSettingsSchema } from '../settings/settings.schema.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { brandDayStart } from './money.limits.ts';
import { moneyAdjustments } from './money.tables.ts';
import { uniqueKeys } from '../wallet/money.test-support.ts';
import { adjustRequest, decideAdjustment } from './money.test-support.ts';

/**
 * Issue 35, item 1: four eyes that hold. The findings reproduced: one finance operator credited a
 * member 6 × 9,999.99 in a day below the threshold (now the ones past the daily limits wait for a
 * second operator), then approved and paid that member's withdrawal alone (now refused).
 */

let sut: TestApp;
let owner: string;
let player: string;
type Operator = { id: number; account: string; token: string };
let finance: Operator;
let finance2: Operator;
let finance3: Operator;
const newKey = uniqueKeys('insider');
/** The schema's defaults of the insider controls. */
const defaultsOf = () => siteSettingsSchema.parse({}).insiderControls;

beforeAll(async () => {
  ({
    sut,
    operator: owner,
    player,
  } = await appWithOperatorAndPlayer({
    MONEY_RATE_LIMIT_PER_MINUTE: '100000',
    ADJUST_APPROVAL_THRESHOLD: '10000',
  }));
  finance = await operatorOfRole(sut, 'finance');
  finance2 = await operatorOfRole(sut, 'finance');
  finance3 = await operatorOfRole(sut, 'finance');
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  await sut.close();
});

const adjust = (body: Record<string, unknown>, token: string) => adjustRequest(sut, body, token, newKey());
const decide = (body: Record<string, unknown>, token: string) => decideAdjustment(sut, body, token);
const balance = async () =>
  Number(
    (await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: player })).body.value.sumBalance,
  );
/** Moves every adjustment so far to yesterday (brand day): the next tests start a fresh day. */
const yesterday = () =>
  sut.db
    .update(moneyAdjustments)
    .set({ requestedAt: sql`${moneyAdjustments.requestedAt} - interval '2 days'` });

describe('daily limits on adjustments below the threshold', () => {
  it('holds the split credits (6 × 9,999.99 by one operator to one member) past the limits for a second operator', async () => {
    const before = await balance();
    const answers = [];
    for (let index = 0; index < 6; index += 1) {
      const answer = await adjust({ amount: '9999.99' }, finance.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      answers.push(answer.body.value);
    }
    // The default limits: per member 15,000.00 and 2 a day. The first posts, the rest wait.
    expect(answers.map((value) => value.status)).toEqual([
      'posted',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(answers[1].heldBecause).toContain('member: more than 15000.00 today');
    expect(await balance()).toBeCloseTo(before + 9999.99, 2);

    // The requester cannot release their own; another finance operator can.
    const held = answers[1].adjustmentId as number;
    expect((await decide({ adjustmentId: held, decision: 'approve' }, finance.token)).body.code).toBe(
      'SECOND_APPROVER_REQUIRED',
    );
    const approved = await decide({ adjustmentId: held, decision: 'approve' }, finance2.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value).toMatchObject({
      status: 'approved',
      heldBecause: expect.stringContaining('member'),
    });
    expect(await balance()).toBeCloseTo(before + 2 * 9999.99, 2);
    for (const value of answers.slice(2)) {
      const rejected = await decide(
        { adjustmentId: value.adjustmentId, decision: 'reject', reason: 'split credit' },
        finance2.token,
      );
      expect(rejected.status).toBe(200);
    }

    // Each decision is in the audit trail: the held request says why it waits.
    const [request] = await sut.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'adjustment.request'), eq(operatorAudit.targetId, String(held))));
    expect(request?.after).toMatchObject({
      status: 'pending',
      heldBecause: expect.stringContaining('member'),
    });
    await yesterday();
  });

  it('counts an operator across members, and a new brand day starts the count again', async () => {
    await updateSettings(sut.db, {
      insiderControls: { ...defaultsOf(), adjustCountPerOperatorDay: 1, adjustCountPerMemberDay: 0 },
    });
    try {
      const first = await adjust({ amount: '10' }, finance3.token);
      expect(first.body.value.status).toBe('posted');
      const second = await adjust({ amount: '-10' }, finance3.token);
      expect(second.body.value).toMatchObject({ status: 'pending' });
      expect(second.body.value.heldBecause).toContain('operator: more than 1 adjustments today');
      await decide(
        { adjustmentId: second.body.value.adjustmentId, decision: 'reject', reason: 'test' },
        finance.token,
      );
      await yesterday();
      const nextDay = await adjust({ amount: '-10' }, finance3.token);
      expect(nextDay.body.value.status).toBe('posted');
      await yesterday();
    } finally {
      await updateSettings(sut.db, { insiderControls: defaultsOf() });
    }
  });

  it('holds an owner past the limits too: a second operator releases it, never the owner alone', async () => {
    const before = await balance();
    // Per member: 2 adjustments and 15,000.00 a day (the defaults). The owner's third waits.
    const answers = [];
    for (const amount of ['5000', '5000', '1']) answers.push((await adjust({ amount }, owner)).body.value);
    expect(answers.map((value) => value.status)).toEqual(['posted', 'posted', 'pending']);
    expect(answers[2].heldBecause).toContain('member: more than 2 adjustments today');
    // Past the sum, in a fresh day, with the per-operator limits.
    await yesterday();
    await updateSettings(sut.db, {
      insiderControls: { ...defaultsOf(), adjustCountPerMemberDay: 0, adjustSumPerOperatorDay: '6000' },
    });
    try {
      expect((await adjust({ amount: '5000' }, owner)).body.value.status).toBe('posted');
      const over = (await adjust({ amount: '-1000.01' }, owner)).body.value;
      expect(over).toMatchObject({ status: 'pending' });
      expect(over.heldBecause).toContain('operator: more than 6000.00 today');
      const own = await decide({ adjustmentId: over.adjustmentId, decision: 'approve' }, owner);
      expect([own.status, own.body.code]).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
      const released = await decide({ adjustmentId: over.adjustmentId, decision: 'approve' }, finance2.token);
      expect(released.body.value).toMatchObject({ status: 'approved', decidedBy: finance2.account });
    } finally {
      await updateSettings(sut.db, { insiderControls: defaultsOf() });
    }
    await decide(
      { adjustmentId: answers[2].adjustmentId, decision: 'reject', reason: 'test' },
      finance2.token,
    );
    expect(await balance()).toBeCloseTo(before + 10_000 + 5000 - 1000.01, 2);
    await yesterday();
  });

  it('replays the same key to the same answer, and refuses the key for another amount', async () => {
    const key = newKey();
    const first = await adjust({ amount: '5', idempotencyKey: key }, finance3.token);
    expect(first.body.value).toMatchObject({ status: 'posted', replayed: false, adjustmentId: null });
    const again = await adjust({ amount: '5', idempotencyKey: key }, finance3.token);
    expect(again.body.value).toMatchObject({
      status: 'posted',
      replayed: true,
      entryId: first.body.value.entryId,
    });
    expect((await adjust({ amount: '6', idempotencyKey: key }, finance3.token)).body.code).toBe(
      'IDEMPOTENCY_MISMATCH',
    );
    await yesterday();
  });

  it('cuts days at the brand time zone', () => {
    // 2026-12-05 23:59 in Dhaka (UTC+6) is 17:59 UTC; its day started at 2026-12-04 18:00 UTC.
    expect(brandDayStart(Date.UTC(2026, 11, 5, 17, 59), 'Asia/Dhaka').toISOString()).toBe(
      '2026-12-04T18:00:00.000Z',
    );
    expect(brandDayStart(Date.UTC(2026, 11, 5, 18, 1), 'Asia/Dhaka').toISOString()).toBe(
      '2026-12-05T18:00:00.000Z',
    );
  });

  it('refuses bad limits in the settings', async () => {
    await expect(
      updateSettings(sut.db, { insiderControls: { ...defaultsOf(), adjustSumPerMemberDay: '-1' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('a creditor never pays out their member alone', () => {
  // Operators who credited no one (the ones above did, in the last 72 hours).
  let approver: Operator;
  let payer: Operator;
  beforeAll(async () => {
    approver = await operatorOfRole(sut, 'finance');
    payer = await operatorOfRole(sut, 'finance');
  });
  async function withdrawal(amount: string): Promise<number> {
    const bound = await call(sut, {
      method: 'POST',
      url: '/wps/withdraw/account/bind',
      body: {
        paymentPassword: '246810',
        kind: 'ewallet',
        providerName: 'bKash',
        accountName: 'Insider Payee',
        accountNumber: `0170${String(Date.now()).slice(-7)}`,
      },
      token: player,
      sealed: true,
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const created = await call(sut, {
      method: 'POST',
      url: '/wps/withdraw/create',
      body: { accountId: bound.body.value.accountId, amount, paymentPassword: '246810', requestId: newKey() },
      token: player,
      sealed: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.value.withdrawalId as number;
  }
  const decideW = (withdrawalId: number, body: Record<string, unknown>, token: string) =>
    call(sut, {
      method: 'POST',
      url: '/api/operator/withdrawal/decide',
      body: { withdrawalId, ...body },
      token,
    });

  it('refuses approve and disburse to the operator who credited the member, owner or not; another operator pays', async () => {
    // The owner funds the member; finance credits 100 at once.
    expect((await adjust({ amount: '9000' }, owner)).body.value.status).toBe('posted');
    expect((await adjust({ amount: '100' }, finance.token)).body.value.status).toBe('posted');
    const id = await withdrawal('5000');
    const approve = await decideW(id, { decision: 'approve' }, finance.token);
    expect(approve.status).toBe(409);
    expect(approve.body.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(approve.body.value.issues[0].reason).toContain('credited this member');
    // The owner who credited the member is held the same way (no single person moves money out).
    const ownerApprove = await decideW(id, { decision: 'approve' }, owner);
    expect(ownerApprove.body.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(ownerApprove.body.value.issues[0].reason).toContain('credited this member');
    // Approved by another operator, it is still not the creditor's to pay.
    expect((await decideW(id, { decision: 'approve' }, approver.token)).status).toBe(200);
    const disburse = await decideW(id, { decision: 'disburse' }, finance.token);
    expect(disburse.body.code).toBe('SECOND_APPROVER_REQUIRED');
    expect((await decideW(id, { decision: 'disburse' }, owner)).body.code).toBe('SECOND_APPROVER_REQUIRED');
    // The refusals are in the audit trail (the audit hook records refused calls).
    const refusals = await sut.db
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.action, 'operatorWithdrawalDecide'),
          eq(operatorAudit.operator, finance.account),
        ),
      );
    expect(refusals.map((row) => row.outcome)).toEqual(['failed', 'failed']);
    // Another operator (who credited nothing) pays; rejecting stays open to anyone.
    expect((await decideW(id, { decision: 'disburse' }, payer.token)).body.value.status).toBe('disbursed');
  });

  it('needs a second operator to pay out from the threshold, and an approval before it', async () => {
    await updateSettings(sut.db, {
      insiderControls: { ...defaultsOf(), disburseSecondOperatorFrom: '1000' },
    });
    try {
      const id = await withdrawal('1000');
      const unapproved = await decideW(id, { decision: 'disburse' }, approver.token);
      expect([unapproved.status, unapproved.body.code]).toEqual([409, 'WITHDRAWAL_NOT_APPROVED']);
      expect((await decideW(id, { decision: 'approve' }, approver.token)).status).toBe(200);
      const same = await decideW(id, { decision: 'disburse' }, approver.token);
      expect(same.body.code).toBe('SECOND_APPROVER_REQUIRED');
      expect(same.body.value.issues[0].reason).toContain('another operator than the approver');
      expect((await decideW(id, { decision: 'disburse' }, payer.token)).body.value.status).toBe('disbursed');
      // Below the threshold one operator may approve and pay, but never pay what nobody approved.
      const small = await withdrawal('999');
      const smallUnapproved = await decideW(small, { decision: 'disburse' }, approver.token);
      expect([smallUnapproved.status, smallUnapproved.body.code]).toEqual([409, 'WITHDRAWAL_NOT_APPROVED']);
      expect((await decideW(small, { decision: 'approve' }, approver.token)).status).toBe(200);
      expect((await decideW(small, { decision: 'disburse' }, approver.token)).body.value.status).toBe(
        'disbursed',
      );
      // An owner who credited no one is held the same way: approving and paying alone is refused.
      const boss = await operatorOfRole(sut, 'owner');
      const large = await withdrawal('1500');
      expect((await decideW(large, { decision: 'approve' }, boss.token)).status).toBe(200);
      const alone = await decideW(large, { decision: 'disburse' }, boss.token);
      expect([alone.status, alone.body.code]).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
      expect((await decideW(large, { decision: 'disburse' }, payer.token)).body.value.status).toBe(
        'disbursed',
      );
    } finally {
      await updateSettings(sut.db, { insiderControls: defaultsOf() });
    }
  });

  it("keeps the operator who approved the member's deposit off their withdrawal", async () => {
    const order = await call(sut, {
      method: 'POST',
      url: '/wps/deposit/create',
      body: { methodCode: 'bank', amount: '500', requestId: newKey(), reference: 'TX-INSIDER' },
      token: player,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const orderId = order.body.value.orderId as number;
    expect(
      (
        await call(sut, {
          method: 'POST',
          url: '/api/operator/deposit/decide',
          body: { orderId, decision: 'approve' },
          token: approver.token,
        })
      ).status,
    ).toBe(200);
    const id = await withdrawal('300');
    const approve = await decideW(id, { decision: 'approve' }, approver.token);
    expect(approve.body.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(approve.body.value.issues[0].reason).toContain("approved this member's deposit");
    expect((await decideW(id, { decision: 'reject', reason: 'test' }, approver.token)).status).toBe(200);
  });
});

describe('the alert list', () => {
  const alerts = (token: string, query = '') =>
    call(sut, { method: 'GET', url: `/api/operator/money/alerts${query}`, token });

  it('shows adjustments just under the threshold, adjust-then-withdraw and locked second steps to the owner', async () => {
    // What the tests above left: finance's six credits of 9,999.99 (threshold 10,000) and the
    // withdrawals the member asked for after finance's credit. A locked second step, as the login writes it.
    await sut.db.insert(operatorAudit).values({
      operator: 'unknown',
      action: 'operator.secondStep.locked',
      targetKind: 'operator',
      targetId: String(finance2.id),
      outcome: 'ok',
      after: { wrongCodes: 10 },
    });
    // The tests above moved their adjustments days back (a new brand day each time): look a month back.
    const answer = await alerts(owner, '?days=30');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const items = answer.body.value.items as { kind: string; operator: string; count: number }[];
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'nearThreshold',
        operator: finance.account,
        count: 6,
        amount: '59999.94',
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'adjustThenWithdraw',
        operator: finance.account,
        username: 'demoplayer',
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'secondStepLocked', operator: finance2.account, count: 10 }),
    );
  });

  it('refuses bad input and the roles it watches', async () => {
    expect((await alerts(owner, '?days=0')).body.code).toBe('VALIDATION_FAILED');
    const refused = await alerts(finance.token);
    expect(refused.status).toBe(403);
    expect(refused.body.value.permission).toBe('audit.read');
  });
});
