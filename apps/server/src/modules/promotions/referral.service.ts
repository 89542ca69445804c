import { randomInt } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import {
  isAgentType,
  type Bonus,
  type BonusRule,
  type LanguageCode,
  type ReferralValue,
  type Reward,
  type RewardsValue,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberReferralDirectory } from '../accounts/downline.service.ts';
import { getPromotion } from '../content/content.service.ts';
import type { CreditedDeposit } from '../deposits/deposits.service.ts';
import { maskAccountName } from '../games/lobby-ranks.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import {
  bonusBalance,
  bonusOut,
  grant,
  major,
  minor,
  notEligible,
  nowOf,
  settleMemberBonus,
  titleOf,
  type BonusMember,
  type BonusSettings,
} from './bonus.service.ts';
import { bonusClaims, memberRewards, promotionRules, referralCodes, referrals } from './promotions.tables.ts';

/**
 * Refer a friend and the reward centre (issue 39 item 3; docs/promotions.md "Referral").
 *
 * A member's invitation code (referral_codes) registers a friend (referrals: who invited whom). When
 * the friend's first deposit of at least the running referral rule's minimum is credited, within the
 * rule's days of the friend's registration, the referrer gets a reward (member_rewards), in the
 * deposit's own transaction. A reward is not money yet: the referrer claims it in the reward centre,
 * which credits it as a bonus with the rule's wagering through the same grant as every bonus (so
 * what a ring of accounts can take is bounded by the wagering's expected house win).
 */

export type ReferralSettings = BonusSettings & Pick<SiteSettings, 'features' | 'defaultLanguage'>;

const DAY_MS = 86_400_000;

/** No 0/O, 1/I/L: codes are read aloud and typed. 10 characters: never an agent's 8-character link code. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 10 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

/** The member's invitation code, made the first time it is asked for. */
export async function referralCodeOf(db: Database, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [existing] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.memberId, memberId));
    if (existing) return existing.code;
    // Two first visits at once, or a code another member drew: the unique keys decide; look again.
    await db.insert(referralCodes).values({ memberId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error('could not make an invitation code');
}

/** Registration's view of members' codes (handed to the accounts module by app.ts). */
export const memberReferralDirectory: MemberReferralDirectory = {
  async find(db, code) {
    const [row] = await db
      .select({ memberId: referralCodes.memberId })
      .from(referralCodes)
      .where(sql`lower(${referralCodes.code}) = lower(${code})`);
    return row ? { referrerId: row.memberId } : null;
  },
  async registered(db, args) {
    await db
      .insert(referrals)
      .values({
        inviteeId: args.inviteeId,
        referrerId: args.referrerId,
        code: args.code,
        inviteeMasked: maskAccountName(args.inviteeUsername),
        signals: args.signals,
      })
      .onConflictDoNothing();
  },
};

/**
 * Adds what the friend and the referrer now share to the referral's signals for review: the same
 * payout account (withdrawals' published answer; the numbers stay there) and a browser both used
 * (accounts' published `accounts_shared_device`: the friend's, or the referrer's, login from the
 * other's device after registration; the device hashes stay there). Registration noted the same
 * address (`same_ip`) and a shared browser then. One statement, each answer one indexed lookup;
 * the row is written only when a new signal is found. Signals flag; they block nothing
 * (docs/promotions.md).
 */
async function refreshSignals(tx: Database, referrerId: number, inviteeId: number): Promise<void> {
  await tx.execute(sql`
    update referrals f
       set signals = f.signals
         || case when n.payout and not f.signals ? 'same_payout_account'
                 then '["same_payout_account"]'::jsonb else '[]'::jsonb end
         || case when n.device and not f.signals ? 'same_device'
                 then '["same_device"]'::jsonb else '[]'::jsonb end
      from (select withdrawals_shared_payout_account(${referrerId}::integer, ${inviteeId}::integer) as payout,
                   accounts_shared_device(${referrerId}::bigint, ${inviteeId}::bigint) as device) n
     where f.invitee_id = ${inviteeId} and f.referrer_id = ${referrerId}
       and ((n.payout and not f.signals ? 'same_payout_account')
         or (n.device and not f.signals ? 'same_device'))`);
}

/** The running referral promotion (the lowest id if several run), or null. */
async function runningReferralRule(
  db: Database,
  settings: Pick<SiteSettings, 'defaultLanguage'>,
): Promise<{ promotionId: number; rule: BonusRule; maxClaims: number | null } | null> {
  const rows = await db
    .select()
    .from(promotionRules)
    .where(and(sql`${promotionRules.rule}->>'kind' = 'referral'`, eq(promotionRules.paused, false)))
    .orderBy(promotionRules.promotionId);
  for (const row of rows) {
    const promotion = await getPromotion(db, { id: row.promotionId, language: settings.defaultLanguage });
    if (promotion && promotion.status !== 'coming_soon' && promotion.status !== 'closed') {
      return { promotionId: row.promotionId, rule: row.rule, maxClaims: row.rule.maxClaims };
    }
  }
  return null;
}

/** What a friend's qualifying deposit earns: the rule's amount, or its percent of the deposit up to it. */
function rewardFor(settings: BonusSettings, rule: BonusRule, credited: bigint): bigint {
  const cap = minor(settings, rule.amount);
  if (rule.percent === null) return cap;
  const [whole = '0', fraction = ''] = rule.percent.split('.');
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  const share = (credited * hundredths) / 10_000n;
  return share < cap ? share : cap;
}

/**
 * Called in the transaction that credits a deposit: when the depositor was invited by a member and
 * has earned that member no reward yet, and a referral rule runs whose minimum the deposit meets
 * within its days of the friend's registration, the referrer's reward waits in the reward centre.
 * Returns the reward's amount, or null.
 */
export async function creditReferralReward(
  tx: Database,
  settings: ReferralSettings,
  deposit: CreditedDeposit,
): Promise<bigint | null> {
  if (!settings.features.referral || deposit.currency !== settings.currency) return null;
  const [referral] = await tx.select().from(referrals).where(eq(referrals.inviteeId, deposit.memberId));
  if (!referral) return null;
  const [earned] = await tx
    .select({ id: memberRewards.id })
    .from(memberRewards)
    .where(and(eq(memberRewards.source, 'referral'), eq(memberRewards.inviteeId, deposit.memberId)));
  if (earned) return null;
  const running = await runningReferralRule(tx, settings);
  if (!running) return null;
  // The rule's row, locked when the promotion has a limit: rewards take turns, so the count is exact.
  const [held] = await tx
    .select({ rule: promotionRules.rule, paused: promotionRules.paused })
    .from(promotionRules)
    .where(eq(promotionRules.promotionId, running.promotionId))
    .for(running.maxClaims === null ? 'share' : 'update');
  if (!held || held.paused || held.rule.kind !== 'referral') return null;
  const rule = held.rule;
  if (deposit.credited < minor(settings, rule.minDeposit, true)) return null;
  const now = await nowOf(tx);
  if (rule.newMemberDays !== null && now - referral.createdAt.getTime() > rule.newMemberDays * DAY_MS) {
    return null;
  }
  if (rule.maxClaims !== null) {
    const [row] = rowsOf<{ n: string }>(
      await tx.execute(
        sql`select count(*)::text as n from member_rewards where promotion_id = ${running.promotionId}`,
      ),
    );
    if (BigInt(row?.n ?? '0') >= BigInt(rule.maxClaims)) return null;
  }
  const amount = rewardFor(settings, rule, deposit.credited);
  if (amount <= 0n) return null;
  await refreshSignals(tx, referral.referrerId, deposit.memberId);
  const [reward] = await tx
    .insert(memberRewards)
    .values({
      memberId: referral.referrerId,
      source: 'referral',
      promotionId: running.promotionId,
      inviteeId: deposit.memberId,
      depositOrderId: deposit.orderId,
      currency: deposit.currency,
      amount,
      rule,
      state: 'waiting',
      expiresAt: new Date(now + rule.depositWithinDays * DAY_MS),
    })
    .onConflictDoNothing()
    .returning({ id: memberRewards.id });
  return reward ? amount : null;
}

function refuseAgentsAndOff(settings: ReferralSettings, member: BonusMember): void {
  if (!settings.features.referral) throw new AppError('FEATURE_DISABLED');
  if (isAgentType(member.type)) throw new AppError('FORBIDDEN');
}

/** Invite friends: the member's code, the running rule, the friends and what each earned. */
export async function readReferral(
  db: Database,
  settings: ReferralSettings,
  member: BonusMember,
): Promise<ReferralValue> {
  refuseAgentsAndOff(settings, member);
  const code = await referralCodeOf(db, member.memberId);
  const running = await runningReferralRule(db, settings);
  const friends = rowsOf<{
    invitee_masked: string;
    created_at: string;
    reward_at: string | null;
    amount: string | null;
    state: Reward['state'] | null;
  }>(
    await db.execute(sql`
      select f.invitee_masked, to_json(f.created_at) #>> '{}' as created_at,
             to_json(r.created_at) #>> '{}' as reward_at, r.amount::text as amount, r.state
        from referrals f
        left join member_rewards r on r.source = 'referral' and r.invitee_id = f.invitee_id
       where f.referrer_id = ${member.memberId}
       order by f.created_at desc, f.invitee_id desc
       limit 100`),
  );
  const [totals] = rowsOf<{ n: string; earned: string }>(
    await db.execute(sql`
      select (select count(*) from referrals where referrer_id = ${member.memberId})::text as n,
             (select coalesce(sum(amount), 0) from member_rewards
               where member_id = ${member.memberId} and source = 'referral'
                 and state in ('waiting', 'claimed'))::text as earned`),
  );
  return {
    code,
    promotionId: running?.promotionId ?? null,
    rule: running?.rule ?? null,
    friends: friends.map((row) => ({
      username: row.invitee_masked,
      registeredAt: new Date(row.created_at).getTime(),
      qualifiedAt: row.reward_at === null ? null : new Date(row.reward_at).getTime(),
      reward: row.amount === null ? null : major(settings, BigInt(row.amount)),
      rewardState: row.state,
    })),
    friendsCount: Number(totals?.n ?? 0),
    earned: major(settings, BigInt(totals?.earned ?? '0')),
  };
}

/** Rewards past their time that nobody claimed: expired (nothing moves; they were never money). */
async function expireRewards(db: Database, memberId: number): Promise<void> {
  await db
    .update(memberRewards)
    .set({ state: 'expired' })
    .where(
      and(
        eq(memberRewards.memberId, memberId),
        eq(memberRewards.state, 'waiting'),
        lte(memberRewards.expiresAt, sql`now()`),
      ),
    );
}

type RewardRow = typeof memberRewards.$inferSelect;

async function rewardOut(
  db: Database,
  settings: BonusSettings,
  row: RewardRow,
  friend: string | null,
  language: LanguageCode,
): Promise<Reward> {
  return {
    id: row.id,
    source: row.source,
    promotionId: row.promotionId,
    // A VIP level-up reward has no promotion page (promotion 0): its title names the level.
    title: row.source === 'vip' ? `VIP ${row.detail ?? ''}` : await titleOf(db, row.promotionId, language),
    detail: friend ?? row.detail ?? '',
    amount: major(settings, row.amount),
    state: row.state,
    wageringMultiple: row.rule.wageringMultiple,
    maxBet: row.rule.maxBet,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    claimedAt: row.claimedAt?.getTime() ?? null,
    bonusId: row.bonusClaimId,
  };
}

/** The reward centre: how many wait (the badge), and the rewards, newest first (50). */
export async function listRewards(
  db: Database,
  settings: BonusSettings,
  member: BonusMember,
  language: LanguageCode,
): Promise<RewardsValue> {
  await expireRewards(db, member.memberId);
  // Each reward with its friend's masked name, in one query (titles come from content's cache).
  const rows = await db
    .select({ reward: memberRewards, friend: referrals.inviteeMasked })
    .from(memberRewards)
    .leftJoin(referrals, eq(referrals.inviteeId, memberRewards.inviteeId))
    .where(eq(memberRewards.memberId, member.memberId))
    .orderBy(desc(memberRewards.id))
    .limit(50);
  const [count] = rowsOf<{ n: string }>(
    await db.execute(sql`
      select count(*)::text as n from member_rewards
       where member_id = ${member.memberId} and state = 'waiting'`),
  );
  const rewards: Reward[] = [];
  for (const row of rows) rewards.push(await rewardOut(db, settings, row.reward, row.friend, language));
  return { waiting: Number(count?.n ?? 0), rewards };
}

/**
 * Claims a waiting reward: in one transaction with the reward locked, a bonus claim keyed
 * `reward:<id>` is written and credited (the grant entry) with the reward's rule, and the reward
 * marked claimed. Refused with nothing written: NOT_FOUND (not this member's), PROMOTION_NOT_ELIGIBLE
 * `claimed`, `void` (an operator voided it), `expired`, `bonus_active` (another bonus is open: one
 * at a time), `agent`.
 */
export async function claimReward(
  db: Database,
  settings: BonusSettings,
  member: BonusMember,
  input: { id: number; language: LanguageCode },
): Promise<Bonus> {
  if (isAgentType(member.type)) throw notEligible('agent');
  await settleMemberBonus(db, settings, member.memberId);
  const claim = await db.transaction(async (tx) => {
    const [reward] = await tx
      .select()
      .from(memberRewards)
      .where(and(eq(memberRewards.id, input.id), eq(memberRewards.memberId, member.memberId)))
      .for('update');
    if (!reward) throw new AppError('NOT_FOUND');
    if (reward.state === 'claimed') throw notEligible('claimed');
    // An operator voided it (a flagged referral): it never becomes a bonus.
    if (reward.state === 'void') throw notEligible('void');
    const now = await nowOf(tx);
    if (reward.state === 'expired' || reward.expiresAt.getTime() <= now) throw notEligible('expired');
    if (reward.inviteeId !== null) await refreshSignals(tx, member.memberId, reward.inviteeId);
    const [row] = await tx
      .insert(bonusClaims)
      .values({
        memberId: member.memberId,
        promotionId: reward.promotionId,
        periodKey: `reward:${reward.id}`,
        state: 'waiting',
        currency: reward.currency,
        rule: reward.rule,
        maxBet: minor(settings, reward.rule.maxBet),
        expiresAt: new Date(now + DAY_MS),
      })
      .onConflictDoNothing()
      .returning();
    // The reward's own key is new (its row is locked and waiting), so the open-bonus key refused it.
    if (!row) throw notEligible('bonus_active');
    const granted = await grant(tx, settings, row, reward.amount, null);
    await tx
      .update(memberRewards)
      .set({ state: 'claimed', claimedAt: sql`now()`, bonusClaimId: granted.id })
      .where(eq(memberRewards.id, reward.id));
    return granted;
  });
  walletChanged(db, member.memberId);
  const balance = await bonusBalance(db, settings, member.memberId);
  return bonusOut(db, settings, claim, input.language, { balance });
}
