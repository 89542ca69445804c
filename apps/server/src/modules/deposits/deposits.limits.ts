import { and, eq, gte, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { LimitPeriod } from '@khela/contract';
import { limitPeriods } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import { formatAmount } from '../ledger/money.ts';
import { depositLimits, depositOrders } from './deposits.tables.ts';

/** The player's own deposit limits (responsible gambling): per day, week and month. */

/** Rolling windows of the player's deposit limits. */
const limitWindows: Record<LimitPeriod, SQL> = {
  day: sql`interval '1 day'`,
  week: sql`interval '7 days'`,
  month: sql`interval '30 days'`,
};

/** A higher limit (or none) takes effect this long after it was asked for. */
const limitRaiseDelay = sql`interval '24 hours'`;

interface LimitRow {
  period: LimitPeriod;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingFrom: Date | null;
}

/** The member's limits, after applying raises whose 24 hours have passed. */
async function limitsOf(db: Database, memberId: number): Promise<Map<LimitPeriod, LimitRow>> {
  await db
    .update(depositLimits)
    .set({
      amount: sql`${depositLimits.pendingAmount}`,
      pendingAmount: null,
      pendingFrom: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(depositLimits.memberId, memberId), lte(depositLimits.pendingFrom, sql`now()`)));
  const rows = await db.select().from(depositLimits).where(eq(depositLimits.memberId, memberId));
  return new Map(rows.map((row) => [row.period, row]));
}

/** Orders paid at a payment provider: pending there means not paid (yet). */
const gatewayKinds = ['sandbox_gateway', 'bkash', 'nagad'] as const;

/**
 * Deposited within the period's rolling window, in minor units: paid orders, and manual transfers
 * the member says were sent (pending bank or wallet transfers, waiting for the operator). A gateway order not
 * paid yet counts nothing: a member who opened the gateway's page and left it is not held back until
 * it expires (issue 38); once paid it is approved and counts.
 */
async function usedIn(db: Database, memberId: number, period: LimitPeriod): Promise<bigint> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text` })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.memberId, memberId),
        or(
          eq(depositOrders.status, 'approved'),
          and(eq(depositOrders.status, 'pending'), notInArray(depositOrders.kind, [...gatewayKinds])),
        ),
        gte(depositOrders.createdAt, sql`now() - ${limitWindows[period]}`),
      ),
    );
  return BigInt(row?.used ?? '0');
}

export async function getDepositLimits(db: Database, options: { memberId: number; precision: number }) {
  const limits = await limitsOf(db, options.memberId);
  const format = (value: bigint | null) => (value === null ? null : formatAmount(value, options.precision));
  const entries = await Promise.all(
    limitPeriods.map(async (period) => {
      const row = limits.get(period);
      return [
        period,
        {
          current: format(row?.amount ?? null),
          pending: row?.pendingFrom
            ? { amount: format(row.pendingAmount), from: row.pendingFrom.getTime() }
            : null,
          used: formatAmount(await usedIn(db, options.memberId, period), options.precision),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<
    LimitPeriod,
    { current: string | null; pending: { amount: string | null; from: number } | null; used: string }
  >;
}

/**
 * Sets the player's own limits (responsible gaming): a lower limit applies at once; a higher one,
 * or removing the limit, only after 24 hours, so a limit cannot be lifted in the heat of the moment.
 */
export async function setDepositLimits(
  db: Database,
  options: {
    memberId: number;
    precision: number;
    body: Partial<Record<LimitPeriod, string | null>>;
  },
) {
  const wanted = limitPeriods.flatMap((period) => {
    const value = options.body[period];
    if (value === undefined) return [];
    const amount =
      value === null
        ? null
        : parseAmountField(value, { field: period, precision: options.precision, allowZero: true });
    return [{ period, amount }];
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit:${options.memberId}`}))`);
    const limits = await limitsOf(tx, options.memberId);
    for (const { period, amount } of wanted) {
      const current = limits.get(period)?.amount ?? null;
      const isLower = amount !== null && (current === null || amount < current);
      const key = { memberId: options.memberId, period };
      if (isLower || amount === current) {
        await tx
          .insert(depositLimits)
          .values({ ...key, amount })
          .onConflictDoUpdate({
            target: [depositLimits.memberId, depositLimits.period],
            set: { amount, pendingAmount: null, pendingFrom: null, updatedAt: sql`now()` },
          });
      } else {
        await tx
          .insert(depositLimits)
          .values({
            ...key,
            amount: current,
            pendingAmount: amount,
            pendingFrom: sql`now() + ${limitRaiseDelay}`,
          })
          .onConflictDoUpdate({
            target: [depositLimits.memberId, depositLimits.period],
            set: {
              pendingAmount: amount,
              pendingFrom: sql`now() + ${limitRaiseDelay}`,
              updatedAt: sql`now()`,
            },
          });
      }
    }
  });
  return getDepositLimits(db, options);
}

export async function checkDepositLimits(db: Database, memberId: number, amount: bigint, precision: number) {
  const limits = await limitsOf(db, memberId);
  for (const period of limitPeriods) {
    const limit = limits.get(period)?.amount;
    if (limit === null || limit === undefined) continue;
    const used = await usedIn(db, memberId, period);
    if (used + amount > limit) {
      throw new AppError('DEPOSIT_LIMIT_EXCEEDED', {
        issues: [{ field: 'amount', reason: `${period} limit` }],
        value: { period, limit: formatAmount(limit, precision), used: formatAmount(used, precision) },
      });
    }
  }
}
