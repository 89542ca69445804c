/** Banner groups by page (spec 2): the carousel above a page shows only its group's banners. */
export type BannerGroup =
  | 'home'
  | 'rng'
  | 'live'
  | 'fish'
  | 'pvp'
  | 'sports'
  | 'esports'
  | 'elott'
  | 'down'
  | 'promotions'
  | 'pointMall'
  | 'help'
  | 'w_deposit20'
  | 'w_bet20';

const groupOfPath: Record<string, BannerGroup> = {
  '/': 'home',
  '/index': 'home',
  '/rng': 'rng',
  '/live': 'live',
  '/fish': 'fish',
  '/pvp': 'pvp',
  '/sports': 'sports',
  '/esports': 'esports',
  '/elott': 'elott',
  '/down': 'down',
  // /download is the same page as /down (an alias), so it shows the same banners.
  '/download': 'down',
  '/promotions': 'promotions',
  '/pointMall': 'pointMall',
  '/help': 'help',
  '/deposit-rank': 'w_deposit20',
  '/bet-rank': 'w_bet20',
};

/** The banner group of a path, or null when the page has no banner. Query and trailing slash ignored. */
export function bannerGroupForPath(path: string): BannerGroup | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(groupOfPath, normalised) ? (groupOfPath[normalised] ?? null) : null;
}
