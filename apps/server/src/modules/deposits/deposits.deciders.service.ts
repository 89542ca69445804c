import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { depositOrders } from './deposits.tables.ts';

/**
 * Whether `decidedBy` (an operator's `account#id`) approved one of the member's deposits since
 * `since`: the back office's insider controls (issue 35) keep that operator from approving or
 * paying out the member's withdrawal for a while.
 */
export async function approvedDepositOf(
  db: Database,
  options: { memberId: number; decidedBy: string; since: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: depositOrders.id })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.memberId, options.memberId),
        eq(depositOrders.status, 'approved'),
        eq(depositOrders.decidedBy, options.decidedBy),
        gte(depositOrders.decidedAt, options.since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
