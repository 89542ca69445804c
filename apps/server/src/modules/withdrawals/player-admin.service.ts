import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { formatAmount } from '../ledger/money.ts';
import { withdrawals } from './withdrawals.tables.ts';

/** What the back office's player page reads of a member's withdrawals (issue 15). */

export async function countMemberWithdrawals(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId));
  return Number(row?.total ?? 0);
}

/** A member's withdrawals, newest first, paged; amounts in major units of `precision`. */
export async function listMemberWithdrawalsForOperator(
  db: Database,
  query: { memberId: number; page: number; pageSize: number; precision: number },
) {
  const total = await countMemberWithdrawals(db, query.memberId);
  const rows = await db
    .select({
      id: withdrawals.id,
      amount: withdrawals.amount,
      currency: withdrawals.currency,
      status: withdrawals.status,
      reason: withdrawals.reason,
      decidedBy: withdrawals.decidedBy,
      createdAt: withdrawals.createdAt,
      decidedAt: withdrawals.decidedAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.memberId, query.memberId))
    .orderBy(desc(withdrawals.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      amount: formatAmount(row.amount, query.precision),
      currency: row.currency,
      status: row.status,
      reason: row.reason,
      decidedBy: row.decidedBy,
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
    })),
  };
}
