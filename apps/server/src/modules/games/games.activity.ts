import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { type GameCategory, type PopularGame, type RecentGame, type Room } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { gameRounds, games, gameSessions } from './games.tables.ts';
import {
  type CatalogueView,
  type Paged,
  enabledVendors,
  lobbyOrder,
  shownGames,
  toGamesWith,
  totalPagesOf,
  visibleVassalages,
} from './games.catalogue.ts';

/** Recent games, live tables, popular games (all from real launches and rounds). */

/** GCS_recentGame: the games the member launched, most recent launch first, one page. */
export async function listRecentGames(
  db: Database,
  filter: Paged & { memberId: number; vassalage?: string | undefined; gameType?: GameCategory | undefined },
  view: CatalogueView,
) {
  const vendors = await enabledVendors(db);
  const visible = visibleVassalages(vendors, filter.vassalage);
  const empty = { list: [], total: 0, totalPages: 0, pageNo: filter.pageNo, pageSize: filter.pageSize };
  if (visible.length === 0) return empty;
  const launches = db
    .select({
      nodeId: gameSessions.nodeId,
      lastPlayedAt: max(gameSessions.launchedAt).as('last_played_at'),
    })
    .from(gameSessions)
    .where(eq(gameSessions.memberId, filter.memberId))
    .groupBy(gameSessions.nodeId)
    .as('launches');
  const where = shownGames(visible, filter.gameType);
  const [counted] = await db
    .select({ total: count() })
    .from(launches)
    .innerJoin(games, eq(games.nodeId, launches.nodeId))
    .where(where);
  const total = counted?.total ?? 0;
  const rows =
    total === 0
      ? []
      : await db
          .select({
            game: games,
            // Milliseconds as a float8: the same JavaScript number on PGlite and on pg.
            lastPlayedAt: sql<number>`(extract(epoch from ${launches.lastPlayedAt}) * 1000)::float8`,
          })
          .from(launches)
          .innerJoin(games, eq(games.nodeId, launches.nodeId))
          .where(where)
          .orderBy(desc(launches.lastPlayedAt), desc(games.nodeId))
          .limit(filter.pageSize)
          .offset((filter.pageNo - 1) * filter.pageSize);
  const list: RecentGame[] = toGamesWith(rows, vendors, view, (row) => ({
    lastPlayedAt: Math.round(Number(row.lastPlayedAt)),
  }));
  return {
    list,
    total,
    totalPages: totalPagesOf(total, filter.pageSize),
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}

/** GLS2_roomList: the live tables (LIVE games) with the players seen at each in the last 15 minutes. */
export async function listRooms(
  db: Database,
  filter: { vassalage?: string | undefined },
  view: CatalogueView,
): Promise<{ list: Room[] }> {
  const vendors = await enabledVendors(db);
  const visible = visibleVassalages(vendors, filter.vassalage);
  if (visible.length === 0) return { list: [] };
  const active = db
    .select({
      nodeId: gameRounds.nodeId,
      players: sql<number>`count(distinct ${gameRounds.memberId})::int`.as('players'),
    })
    .from(gameRounds)
    .where(sql`${gameRounds.startedAt} > now() - interval '15 minutes'`)
    .groupBy(gameRounds.nodeId)
    .as('active');
  const rows = await db
    .select({ game: games, players: active.players })
    .from(games)
    .leftJoin(active, eq(active.nodeId, games.nodeId))
    .where(and(eq(games.enabled, true), eq(games.gameType, 'LIVE'), inArray(games.vassalage, visible)))
    .orderBy(...lobbyOrder)
    .limit(200);
  return {
    list: toGamesWith(rows, vendors, view, (row) => ({ activePlayers: Number(row.players ?? 0) })),
  };
}

/**
 * Rounds played in the last `days` days of games whose rounds are not `game_rounds` (a product the
 * platform runs itself, e.g. the lottery's bets), by the catalogue's vendor and game code. Handed
 * in by the composition root (app.ts): the games module does not import those modules.
 */
export type OtherRounds = (
  db: Database,
  days: number,
) => Promise<{ vendorCode: string; gameCode: string; rounds: number }[]>;

/** Spec 9 prize modes that name a game type of the catalogue (the lottery's). */
const prizeModeGameTypes: Readonly<Record<string, GameCategory>> = { Lott: 'LOTT', Elott: 'ELOTT' };

/**
 * /lgw/games/popular: the games with the most rounds in the last 7 days (real rounds only, and the
 * `otherRounds` of products without game_rounds); a lottery prize mode keeps its game type only.
 */
export async function listPopularGames(
  db: Database,
  filter: { count: number; prizeMode?: string | undefined },
  view: CatalogueView,
  otherRounds?: OtherRounds,
): Promise<{ list: PopularGame[] }> {
  const vendors = await enabledVendors(db);
  const visible = [...vendors.keys()];
  if (visible.length === 0) return { list: [] };
  // Own keys only: `__proto__` or `constructor` must not find Object.prototype's (a 500 once).
  const gameType =
    filter.prizeMode && Object.hasOwn(prizeModeGameTypes, filter.prizeMode)
      ? prizeModeGameTypes[filter.prizeMode]
      : undefined;
  const shown = shownGames(visible, gameType);
  const played = db
    .select({
      nodeId: gameRounds.nodeId,
      rounds: sql<number>`count(*)::int`.as('rounds'),
    })
    .from(gameRounds)
    .where(sql`${gameRounds.startedAt} > now() - interval '7 days'`)
    .groupBy(gameRounds.nodeId)
    .as('played');
  const [rows, others] = await Promise.all([
    db
      .select({ game: games, rounds: played.rounds })
      .from(played)
      .innerJoin(games, eq(games.nodeId, played.nodeId))
      .where(shown)
      .orderBy(desc(played.rounds), asc(games.nodeId))
      .limit(filter.count),
    otherRounds ? otherRounds(db, 7) : Promise.resolve([]),
  ]);
  let ranked = rows.map((row) => ({ game: row.game, rounds: Number(row.rounds) }));
  if (others.length > 0) {
    // The top of the union is within the top `count` of each part.
    const roundsOf = new Map(others.map((other) => [`${other.vendorCode}:${other.gameCode}`, other.rounds]));
    const otherGames = await db
      .select()
      .from(games)
      .where(
        and(
          shown,
          inArray(games.vendorCode, [...new Set(others.map((other) => other.vendorCode))]),
          inArray(games.gameCode, [...new Set(others.map((other) => other.gameCode))]),
        ),
      );
    for (const game of otherGames) {
      const rounds = roundsOf.get(`${game.vendorCode}:${game.gameCode}`) ?? 0;
      if (rounds > 0 && !ranked.some((row) => row.game.nodeId === game.nodeId)) ranked.push({ game, rounds });
    }
    ranked = ranked
      .sort((a, b) => b.rounds - a.rounds || a.game.nodeId - b.game.nodeId)
      .slice(0, filter.count);
  }
  return {
    list: toGamesWith(ranked, vendors, view, (row) => ({ rounds: row.rounds })),
  };
}
