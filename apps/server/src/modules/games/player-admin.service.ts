import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { formatAmount } from '../ledger/money.ts';
import { gameNameOf } from './games.catalogue.ts';
import { gameVendors, games, memberRounds } from './games.tables.ts';

/**
 * The names of the products the platform runs itself, which have no vendor row of their own: the
 * lottery's bets are rounds of vendors TCG_SEA (fast draws) and TCG_LOTTO_VN (regional draws) in
 * member_rounds. A page shows these names, never the codes.
 */
export const productVendorNames: Readonly<Record<string, string>> = {
  TCG_SEA: 'Fast Lottery',
  TCG_LOTTO_VN: 'Vietnam Lottery',
};

/** A vendor's name for people: its catalogue name, a product's own name, else its code. */
export function vendorNameOf(displayName: string | null, vendorCode: string): string {
  return displayName ?? productVendorNames[vendorCode] ?? vendorCode;
}

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
      vendorName: gameVendors.displayName,
      names: games.names,
      gameCode: games.gameCode,
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
    // Left joins: a game or vendor later removed from the catalogue keeps its rounds.
    .leftJoin(games, eq(games.nodeId, memberRounds.nodeId))
    .leftJoin(gameVendors, eq(gameVendors.vassalage, memberRounds.vassalage))
    .where(eq(memberRounds.memberId, query.memberId))
    .orderBy(desc(memberRounds.startedAt), desc(memberRounds.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      vendor: row.vendorCode,
      vendorName: vendorNameOf(row.vendorName, row.vendorCode),
      gameName: row.names ? gameNameOf(row.names, 'EN', row.gameCode ?? row.roundId) : null,
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
