/**
 * The house vendor (apps/house-games): our own games, speaking the vendor wallet protocol.
 * The platform mounts `houseGamesPlugin` in-process under a prefix (e.g. `/house`); `main.ts`
 * serves the same plugin on its own.
 */
export { houseGamesPlugin, type HouseGamesOptions } from './plugin.ts';
export { loadBuiltWebAssets, WebAssetsMissingError, type WebAssets } from './pages/web-assets.ts';
export { migrateHouseDatabase, houseMigrationsFolder } from './db/migrate.ts';
export type { HouseDatabase } from './db/database.ts';
export type { HouseSettings } from './play/context.ts';
export {
  catalogue,
  vendors,
  listedCatalogue,
  type CatalogueGame,
  type GameCode,
} from './catalogue/catalogue.ts';
export { signBody, checkSignature, signatureHeader } from './protocol/signature.ts';
