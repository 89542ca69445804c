import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ReferralRewardRow, RewardState } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { operatorOf } from '../accounts/authorize.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';
import { promotionTitles, shownRewardState, type BonusAdminSettings } from './bonus-admin.service.ts';
import { memberRewards } from './promotions.tables.ts';

/**
 * The back office's referral rewards (issue 39; docs/back-office-promotions.md "Money → Referral
 * rewards"): every reward a friend's first qualifying deposit earned its referrer (member_rewards),
 * with the referral's signals for review (referrals.signals: `same_ip`…), the deposit that earned
 * it and the bonus it became; the count and sums of every reward the filters match. An operator
 * may void a waiting reward with a reason (voidReferralReward): it never becomes a bonus.
 *
 * Rewards and referrals are this module's; members' names come from `accounts_members`, as the
 * bonus claims' do (bonus-admin.service.ts); titles through content's service.
 */

export interface ReferralRewardsQuery {
  state?: RewardState | undefined;
  username?: string | undefined;
  days: number;
  flagged?: 'true' | 'false' | undefined;
}

interface RewardSqlRow {
  id: number;
  promotion_id: number;
  referrer_id: number;
  referrer: string;
  invitee_id: number | null;
  invitee: string | null;
  registered_at: string | null;
  deposit_order_id: number | null;
  currency: string;
  amount: string;
  state: RewardState;
  created_at: string;
  expires_at: string;
  claimed_at: string | null;
  bonus_claim_id: string | null;
  voided_by: string | null;
  voided_at: string | null;
  void_reason: string | null;
  signals: string;
}

interface SumSqlRow {
  count: number;
  flagged: number;
  waiting_count: number;
  waiting_amount: string;
  claimed_count: number;
  claimed_amount: string;
  expired_count: number;
  expired_amount: string;
  void_count: number;
  void_amount: string;
}

const msOf = (text: string | null): number | null => (text === null ? null : new Date(text).getTime());

/** A referral's signals as stored (a JSON array of strings); anything else reads as none. */
function signalsOf(text: string): string[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

const rewardsFrom = sql`
    from member_rewards r
    join accounts_members m on m.id = r.member_id
    left join accounts_members i on i.id = r.invitee_id
    left join referrals f on f.invitee_id = r.invitee_id`;

/** The rewards `where` picks, newest first, at most 200, as the back office lists them. */
async function rewardRows(
  db: Database,
  settings: BonusAdminSettings,
  where: SQL,
  titleOf: (promotionId: number) => string,
): Promise<ReferralRewardRow[]> {
  const rows = await db.execute(sql`
      select r.id::integer as id, r.promotion_id::integer as promotion_id,
             r.member_id::integer as referrer_id, m.account as referrer,
             r.invitee_id as invitee_id, i.account as invitee,
             to_json(f.created_at) #>> '{}' as registered_at,
             r.deposit_order_id as deposit_order_id, r.currency, r.amount::text as amount,
             ${shownRewardState} as state,
             to_json(r.created_at) #>> '{}' as created_at, to_json(r.expires_at) #>> '{}' as expires_at,
             to_json(r.claimed_at) #>> '{}' as claimed_at, r.bonus_claim_id::text as bonus_claim_id,
             r.voided_by, to_json(r.voided_at) #>> '{}' as voided_at, r.void_reason,
             coalesce(f.signals, '[]'::jsonb)::text as signals
        ${rewardsFrom}
       where ${where}
       order by r.created_at desc, r.id desc
       limit 200`);
  return rowsOf<RewardSqlRow>(rows).map((row) => ({
    id: Number(row.id),
    promotionId: Number(row.promotion_id),
    title: titleOf(Number(row.promotion_id)),
    referrerId: Number(row.referrer_id),
    referrer: row.referrer,
    inviteeId: row.invitee_id === null ? null : Number(row.invitee_id),
    invitee: row.invitee,
    registeredAt: msOf(row.registered_at),
    depositOrderId: row.deposit_order_id === null ? null : Number(row.deposit_order_id),
    currency: row.currency,
    amount: formatAmount(BigInt(row.amount), settings.currencyPrecision),
    state: row.state,
    createdAt: msOf(row.created_at)!,
    expiresAt: msOf(row.expires_at)!,
    claimedAt: msOf(row.claimed_at),
    bonusClaimId: row.bonus_claim_id === null ? null : Number(row.bonus_claim_id),
    voidedBy: row.voided_by,
    voidedAt: msOf(row.voided_at),
    voidReason: row.void_reason,
    signals: signalsOf(row.signals),
  }));
}

/**
 * The referral rewards of the last `days` days (by when the reward was earned), newest first, at
 * most 200, with the count, the flagged count and the sums by state of every reward the filters
 * match. `username` is the referrer's or the friend's; `flagged` keeps rewards whose referral
 * carries a signal. A waiting reward past its time shows (and filters) as expired.
 */
export async function listReferralRewards(
  db: Database,
  settings: BonusAdminSettings,
  query: ReferralRewardsQuery,
) {
  const filters: SQL[] = [
    sql`r.source = 'referral'`,
    sql`r.created_at >= now() - make_interval(days => ${query.days})`,
  ];
  if (query.state !== undefined) filters.push(sql`${shownRewardState} = ${query.state}`);
  if (query.username !== undefined) {
    filters.push(sql`(m.account = ${query.username} or i.account = ${query.username})`);
  }
  if (query.flagged === 'true') filters.push(sql`jsonb_array_length(coalesce(f.signals, '[]'::jsonb)) > 0`);
  const where = sql.join(filters, sql` and `);
  const titleOf = await promotionTitles(db, settings);
  const [items, sums] = await Promise.all([
    rewardRows(db, settings, where, titleOf),
    db.execute(sql`
      select count(*)::integer as count,
             count(*) filter (where jsonb_array_length(coalesce(f.signals, '[]'::jsonb)) > 0)::integer as flagged,
             count(*) filter (where ${shownRewardState} = 'waiting')::integer as waiting_count,
             coalesce(sum(r.amount) filter (where ${shownRewardState} = 'waiting'), 0)::text as waiting_amount,
             count(*) filter (where ${shownRewardState} = 'claimed')::integer as claimed_count,
             coalesce(sum(r.amount) filter (where ${shownRewardState} = 'claimed'), 0)::text as claimed_amount,
             count(*) filter (where ${shownRewardState} = 'expired')::integer as expired_count,
             coalesce(sum(r.amount) filter (where ${shownRewardState} = 'expired'), 0)::text as expired_amount,
             count(*) filter (where r.state = 'void')::integer as void_count,
             coalesce(sum(r.amount) filter (where r.state = 'void'), 0)::text as void_amount
        ${rewardsFrom}
       where ${where}`),
  ]);
  const major = (minor: string) => formatAmount(BigInt(minor), settings.currencyPrecision);
  const [sum] = rowsOf<SumSqlRow>(sums);
  const pair = (count: number | undefined, amount: string | undefined) => ({
    count: Number(count ?? 0),
    amount: major(amount ?? '0'),
  });
  return {
    items,
    count: Number(sum?.count ?? 0),
    flagged: Number(sum?.flagged ?? 0),
    waiting: pair(sum?.waiting_count, sum?.waiting_amount),
    claimed: pair(sum?.claimed_count, sum?.claimed_amount),
    expired: pair(sum?.expired_count, sum?.expired_amount),
    voided: pair(sum?.void_count, sum?.void_amount),
  };
}

type RewardRow = typeof memberRewards.$inferSelect;

/** A reward as the audit trail keeps it before and after. */
function auditedReward(row: RewardRow) {
  return {
    state: row.state,
    memberId: row.memberId,
    inviteeId: row.inviteeId,
    amount: row.amount.toString(),
    currency: row.currency,
    expiresAt: row.expiresAt.toISOString(),
    voidedBy: row.voidedBy,
    voidReason: row.voidReason,
  };
}

function conflict(reason: string): AppError {
  return new AppError('CONFLICT', { issues: [{ field: 'id', reason }] });
}

/**
 * Voids a waiting referral reward (a flagged referral, after review): in one transaction with the
 * reward locked, its state becomes `void` with the operator, the time and the reason, and the
 * audit trail gets the reward before and after. Nothing moves: a waiting reward is not money yet,
 * and a void one is never claimed (claimReward refuses it). Refused with nothing written:
 * NOT_FOUND (no such referral reward), CONFLICT when it is claimed, expired (or past its time) or
 * void already.
 */
export async function voidReferralReward(
  db: Database,
  request: FastifyRequest,
  settings: BonusAdminSettings,
  body: { id: number; reason: string },
): Promise<ReferralRewardRow> {
  const operator = operatorOf(request);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(memberRewards)
      .where(and(eq(memberRewards.id, body.id), eq(memberRewards.source, 'referral')))
      .for('update');
    if (!current) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'id', reason: 'no such referral reward' }] });
    }
    switch (current.state) {
      case 'claimed':
        throw conflict('already claimed: it is a bonus now');
      case 'expired':
        throw conflict('expired');
      case 'void':
        throw conflict('already void');
      case 'waiting':
        break;
    }
    const [updated] = await tx
      .update(memberRewards)
      .set({ state: 'void', voidedBy: operator.account, voidedAt: sql`now()`, voidReason: body.reason })
      .where(and(eq(memberRewards.id, current.id), sql`${memberRewards.expiresAt} > now()`))
      .returning();
    // A waiting reward past its time is expired (the member's next look marks it so).
    if (!updated) throw conflict('expired');
    await recordOperatorChange(tx, request, {
      action: 'referralReward.void',
      targetKind: 'member_reward',
      targetId: current.id,
      before: auditedReward(current),
      after: auditedReward(updated),
      reason: body.reason,
    });
  });
  const [row] = await rewardRows(db, settings, sql`r.id = ${body.id}`, await promotionTitles(db, settings));
  if (!row) throw new Error('voided reward not found');
  return row;
}
