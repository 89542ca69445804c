import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { formatAmount } from '../ledger/money.ts';
import { depositOrders } from './deposits.tables.ts';

/** What the back office's player page reads of a member's deposits (issue 15). */

export async function countMemberDeposits(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(depositOrders)
    .where(eq(depositOrders.memberId, memberId));
  return Number(row?.total ?? 0);
}

/** A member's deposits, newest first, paged; amounts in major units of `precision`. */
export async function listMemberDepositsForOperator(
  db: Database,
  query: { memberId: number; page: number; pageSize: number; precision: number },
) {
  const where = eq(depositOrders.memberId, query.memberId);
  const total = await countMemberDeposits(db, query.memberId);
  const rows = await db
    .select()
    .from(depositOrders)
    .where(where)
    .orderBy(desc(depositOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      method: row.methodCode,
      kind: row.kind,
      amount: formatAmount(row.amount, query.precision),
      fee: formatAmount(row.fee, query.precision),
      currency: row.currency,
      status: row.status,
      reference: row.reference,
      reason: row.reason,
      decidedBy: row.decidedBy,
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
    })),
  };
}
