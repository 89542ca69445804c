import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { type GameCategory, type PopularGame, type RecentGame, type Room } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { gameRounds, games, gameSessions, memberRounds } from './games.tables.ts';
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

/** /lgw/games/popular: the games with the most rounds in the last 7 days (real rounds only). */
export async function listPopularGames(
  db: Database,
  filter: { count: number },
  view: CatalogueView,
): Promise<{ list: PopularGame[] }> {
  const vendors = await enabledVendors(db);
  const visible = [...vendors.keys()];
  if (visible.length === 0) return { list: [] };
  const played = db
    .select({
      nodeId: memberRounds.nodeId,
      rounds: sql<number>`count(*)::int`.as('rounds'),
    })
    .from(memberRounds)
    .where(sql`${memberRounds.startedAt} > now() - interval '7 days'`)
    .groupBy(memberRounds.nodeId)
    .as('played');
  const rows = await db
    .select({ game: games, rounds: played.rounds })
    .from(played)
    .innerJoin(games, eq(games.nodeId, played.nodeId))
    .where(shownGames(visible, undefined))
    .orderBy(desc(played.rounds), asc(games.nodeId))
    .limit(filter.count);
  return {
    list: toGamesWith(rows, vendors, view, (row) => ({ rounds: Number(row.rounds) })),
  };
}
