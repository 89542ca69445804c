import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { callsAs, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { approvedDeposit, registerThroughSite } from './bonus.test-support.ts';
import { memberRewards } from './promotions.tables.ts';

/**
 * Money → Referral rewards (issue 39; docs/back-office-promotions.md): the rewards friends' first
 * deposits earned their referrers, made through the real flow (a referrer registers and reads its
 * code, friends register with it, one from the referrer's own address, their deposits are
 * approved, the referrer claims one reward), listed with names, deposit, bonus, state and the
 * referral's signals; the filters and sums; the referral promotion's figures; bad input and
 * callers who must be refused.
 */
let sut: TestApp;
let finance: { id: number; token: string };
let content: { id: number; token: string };

beforeAll(async () => {
  sut = await buildTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  finance = await operatorOfRole(sut, 'finance');
  content = await operatorOfRole(sut, 'content');
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  await sut.close();
});

// Calls made as the finance operator unless told otherwise.
const { get, post } = callsAs(() => ({ sut, token: finance.token }));
const rewards = (query: string, token: string | null = finance.token) =>
  get(`/api/operator/promotion/referral-rewards${query}`, token);

/** Registers a member as the site's form does, from `ip`; answers its id, username and token. */
async function register(username: string, options: { referralCode?: string; ip?: string } = {}) {
  const fields = options.referralCode ? { referralCode: options.referralCode } : {};
  const registered = await registerThroughSite(sut, username, fields, options.ip);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const token = registered.body.value.session.token as string;
  const info = await get('/wps/member/info', token);
  return { id: info.body.value.id as number, username, token };
}

/** A deposit made by the member and approved in the back office; answers its order id. */
const deposit = (token: string, amount: string, ip?: string) =>
  approvedDeposit(sut, { member: token, operator: finance.token, amount, ...(ip ? { ip } : {}) });

describe('the referral rewards list', () => {
  it('lists the rewards with referrer, friend, deposit, bonus, state and signals; filters; sums; figures', async () => {
    const referrer = await register('refadmin01');
    const referral = await get('/wps/promotion/referral', referrer.token);
    expect(referral.status, JSON.stringify(referral.body)).toBe(200);
    const code = referral.body.value.code as string;
    const promotionId = referral.body.value.promotionId as number;
    expect(referral.body.value.rule).toMatchObject({ kind: 'referral', amount: '100', minDeposit: '200' });

    // One friend from the referrer's own address (flagged), one from elsewhere.
    const near = await register('refadmin02', { referralCode: code });
    const far = await register('refadmin03', { referralCode: code, ip: '203.0.113.7' });
    const nearOrder = await deposit(near.token, '300');
    const farOrder = await deposit(far.token, '250', '203.0.113.7');

    // The referrer claims the flagged friend's reward: it becomes a bonus.
    const centre = await get('/wps/promotion/rewards', referrer.token);
    expect(centre.status, JSON.stringify(centre.body)).toBe(200);
    expect(centre.body.value.waiting).toBe(2);
    const [nearReward] = await sut.db
      .select()
      .from(memberRewards)
      .where(eq(memberRewards.inviteeId, near.id));
    const claimed = await post('/wps/promotion/rewards/claim', { id: nearReward!.id }, referrer.token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const bonusId = claimed.body.value.id as number;

    const listed = await rewards('');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [farRow, nearRow] = listed.body.value.items;
    expect(nearRow).toMatchObject({
      id: nearReward!.id,
      promotionId,
      title: expect.stringContaining('Invite friends'),
      referrerId: referrer.id,
      referrer: 'refadmin01',
      inviteeId: near.id,
      invitee: 'refadmin02',
      depositOrderId: nearOrder,
      amount: '100.00',
      state: 'claimed',
      bonusClaimId: bonusId,
      signals: ['same_ip'],
    });
    expect(nearRow.claimedAt).toBeGreaterThan(0);
    expect(nearRow.registeredAt).toBeGreaterThan(0);
    // The rule's 30 days to claim it (the expiry is reckoned in whole ms, the time kept in µs).
    expect(Math.abs(nearRow.expiresAt - nearRow.createdAt - 30 * 86_400_000)).toBeLessThanOrEqual(1);
    expect(farRow).toMatchObject({
      invitee: 'refadmin03',
      depositOrderId: farOrder,
      state: 'waiting',
      claimedAt: null,
      bonusClaimId: null,
      signals: [],
    });
    expect(listed.body.value).toMatchObject({
      count: 2,
      flagged: 1,
      waiting: { count: 1, amount: '100.00' },
      claimed: { count: 1, amount: '100.00' },
      expired: { count: 0, amount: '0.00' },
    });

    // The filters: flagged only, state, member (the referrer's or the friend's name).
    const flagged = await rewards('?flagged=true');
    expect(flagged.body.value.items.map((row: { invitee: string }) => row.invitee)).toEqual(['refadmin02']);
    expect((await rewards('?flagged=false')).body.value.count).toBe(2);
    expect((await rewards('?state=claimed')).body.value.items).toHaveLength(1);
    expect((await rewards('?username=refadmin01')).body.value.count).toBe(2);
    expect((await rewards('?username=refadmin03')).body.value.items[0].id).toBe(farRow.id);
    expect((await rewards('?username=nobody_here')).body.value).toMatchObject({ items: [], count: 0 });

    // A waiting reward past its time shows as expired, before its member looks.
    await sut.db
      .update(memberRewards)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(memberRewards.id, farRow.id));
    const expired = await rewards('?state=expired&days=30');
    expect(expired.body.value).toMatchObject({
      count: 1,
      expired: { count: 1, amount: '100.00' },
      waiting: { count: 0, amount: '0.00' },
    });
    expect(expired.body.value.items[0]).toMatchObject({ id: farRow.id, state: 'expired' });
    expect((await rewards('?state=waiting')).body.value.count).toBe(0);

    // The referral promotion's figures: the rewards by state, and the claimed one's bonus.
    const rules = await get('/api/operator/promotion/rules', content.token);
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    const row = rules.body.value.promotions.find(
      (entry: { promotionId: number }) => entry.promotionId === promotionId,
    );
    expect(row).toMatchObject({
      rule: { kind: 'referral' },
      figures: {
        claims: 1,
        granted: { count: 1, amount: '100.00' },
        active: { count: 1, amount: '100.00' },
        rewards: {
          waiting: { count: 0, amount: '0.00' },
          claimed: { count: 1, amount: '100.00' },
          expired: { count: 1, amount: '100.00' },
        },
      },
    });
    // The bonus it became is in the bonus claims, as a referral.
    const claims = await get(`/api/operator/promotion/claims?promotionId=${promotionId}`, finance.token);
    expect(claims.body.value.items).toEqual([
      expect.objectContaining({ id: bonusId, username: 'refadmin01', kind: 'referral', state: 'active' }),
    ]);
  });

  it('refuses bad input with the field, and writes nothing', async () => {
    for (const query of [
      '?days=0',
      '?days=91',
      '?days=x',
      '?state=lapsed',
      '?flagged=yes',
      `?username=${'a'.repeat(65)}`,
      '?username=',
    ]) {
      const answer = await rewards(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe('VALIDATION_FAILED');
      expect(answer.body.value.issues.length, query).toBeGreaterThan(0);
    }
  });

  it('refuses a caller without money.read (audited), a member and a guest', async () => {
    const refused = await rewards('', content.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', value: { permission: 'money.read' } });
    const [audited] = await sut.db
      .select({ outcome: operatorAudit.outcome })
      .from(operatorAudit)
      .where(
        sql`${operatorAudit.action} = 'operatorReferralRewards' and ${operatorAudit.operatorId} = ${content.id}`,
      );
    expect(audited).toEqual({ outcome: 'refused' });
    const { token: memberToken } = await newMember(sut, 'refadmin_member');
    expect((await rewards('', memberToken)).status).toBe(403);
    const guest = await rewards('', null);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('UNAUTHENTICATED');
    const readonly = await operatorOfRole(sut, 'readonly');
    expect((await rewards('', readonly.token)).status).toBe(200);
  });
});

describe('voiding a referral reward', () => {
  const voidReward = (body: unknown, token: string | null = finance.token) =>
    post('/api/operator/promotion/referral-reward/void', body, token);
  const rewardOf = async (inviteeId: number) =>
    (await sut.db.select().from(memberRewards).where(eq(memberRewards.inviteeId, inviteeId)))[0]!;
  const voidAudits = async () =>
    sut.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'referralReward.void'));
  const moneyRows = async () => {
    const [row] = rowsOf<{ entries: number; claims: number }>(
      await sut.db.execute(sql`
        select (select count(*) from journal_entries)::int as entries,
               (select count(*) from bonus_claims)::int as claims`),
    );
    return row;
  };

  let referrer: { id: number; username: string; token: string };
  const friends: { id: number; username: string; token: string }[] = [];
  beforeAll(async () => {
    referrer = await register('refvoid01');
    const code = (await get('/wps/promotion/referral', referrer.token)).body.value.code as string;
    for (const name of ['refvoid02', 'refvoid03', 'refvoid04', 'refvoid05']) {
      const friend = await register(name, { referralCode: code });
      await deposit(friend.token, '300');
      friends.push(friend);
    }
  });

  it('voids a waiting reward with its reason, audited before and after, moving nothing; it can never be claimed', async () => {
    const reward = await rewardOf(friends[0]!.id);
    expect(reward.state).toBe('waiting');
    const before = await moneyRows();
    const voided = await voidReward({ id: reward.id, reason: '  Same browser   as the referrer ' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.value).toMatchObject({
      id: reward.id,
      state: 'void',
      referrer: 'refvoid01',
      invitee: 'refvoid02',
      voidedBy: expect.any(String),
      voidReason: 'Same browser as the referrer',
      claimedAt: null,
      bonusClaimId: null,
    });
    expect(voided.body.value.voidedAt).toBeGreaterThan(0);
    expect(await rewardOf(friends[0]!.id)).toMatchObject({
      state: 'void',
      voidReason: 'Same browser as the referrer',
    });
    const [audit] = await voidAudits();
    expect(audit).toMatchObject({
      operatorId: finance.id,
      targetKind: 'member_reward',
      targetId: String(reward.id),
      outcome: 'ok',
      reason: 'Same browser as the referrer',
      before: expect.objectContaining({ state: 'waiting', amount: '10000' }),
      after: expect.objectContaining({ state: 'void', voidReason: 'Same browser as the referrer' }),
    });
    // Nothing moved: no journal entry, no bonus.
    expect(await moneyRows()).toEqual(before);

    // The list shows it void, counted apart.
    const listed = await rewards('?state=void');
    expect(listed.body.value.items.map((row: { id: number }) => row.id)).toEqual([reward.id]);
    expect(listed.body.value.voided).toEqual({ count: 1, amount: '100.00' });

    // The member sees it voided, not waiting, and cannot claim it.
    const centre = await get('/wps/promotion/rewards', referrer.token);
    expect(centre.body.value.rewards.find((row: { id: number }) => row.id === reward.id)).toMatchObject({
      state: 'void',
    });
    expect(centre.body.value.waiting).toBe(3);
    const claim = await post('/wps/promotion/rewards/claim', { id: reward.id }, referrer.token);
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'void' } });
    expect(await moneyRows()).toEqual(before);
    expect((await rewardOf(friends[0]!.id)).state).toBe('void');
    // The referrer's earnings leave it out (the three other friends' rewards wait).
    expect((await get('/wps/promotion/referral', referrer.token)).body.value.earned).toBe('300.00');

    // Void once: a second void is refused, nothing changes.
    const again = await voidReward({ id: reward.id, reason: 'once more please' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await voidAudits()).toHaveLength(1);
  });

  it('refuses bad input with the field, and writes nothing', async () => {
    const reward = await rewardOf(friends[1]!.id);
    for (const body of [
      { id: reward.id },
      { id: reward.id, reason: '' },
      { id: reward.id, reason: '    ' },
      { id: reward.id, reason: 'four' },
      { id: reward.id, reason: 'x'.repeat(201) },
      { id: reward.id, reason: 'x'.repeat(10_240) },
      { id: reward.id, reason: 'a good reason\u0000' },
      { id: reward.id, reason: 42 },
      { id: 0, reason: 'a good reason' },
      { id: 2_147_483_648, reason: 'a good reason' },
      { id: '1', reason: 'a good reason' },
      {},
    ]) {
      const answer = await voidReward(body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await voidReward({ id: 2_147_483_647, reason: 'no such reward' })).status).toBe(404);
    expect(await rewardOf(friends[1]!.id)).toMatchObject({
      state: 'waiting',
      voidReason: null,
      voidedBy: null,
    });
    expect(await voidAudits()).toHaveLength(1);
  });

  it('refuses a claimed or expired reward, with nothing changed', async () => {
    const toClaim = await rewardOf(friends[2]!.id);
    const claimed = await post('/wps/promotion/rewards/claim', { id: toClaim.id }, referrer.token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const before = await moneyRows();
    const refused = await voidReward({ id: toClaim.id, reason: 'too late for this one' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', value: { issues: [{ field: 'id' }] } });
    expect(await rewardOf(friends[2]!.id)).toMatchObject({ state: 'claimed', voidedBy: null });

    const late = await rewardOf(friends[3]!.id);
    await sut.db
      .update(memberRewards)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(memberRewards.id, late.id));
    const expired = await voidReward({ id: late.id, reason: 'past its time already' });
    expect(expired.status).toBe(409);
    expect(await rewardOf(friends[3]!.id)).toMatchObject({ state: 'waiting', voidedBy: null });
    expect(await moneyRows()).toEqual(before);
    expect(await voidAudits()).toHaveLength(1);
  });

  it('refuses a caller without money.adjust.approve, a member and a guest', async () => {
    const reward = await rewardOf(friends[1]!.id);
    const body = { id: reward.id, reason: 'not mine to void' };
    for (const role of ['readonly', 'support', 'risk'] as const) {
      const operator = await operatorOfRole(sut, role);
      const refused = await voidReward(body, operator.token);
      expect(refused.status, role).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'FORBIDDEN',
        value: { permission: 'money.adjust.approve' },
      });
    }
    const refused = await voidReward(body, content.token);
    expect(refused.status).toBe(403);
    expect((await voidReward(body, referrer.token)).status).toBe(403);
    expect((await voidReward(body, null)).status).toBe(401);
    expect(await rewardOf(friends[1]!.id)).toMatchObject({ state: 'waiting', voidedBy: null });
    expect(await voidAudits()).toHaveLength(1);
  });
});
