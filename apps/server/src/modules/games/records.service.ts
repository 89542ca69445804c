import { and, count, desc, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  gameCategories,
  lotteryRegions,
  profitDefaultDays,
  profitMaxDays,
  type BettingRecordLine,
  type BettingRecordValue,
  type GameCategory,
  type PersonalProfitValue,
  type ProfitCategory,
  type ProfitDay,
  type RoundStatus,
  type RoundTotals,
} from '@khela/contract';
import { addDays, dayKey, isTimeZone, periodStart, startOfDayKey } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { formatAmount } from '../ledger/money.ts';
import { gameNameOf, type CatalogueView } from './games.service.ts';
import { vendorNameOf } from './player-admin.service.ts';
import { memberRounds, gameVendors, games } from './games.tables.ts';

/**
 * The member's own rounds, read for the betting record (personalHistoryCopy) and the profit and loss
 * (personalProfit) of the member centre. Every query is scoped to one member id taken from the
 * session, never from the request. Amounts are summed in SQL as numeric and come back as text, so
 * nothing passes through a floating-point number; rounds in another currency than the brand's are
 * left out, so that every total is in one currency.
 */

const dayMs = 24 * 60 * 60 * 1000;

interface Money {
  currency: string;
  precision: number;
}

/** Sums of a set of rounds in minor units. */
interface Sums {
  rounds: number;
  bet: bigint;
  win: bigint;
}

const noSums = (): Sums => ({ rounds: 0, bet: 0n, win: 0n });

function addSums(into: Sums, more: Sums): Sums {
  into.rounds += more.rounds;
  into.bet += more.bet;
  into.win += more.win;
  return into;
}

function totalsOf(sums: Sums, precision: number): RoundTotals {
  return {
    rounds: sums.rounds,
    bet: formatAmount(sums.bet, precision),
    win: formatAmount(sums.win, precision),
    profit: formatAmount(sums.win - sums.bet, precision),
  };
}

function refuse(field: string, reason: string): never {
  throw new AppError('VALIDATION_FAILED', { issues: [{ field, reason }] });
}

/** `coalesce(sum(x), 0)` as text: exact on PGlite and pg alike (a bigint sum is numeric). */
const sumText = (column: AnyColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** The draw of a lottery bet's round (its detail, written by the member_rounds view). */
function drawOf(detail: Record<string, unknown> | null): Pick<BettingRecordLine, 'draw'> {
  if (detail?.lottery !== true) return {};
  return {
    draw: {
      numero: String(detail.numero),
      playType: String(detail.playType),
      numbers: Array.isArray(detail.numbers) ? detail.numbers.map(String) : [],
      odds: String(detail.odds),
      hits: Number(detail.hits ?? 0),
      special: typeof detail.special === 'string' ? detail.special : null,
      // Where its numbers come from (member_rounds writes the lottery's own values).
      region: lotteryRegions.find((region) => region === detail.region) ?? 'north',
      resultSource: detail.resultSource === 'official' ? 'official' : 'house',
      resultOrigin:
        detail.resultOrigin === 'feed' || detail.resultOrigin === 'entry' ? detail.resultOrigin : null,
    },
  };
}

export interface BettingRecordFilter {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  status?: RoundStatus | undefined;
  pageNo: number;
  pageSize: number;
}

/**
 * Whose rounds a betting record reads: a condition on the rounds' member id (one member, or an
 * agent's team), and, for a record of many members, each line's account name.
 */
export interface RoundOwners {
  members: (memberId: AnyColumn) => SQL;
  account?: (memberId: AnyColumn) => SQL<string>;
}

/**
 * personalHistoryCopy: one page of the member's rounds, newest first, with the game's name in the
 * request's language and the vendor's display name, and totals over every round the filters match.
 * The period is on the round's start (when the stake was placed); `to` is exclusive.
 */
export async function listBettingRecord({
  db,
  memberId,
  filter,
  view,
}: {
  db: Database;
  memberId: number;
  filter: BettingRecordFilter;
  view: CatalogueView & Money;
}): Promise<BettingRecordValue> {
  return listRoundRecord({ db, owners: { members: (column) => eq(column, memberId) }, filter, view });
}

/**
 * The betting record of any set of members (the member's own, an agent's team betting): the same
 * lines and totals, each line with `account` when the owners give one.
 */
export async function listRoundRecord({
  db,
  owners,
  filter,
  view,
}: {
  db: Database;
  owners: RoundOwners;
  filter: BettingRecordFilter;
  view: CatalogueView & Money;
}): Promise<Omit<BettingRecordValue, 'list'> & { list: (BettingRecordLine & { account?: string })[] }> {
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to) {
    refuse('to', 'must be after from');
  }
  const where = and(
    owners.members(memberRounds.memberId),
    eq(memberRounds.currency, view.currency),
    filter.gameType ? eq(memberRounds.gameType, filter.gameType) : undefined,
    filter.vassalage ? eq(memberRounds.vassalage, filter.vassalage) : undefined,
    filter.status ? eq(memberRounds.status, filter.status) : undefined,
    filter.from === undefined ? undefined : gte(memberRounds.startedAt, new Date(filter.from)),
    filter.to === undefined ? undefined : lt(memberRounds.startedAt, new Date(filter.to)),
  );
  const [summed] = await db
    .select({
      rounds: count(),
      bet: sumText(memberRounds.betAmount),
      win: sumText(memberRounds.winAmount),
    })
    .from(memberRounds)
    .where(where);
  const sums: Sums = {
    rounds: summed?.rounds ?? 0,
    bet: BigInt(summed?.bet ?? '0'),
    win: BigInt(summed?.win ?? '0'),
  };
  const rows =
    sums.rounds === 0
      ? []
      : await db
          .select({
            roundId: memberRounds.roundId,
            nodeId: memberRounds.nodeId,
            vassalage: memberRounds.vassalage,
            gameType: memberRounds.gameType,
            walletKind: memberRounds.walletKind,
            betAmount: memberRounds.betAmount,
            winAmount: memberRounds.winAmount,
            status: memberRounds.status,
            startedAt: memberRounds.startedAt,
            settledAt: memberRounds.settledAt,
            detail: memberRounds.detail,
            names: games.names,
            gameCode: games.gameCode,
            vendorName: gameVendors.displayName,
            account: owners.account ? owners.account(memberRounds.memberId) : sql<null>`null`,
          })
          .from(memberRounds)
          // Left joins: a game or vendor later removed from the catalogue keeps its rounds.
          .leftJoin(games, eq(games.nodeId, memberRounds.nodeId))
          .leftJoin(gameVendors, eq(gameVendors.vassalage, memberRounds.vassalage))
          .where(where)
          .orderBy(desc(memberRounds.startedAt), desc(memberRounds.id))
          .limit(filter.pageSize)
          .offset((filter.pageNo - 1) * filter.pageSize);
  const list = rows.map((row) => ({
    ...(row.account === null ? {} : { account: row.account }),
    roundId: row.roundId,
    nodeId: row.nodeId,
    gameName: row.names
      ? gameNameOf(row.names, view.language, row.gameCode ?? row.roundId)
      : `#${row.nodeId}`,
    vassalage: row.vassalage,
    vendorName: vendorNameOf(row.vendorName, row.vassalage),
    gameType: row.gameType,
    bet: formatAmount(row.betAmount, view.precision),
    win: formatAmount(row.winAmount, view.precision),
    profit: formatAmount(row.winAmount - row.betAmount, view.precision),
    status: row.status,
    startedAt: row.startedAt.getTime(),
    settledAt: row.settledAt?.getTime() ?? null,
    wallet: row.walletKind,
    ...drawOf(row.detail),
  }));
  return {
    list,
    totals: totalsOf(sums, view.precision),
    total: sums.rounds,
    totalPages: Math.ceil(sums.rounds / filter.pageSize),
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
    currency: view.currency,
  };
}

/** The start of the brand's day (settings timeZone) that `ms` falls in. */
export function brandMidnight(ms: number, zone: string): number {
  return periodStart('day', ms, zone);
}

/**
 * The period personalProfit reads: both ends given, or the missing ones filled in (the last 7 days,
 * today included, up to now). `to` is exclusive and must be after `from`, at most 92 days later.
 */
export function profitPeriod(
  query: { from?: number | undefined; to?: number | undefined },
  now: number,
  zone: string,
) {
  const to = query.to ?? now;
  const from =
    query.from ??
    (query.to === undefined
      ? startOfDayKey(addDays(dayKey(now, zone), -(profitDefaultDays - 1)), zone)
      : query.to - profitDefaultDays * dayMs);
  if (from >= to) refuse('to', 'must be after from');
  if (to - from > profitMaxDays * dayMs) refuse('from', `at most ${profitMaxDays} days`);
  return { from: Math.max(0, from), to };
}

/** Known categories in the header's order, anything else after them by name. */
function categoryOrder(gameType: string): number {
  const index = (gameCategories as readonly string[]).indexOf(gameType);
  return index === -1 ? gameCategories.length : index;
}

/**
 * The brand's day of a timestamp column. The zone is written into the SQL text rather than bound
 * as a parameter: the same expression then appears once in SELECT and GROUP BY (two bound
 * parameters would be two different expressions to PostgreSQL). Only a name that passes
 * isTimeZone (the settings' own check: letters, digits, _ + - /) is ever written there.
 */
export function brandDayOf(column: AnyColumn | SQL, zone: string): SQL<string> {
  if (!isTimeZone(zone)) throw new Error(`not a time zone: ${zone}`);
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${zone}'`)}, 'YYYY-MM-DD')`;
}

/**
 * personalProfit: the member's settled rounds in the period, summed by day (the brand's days, cut at
 * midnight in settings timeZone, on the settlement time: the day the result was known) and by category within each day. Only
 * days that had settled rounds are listed, newest first.
 */
export async function getPersonalProfit({
  db,
  memberId,
  query,
  money,
  timeZone,
  now = Date.now(),
}: {
  db: Database;
  memberId: number;
  query: { from?: number | undefined; to?: number | undefined; gameType?: GameCategory | undefined };
  money: Money;
  /** The brand's zone (settings timeZone): the days the figures are summed by. */
  timeZone: string;
  now?: number;
}): Promise<PersonalProfitValue> {
  const period = profitPeriod(query, now, timeZone);
  const settledDay = brandDayOf(memberRounds.settledAt, timeZone);
  const rows = await db
    .select({
      day: settledDay,
      gameType: memberRounds.gameType,
      rounds: count(),
      bet: sumText(memberRounds.betAmount),
      win: sumText(memberRounds.winAmount),
    })
    .from(memberRounds)
    .where(
      and(
        eq(memberRounds.memberId, memberId),
        eq(memberRounds.currency, money.currency),
        eq(memberRounds.status, 'settled'),
        query.gameType ? eq(memberRounds.gameType, query.gameType) : undefined,
        gte(memberRounds.settledAt, new Date(period.from)),
        lt(memberRounds.settledAt, new Date(period.to)),
      ),
    )
    .groupBy(settledDay, memberRounds.gameType);

  const byDay = new Map<string, { sums: Sums; categories: { gameType: string; sums: Sums }[] }>();
  const overall = noSums();
  for (const row of rows) {
    const sums: Sums = { rounds: row.rounds, bet: BigInt(row.bet), win: BigInt(row.win) };
    const day = byDay.get(row.day) ?? { sums: noSums(), categories: [] };
    addSums(day.sums, sums);
    day.categories.push({ gameType: row.gameType, sums });
    byDay.set(row.day, day);
    addSums(overall, sums);
  }
  const days: ProfitDay[] = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, entry]) => ({
      day,
      ...totalsOf(entry.sums, money.precision),
      byCategory: entry.categories
        .sort(
          (a, b) =>
            categoryOrder(a.gameType) - categoryOrder(b.gameType) || a.gameType.localeCompare(b.gameType),
        )
        .map((category): ProfitCategory => ({
          gameType: category.gameType,
          ...totalsOf(category.sums, money.precision),
        })),
    }));
  return {
    days,
    totals: totalsOf(overall, money.precision),
    from: period.from,
    to: period.to,
    timeZone,
    currency: money.currency,
  };
}
