import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { dayKey, startOfDayKey } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { moneyAdjustments } from './money.tables.ts';

/**
 * The daily limits on manual adjustments that post at once (issue 35, item 1). Below the four-eyes
 * threshold one operator used to credit one member without end (6 × 9,999.99 in a day); now the
 * requester's and the member's adjustments posted at once in the brand's day are counted and
 * summed (sizes, whatever the sign), and one that would pass a limit waits for a second operator.
 */

type LimitSettings = Pick<SiteSettings, 'insiderControls' | 'timeZone' | 'currencyPrecision'>;

/** Start of the brand's business day holding `at` (settings `timeZone`). */
export function brandDayStart(at: number, timeZone: string): Date {
  return new Date(startOfDayKey(dayKey(at, timeZone), timeZone));
}

/** Posted at once: approved with no decider (a decision always names one). */
const postedAtOnce = and(eq(moneyAdjustments.status, 'approved'), isNull(moneyAdjustments.decidedById));

interface Tally {
  count: number;
  sum: bigint;
}

async function tallies(
  db: Database,
  options: { operatorId: number; memberId: number; since: Date },
): Promise<{ operator: Tally; member: Tally }> {
  const size = sql`abs(${moneyAdjustments.amount})`;
  const mine = eq(moneyAdjustments.requestedById, options.operatorId);
  const theirs = eq(moneyAdjustments.memberId, options.memberId);
  const [row] = await db
    .select({
      operatorCount: sql<number>`count(*) filter (where ${mine})::int`,
      operatorSum: sql<string>`coalesce(sum(${size}) filter (where ${mine}), 0)::text`,
      memberCount: sql<number>`count(*) filter (where ${theirs})::int`,
      memberSum: sql<string>`coalesce(sum(${size}) filter (where ${theirs}), 0)::text`,
    })
    .from(moneyAdjustments)
    .where(and(postedAtOnce, gte(moneyAdjustments.requestedAt, options.since), or(mine, theirs)));
  return {
    operator: { count: Number(row?.operatorCount ?? 0), sum: BigInt(row?.operatorSum ?? '0') },
    member: { count: Number(row?.memberCount ?? 0), sum: BigInt(row?.memberSum ?? '0') },
  };
}

/**
 * Which daily limits an adjustment of `size` (minor units) would pass if it posted now, as one
 * text for the request (`held_because`), or null when it stays within them all. Call it inside the
 * transaction that posts, under the adjustments' lock (lockAdjustments), so two requests at the
 * same moment are counted one after the other.
 */
export async function limitsPassed(
  db: Database,
  options: { settings: LimitSettings; operatorId: number; memberId: number; size: bigint; now?: number },
): Promise<string | null> {
  const { settings, size } = options;
  const limits = settings.insiderControls;
  const precision = settings.currencyPrecision;
  const since = brandDayStart(options.now ?? Date.now(), settings.timeZone);
  const { operator, member } = await tallies(db, { ...options, since });
  const money = (value: string) => parseAmount(value, { precision, allowZero: true });
  const passed: string[] = [];
  const check = (who: string, tally: Tally, maxCount: number, maxSum: string) => {
    if (maxCount > 0 && tally.count + 1 > maxCount) {
      passed.push(`${who}: more than ${maxCount} adjustments today`);
    }
    const sumLimit = money(maxSum);
    if (sumLimit > 0n && tally.sum + size > sumLimit) {
      passed.push(`${who}: more than ${formatAmount(sumLimit, precision)} today`);
    }
  };
  check('operator', operator, limits.adjustCountPerOperatorDay, limits.adjustSumPerOperatorDay);
  check('member', member, limits.adjustCountPerMemberDay, limits.adjustSumPerMemberDay);
  return passed.length ? passed.join('; ') : null;
}

/**
 * Serialises the decisions "post at once or hold" (a transaction-scoped advisory lock: manual
 * adjustments are few, one at a time costs nothing and no two slip under a limit together).
 */
export async function lockAdjustments(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('money-adjustments-limits'))`);
}
