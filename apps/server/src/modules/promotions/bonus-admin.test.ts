import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonusRule } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { newMember } from '../games/games.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { getSettings } from '../settings/settings.service.ts';
import { settleDueBonuses, smallestWageringMultiple } from './bonus.service.ts';
import { createRaffle } from './raffle.service.ts';
import { bonusClaims, promotionRules } from './promotions.tables.ts';
import { testBonusRule } from './bonus.test-support.ts';

/**
 * The back office's bonus promotions (issue 39 item 4; docs/back-office-promotions.md): the list of
 * promotion pages with their rules and figures, save (checked against the bound), pause and remove
 * (refused while a bonus is open), each audited with before and after; the claims list; bad input
 * and callers who must be refused.
 */
let sut: TestApp;
let content: { id: number; token: string };
let finance: { id: number; token: string };
let readonly: { id: number; token: string };

beforeAll(async () => {
  sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  content = await operatorOfRole(sut, 'content');
  finance = await operatorOfRole(sut, 'finance');
  readonly = await operatorOfRole(sut, 'readonly');
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  await sut.close();
});

const rule: BonusRule = { ...testBonusRule, weights: { RNG: 100, LIVE: 20 } };

const HOUR = 3_600_000;

const get = (url: string, token: string | null) => call(sut, { method: 'GET', url, token });
const post = (url: string, body: unknown, token: string | null) =>
  call(sut, { method: 'POST', url, body, token });
const rules = (token: string | null = content.token) => get('/api/operator/promotion/rules', token);
const save = (body: unknown, token: string | null = content.token) =>
  post('/api/operator/promotion/rule/save', body, token);
const pause = (body: unknown, token: string | null = content.token) =>
  post('/api/operator/promotion/rule/pause', body, token);
const remove = (body: unknown, token: string | null = content.token) =>
  post('/api/operator/promotion/rule/remove', body, token);
const claims = (query: string, token: string | null = finance.token) =>
  get(`/api/operator/promotion/claims${query}`, token);

let pages = 0;
/** A running promotion page made with the content call, as an operator makes it; answers its id. */
async function page(options: { startsAt?: number; endsAt?: number; enabled?: boolean } = {}) {
  pages += 1;
  const made = await post(
    '/api/operator/content/promotion/create',
    {
      type: 'deposit',
      action: 'claim',
      texts: {
        EN: { title: `Bonus page ${pages}`, summary: 'A bonus', content: '<p>Rules</p>' },
        BN: { title: `বোনাস ${pages}`, summary: 'বোনাস', content: '<p>নিয়ম</p>' },
      },
      startsAt: new Date(options.startsAt ?? Date.now() - HOUR).toISOString(),
      endsAt: new Date(options.endsAt ?? Date.now() + 24 * HOUR).toISOString(),
      enabled: options.enabled ?? true,
    },
    content.token,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.value.id as number;
}

async function auditOf(promotionId: number) {
  return sut.db
    .select()
    .from(operatorAudit)
    .where(
      and(eq(operatorAudit.targetKind, 'promotion_rule'), eq(operatorAudit.targetId, String(promotionId))),
    )
    .orderBy(asc(operatorAudit.id));
}

async function ruleRow(promotionId: number) {
  const [row] = await sut.db.select().from(promotionRules).where(eq(promotionRules.promotionId, promotionId));
  return row ?? null;
}

interface ListedRow {
  promotionId: number;
  pageStatus: string;
  figures: Record<string, unknown>;
  [key: string]: unknown;
}

/** One promotion's row of the list's answer. */
function rowOf(list: { body: { value: { promotions: ListedRow[] } } }, id: number): ListedRow {
  const row = list.body.value.promotions.find((entry) => entry.promotionId === id);
  if (!row) throw new Error(`promotion ${id} is not listed`);
  return row;
}

describe('the list of bonus promotions', () => {
  it('lists every page with its rule or none, its status, the bound and the figures', async () => {
    const plain = await page();
    const soon = await page({ startsAt: Date.now() + HOUR, endsAt: Date.now() + 2 * HOUR });
    const over = await page({ startsAt: Date.now() - 2 * HOUR, endsAt: Date.now() - HOUR });
    const hidden = await page({ enabled: false });
    const list = await rules();
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const settings = await getSettings(sut.db);
    expect(list.body.value).toMatchObject({
      currency: settings.currency,
      currencySymbol: settings.currencySymbol,
      currencyPrecision: settings.currencyPrecision,
      smallestWageringMultiple: smallestWageringMultiple(settings),
    });
    expect(rowOf(list, plain)).toMatchObject({
      title: `Bonus page ${pages - 3}`,
      type: 'deposit',
      action: 'claim',
      pageStatus: 'running',
      rule: null,
      paused: false,
      figures: {
        claims: 0,
        waiting: 0,
        granted: { count: 0, amount: '0.00' },
        active: { count: 0, amount: '0.00' },
        converted: { count: 0, amount: '0.00' },
        forfeited: { count: 0, amount: '0.00' },
        expired: { count: 0, amount: '0.00' },
        lost: 0,
        lapsed: 0,
      },
    });
    expect(rowOf(list, soon).pageStatus).toBe('coming_soon');
    expect(rowOf(list, over).pageStatus).toBe('ended');
    expect(rowOf(list, hidden).pageStatus).toBe('hidden');
    // The demo's welcome promotion carries the seeded deposit match.
    const seeded = list.body.value.promotions.find(
      (row: { rule: BonusRule | null }) => row.rule?.kind === 'deposit_match',
    );
    expect(seeded).toMatchObject({ rule: { percent: '100', wageringMultiple: 60 }, updatedBy: 'demo seed' });
  });
});

describe('saving, pausing and removing a rule', () => {
  it('creates, replaces, pauses and resumes a rule, each audited with its before and after', async () => {
    const id = await page();
    const created = await save({ promotionId: id, rule, paused: false });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.value).toMatchObject({ promotionId: id, paused: false, rule: { amount: '10' } });
    expect(await ruleRow(id)).toMatchObject({
      paused: false,
      updatedBy: expect.stringMatching(/^op_content_/),
    });

    const replaced = await save({ promotionId: id, rule: { ...rule, amount: '25.50', maxBet: '20' } });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((await ruleRow(id))?.rule).toMatchObject({ amount: '25.50', maxBet: '20' });

    expect((await pause({ promotionId: id, paused: true })).status).toBe(200);
    const listed = rowOf(await rules(), id);
    expect(listed).toMatchObject({ paused: true, rule: { amount: '25.50' }, pageStatus: 'running' });
    // A member is told it is paused, and cannot claim.
    const { token } = await newMember(sut, 'bonusadmin_paused');
    const offer = await get(`/wps/promotion/offer?id=${id}`, token);
    expect(offer.body.value).toMatchObject({ state: 'closed', reason: 'paused' });
    expect((await post('/wps/promotion/claim', { promotionId: id }, token)).body).toMatchObject({
      code: 'PROMOTION_NOT_ELIGIBLE',
      value: { reason: 'paused' },
    });
    expect((await pause({ promotionId: id, paused: false })).status).toBe(200);
    expect((await ruleRow(id))?.paused).toBe(false);

    const trail = await auditOf(id);
    expect(trail.map((row) => [row.action, row.outcome, row.operatorId])).toEqual([
      ['bonusRule.create', 'ok', content.id],
      ['bonusRule.update', 'ok', content.id],
      ['bonusRule.pause', 'ok', content.id],
      ['bonusRule.resume', 'ok', content.id],
    ]);
    expect(trail[0]).toMatchObject({ before: null, after: { rule: { amount: '10' }, paused: false } });
    expect(trail[1]).toMatchObject({
      before: { rule: { amount: '10', maxBet: '50' }, paused: false },
      after: { rule: { amount: '25.50', maxBet: '20' }, paused: false },
    });
    expect(trail[2]).toMatchObject({ before: { paused: false }, after: { paused: true } });
  });

  it('refuses a rule under the bound, a bad rule, bad amounts and an unknown promotion, writing nothing', async () => {
    const id = await page();
    const smallest = smallestWageringMultiple(await getSettings(sut.db));
    const low = await save({ promotionId: id, rule: { ...rule, wageringMultiple: smallest - 1 } });
    expect(low.status).toBe(400);
    expect(low.body.code).toBe('VALIDATION_FAILED');
    expect(low.body.value.issues).toEqual([
      expect.objectContaining({
        field: 'wageringMultiple',
        reason: expect.stringContaining(`at least ${smallest} times`),
      }),
    ]);

    const fixedWithPercent = await save({ promotionId: id, rule: { ...rule, percent: '50' } });
    expect(fixedWithPercent.status).toBe(400);
    expect(fixedWithPercent.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(
      'rule.percent',
    );
    const noWeight = await save({ promotionId: id, rule: { ...rule, weights: { RNG: 0 } } });
    expect(noWeight.status).toBe(400);
    const unknownCategory = await save({
      promotionId: id,
      rule: { ...rule, weights: { RNG: 100, SLOTS: 50 } },
    });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.value.issues[0].field).toBe('rule.weights');
    const heavy = await save({ promotionId: id, rule: { ...rule, weights: { RNG: 101 } } });
    expect(heavy.status).toBe(400);
    expect(heavy.body.value.issues[0].field).toBe('rule.weights.RNG');
    const hugeAmount = await save({ promotionId: id, rule: { ...rule, amount: '1'.repeat(20) } });
    expect(hugeAmount.status).toBe(400);
    const longPercent = await save({
      promotionId: id,
      rule: { ...rule, kind: 'deposit_match', percent: '1'.repeat(50) },
    });
    expect(longPercent.status).toBe(400);

    // Amounts are read at the brand's precision: a field issue, not a server error.
    const decimals = await save({ promotionId: id, rule: { ...rule, amount: '10.005' } });
    expect(decimals.status, JSON.stringify(decimals.body)).toBe(400);
    expect(decimals.body.value.issues).toEqual([expect.objectContaining({ field: 'amount' })]);
    const zeroBet = await save({ promotionId: id, rule: { ...rule, maxBet: '0' } });
    expect(zeroBet.status).toBe(400);
    expect(zeroBet.body.value.issues).toEqual([expect.objectContaining({ field: 'maxBet' })]);
    // A negative smallest deposit (zero is any deposit).
    const negativeDeposit = await save({
      promotionId: id,
      rule: { ...rule, kind: 'deposit_match', percent: '100', minDeposit: '-1' },
    });
    expect(negativeDeposit.status).toBe(400);

    expect((await save({ promotionId: id })).status).toBe(400);
    expect((await save({ promotionId: 0, rule })).status).toBe(400);
    expect((await save({ promotionId: 'x', rule })).status).toBe(400);
    expect((await pause({ promotionId: id })).status).toBe(400);
    const unknown = await save({ promotionId: 2_000_000_000, rule });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect((await pause({ promotionId: id, paused: true })).status).toBe(404);
    expect((await remove({ promotionId: id })).status).toBe(404);

    expect(await ruleRow(id)).toBeNull();
    expect(await auditOf(id)).toEqual([]);

    // A raffle's page takes no bonus rule.
    const raffled = await page();
    await createRaffle(sut.db, await getSettings(sut.db), {
      promotionId: raffled,
      rule: {
        ticketTurnover: '100',
        maxTickets: 10,
        prizes: [{ amount: '100', count: 1 }],
        weights: { RNG: 100 },
        wageringMultiple: smallest,
        maxBet: '100',
        expiryDays: 7,
        claimDays: 7,
      },
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 3_600_000),
      createdBy: 'test',
    });
    const onRaffle = await save({ promotionId: raffled, rule });
    expect(onRaffle.status).toBe(409);
    expect(onRaffle.body.code).toBe('CONFLICT');
    expect(await ruleRow(raffled)).toBeNull();
  });

  it('refuses callers without the permission (each refusal audited), members and guests', async () => {
    const id = await page();
    expect((await rules(null)).status).toBe(401);
    const { token: memberToken } = await newMember(sut, 'bonusadmin_member');
    expect((await rules(memberToken)).status).toBe(403);
    expect((await save({ promotionId: id, rule }, memberToken)).status).toBe(403);

    const forFinance = await rules(finance.token);
    expect(forFinance.status).toBe(403);
    expect(forFinance.body.value.permission).toBe('content.read');
    const byReadonly = await save({ promotionId: id, rule }, readonly.token);
    expect(byReadonly.status).toBe(403);
    expect(byReadonly.body.value.permission).toBe('content.write');
    expect((await pause({ promotionId: id, paused: true }, readonly.token)).status).toBe(403);
    expect((await remove({ promotionId: id }, finance.token)).status).toBe(403);
    const claimsForContent = await claims('', content.token);
    expect(claimsForContent.status).toBe(403);
    expect(claimsForContent.body.value.permission).toBe('money.read');
    expect((await rules(readonly.token)).status).toBe(200);
    expect((await claims('', readonly.token)).status).toBe(200);

    expect(await ruleRow(id)).toBeNull();
    const refused = await sut.db
      .select({ action: operatorAudit.action, operatorId: operatorAudit.operatorId })
      .from(operatorAudit)
      .where(eq(operatorAudit.outcome, 'refused'));
    expect(refused).toEqual(
      expect.arrayContaining([
        { action: 'operatorBonusRules', operatorId: finance.id },
        { action: 'operatorBonusRuleSave', operatorId: readonly.id },
        { action: 'operatorBonusRulePause', operatorId: readonly.id },
        { action: 'operatorBonusRuleRemove', operatorId: finance.id },
        { action: 'operatorBonusClaims', operatorId: content.id },
      ]),
    );
  });
});

describe('a rule with bonuses given', () => {
  it('shows the figures and claims, refuses removal while a bonus is active, and removes it once ended', async () => {
    const id = await page();
    expect((await save({ promotionId: id, rule })).status).toBe(200);
    const member = await newMember(sut, 'bonusadmin_claimer');
    const claimed = await post('/wps/promotion/claim', { promotionId: id }, member.token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.value).toMatchObject({ state: 'active', amount: '10.00' });

    const active = rowOf(await rules(), id);
    expect(active.figures).toMatchObject({
      claims: 1,
      granted: { count: 1, amount: '10.00' },
      active: { count: 1, amount: '10.00' },
    });

    const listed = await claims(`?promotionId=${id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.value).toMatchObject({
      count: 1,
      granted: '10.00',
      outstanding: '10.00',
      converted: '0.00',
      returned: '0.00',
    });
    const [row] = listed.body.value.items;
    expect(row).toMatchObject({
      id: claimed.body.value.id,
      promotionId: id,
      title: `Bonus page ${pages}`,
      username: 'bonusadmin_claimer',
      kind: 'fixed',
      state: 'active',
      amount: '10.00',
      wageringRequired: '600.00',
      wageringDone: null,
      balance: '10.00',
      maxBet: '50.00',
      endedAt: null,
      endAmount: null,
      endEntryId: null,
    });
    expect(row.grantEntryId).toBeGreaterThan(0);
    expect(row.expiresAt).toBeGreaterThan(Date.now());
    expect(listed.body.value.promotions).toEqual(
      expect.arrayContaining([{ promotionId: id, title: `Bonus page ${pages}` }]),
    );
    expect((await claims('?username=bonusadmin_claimer&state=active')).body.value.count).toBe(1);
    expect((await claims('?username=bonusadmin_claimer&state=converted')).body.value.count).toBe(0);
    expect((await claims('?username=nobody_here')).body.value.items).toEqual([]);
    expect((await claims('?days=0')).status).toBe(400);
    expect((await claims('?days=91')).status).toBe(400);
    expect((await claims('?state=nonsense')).status).toBe(400);
    expect((await claims('?promotionId=0')).status).toBe(400);

    const refused = await remove({ promotionId: id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', value: { open: 1 } });
    expect(refused.body.value.issues[0].field).toBe('promotionId');
    expect(await ruleRow(id)).not.toBeNull();

    // Its time runs out: the sweep forfeits it back to the platform.
    await sut.db
      .update(bonusClaims)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(bonusClaims.memberId, member.id));
    await settleDueBonuses(sut.db, await getSettings(sut.db));
    const ended = await claims(`?promotionId=${id}`);
    expect(ended.body.value).toMatchObject({ count: 1, outstanding: '0.00', returned: '10.00' });
    expect(ended.body.value.items[0]).toMatchObject({
      state: 'expired',
      balance: null,
      expiresAt: null,
      endAmount: '10.00',
      wageringDone: '0.00',
    });
    expect(ended.body.value.items[0].endEntryId).toBeGreaterThan(0);

    const removed = await remove({ promotionId: id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await ruleRow(id)).toBeNull();
    const after = rowOf(await rules(), id);
    expect(after).toMatchObject({
      rule: null,
      figures: { claims: 1, active: { count: 0 }, expired: { count: 1, amount: '10.00' } },
    });
    const trail = await auditOf(id);
    expect(trail.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['bonusRule.create', 'ok'],
      ['bonusRule.remove', 'ok'],
    ]);
    expect(trail[1]).toMatchObject({ before: { rule: { amount: '10' }, paused: false }, after: null });
    // The refusal is in the trail too (the audit hook, with the request).
    const [failed] = await sut.db
      .select()
      .from(operatorAudit)
      .where(
        and(eq(operatorAudit.action, 'operatorBonusRuleRemove'), eq(operatorAudit.errorCode, 'CONFLICT')),
      );
    expect(failed).toMatchObject({
      outcome: 'failed',
      operatorId: content.id,
      after: { request: { body: { promotionId: id } } },
    });
  });
});
