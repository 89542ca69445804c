// The games lobby's reads, one file per concern: the catalogue (lists, hot games, vendors), the
// member's saved games, and what real launches and rounds show (recent, live tables, popular).
export {
  type CatalogueView,
  gameNameOf,
  minorUnitsAtMost,
  type GameListFilter,
  listGames,
  forgetHotGames,
  listHotGames,
  listVendorGroups,
  getVendorGameTypes,
  nodeIdsOf,
} from './games.catalogue.ts';
export {
  type FavouriteInput,
  addFavourite,
  removeFavourite,
  listFavouriteRefs,
  listFavouriteGames,
} from './games.favourites.ts';
export { listRecentGames, listRooms, listPopularGames, type OtherRounds } from './games.activity.ts';
export { applyOwnGames } from './catalogue-sync.ts';
