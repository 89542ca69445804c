import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { formatAmount } from '../ledger/money.ts';
import { memberRounds } from './games.tables.ts';

/** What the back office's player page reads of a member's rounds (issue 15): the member_rounds view. */

export async function countMemberRounds(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(memberRounds)
    .where(eq(memberRounds.memberId, memberId));
  return Number(row?.total ?? 0);
}

/** A member's rounds (games and lottery bets), newest first, paged; amounts in major units of `precision`. */
export async function listMemberRoundsForOperator(
  db: Database,
  query: { memberId: number; page: number; pageSize: number; precision: number },
) {
  const total = await countMemberRounds(db, query.memberId);
  const rows = await db
    .select({
      id: memberRounds.id,
      vendorCode: memberRounds.vendorCode,
      roundId: memberRounds.roundId,
      gameType: memberRounds.gameType,
      currency: memberRounds.currency,
      betAmount: memberRounds.betAmount,
      winAmount: memberRounds.winAmount,
      status: memberRounds.status,
      startedAt: memberRounds.startedAt,
      settledAt: memberRounds.settledAt,
    })
    .from(memberRounds)
    .where(eq(memberRounds.memberId, query.memberId))
    .orderBy(desc(memberRounds.startedAt), desc(memberRounds.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      vendor: row.vendorCode,
      roundId: row.roundId,
      gameType: row.gameType,
      currency: row.currency,
      bet: formatAmount(row.betAmount, query.precision),
      win: formatAmount(row.winAmount, query.precision),
      status: row.status,
      startedAt: row.startedAt.getTime(),
      settledAt: row.settledAt?.getTime() ?? null,
    })),
  };
}
