/** Typed path builders: every in-app link goes through here, so a route rename is one edit. */
export const helpPageSlugs = [
  'about-company',
  'contact-us',
  'general-terms',
  'responsible-gaming',
  'privacy-policy',
  'affiliates',
  'refund-policy',
] as const;
export type HelpPageSlug = (typeof helpPageSlugs)[number];

export type GamesListType = 'hot' | 'vassalage';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  root: '/',
  home: '/index',
  login: '/login',
  register: '/register',
  /** Where a social provider sends the visitor back (server: social.service.ts). */
  socialCallback: '/socialCallback',
  /** The page of a password reset link (server: password.service.ts). */
  resetPassword: '/resetPassword',
  notices: '/noticePage',
  pointMall: '/pointMall',
  depositRank: '/deposit-rank',
  betRank: '/bet-rank',
  promotions: '/promotions',
  promoDetail: '/promoDetail',
  seamless: '/seamless',
  help: (page?: HelpPageSlug) => withQuery('/help', { page }),
  helpBare: '/helpmc',
  download: '/down',
  join: '/join',
  game: '/game',
  fbSports: '/fbsports',
  rng: (page?: string) => withQuery('/rng', { page }),
  lottery: (query: { gameCode?: string; playType?: string } = {}) => withQuery('/lottery', query),
  vnLottery: (gameCode?: string) => withQuery('/vnlottery', { gameCode }),
  games: (games: string, type: GamesListType, vassalage: string) =>
    `/games/${encodeURIComponent(games.toUpperCase())}/${type}/${encodeURIComponent(vassalage)}`,
} as const;

/** Paths a visitor without a session may open when the brand sets `loginedToHomePage` (spec 2). */
export const publicPathsWhenLoginRequired = [
  '/login',
  '/register',
  '/register.html',
  '/helpmc',
  '/download',
  // Not in the spec's list, but they are how a visitor gets a session: a reset link and the return
  // from a social provider must open without one.
  '/resetPassword',
  '/socialCallback',
];

/** The main view's class name: the route path (spec 2 "main view (route path as a style name)"). */
export function viewClassOf(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment.length > 0) ?? 'index';
  return decodeURIComponent(first).replace(/[^a-zA-Z0-9_-]/g, '-');
}
