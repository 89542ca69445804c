import { and, eq, sql } from 'drizzle-orm';
import {
  accountTypes,
  agentTypes,
  type BonusOffer,
  type BonusRule,
  type CashbackProgress,
} from '@khela/contract';
import { dayKey, periodOf, type PeriodUnit } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { getPromotion } from '../content/content.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { major, minor, nowOf, type BonusMember, type BonusSettings } from './bonus.service.ts';
import { cashbackPeriods, memberRewards, promotionRules } from './promotions.tables.ts';

/**
 * Cash-back on losses (issue 39; docs/promotions.md "Cash-back on losses").
 *
 * A rule of kind `cashback` pays back a share of each player's net loss (settled main-wallet
 * stakes − payouts, the brand's currency; agents and trial accounts left out) over a brand day or
 * brand week (`claimPeriod`, the brand's `timeZone`, weeks from Monday). The tiered formula: the
 * highest tier whose `minLoss` the loss reaches gives its percent of the whole loss, floored to the
 * minor unit, at most the rule's `amount`. The job `cashback-settlement` settles each period once
 * it ended (and `CASHBACK_DELAY_MS` more, for settlements still committing): one reward per member
 * with a positive cash-back in the reward centre (member_rewards, source `cashback`, detail the
 * period), claimed there as a bonus with the rule's wagering. The period's row (cashback_periods)
 * and the rewards' partial unique key make it once per member, promotion and period, however many
 * runs overlap.
 */

export type CashbackSettings = BonusSettings & Pick<SiteSettings, 'defaultLanguage'>;

const DAY_MS = 86_400_000;

/** A period is settled this long after its end: a round's settlement may still be committing. */
export const CASHBACK_DELAY_MS = 5 * 60_000;

/** Periods that ended longer ago than this are not settled any more (a server down for days). */
const LOOKBACK_MS = 7 * DAY_MS;

/** Agents earn wages; trial accounts play with demo funds: neither gets cash-back. */
const excludedTypes = `{${[...agentTypes, accountTypes.trial].join(',')}}`;

/** "12.5" → 1250 (hundredths of a percent). */
function hundredthsOf(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
}

/**
 * What a period's net loss (minor units) pays back: the highest tier whose smallest loss it
 * reaches, that percent of the whole loss floored, at most the rule's amount; 0 below every tier.
 */
export function cashbackFor(settings: BonusSettings, rule: BonusRule, netLoss: bigint): bigint {
  if (netLoss <= 0n || rule.kind !== 'cashback' || !rule.tiers) return 0n;
  let percent: string | null = null;
  for (const tier of rule.tiers) {
    if (netLoss >= minor(settings, tier.minLoss, true)) percent = tier.percent;
  }
  if (percent === null) return 0n;
  const share = (netLoss * hundredthsOf(percent)) / 10_000n;
  const cap = minor(settings, rule.amount);
  return share < cap ? share : cap;
}

export interface CashbackPeriod {
  /** The reward's detail and the period's key: `2026-12-06`, or `2026-12-07 – 2026-12-13`. */
  key: string;
  from: number;
  to: number;
}

const unitOf = (rule: BonusRule): PeriodUnit => (rule.claimPeriod === 'week' ? 'week' : 'day');

/** The brand day or week (the rule's period) that holds `instant`. */
export function cashbackPeriodOf(rule: BonusRule, instant: number, timeZone: string): CashbackPeriod {
  const unit = unitOf(rule);
  const { from, to } = periodOf(unit, instant, timeZone);
  const key =
    unit === 'day' ? dayKey(from, timeZone) : `${dayKey(from, timeZone)} – ${dayKey(to - 1, timeZone)}`;
  return { key, from, to };
}

/**
 * The periods due at `now`: those that ended at least the delay ago and at most the lookback ago,
 * oldest first.
 */
export function duePeriods(rule: BonusRule, now: number, timeZone: string): CashbackPeriod[] {
  const periods: CashbackPeriod[] = [];
  let period = cashbackPeriodOf(rule, now - CASHBACK_DELAY_MS, timeZone);
  // The period holding (now − delay) has not ended that long ago: the one before it is the newest due.
  period = cashbackPeriodOf(rule, period.from - 1, timeZone);
  while (period.to > now - LOOKBACK_MS) {
    periods.unshift(period);
    period = cashbackPeriodOf(rule, period.from - 1, timeZone);
  }
  return periods;
}

/**
 * The part of a period whose settled rounds count: not before the promotion page's start nor the
 * rule's creation (a rule whose kind changed counts as new), not after the page's end. Null when
 * nothing of it counts.
 */
function countedPart(
  period: CashbackPeriod,
  bounds: { startsAt: number | null; endsAt: number | null; ruleSince: number },
): { from: number; to: number } | null {
  const from = Math.max(period.from, bounds.startsAt ?? period.from, bounds.ruleSince);
  const to = Math.min(period.to, bounds.endsAt ?? period.to);
  return to > from ? { from, to } : null;
}

/** Members' net losses over the rounds settled in [from, to): those who lost, minor units. */
async function netLosses(
  db: Database,
  settings: BonusSettings,
  range: { from: number; to: number },
  memberId: number | null = null,
): Promise<{ memberId: number; netLoss: bigint }[]> {
  const rows = rowsOf<{ member_id: number; net_loss: string }>(
    await db.execute(sql`
      select l.member_id, l.net_loss::text as net_loss
        from promotions_cashback_losses(${new Date(range.from).toISOString()}::timestamptz,
               ${new Date(range.to).toISOString()}::timestamptz, ${settings.currency},
               ${excludedTypes}::integer[], ${memberId}::integer) l`),
  );
  return rows.map((row) => ({ memberId: Number(row.member_id), netLoss: BigInt(row.net_loss) }));
}

/**
 * Settles one period of one promotion, in one transaction: the rule's row locked (shared: an edit or
 * removal waits), the period's key written first (a second run waits for it, then finds it taken and
 * writes nothing), then one waiting reward per member whose cash-back is above zero, with the rule
 * copied. Returns the rewards written (0 when the period was settled already or the rule changed).
 */
async function settlePeriod(
  db: Database,
  settings: CashbackSettings,
  input: { promotionId: number; period: CashbackPeriod; counted: { from: number; to: number }; now: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ rule: promotionRules.rule, paused: promotionRules.paused })
      .from(promotionRules)
      .where(eq(promotionRules.promotionId, input.promotionId))
      .for('share');
    if (!held || held.paused || held.rule.kind !== 'cashback') return 0;
    const rule = held.rule;
    const [mark] = await tx
      .insert(cashbackPeriods)
      .values({
        promotionId: input.promotionId,
        periodKey: input.period.key,
        countedFrom: new Date(input.counted.from),
        countedTo: new Date(input.counted.to),
        currency: settings.currency,
        rewards: 0,
        total: 0n,
      })
      .onConflictDoNothing()
      .returning({ promotionId: cashbackPeriods.promotionId });
    if (!mark) return 0;
    const expiresAt = new Date(input.now + rule.depositWithinDays * DAY_MS);
    let count = 0;
    let total = 0n;
    for (const loss of await netLosses(tx, settings, input.counted)) {
      const amount = cashbackFor(settings, rule, loss.netLoss);
      if (amount <= 0n) continue;
      const [written] = await tx
        .insert(memberRewards)
        .values({
          memberId: loss.memberId,
          source: 'cashback',
          promotionId: input.promotionId,
          detail: input.period.key,
          currency: settings.currency,
          amount,
          rule,
          state: 'waiting',
          expiresAt,
        })
        .onConflictDoNothing()
        .returning({ id: memberRewards.id });
      if (written) {
        count += 1;
        total += amount;
      }
    }
    await tx
      .update(cashbackPeriods)
      .set({ rewards: count, total })
      .where(
        and(
          eq(cashbackPeriods.promotionId, input.promotionId),
          eq(cashbackPeriods.periodKey, input.period.key),
        ),
      );
    return count;
  });
}

/** A cash-back rule with its promotion page's dates, for the job and the page. */
interface RunningCashback {
  promotionId: number;
  rule: BonusRule;
  startsAt: number | null;
  endsAt: number | null;
  ruleSince: number;
}

async function cashbackRules(
  db: Database,
  settings: CashbackSettings,
  now: number,
): Promise<RunningCashback[]> {
  const rows = await db
    .select()
    .from(promotionRules)
    .where(and(sql`${promotionRules.rule} ->> 'kind' = 'cashback'`, eq(promotionRules.paused, false)))
    .orderBy(promotionRules.promotionId);
  const running: RunningCashback[] = [];
  for (const row of rows) {
    // A page switched off or deleted pays nothing; one that ended still pays its last periods.
    const page = await getPromotion(db, {
      id: row.promotionId,
      language: settings.defaultLanguage,
      now: new Date(now),
    });
    if (!page) continue;
    running.push({
      promotionId: row.promotionId,
      rule: row.rule,
      startsAt: page.startsAt,
      endsAt: page.endsAt,
      ruleSince: row.createdAt.getTime(),
    });
  }
  return running;
}

/**
 * The job's run: every cash-back rule not paused, every period of it due and not settled yet
 * (within the last seven days), oldest first. `now` (ms) defaults to the database's clock.
 */
export async function settleCashback(
  db: Database,
  settings: CashbackSettings,
  options: { now?: number } = {},
): Promise<{ periods: number; rewards: number }> {
  const now = options.now ?? (await nowOf(db));
  let periods = 0;
  let rewards = 0;
  for (const running of await cashbackRules(db, settings, now)) {
    const settled = new Set(
      (
        await db
          .select({ key: cashbackPeriods.periodKey })
          .from(cashbackPeriods)
          .where(eq(cashbackPeriods.promotionId, running.promotionId))
      ).map((row) => row.key),
    );
    for (const period of duePeriods(running.rule, now, settings.timeZone)) {
      if (settled.has(period.key)) continue;
      const counted = countedPart(period, running);
      if (!counted) continue;
      rewards += await settlePeriod(db, settings, {
        promotionId: running.promotionId,
        period,
        counted,
        now,
      });
      periods += 1;
    }
  }
  return { periods, rewards };
}

/**
 * The promotion page's cash-back for a member taking part (`joined`): the current period, the net
 * loss settled in it so far and what it would pay if it ended now. Other offers pass unchanged.
 */
export async function withCashbackProgress(
  db: Database,
  settings: CashbackSettings,
  offer: BonusOffer,
  member: BonusMember | null,
): Promise<BonusOffer> {
  if (offer.rule.kind !== 'cashback' || offer.state !== 'joined' || !member) return offer;
  const now = await nowOf(db);
  const period = cashbackPeriodOf(offer.rule, now, settings.timeZone);
  const [rule] = await db
    .select({ createdAt: promotionRules.createdAt })
    .from(promotionRules)
    .where(eq(promotionRules.promotionId, offer.promotionId));
  const page = await getPromotion(db, {
    id: offer.promotionId,
    language: settings.defaultLanguage,
    now: new Date(now),
  });
  const counted = countedPart(
    { ...period, to: Math.min(period.to, now) },
    {
      startsAt: page?.startsAt ?? null,
      endsAt: page?.endsAt ?? null,
      ruleSince: rule?.createdAt.getTime() ?? now,
    },
  );
  const [mine] = counted ? await netLosses(db, settings, counted, member.memberId) : [];
  const netLoss = mine?.netLoss ?? 0n;
  const progress: CashbackProgress = {
    period: period.key,
    from: period.from,
    to: period.to,
    netLoss: major(settings, netLoss),
    amount: major(settings, cashbackFor(settings, offer.rule, netLoss)),
  };
  return { ...offer, cashback: progress };
}
