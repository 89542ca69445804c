import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  gameCategories,
  gameNameKeys,
  hotGroupOrder,
  slotClassifies,
  type Game,
  type GameCategory,
  type GameListValue,
  type HotGamesValue,
  type LanguageCode,
  type SlotClassify,
  type VendorCard,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createReadCache, dataChanged } from '../../shared/read-cache.ts';
import { formatAmount } from '../ledger/money.ts';
import { getGameMenus } from './game-menus.service.ts';
import { games } from './games.tables.ts';

/**
 * The game catalogue as the lobbies read it. A game is shown only while it is enabled and its lobby
 * vendor is enabled (the header's game menu is the one list of enabled vendors, read through the
 * system service). Amounts leave as decimal strings in major units at the brand's precision.
 */

export type GameRow = typeof games.$inferSelect;

export interface CatalogueView {
  language: LanguageCode;
  /** The brand's currency precision (minor units per major unit = 10^precision). */
  precision: number;
}

export interface Paged {
  pageNo: number;
  pageSize: number;
}

export function isGameCategory(value: string): value is GameCategory {
  return (gameCategories as readonly string[]).includes(value);
}

function isSlotClassify(value: string | null): value is SlotClassify {
  return value !== null && (slotClassifies as readonly string[]).includes(value);
}

/** The name in the language asked, then English, then Bengali, then any, then the game code. */
export function gameNameOf(names: Record<string, string>, language: LanguageCode, fallback: string): string {
  const key = gameNameKeys[language];
  return (
    names[key] ?? names.en ?? names.bn ?? Object.values(names).find((name) => name.trim() !== '') ?? fallback
  );
}

/** The enabled lobby vendors by vassalage (cached by the system service for a few seconds). */
export async function enabledVendors(db: Database): Promise<Map<string, VendorCard>> {
  const menus = await getGameMenus(db);
  return new Map(menus.flatMap((menu) => menu.vendors.map((vendor) => [vendor.vassalage, vendor])));
}

export function toGame(row: GameRow, vendor: VendorCard, view: CatalogueView): Game | null {
  if (!isGameCategory(row.gameType)) return null;
  return {
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    gameType: row.gameType,
    code: row.gameCode,
    gameCode: row.gameCode,
    gameName: gameNameOf(row.names, view.language, row.gameCode),
    icon: row.icon,
    minBet: formatAmount(row.minBet, view.precision),
    lineNum: row.lineNum,
    isHot: row.isHot === 1 ? 1 : 0,
    classify: isSlotClassify(row.classify) ? row.classify : null,
    defaultPlayType: row.defaultPlayType,
    accountTypeName: vendor.displayName,
    vendor: row.vassalage,
    isGame: true,
    launchFlags: row.launchFlags,
    rtpBasisPoints: row.rtpBasisPoints,
  };
}

export function toGames(rows: GameRow[], vendors: Map<string, VendorCard>, view: CatalogueView): Game[] {
  return toGamesWith(
    rows.map((game) => ({ game })),
    vendors,
    view,
    () => ({}),
  );
}

/** As toGames, for rows that carry more than the game: `extra` adds the row's own fields to its game. */
export function toGamesWith<Row extends { game: GameRow }, Extra extends object>(
  rows: Row[],
  vendors: Map<string, VendorCard>,
  view: CatalogueView,
  extra: (row: Row) => Extra,
): (Game & Extra)[] {
  return rows.flatMap((row) => {
    const vendor = vendors.get(row.game.vassalage);
    const game = vendor ? toGame(row.game, vendor, view) : null;
    return game ? [{ ...game, ...extra(row) }] : [];
  });
}

/** The vassalages a lobby call may show: the one asked for if its vendor is enabled, else every enabled one. */
export function visibleVassalages(vendors: Map<string, VendorCard>, vassalage: string | undefined): string[] {
  return vassalage ? [vassalage].filter((code) => vendors.has(code)) : [...vendors.keys()];
}

/** The games a lobby shows: enabled, of a visible vendor, and of the game type when one is asked for. */
export function shownGames(visible: string[], gameType: GameCategory | undefined): SQL | undefined {
  return and(
    eq(games.enabled, true),
    inArray(games.vassalage, visible),
    gameType ? eq(games.gameType, gameType) : undefined,
  );
}

export const totalPagesOf = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** A decimal in major units to minor units, rounded down (a filter bound, not money that moves). */
export function minorUnitsAtMost(decimal: string, precision: number): bigint {
  const [whole = '0', fraction = ''] = decimal.trim().split('.');
  return (
    BigInt(whole) * 10n ** BigInt(precision) +
    BigInt(fraction.slice(0, precision).padEnd(precision, '0') || '0')
  );
}

/** `%`, `_` and `\` typed by a visitor are letters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The name a visitor sees in this language, as SQL (for the search). */
function nameInLanguage(language: LanguageCode): SQL {
  return sql`coalesce(${games.names} ->> ${gameNameKeys[language]}, ${games.names} ->> 'en', ${games.names} ->> 'bn', ${games.gameCode})`;
}

export const lobbyOrder = [asc(games.sortOrder), asc(games.nodeId)];

export interface GameListFilter extends Paged {
  gameType: GameCategory;
  vassalage?: string | undefined;
  gameClassify?: SlotClassify | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
  minLineNum?: number | undefined;
}

/**
 * GCSGAME_gameList: one page of a game type's games with the spec's filters (spec 3, 5): vendor,
 * classify, a case-insensitive part of the name in the request's language, minimum bet at most the
 * given amount, at least `minLineNum` lines. `data.lanes` lists the type's vendors.
 */
export async function listGames(
  db: Database,
  filter: GameListFilter,
  view: CatalogueView,
): Promise<GameListValue> {
  const vendors = await enabledVendors(db);
  const lanes = [...vendors.values()].filter((vendor) => vendor.gameType === filter.gameType);
  const visible = [...vendors.keys()];
  const empty = { games: [], total: 0, totalPages: 0, pageNo: filter.pageNo, pageSize: filter.pageSize };
  if (visible.length === 0 || (filter.vassalage && !vendors.has(filter.vassalage)))
    return { ...empty, data: { lanes } };

  const conditions: SQL[] = [
    eq(games.enabled, true),
    eq(games.gameType, filter.gameType),
    inArray(games.vassalage, filter.vassalage ? [filter.vassalage] : visible),
  ];
  if (filter.gameClassify) conditions.push(eq(games.classify, filter.gameClassify));
  if (filter.gameName)
    conditions.push(sql`${nameInLanguage(view.language)} ilike ${likePattern(filter.gameName)} escape '\\'`);
  if (filter.minBet) conditions.push(lte(games.minBet, minorUnitsAtMost(filter.minBet, view.precision)));
  if (filter.minLineNum !== undefined) conditions.push(gte(games.lineNum, filter.minLineNum));
  const where = and(...conditions);

  const [counted] = await db.select({ total: count() }).from(games).where(where);
  const total = counted?.total ?? 0;
  const rows =
    total === 0
      ? []
      : await db
          .select()
          .from(games)
          .where(where)
          .orderBy(...lobbyOrder)
          .limit(filter.pageSize)
          .offset((filter.pageNo - 1) * filter.pageSize);
  return {
    games: toGames(rows, vendors, view),
    total,
    totalPages: totalPagesOf(total, filter.pageSize),
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
    data: { lanes },
  };
}

/** Hot lists change only with a catalogue sync: 30 s per instance is fresh enough (spec 4: cached). */
const hotCache = createReadCache<Database, HotGamesValue>(30_000, { tag: 'games' });

/** Call after a catalogue change: every instance's hot lists (and game answers) show it at once. */
export function forgetHotGames(db: Database): Promise<void> {
  return dataChanged(db, 'games');
}

/** GCSGAME_hotGamesV2: the hot games, grouped by game type in the spec's order; no paging. */
export function listHotGames(
  db: Database,
  filter: { vassalage?: string | undefined; gameType?: GameCategory | undefined },
  view: CatalogueView,
): Promise<HotGamesValue> {
  const key = [view.language, view.precision, filter.vassalage ?? '', filter.gameType ?? ''].join('|');
  return hotCache.get(db, key, async () => {
    const vendors = await enabledVendors(db);
    const visible = visibleVassalages(vendors, filter.vassalage);
    if (visible.length === 0) return { list: [] };
    const rows = await db
      .select()
      .from(games)
      .where(and(eq(games.isHot, 1), shownGames(visible, filter.gameType)))
      .orderBy(...lobbyOrder)
      .limit(500);
    const all = toGames(rows, vendors, view);
    return {
      list: hotGroupOrder
        .map((gameType) => ({ gameType, games: all.filter((game) => game.gameType === gameType) }))
        .filter((group) => group.games.length > 0),
    };
  });
}

/** GCSGAME_gameVendor: the enabled vendors grouped by game type (spec 3 vendor groups). */
export async function listVendorGroups(db: Database, gameType: GameCategory | undefined) {
  const menus = await getGameMenus(db);
  return menus
    .filter((menu) => !gameType || menu.category === gameType)
    .map((menu) => ({ title: menu.category, cards: menu.vendors }));
}

/** GCSGAME_getVassGameType: what a vendor offers, by game type and slot classify. */
export async function getVendorGameTypes(db: Database, vassalage: string) {
  const vendors = await enabledVendors(db);
  if (!vendors.has(vassalage)) throw new AppError('NOT_FOUND');
  const where = and(eq(games.enabled, true), eq(games.vassalage, vassalage));
  const byType = await db
    .select({ gameType: games.gameType, count: count() })
    .from(games)
    .where(where)
    .groupBy(games.gameType);
  const byClassify = await db
    .select({ classify: games.classify, count: count() })
    .from(games)
    .where(where)
    .groupBy(games.classify);
  return {
    vassalage,
    gameTypes: gameCategories.flatMap((gameType) => {
      const row = byType.find((entry) => entry.gameType === gameType);
      return row ? [{ gameType, count: row.count }] : [];
    }),
    classifies: slotClassifies.flatMap((classify) => {
      const row = byClassify.find((entry) => entry.classify === classify);
      return row ? [{ classify, count: row.count }] : [];
    }),
  };
}

/** The catalogue's node ids of a vendor's games, by game code (enabled or not: node ids never change). */
export async function nodeIdsOf(db: Database, vendorCodes: readonly string[]): Promise<Map<string, number>> {
  if (vendorCodes.length === 0) return new Map();
  const rows = await db
    .select({ vendorCode: games.vendorCode, gameCode: games.gameCode, nodeId: games.nodeId })
    .from(games)
    .where(inArray(games.vendorCode, [...vendorCodes]));
  return new Map(rows.map((row) => [`${row.vendorCode}:${row.gameCode}`, row.nodeId]));
}
