import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BonusRule } from '@khela/contract';
import { operatorAudit } from '../audit/audit.tables.ts';
import { newMember } from '../games/games.test-support.ts';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { cashAndBonus, promotionWithRule, testBonusRule } from './bonus.test-support.ts';
import { bonusApplicationImages, bonusApplications, bonusClaims } from './promotions.tables.ts';

/**
 * Bonuses obtained by application (issue 39, spec 4 and 5; docs/promotions.md "Applications with
 * review"): a member applies with pictures, a comment and the terms agreed; an operator approves
 * (the bonus credited through the one grant entry, in the decision's transaction) or rejects with a
 * reason the member reads; pictures checked by their bytes, their size and their count; one
 * application per rule period; an approval refused while the member has another bonus open; four
 * eyes from the brand's threshold; every decision audited; callers who must be refused.
 */
let sut: TestApp;
let finance: { id: number; account: string; token: string };
let owner: { id: number; account: string; token: string };
let support: { id: number; account: string; token: string };
let content: { id: number; account: string; token: string };

beforeAll(async () => {
  sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  finance = await operatorOfRole(sut, 'finance');
  owner = await operatorOfRole(sut, 'owner');
  support = await operatorOfRole(sut, 'support');
  content = await operatorOfRole(sut, 'content');
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  await sut.close();
});

/** A fixed bonus of 10.00 obtained by application, once a brand week. */
const applyRule: BonusRule = { ...testBonusRule, claimPeriod: 'week', obtain: 'apply' };

/** A running promotion page "Share your win" with `rule`; answers its id. */
const promotion = (rule: Partial<BonusRule> = {}) =>
  promotionWithRule(sut.db, { ...applyRule, ...rule }, { title: 'Share your win', type: 'event' });

let accounts = 0;
const member = (type = 0) => newMember(sut, `applicant${++accounts}`, type);

/** A real 1×1 png, and bytes that open as a jpeg does. */
const png = {
  contentType: 'image/png' as const,
  data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
};
const jpeg = {
  contentType: 'image/jpeg' as const,
  data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]).toString('base64'),
};

const post = (url: string, body: unknown, token: string | null) =>
  call(sut, { method: 'POST', url, body, token });
const get = (url: string, token: string | null) => call(sut, { method: 'GET', url, token });
const apply = (token: string | null, body: unknown) => post('/wps/promotion/apply', body, token);
const offer = (token: string | null, id: number) => get(`/wps/promotion/offer?id=${id}&language=EN`, token);
const list = (query: string, token: string | null = finance.token) =>
  get(`/api/operator/promotion/applications${query}`, token);
const decide = (body: unknown, token: string | null = finance.token) =>
  post('/api/operator/promotion/application/decide', body, token);
const image = (query: string, token: string | null = finance.token) =>
  get(`/api/operator/promotion/application/image${query}`, token);

const goodBody = (promotionId: number, extra: Record<string, unknown> = {}) => ({
  promotionId,
  comment: 'My big win on Golden Fruits',
  images: [png],
  agreeTerms: true,
  ...extra,
});

/** A new member who applied to promotion `id` (one png): their id, token and application's id. */
async function applicant(id: number, extra: Record<string, unknown> = {}) {
  const { id: memberId, token } = await member();
  const sent = await apply(token, goodBody(id, extra));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { memberId, token, applicationId: sent.body.value.id as number, sent: sent.body.value };
}

async function applicationsOf(memberId: number) {
  return sut.db.select().from(bonusApplications).where(eq(bonusApplications.memberId, memberId));
}

async function picturesOf(memberId: number) {
  const rows = rowsOf<{ n: number }>(
    await sut.db.execute(sql`
      select count(*)::integer as n from bonus_application_images i
        join bonus_applications a on a.id = i.application_id where a.member_id = ${memberId}`),
  );
  return Number(rows[0]?.n ?? 0);
}

async function claimsOf(memberId: number) {
  return sut.db.select().from(bonusClaims).where(eq(bonusClaims.memberId, memberId));
}

/** The grant entries of a member's bonuses (one per bonus credited). */
async function grantEntries(memberId: number) {
  return rowsOf<{ key: string }>(
    await sut.db.execute(sql`
      select e.idempotency_key as key from journal_entries e
       where e.idempotency_key like 'bonus:grant:%'
         and (e.metadata ->> 'claimId')::bigint in (select id from bonus_claims where member_id = ${memberId})`),
  );
}

async function auditOf(applicationId: number) {
  return sut.db
    .select()
    .from(operatorAudit)
    .where(
      and(
        eq(operatorAudit.targetKind, 'bonus_application'),
        eq(operatorAudit.targetId, String(applicationId)),
      ),
    )
    .orderBy(asc(operatorAudit.id));
}

describe('an application', () => {
  it('is sent with a picture, reviewed, approved: the bonus is credited once, with its wagering', async () => {
    const id = await promotion();
    const { id: memberId, token } = await member();
    expect((await offer(token, id)).body.value).toMatchObject({
      state: 'claim',
      rule: { obtain: 'apply' },
      application: null,
    });
    // The claim's button is not the way to this bonus.
    const claimed = await post('/wps/promotion/claim', { promotionId: id }, token);
    expect(claimed.status).toBe(409);
    expect(claimed.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'apply_only' } });

    const sent = await apply(token, goodBody(id, { images: [png, jpeg] }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toMatchObject({
      promotionId: id,
      state: 'applying',
      amount: '10.00',
      comment: 'My big win on Golden Fruits',
      imageCount: 2,
      decidedAt: null,
      reason: null,
    });
    const applicationId = sent.body.value.id as number;
    expect((await offer(token, id)).body.value).toMatchObject({
      state: 'applying',
      bonus: null,
      application: { id: applicationId, state: 'applying' },
    });
    expect(await cashAndBonus(sut.db, memberId)).toEqual({ main: 0n, bonus: 0n });

    // In the back office: waiting, with its member, amount, comment and pictures.
    const listed = await list(`?promotionId=${id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.value).toMatchObject({ count: 1, applying: 1, secondApproverFrom: '1000.00' });
    expect(listed.body.value.items[0]).toMatchObject({
      id: applicationId,
      promotionId: id,
      title: 'Share your win',
      memberId,
      username: `applicant${accounts}`,
      amount: '10.00',
      comment: 'My big win on Golden Fruits',
      imageCount: 2,
      state: 'applying',
      needsSecondApprover: false,
      firstApprovedBy: null,
      decidedBy: null,
      bonusClaimId: null,
    });
    expect(listed.body.value.promotions).toEqual(
      expect.arrayContaining([{ promotionId: id, title: 'Share your win' }]),
    );
    const first = await image(`?id=${applicationId}&index=0`);
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual(png);
    expect((await image(`?id=${applicationId}&index=1`)).body.value.contentType).toBe('image/jpeg');
    expect((await image(`?id=${applicationId}&index=2`)).status).toBe(404);
    expect((await image(`?id=${applicationId}&index=3`)).status).toBe(400);

    const approved = await decide({ id: applicationId, decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value).toMatchObject({
      id: applicationId,
      state: 'approved',
      decidedBy: finance.account,
      firstApprovedBy: null,
    });
    const [bonus] = await claimsOf(memberId);
    expect(bonus).toMatchObject({
      id: approved.body.value.bonusClaimId,
      promotionId: id,
      state: 'active',
      amount: 1000n,
      wageringRequired: 60_000n,
      periodKey: (await applicationsOf(memberId))[0]!.periodKey,
    });
    expect(await cashAndBonus(sut.db, memberId)).toEqual({ main: 0n, bonus: 1000n });
    expect(await grantEntries(memberId)).toEqual([{ key: `bonus:grant:${bonus!.id}` }]);
    const bonuses = await get('/wps/promotion/bonuses', token);
    expect(bonuses.body.value.bonuses).toEqual([
      expect.objectContaining({
        promotionId: id,
        state: 'active',
        amount: '10.00',
        wageringRequired: '600.00',
      }),
    ]);
    expect((await offer(token, id)).body.value).toMatchObject({
      state: 'issued',
      application: { state: 'approved', reason: null },
    });

    // Decided once: a second decision is refused, nothing more moves.
    const again = await decide({ id: applicationId, decision: 'approve' }, owner.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect((await decide({ id: applicationId, decision: 'reject', reason: 'Too late' })).status).toBe(409);
    // And applied once a period: a second application is refused.
    const twice = await apply(token, goodBody(id));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'claimed' } });
    expect(await applicationsOf(memberId)).toHaveLength(1);
    expect(await grantEntries(memberId)).toHaveLength(1);

    const trail = await auditOf(applicationId);
    expect(trail.map((row) => [row.action, row.outcome, row.operatorId])).toEqual([
      ['bonusApplication.approve', 'ok', finance.id],
    ]);
    expect(trail[0]).toMatchObject({
      before: { state: 'applying', amount: '10.00', bonusClaimId: null },
      after: { state: 'approved', decidedBy: finance.account, bonusClaimId: bonus!.id },
    });
  });

  it('is rejected with a reason the member reads; nothing moves, and the period is used', async () => {
    const id = await promotion();
    const { memberId, token, applicationId, sent } = await applicant(id, { comment: undefined });
    expect(sent.comment).toBeNull();

    const noReason = await decide({ id: applicationId, decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('VALIDATION_FAILED');
    const rejected = await decide({
      id: applicationId,
      decision: 'reject',
      reason: 'The picture shows no win',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.value).toMatchObject({
      state: 'rejected',
      decidedBy: finance.account,
      decisionReason: 'The picture shows no win',
      bonusClaimId: null,
    });
    expect((await offer(token, id)).body.value).toMatchObject({
      state: 'rejected',
      application: { state: 'rejected', reason: 'The picture shows no win' },
    });
    expect(await claimsOf(memberId)).toEqual([]);
    expect(await cashAndBonus(sut.db, memberId)).toEqual({ main: 0n, bonus: 0n });
    expect((await apply(token, goodBody(id))).body).toMatchObject({ value: { reason: 'claimed' } });
    expect((await auditOf(applicationId)).map((row) => [row.action, row.reason])).toEqual([
      ['bonusApplication.reject', 'The picture shows no win'],
    ]);
    expect((await list(`?promotionId=${id}&state=rejected`)).body.value.count).toBe(1);
    expect((await list(`?promotionId=${id}&state=applying`)).body.value.count).toBe(0);
  });

  it('refuses pictures that are not png or jpg by their bytes, too large or too many, and no terms, writing nothing', async () => {
    const id = await promotion();
    const { id: memberId, token } = await member();
    const text = { contentType: 'image/png', data: Buffer.from('not a picture at all').toString('base64') };
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const sixMegabytes = {
      contentType: 'image/png',
      data: Buffer.concat([pngSignature, Buffer.alloc(6 * 1024 * 1024)]).toString('base64'),
    };
    // Just over 5 MB: short enough for the contract's text bound, refused by its bytes.
    const overFive = {
      contentType: 'image/png',
      data: Buffer.concat([pngSignature, Buffer.alloc(5 * 1024 * 1024 - 7)]).toString('base64'),
    };
    const cases: [string, unknown, string][] = [
      ['a text file named .png', goodBody(id, { images: [text] }), 'images.0'],
      [
        'a png sent as a jpeg',
        goodBody(id, { images: [jpeg, { ...png, contentType: 'image/jpeg' }] }),
        'images.1',
      ],
      ['6 MB', goodBody(id, { images: [sixMegabytes] }), 'images.0.data'],
      ['just over 5 MB', goodBody(id, { images: [overFive] }), 'images.0'],
      ['4 pictures', goodBody(id, { images: [png, png, png, png] }), 'images'],
      ['no picture', goodBody(id, { images: [] }), 'images'],
      [
        'a webp',
        goodBody(id, { images: [{ contentType: 'image/webp', data: png.data }] }),
        'images.0.contentType',
      ],
      ['no terms', goodBody(id, { agreeTerms: undefined }), 'agreeTerms'],
      ['terms refused', goodBody(id, { agreeTerms: false }), 'agreeTerms'],
      ['a comment of 141 characters', goodBody(id, { comment: 'x'.repeat(141) }), 'comment'],
      ['markup in the comment', goodBody(id, { comment: '<b>win</b>' }), 'comment'],
      ['an unknown field', goodBody(id, { extra: 1 }), ''],
    ];
    for (const [name, body, field] of cases) {
      const answer = await apply(token, body);
      expect(answer.status, name).toBe(400);
      expect(answer.body.code, name).toBe('VALIDATION_FAILED');
      if (field) {
        expect(
          answer.body.value.issues.map((issue: { field: string }) => issue.field),
          `${name}: ${JSON.stringify(answer.body.value.issues)}`,
        ).toContain(field);
      }
    }
    // 140 characters of Bengali are fine.
    const bengali = await apply(token, goodBody(id, { comment: 'জ'.repeat(140) }));
    expect(bengali.status, JSON.stringify(bengali.body)).toBe(200);
    expect(await applicationsOf(memberId)).toHaveLength(1);
    expect(await picturesOf(memberId)).toBe(1);
    const stored = await sut.db
      .select()
      .from(bonusApplicationImages)
      .where(eq(bonusApplicationImages.applicationId, bengali.body.value.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.image.equals(Buffer.from(png.data, 'base64'))).toBe(true);
  });

  it('writes one of ten applications sent at the same moment', async () => {
    const id = await promotion();
    const { id: memberId, token } = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => apply(token, goodBody(id))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'claimed' } });
    }
    expect(await applicationsOf(memberId)).toHaveLength(1);
    expect(await picturesOf(memberId)).toBe(1);
  });

  it('refuses an application while another bonus is open, and an approval while one is', async () => {
    const id = await promotion();
    const other = await promotion();
    const claimOnly = await promotion({ obtain: 'claim', claimPeriod: 'member' });
    const { memberId, token, applicationId } = await applicant(id);
    // A bonus claimed with a button meanwhile: the member's one open bonus.
    const claimed = await post('/wps/promotion/claim', { promotionId: claimOnly }, token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    // Applying to a claimed promotion is refused too.
    expect((await apply(token, goodBody(claimOnly))).body).toMatchObject({ value: { reason: 'claim_only' } });

    const refused = await decide({ id: applicationId, decision: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'bonus_active' } });
    expect(refused.body.value.issues[0].reason).toContain('another bonus open');
    expect((await applicationsOf(memberId))[0]).toMatchObject({ state: 'applying', decidedBy: null });
    expect(await claimsOf(memberId)).toHaveLength(1);
    expect(await cashAndBonus(sut.db, memberId)).toEqual({ main: 0n, bonus: 1000n });

    const second = await apply(token, goodBody(other));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'bonus_active' } });
    expect((await offer(token, other)).body.value).toMatchObject({ state: 'closed', reason: 'bonus_active' });
    expect(await applicationsOf(memberId)).toHaveLength(1);
  });

  it('needs two different operators to approve a bonus at the threshold; the second credits it once', async () => {
    const id = await promotion({ amount: '1000' });
    const { memberId, token, applicationId } = await applicant(id);
    expect((await list(`?promotionId=${id}`)).body.value.items[0]).toMatchObject({
      needsSecondApprover: true,
      firstApprovedBy: null,
    });

    const first = await decide({ id: applicationId, decision: 'approve', reason: 'Screenshot checked' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({
      state: 'applying',
      needsSecondApprover: true,
      firstApprovedBy: finance.account,
      decidedBy: null,
    });
    expect(first.body.value.firstApprovedAt).toBeGreaterThan(0);
    expect(await claimsOf(memberId)).toEqual([]);
    expect((await offer(token, id)).body.value).toMatchObject({ state: 'applying' });

    // The same operator again: refused, nothing written.
    const same = await decide({ id: applicationId, decision: 'approve' });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(await claimsOf(memberId)).toEqual([]);
    expect(await cashAndBonus(sut.db, memberId)).toEqual({ main: 0n, bonus: 0n });

    const second = await decide({ id: applicationId, decision: 'approve' }, owner.token);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.value).toMatchObject({
      state: 'approved',
      firstApprovedBy: finance.account,
      decidedBy: owner.account,
      decisionReason: 'Screenshot checked',
    });
    expect(await cashAndBonus(sut.db, memberId)).toEqual({ main: 0n, bonus: 100_000n });
    expect(await grantEntries(memberId)).toHaveLength(1);
    expect((await decide({ id: applicationId, decision: 'approve' }, finance.token)).status).toBe(409);
    expect(await grantEntries(memberId)).toHaveLength(1);

    const trail = await auditOf(applicationId);
    expect(trail.map((row) => [row.action, row.operatorId])).toEqual([
      ['bonusApplication.approveFirst', finance.id],
      ['bonusApplication.approve', owner.id],
    ]);
    expect(trail[0]).toMatchObject({
      before: { state: 'applying', firstApprovedBy: null },
      after: { state: 'applying', firstApprovedBy: finance.account },
    });
    expect(trail[1]).toMatchObject({ after: { state: 'approved', decidedBy: owner.account } });
    // The schema keeps the two apart too.
    await expect(
      sut.db
        .update(bonusApplications)
        .set({ decidedById: finance.id })
        .where(eq(bonusApplications.id, applicationId)),
    ).rejects.toThrow();
  });

  it('lists waiting applications first, filters, and refuses bad queries', async () => {
    const id = await promotion();
    const earlyId = (await applicant(id)).applicationId;
    const lateId = (await applicant(id)).applicationId;
    const decidedId = (await applicant(id)).applicationId;
    expect((await decide({ id: decidedId, decision: 'reject', reason: 'No win shown' })).status).toBe(200);
    const listed = await list(`?promotionId=${id}`);
    expect(listed.body.value.items.map((row: { id: number }) => row.id)).toEqual([
      earlyId,
      lateId,
      decidedId,
    ]);
    expect(listed.body.value).toMatchObject({ count: 3, applying: 2 });
    const byName = await list(`?username=applicant${accounts}`);
    expect(byName.body.value.items.map((row: { id: number }) => row.id)).toEqual([decidedId]);
    expect((await list('?username=nobody_at_all')).body.value.items).toEqual([]);
    for (const query of ['?days=0', '?days=91', '?state=approvedish', '?promotionId=0', '?username=']) {
      expect((await list(query)).status, query).toBe(400);
    }
    expect((await decide({ id: 999_999_999, decision: 'approve' })).status).toBe(404);
    expect((await decide({ id: earlyId, decision: 'maybe' })).status).toBe(400);
    expect((await image('?id=999999999&index=0')).status).toBe(404);
  });
});

describe('who may apply and review', () => {
  it('refuses guests, trial accounts and agents to apply, and members, guests and operators without the permission to review', async () => {
    const id = await promotion();
    const { token, applicationId } = await applicant(id);

    expect((await apply(null, goodBody(id))).status).toBe(401);
    const trial = await member(4);
    expect((await apply(trial.token, goodBody(id))).status).toBe(403);
    const agent = await member(1);
    expect((await apply(agent.token, goodBody(id))).body).toMatchObject({
      code: 'PROMOTION_NOT_ELIGIBLE',
      value: { reason: 'agent' },
    });
    expect((await apply(token, goodBody(2_000_000_000))).status).toBe(404);

    // A member and a guest on the operators' calls.
    expect((await list('', token)).status).toBe(403);
    expect((await image(`?id=${applicationId}`, token)).status).toBe(403);
    expect((await decide({ id: applicationId, decision: 'approve' }, token)).status).toBe(403);
    expect((await list('', null)).status).toBe(401);
    expect((await decide({ id: applicationId, decision: 'approve' }, null)).status).toBe(401);

    // Operators: reading needs money.read, deciding money.adjust.approve.
    const forContent = await list('', content.token);
    expect(forContent.status).toBe(403);
    expect(forContent.body.value.permission).toBe('money.read');
    expect((await image(`?id=${applicationId}`, content.token)).status).toBe(403);
    expect((await list('', support.token)).status).toBe(200);
    expect((await image(`?id=${applicationId}`, support.token)).status).toBe(200);
    const bySupport = await decide({ id: applicationId, decision: 'approve' }, support.token);
    expect(bySupport.status).toBe(403);
    expect(bySupport.body.value.permission).toBe('money.adjust.approve');

    const [row] = await sut.db
      .select()
      .from(bonusApplications)
      .where(eq(bonusApplications.id, applicationId));
    expect(row).toMatchObject({ state: 'applying', decidedBy: null, firstApprovedBy: null });
    // Each refusal is in the audit trail, with who was refused.
    const refusals = rowsOf<{ who: string }>(
      await sut.db.execute(sql`
        select action || ' by ' || operator_id as who from operator_audit
         where outcome = 'refused' and action like 'operatorBonusApplication%'`),
    ).map((row) => row.who);
    expect(refusals).toContain(`operatorBonusApplications by ${content.id}`);
    expect(refusals).toContain(`operatorBonusApplicationImage by ${content.id}`);
    expect(refusals).toContain(`operatorBonusApplicationDecide by ${support.id}`);
  });
});
