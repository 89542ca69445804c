import { asc, eq } from 'drizzle-orm';
import { gameCategories, type GameCategory, type GameMenu } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { createReadCache, dataChanged } from '../../shared/read-cache.ts';
import { gameVendors } from './games.tables.ts';

const menuCache = createReadCache<Database, GameMenu>(5_000, { tag: 'games' });

/** Header categories in the fixed order, each only when it has at least one enabled vendor. */
export function getGameMenus(db: Database): Promise<GameMenu> {
  return menuCache.get(db, 'all', () => loadGameMenus(db));
}

/**
 * Call after a vendor or a game changes (enabled, order, names): the header, the game lists and the
 * hot lists show it at once on every instance (the catalogue's tag, shared/read-cache.ts).
 */
export function forgetGameMenus(db: Database): Promise<void> {
  return dataChanged(db, 'games');
}

async function loadGameMenus(db: Database): Promise<GameMenu> {
  const rows = await db
    .select()
    .from(gameVendors)
    .where(eq(gameVendors.enabled, true))
    .orderBy(asc(gameVendors.sortOrder), asc(gameVendors.displayName));
  const byCategory = new Map<GameCategory, GameMenu[number]['vendors']>();
  for (const row of rows) {
    const category = gameCategories.find((candidate) => candidate === row.gameType);
    if (!category) continue;
    const vendors = byCategory.get(category) ?? [];
    vendors.push({
      vassalage: row.vassalage,
      accountTypeId: row.accountTypeId,
      displayName: row.displayName,
      smallIcon: row.smallIcon,
      isHot: row.isHot === 1 ? 1 : 0,
      gameType: category,
    });
    byCategory.set(category, vendors);
  }
  return gameCategories
    .filter((category) => byCategory.has(category))
    .map((category) => ({
      category,
      vendors: byCategory.get(category)!,
    }));
}
