import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { GameCategory, OperatorGame, OperatorVendor, SlotClassify } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { forgetGameMenus } from './game-menus.service.ts';
import { recordsErrorForSite } from './games.transfer-check.ts';
import {
  gameVendors,
  games,
  vendorConnections,
  vendorRecordCursors,
  type OperatorOverrides,
} from './games.tables.ts';

/**
 * The back office's games and vendors (issue 15): the lists an operator searches, and the switches
 * an operator sets on a vendor or game (on/off, hot, order, categories). A switch is written to the
 * row and kept in its `operator_overrides`, which the catalogue sync applies over the vendor's list
 * (catalogue-sync.ts), so a sync never undoes it. Every change is audited with its before and after
 * in its transaction; the lobbies' cached reads are forgotten once it commits.
 */

type VendorRow = typeof gameVendors.$inferSelect;
type GameRow = typeof games.$inferSelect;

function overridesOf(value: OperatorOverrides): OperatorVendor['overrides'] {
  const result: OperatorVendor['overrides'] = {};
  if (typeof value.enabled === 'boolean') result.enabled = value.enabled;
  if (typeof value.isHot === 'boolean') result.isHot = value.isHot;
  if (typeof value.sortOrder === 'number') result.sortOrder = value.sortOrder;
  if (typeof value.gameType === 'string') result.gameType = value.gameType as GameCategory;
  if (value.classify !== undefined) result.classify = value.classify as SlotClassify | null;
  return result;
}

export function gameNameForOperator(names: Record<string, string>, fallback: string): string {
  return names.en ?? names.bn ?? Object.values(names).find((name) => name.trim() !== '') ?? fallback;
}

function toOperatorGame(row: GameRow): OperatorGame {
  return {
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    vendorCode: row.vendorCode,
    gameCode: row.gameCode,
    name: gameNameForOperator(row.names, row.gameCode),
    icon: row.icon,
    gameType: row.gameType,
    classify: row.classify,
    enabled: row.enabled,
    isHot: row.isHot === 1,
    sortOrder: row.sortOrder,
    syncedAt: row.syncedAt.getTime(),
    overrides: overridesOf(row.operatorOverrides),
  };
}

/** The audit's view of a vendor or game: the switches an operator can change. */
function switchesOf(row: { enabled: boolean; isHot: number; sortOrder: number; gameType: string }) {
  return { enabled: row.enabled, isHot: row.isHot === 1, sortOrder: row.sortOrder, gameType: row.gameType };
}

export async function listOperatorVendors(db: Database): Promise<OperatorVendor[]> {
  const rows = await db
    .select({
      vendor: gameVendors,
      lastSyncAt: vendorConnections.lastSyncAt,
      lastSyncError: vendorConnections.lastSyncError,
      recordsPulledAt: vendorRecordCursors.pulledAt,
      recordsError: vendorRecordCursors.lastError,
      games: sql<number>`(select count(*)::int from ${games} where ${games.vassalage} = ${gameVendors.vassalage})`,
      enabledGames: sql<number>`(select count(*)::int from ${games} where ${games.vassalage} = ${gameVendors.vassalage} and ${games.enabled})`,
    })
    .from(gameVendors)
    .leftJoin(vendorConnections, eq(vendorConnections.vendorCode, gameVendors.vendorCode))
    .leftJoin(vendorRecordCursors, eq(vendorRecordCursors.vendorCode, gameVendors.vendorCode))
    .orderBy(asc(gameVendors.gameType), asc(gameVendors.sortOrder), asc(gameVendors.displayName));
  return rows.map((row) => toOperatorVendor(row.vendor, row));
}

function toOperatorVendor(
  vendor: VendorRow,
  extra: {
    games: number;
    enabledGames: number;
    lastSyncAt: Date | null;
    lastSyncError: string | null;
    recordsPulledAt: Date | null;
    recordsError: string | null;
  },
): OperatorVendor {
  return {
    vassalage: vendor.vassalage,
    displayName: vendor.displayName,
    vendorCode: vendor.vendorCode,
    gameType: vendor.gameType,
    walletMode: vendor.walletMode,
    enabled: vendor.enabled,
    isHot: vendor.isHot === 1,
    sortOrder: vendor.sortOrder,
    games: Number(extra.games),
    enabledGames: Number(extra.enabledGames),
    lastSyncAt: extra.lastSyncAt?.getTime() ?? null,
    lastSyncError: extra.lastSyncError,
    recordsPulledAt: extra.recordsPulledAt?.getTime() ?? null,
    recordsError: recordsErrorForSite(extra.recordsError),
    overrides: overridesOf(vendor.operatorOverrides),
  };
}

export interface OperatorGameQuery {
  search?: string | undefined;
  vassalage?: string | undefined;
  gameType?: GameCategory | undefined;
  enabled: 'all' | 'on' | 'off';
  pageNo: number;
  pageSize: number;
}

/** The listing columns (shared by vendors and games) that an operator's change names. */
function listingColumns(changes: Pick<OperatorOverrides, 'enabled' | 'isHot' | 'sortOrder' | 'gameType'>) {
  return {
    ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
    ...(changes.isHot === undefined ? {} : { isHot: changes.isHot ? 1 : 0 }),
    ...(changes.sortOrder === undefined ? {} : { sortOrder: changes.sortOrder }),
    ...(changes.gameType === undefined ? {} : { gameType: changes.gameType }),
  };
}

/** LIKE pattern of a search text, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listOperatorGames(db: Database, query: OperatorGameQuery) {
  const search = query.search?.trim();
  const where: SQL | undefined = and(
    search
      ? or(
          ilike(games.gameCode, containing(search)),
          sql`${games.names}::text ilike ${containing(search)}`,
          /^[0-9]{1,9}$/.test(search) ? eq(games.nodeId, Number(search)) : undefined,
        )
      : undefined,
    query.vassalage ? eq(games.vassalage, query.vassalage) : undefined,
    query.gameType ? eq(games.gameType, query.gameType) : undefined,
    query.enabled === 'all' ? undefined : eq(games.enabled, query.enabled === 'on'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(games)
      .where(where)
      .orderBy(asc(games.vassalage), asc(games.sortOrder), asc(games.nodeId))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(games).where(where),
  ]);
  return {
    games: rows.map(toOperatorGame),
    total: Number(total?.total ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export interface VendorSwitches {
  vassalage: string;
  enabled?: boolean | undefined;
  isHot?: boolean | undefined;
  sortOrder?: number | undefined;
  gameType?: GameCategory | undefined;
}

function nothingToChange(): AppError {
  return new AppError('VALIDATION_FAILED', {
    issues: [{ field: 'request', reason: 'names nothing to change' }],
  });
}

export async function updateVendor(
  db: Database,
  request: FastifyRequest,
  input: VendorSwitches,
): Promise<OperatorVendor> {
  const { vassalage, ...changes } = input;
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) throw nothingToChange();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(gameVendors)
      .where(eq(gameVendors.vassalage, vassalage))
      .for('update');
    if (!before)
      throw new AppError('NOT_FOUND', { issues: [{ field: 'vassalage', reason: 'no such vendor' }] });
    const overrides = { ...before.operatorOverrides, ...set };
    const [after] = await tx
      .update(gameVendors)
      .set({
        ...listingColumns(changes),
        operatorOverrides: overrides,
      })
      .where(eq(gameVendors.vassalage, vassalage))
      .returning();
    await recordOperatorChange(tx as unknown as Database, request, {
      action: 'vendor.update',
      targetKind: 'game_vendor',
      targetId: vassalage,
      before: switchesOf(before),
      after: switchesOf(after!),
    });
  });
  await forgetGameMenus(db);
  const vendors = await listOperatorVendors(db);
  return vendors.find((vendor) => vendor.vassalage === vassalage)!;
}

export interface GameSwitches {
  nodeId: number;
  enabled?: boolean | undefined;
  isHot?: boolean | undefined;
  sortOrder?: number | undefined;
  gameType?: GameCategory | undefined;
  classify?: SlotClassify | null | undefined;
}

export async function updateGame(
  db: Database,
  request: FastifyRequest,
  input: GameSwitches,
): Promise<OperatorGame> {
  const { nodeId, ...changes } = input;
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) throw nothingToChange();
  const after = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(games).where(eq(games.nodeId, nodeId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', { issues: [{ field: 'nodeId', reason: 'no such game' }] });
    const overrides = { ...before.operatorOverrides, ...set };
    const [updated] = await tx
      .update(games)
      .set({
        ...listingColumns(changes),
        ...(changes.classify === undefined ? {} : { classify: changes.classify }),
        operatorOverrides: overrides,
      })
      .where(eq(games.nodeId, nodeId))
      .returning();
    await recordOperatorChange(tx as unknown as Database, request, {
      action: 'game.update',
      targetKind: 'game',
      targetId: nodeId,
      before: { ...switchesOf(before), classify: before.classify },
      after: { ...switchesOf(updated!), classify: updated!.classify },
    });
    return updated!;
  });
  await forgetGameMenus(db);
  return toOperatorGame(after);
}
