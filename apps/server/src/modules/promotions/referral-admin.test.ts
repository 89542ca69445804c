import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { callsAs, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { newMember } from '../games/games.test-support.ts';
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
