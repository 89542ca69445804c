// The games feature's public entry. Lobby and game pages are not here: they stay lazy route chunks.
export { useFavouriteIds } from './api/favourites.ts';
export { gameMenusQueryOptions, useGameMenus } from './api/get-game-menus.ts';
export { getHotGames } from './api/get-hot-games.ts';
export { CategoryNav } from './components/category-nav.tsx';
export { GameGrid } from './components/game-grid.tsx';
export { VendorLogoSlider } from './components/vendor-logo-slider.tsx';
export { categoryInfo, vendorPath } from './game-categories.ts';
export { gameAction } from './launch/launch-rules.ts';
export { useGameLauncher } from './launch/use-game-launcher.tsx';
export { rankLimit } from './lobby/constants.ts';
export { searchDebounceMs } from './lobby/timing.ts';
