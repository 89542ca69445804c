import { and, desc, eq, asc, sql } from 'drizzle-orm';
import {
  rankPeriodDays,
  winnerPeriodDays,
  type GameCategory,
  type RankListValue,
  type RankType,
  type WinnerEntry,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { createReadCache, dataChanged } from '../../shared/read-cache.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { topDepositors } from '../deposits/deposits.service.ts';
import { formatAmount } from '../ledger/money.ts';
import { gameNameOf, type CatalogueView } from './games.service.ts';
import { memberRounds, games } from './games.tables.ts';

/**
 * The top-20 boards of /bet-rank and /deposit-rank (spec 2, 7 GCSGAME_getRankList). Only real
 * activity counts: stakes of settled rounds played with real money (trial demo funds never rank),
 * and approved deposits, both over the last 30 days, in the brand's currency. Names are masked.
 */

/** "demoplayer" → "de****er"; short names keep less of themselves. */
export function maskAccountName(account: string): string {
  const characters = [...account];
  if (characters.length <= 2) return `${characters[0] ?? ''}****`;
  if (characters.length <= 4) return `${characters[0]}****${characters.at(-1)}`;
  return `${characters.slice(0, 2).join('')}****${characters.slice(-2).join('')}`;
}

interface RankQuery {
  rankType: RankType;
  gameCategory: 'ALL' | GameCategory;
  limitNum: number;
}

interface Money {
  currency: string;
  precision: number;
}

interface Ranked {
  memberId: number;
  total: string;
}

function topBettors(db: Database, query: RankQuery, money: Money): Promise<Ranked[]> {
  const total = sql<string>`sum(${memberRounds.betAmount})::text`;
  return db
    .select({ memberId: memberRounds.memberId, total })
    .from(memberRounds)
    .where(
      and(
        eq(memberRounds.status, 'settled'),
        eq(memberRounds.walletKind, 'main'),
        eq(memberRounds.currency, money.currency),
        sql`${memberRounds.settledAt} > now() - make_interval(days => ${rankPeriodDays})`,
        query.gameCategory === 'ALL' ? undefined : eq(memberRounds.gameType, query.gameCategory),
      ),
    )
    .groupBy(memberRounds.memberId)
    .orderBy(desc(sql`sum(${memberRounds.betAmount})`), asc(memberRounds.memberId))
    .limit(query.limitNum);
}

/** Boards change slowly and every visitor reads the same one: 60 s per instance. */
const rankCache = createReadCache<Database, RankListValue>(60_000, { tag: 'ranks' });

export function getRankList(db: Database, query: RankQuery, money: Money): Promise<RankListValue> {
  const key = [query.rankType, query.gameCategory, query.limitNum, money.currency, money.precision].join('|');
  return rankCache.get(db, key, async () => {
    const ranked =
      query.rankType === 'bet'
        ? await topBettors(db, query, money)
        : await topDepositors(db, { currency: money.currency, days: rankPeriodDays, limit: query.limitNum });
    const names = await accountNamesOf(
      db,
      ranked.map((row) => row.memberId),
    );
    return {
      rankType: query.rankType,
      currency: money.currency,
      periodDays: rankPeriodDays,
      list: ranked.map((row, index) => ({
        rank: index + 1,
        customerName: maskAccountName(names.get(row.memberId) ?? '?'),
        amount: formatAmount(BigInt(row.total), money.precision),
      })),
    };
  });
}

/** Tests (and an operator action) that change rounds or deposits want the next read fresh. */
export function forgetRankLists(db: Database): Promise<void> {
  return dataChanged(db, 'ranks');
}

/** The home page's winners: the same for every visitor of a language, 30 s per instance. */
const winnerCache = createReadCache<Database, WinnerBoard>(30_000, { tag: 'ranks' });

type WinnerBoard = { currency: string; list: WinnerEntry[] };

/**
 * The biggest real-money wins of the last 7 days (spec 3 winner board, 9: 20 of them): settled
 * rounds played from a main wallet that paid more than they took, names masked, the game's name
 * in the visitor's language. Nothing made up: an empty list until someone wins.
 */
export function getWinnerBoard(
  db: Database,
  query: { limitNum: number },
  view: CatalogueView & { currency: string },
): Promise<WinnerBoard> {
  const key = [query.limitNum, view.language, view.currency, view.precision].join('|');
  return winnerCache.get(db, key, async () => {
    const rows = await db
      .select({
        memberId: memberRounds.memberId,
        winAmount: memberRounds.winAmount,
        settledAt: memberRounds.settledAt,
        nodeId: games.nodeId,
        gameCode: games.gameCode,
        names: games.names,
        icon: games.icon,
      })
      .from(memberRounds)
      .innerJoin(games, eq(games.nodeId, memberRounds.nodeId))
      .where(
        and(
          eq(memberRounds.status, 'settled'),
          eq(memberRounds.walletKind, 'main'),
          eq(memberRounds.currency, view.currency),
          sql`${memberRounds.winAmount} > ${memberRounds.betAmount}`,
          sql`${memberRounds.settledAt} > now() - make_interval(days => ${winnerPeriodDays})`,
        ),
      )
      .orderBy(desc(memberRounds.winAmount), desc(memberRounds.settledAt))
      .limit(query.limitNum);
    const names = await accountNamesOf(
      db,
      rows.map((row) => row.memberId),
    );
    return {
      currency: view.currency,
      list: rows.map((row) => ({
        vo: {
          iconUrl: row.icon,
          customerName: maskAccountName(names.get(row.memberId) ?? '?'),
          gameName: gameNameOf(row.names, view.language, row.gameCode),
          nodeId: row.nodeId,
          winAmount: formatAmount(row.winAmount, view.precision),
          settledAt: row.settledAt?.getTime() ?? 0,
        },
      })),
    };
  });
}
