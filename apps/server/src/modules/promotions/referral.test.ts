import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonusRule } from '@khela/contract';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call, solveAltcha } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { getSettings, updateSettings } from '../settings/settings.service.ts';
import { saveRule } from './bonus.service.ts';
import { approvedDeposit, cashAndBonus, registerThroughSite, testBonusRule } from './bonus.test-support.ts';
import { bonusesOffLedger } from './promotions.ledger-check.ts';
import { bonusClaims, memberRewards, promotionRules, referrals } from './promotions.tables.ts';

/**
 * Refer a friend and the reward centre (issue 39; docs/promotions.md "Referral"): a member's code
 * registers a friend, the friend's first qualifying deposit earns the referrer a reward in the
 * deposit's transaction, the reward is claimed once as a bonus through the ledger, and every
 * refusal moves nothing.
 */
let sut: TestApp;
let operator: string;
let player: string;
let promotionId: number;

const referralRule: BonusRule = {
  ...testBonusRule,
  kind: 'referral',
  amount: '100',
  minDeposit: '200',
  newMemberDays: 14,
  depositWithinDays: 30,
};

async function setRule(rule: Partial<BonusRule>, paused = false) {
  await saveRule(sut.db, await getSettings(sut.db), {
    promotionId,
    rule: { ...referralRule, ...rule },
    paused,
    by: 'test',
  });
}

beforeAll(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer({
    MONEY_RATE_LIMIT_PER_MINUTE: '100000',
    REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
  }));
  // The demo brand's refer promotion, running; the tests set its rule.
  const [row] = await sut.db
    .select({ id: promotionRules.promotionId })
    .from(promotionRules)
    .where(sql`${promotionRules.rule}->>'kind' = 'referral'`);
  promotionId = row!.id;
  await setRule({});
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  expect(await bonusesOffLedger(sut.db)).toEqual([]);
  await sut.close();
});

const get = (url: string, token: string | null) => call(sut, { method: 'GET', url, token });
const referralOf = (token: string | null) => get('/wps/promotion/referral', token);
const rewardsOf = (token: string | null) => get('/wps/promotion/rewards?language=EN', token);
const claimReward = (token: string | null, body: unknown) =>
  call(sut, { method: 'POST', url: '/wps/promotion/rewards/claim', token, body });

let registrations = 0;
/** Registers an account through the member site (refusals answered as they came). */
const register = (fields: Record<string, unknown> = {}) =>
  registerThroughSite(sut, `friend${++registrations}x`, {
    email: `friend${registrations}x@example.com`,
    ...fields,
  });

async function registered(overrides: Record<string, unknown> = {}) {
  const answer = await register(overrides);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { id: answer.body.value.id as number, token: answer.body.value.session.token as string };
}

const deposit = (token: string, amount: string) => approvedDeposit(sut, { member: token, operator, amount });

async function codeOf(token: string): Promise<string> {
  const answer = await referralOf(token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value.code as string;
}

async function rewardRows(memberId: number) {
  return sut.db.select().from(memberRewards).where(eq(memberRewards.memberId, memberId));
}

describe('refer a friend', () => {
  it("registers a friend with a member's code, rewards the first qualifying deposit once, and pays it as a bonus when claimed", async () => {
    const referrer = await registered();
    const code = await codeOf(referrer.token);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(await codeOf(referrer.token)).toBe(code);
    // The register form's check of a typed code takes it as registration will.
    const checked = await get(`/wps/agent/affiliate?code=${code.toLowerCase()}`, null);
    expect(checked.body).toEqual({ success: true, value: { code: code.toLowerCase() } });

    // Any case; the friend registered from the referrer's own address: flagged for review.
    const friend = await registered({ referralCode: code.toLowerCase() });
    const [referral] = await sut.db.select().from(referrals).where(eq(referrals.inviteeId, friend.id));
    expect(referral).toMatchObject({ referrerId: referrer.id, signals: ['same_ip'] });

    const before = (await referralOf(referrer.token)).body.value;
    expect(before).toMatchObject({
      promotionId,
      friendsCount: 1,
      earned: '0.00',
      rule: { kind: 'referral' },
    });
    expect(before.friends).toEqual([
      expect.objectContaining({ username: 'fr****2x', qualifiedAt: null, reward: null, rewardState: null }),
    ]);

    // Below the minimum: nothing; the first deposit of the minimum: the reward; later ones: nothing.
    await deposit(friend.token, '150');
    expect(await rewardRows(referrer.id)).toEqual([]);
    await deposit(friend.token, '300');
    await deposit(friend.token, '400');
    const [reward] = await rewardRows(referrer.id);
    expect(reward).toMatchObject({ state: 'waiting', amount: 10_000n, inviteeId: friend.id });
    expect(await rewardRows(referrer.id)).toHaveLength(1);
    expect(await cashAndBonus(sut.db, referrer.id)).toEqual({ main: 0n, bonus: 0n });

    const listed = (await rewardsOf(referrer.token)).body.value;
    expect(listed).toMatchObject({
      waiting: 1,
      rewards: [{ id: reward!.id, source: 'referral', detail: 'fr****2x', amount: '100.00' }],
    });
    expect((await referralOf(referrer.token)).body.value).toMatchObject({
      earned: '100.00',
      friends: [{ reward: '100.00', rewardState: 'waiting' }],
    });

    const claimed = await claimReward(referrer.token, { id: reward!.id });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.value).toMatchObject({
      kind: 'referral',
      state: 'active',
      amount: '100.00',
      wageringRequired: '6000.00',
    });
    expect(await cashAndBonus(sut.db, referrer.id)).toEqual({ main: 0n, bonus: 10_000n });
    expect((await rewardsOf(referrer.token)).body.value).toMatchObject({
      waiting: 0,
      rewards: [{ state: 'claimed', bonusId: claimed.body.value.id }],
    });

    const again = await claimReward(referrer.token, { id: reward!.id });
    expect(again.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'claimed' } });
    expect(await cashAndBonus(sut.db, referrer.id)).toEqual({ main: 0n, bonus: 10_000n });
  });

  it("puts the friend in the referrer's agent's team", async () => {
    const friend = await registered({ referralCode: await codeOf(player) });
    const info = await get('/wps/member/info', friend.token);
    expect(info.body.value).toMatchObject({ toUpline: 'demoagent' });
  });

  it("gives a percentage of the friend's deposit up to the cap, and nothing after the rule's days", async () => {
    await setRule({ percent: '10', amount: '50' });
    try {
      const referrer = await registered();
      const code = await codeOf(referrer.token);
      const small = await registered({ referralCode: code });
      await deposit(small.token, '300');
      const large = await registered({ referralCode: code });
      await deposit(large.token, '900');
      const late = await registered({ affiliateCode: code });
      await sut.db
        .update(referrals)
        .set({ createdAt: sql`now() - interval '15 days'` })
        .where(eq(referrals.inviteeId, late.id));
      await deposit(late.token, '900');
      const amounts = (await rewardRows(referrer.id)).map((row) => [row.inviteeId, row.amount]);
      expect(amounts).toEqual([
        [small.id, 3_000n],
        [large.id, 5_000n],
      ]);
    } finally {
      await setRule({});
    }
  });

  it('pays one of 20 claims of the same reward made at the same moment', async () => {
    const referrer = await registered();
    const friend = await registered({ referralCode: await codeOf(referrer.token) });
    await deposit(friend.token, '200');
    const [reward] = await rewardRows(referrer.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => claimReward(referrer.token, { id: reward!.id })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.value)).toEqual(
      Array.from({ length: 19 }, () => ({ reason: 'claimed' })),
    );
    expect(await cashAndBonus(sut.db, referrer.id)).toEqual({ main: 0n, bonus: 10_000n });
    const claims = await sut.db.select().from(bonusClaims).where(eq(bonusClaims.memberId, referrer.id));
    expect(claims).toHaveLength(1);
  });

  it('refuses a claim while another bonus is open, and an expired reward, with nothing moved', async () => {
    const referrer = await registered();
    const code = await codeOf(referrer.token);
    for (const amount of ['200', '250']) {
      const friend = await registered({ referralCode: code });
      await deposit(friend.token, amount);
    }
    const [first, second] = await rewardRows(referrer.id);
    expect((await claimReward(referrer.token, { id: first!.id })).status).toBe(200);
    const busy = await claimReward(referrer.token, { id: second!.id });
    expect(busy.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'bonus_active' } });
    expect(await rewardRows(referrer.id)).toContainEqual(
      expect.objectContaining({ id: second!.id, state: 'waiting' }),
    );

    await sut.db
      .update(memberRewards)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(memberRewards.id, second!.id));
    const late = await claimReward(referrer.token, { id: second!.id });
    expect(late.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'expired' } });
    expect((await rewardsOf(referrer.token)).body.value).toMatchObject({ waiting: 0 });
    expect(await cashAndBonus(sut.db, referrer.id)).toEqual({ main: 0n, bonus: 10_000n });
  });

  it("refuses guests, agents, someone else's reward and bad bodies; a referral promotion has no claim", async () => {
    const referrer = await registered();
    const friend = await registered({ referralCode: await codeOf(referrer.token) });
    await deposit(friend.token, '200');
    const [reward] = await rewardRows(referrer.id);

    expect((await referralOf(null)).status).toBe(401);
    expect((await rewardsOf(null)).status).toBe(401);
    expect((await claimReward(null, { id: reward!.id })).status).toBe(401);
    const trial = await newMember(sut, 'referraltrial', 4);
    expect((await referralOf(trial.token)).status).toBe(403);
    const agent = await newMember(sut, 'referralagent', 1);
    expect((await referralOf(agent.token)).body).toMatchObject({ code: 'FORBIDDEN' });
    const stranger = await claimReward(friend.token, { id: reward!.id });
    expect(stranger.body).toMatchObject({ code: 'NOT_FOUND' });
    for (const body of [{}, { id: 'x' }, { id: 0 }, { id: reward!.id, extra: 1 }]) {
      expect((await claimReward(referrer.token, body)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await rewardRows(referrer.id)).toEqual([expect.objectContaining({ state: 'waiting' })]);

    const offer = await get(`/wps/promotion/offer?id=${promotionId}`, referrer.token);
    expect(offer.body.value).toMatchObject({ state: 'joined', rule: { kind: 'referral' } });
    expect((await get(`/wps/promotion/offer?id=${promotionId}`, agent.token)).body.value).toMatchObject({
      state: 'closed',
      reason: 'agent',
    });
    const claim = await call(sut, {
      method: 'POST',
      url: '/wps/promotion/claim',
      token: referrer.token,
      body: { promotionId },
    });
    expect(claim.body).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', value: { reason: 'referral_only' } });
  });

  it('is refused when the brand turns referral off: no page, and a member code registers nobody', async () => {
    const referrer = await registered();
    const code = await codeOf(referrer.token);
    const settings = await getSettings(sut.db);
    await updateSettings(sut.db, { features: { ...settings.features, referral: false } });
    try {
      expect((await referralOf(referrer.token)).body).toMatchObject({ code: 'FEATURE_DISABLED' });
      expect((await get(`/wps/agent/affiliate?code=${code}`, null)).body).toMatchObject({
        code: 'INVALID_AFFILIATE_CODE',
      });
      const answer = await register({ referralCode: code });
      expect(answer.body).toMatchObject({
        code: 'INVALID_AFFILIATE_CODE',
        value: { issues: [{ field: 'referralCode' }] },
      });
    } finally {
      await updateSettings(sut.db, { features: settings.features });
    }
  });

  it("flags a friend who used the referrer's browser: at registration, and at the reward after a later login", async () => {
    const signalsOf = async (inviteeId: number) =>
      (await sut.db.select().from(referrals).where(eq(referrals.inviteeId, inviteeId)))[0]!.signals;
    const home = randomBytes(16).toString('base64url');
    const phone = randomBytes(16).toString('base64url');
    const referrer = await registered({ deviceId: home });
    const referrerName = `friend${registrations}x`;
    const code = await codeOf(referrer.token);

    // Registered in the referrer's browser: flagged at once.
    const sameBrowser = await registered({ referralCode: code, deviceId: home });
    expect(await signalsOf(sameBrowser.id)).toEqual(['same_ip', 'same_device']);

    // Registered in a browser of its own, or sending none: no device signal, also at the reward.
    const own = await registered({ referralCode: code, deviceId: phone });
    const none = await registered({ referralCode: code });
    expect(await signalsOf(own.id)).toEqual(['same_ip']);
    expect(await signalsOf(none.id)).toEqual(['same_ip']);
    await deposit(none.token, '200');
    expect(await signalsOf(none.id)).toEqual(['same_ip']);

    // The referrer logs in from the friend's browser after the registration: found with the reward.
    const login = await call(sut, {
      method: 'POST',
      url: '/wps/session/login',
      sealed: true,
      body: {
        type: 'username',
        username: referrerName,
        password: 'Sunny-river-42',
        altcha: await solveAltcha(sut),
        deviceId: phone,
      },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await deposit(own.token, '200');
    expect(await signalsOf(own.id)).toEqual(['same_ip', 'same_device']);
    // Found once: a later check adds nothing.
    const reward = (await rewardRows(referrer.id)).find((row) => row.inviteeId === own.id)!;
    expect((await claimReward(referrer.token, { id: reward.id })).status).toBe(200);
    expect(await signalsOf(own.id)).toEqual(['same_ip', 'same_device']);
  });

  it("flags a friend who bound the referrer's payout account, at the reward and at its claim", async () => {
    const bind = async (token: string, accountNumber: string) => {
      const bound = await call(sut, {
        method: 'POST',
        url: '/wps/withdraw/account/bind',
        token,
        sealed: true,
        body: {
          paymentPassword: '135790',
          kind: 'ewallet',
          providerName: 'bKash',
          accountName: 'Same Person',
          accountNumber,
        },
      });
      expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    };
    const signalsOf = async (inviteeId: number) =>
      (await sut.db.select().from(referrals).where(eq(referrals.inviteeId, inviteeId)))[0]!.signals;
    const referrer = await registered();
    const code = await codeOf(referrer.token);
    await bind(referrer.token, '01711000001');
    const first = await registered({ referralCode: code });
    await bind(first.token, '01711000001');
    await deposit(first.token, '200');
    expect(await signalsOf(first.id)).toEqual(['same_ip', 'same_payout_account']);

    // Another friend binds it only after the reward was earned: found when the referrer claims.
    const second = await registered({ referralCode: code });
    await bind(second.token, '01711000002');
    await deposit(second.token, '200');
    expect(await signalsOf(second.id)).toEqual(['same_ip']);
    await bind(referrer.token, '01711000002');
    const reward = (await rewardRows(referrer.id)).find((row) => row.inviteeId === second.id)!;
    expect((await claimReward(referrer.token, { id: reward.id })).status).toBe(200);
    expect(await signalsOf(second.id)).toEqual(['same_ip', 'same_payout_account']);
  });

  it('credits the deposit when its reward cannot be written, without the reward', async () => {
    const referrer = await registered();
    const friend = await registered({ referralCode: await codeOf(referrer.token) });
    // A rule the database holds in a shape no code accepts: reading its amount throws.
    await sut.db.execute(
      sql`update promotion_rules set rule = jsonb_set(rule, '{amount}', '"broken"') where promotion_id = ${promotionId}`,
    );
    try {
      await deposit(friend.token, '300');
      expect(await cashAndBonus(sut.db, friend.id)).toEqual({ main: 30_000n, bonus: 0n });
      expect(await rewardRows(referrer.id)).toEqual([]);
    } finally {
      await setRule({});
    }
  });

  it('names a bonus whose wagering requirement was lowered behind the ledger', async () => {
    const referrer = await registered();
    const friend = await registered({ referralCode: await codeOf(referrer.token) });
    await deposit(friend.token, '200');
    const [reward] = await rewardRows(referrer.id);
    const claimed = await claimReward(referrer.token, { id: reward!.id });
    const claimId = claimed.body.value.id as number;
    await sut.db.update(bonusClaims).set({ wageringRequired: 1n }).where(eq(bonusClaims.id, claimId));
    expect(await bonusesOffLedger(sut.db)).toEqual([
      { claimId, memberId: referrer.id, problem: 'requires 1 of wagering, not 10000 × 60' },
    ]);
    await sut.db.update(bonusClaims).set({ wageringRequired: 600_000n }).where(eq(bonusClaims.id, claimId));
    expect(await bonusesOffLedger(sut.db)).toEqual([]);
  });
});
