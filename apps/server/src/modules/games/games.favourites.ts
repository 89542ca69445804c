import { and, count, desc, eq } from 'drizzle-orm';
import { type GameCategory } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { gameFavourites, games } from './games.tables.ts';
import {
  type GameRow,
  type CatalogueView,
  type Paged,
  isGameCategory,
  enabledVendors,
  shownGames,
  toGames,
  totalPagesOf,
} from './games.catalogue.ts';

/** The member's saved games (favourites): only games that can be shown and played. */

/** The game a favourite names, when it can be shown and played; NOT_FOUND otherwise. */
async function findPlayableGame(db: Database, nodeId: number) {
  const vendors = await enabledVendors(db);
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.nodeId, nodeId), eq(games.enabled, true)));
  const vendor = row ? vendors.get(row.vassalage) : undefined;
  if (!row || !vendor) throw new AppError('NOT_FOUND');
  return row;
}

export interface FavouriteInput {
  memberId: number;
  nodeId: number;
  vendor?: string | undefined;
  gameType?: GameCategory | undefined;
}

/** The payload's vendor and gameType, when sent, must be the game's (a stale tile is refused). */
function checkPayload(row: GameRow, input: FavouriteInput) {
  const issues = [
    ...(input.vendor !== undefined && input.vendor !== row.vassalage
      ? [{ field: 'vendor', reason: 'not the vendor of this game' }]
      : []),
    ...(input.gameType !== undefined && input.gameType !== row.gameType
      ? [{ field: 'gameType', reason: 'not the type of this game' }]
      : []),
  ];
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
}

/** Saves a game; saving it again changes nothing. */
export async function addFavourite(db: Database, input: FavouriteInput) {
  const row = await findPlayableGame(db, input.nodeId);
  checkPayload(row, input);
  await db
    .insert(gameFavourites)
    .values({ memberId: input.memberId, nodeId: input.nodeId })
    .onConflictDoNothing();
  return { nodeId: input.nodeId, favourite: true as const };
}

/** Removes a saved game; removing one that is not saved (or no longer exists) changes nothing. */
export async function removeFavourite(db: Database, input: FavouriteInput) {
  await db
    .delete(gameFavourites)
    .where(and(eq(gameFavourites.memberId, input.memberId), eq(gameFavourites.nodeId, input.nodeId)));
  return { nodeId: input.nodeId, favourite: false as const };
}

/** MCSFE_getFavoriteGames: the member's saved games that can be shown, as references. */
export async function listFavouriteRefs(db: Database, memberId: number) {
  const vendors = await enabledVendors(db);
  const rows = await db
    .select({ nodeId: games.nodeId, vassalage: games.vassalage, gameType: games.gameType })
    .from(gameFavourites)
    .innerJoin(games, eq(games.nodeId, gameFavourites.nodeId))
    .where(and(eq(gameFavourites.memberId, memberId), eq(games.enabled, true)))
    .orderBy(desc(gameFavourites.createdAt), desc(gameFavourites.nodeId));
  return {
    list: rows.flatMap((row) =>
      vendors.has(row.vassalage) && isGameCategory(row.gameType)
        ? [{ nodeId: row.nodeId, vendor: row.vassalage, gameType: row.gameType }]
        : [],
    ),
  };
}

/** MCSFE_getFavoriteGamesList: the member's saved games, newest first, one page. */
export async function listFavouriteGames(
  db: Database,
  filter: Paged & { memberId: number; gameType?: GameCategory | undefined },
  view: CatalogueView,
) {
  const vendors = await enabledVendors(db);
  const visible = [...vendors.keys()];
  const empty = { content: [], total: 0, totalPages: 0, pageNo: filter.pageNo, pageSize: filter.pageSize };
  if (visible.length === 0) return empty;
  const where = and(eq(gameFavourites.memberId, filter.memberId), shownGames(visible, filter.gameType));
  const [counted] = await db
    .select({ total: count() })
    .from(gameFavourites)
    .innerJoin(games, eq(games.nodeId, gameFavourites.nodeId))
    .where(where);
  const total = counted?.total ?? 0;
  const rows =
    total === 0
      ? []
      : await db
          .select({ game: games })
          .from(gameFavourites)
          .innerJoin(games, eq(games.nodeId, gameFavourites.nodeId))
          .where(where)
          .orderBy(desc(gameFavourites.createdAt), desc(gameFavourites.nodeId))
          .limit(filter.pageSize)
          .offset((filter.pageNo - 1) * filter.pageSize);
  return {
    content: toGames(
      rows.map((row) => row.game),
      vendors,
      view,
    ),
    total,
    totalPages: totalPagesOf(total, filter.pageSize),
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}
