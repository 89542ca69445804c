import { lazy, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from '../shared/router/router.tsx';
import { paths } from '../shared/config/paths.ts';
import { loadChunk, type LoadChunkOptions } from '../shared/lib/chunk-load.ts';
import { RootLayout } from './root-layout.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/**
 * A lazily loaded page: its own chunk, failing with ChunkLoadError after 120 s or on a missing file
 * (the nearest RouteErrorBoundary shows it). The router wraps navigations in a transition, so the
 * page on screen stays until the next one has arrived; the first one keeps the boot shell.
 */
function page<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  options?: LoadChunkOptions,
): ComponentType {
  return lazy(async () => ({ default: pick(await loadChunk(load, options)) }));
}

const categoryPage = page(
  () => import('../features/games/pages/category-page.tsx'),
  (module) => module.CategoryPage,
);
const registerPage = page(
  () => import('../features/account/pages/register-page.tsx'),
  (module) => module.RegisterPage,
);
const downloadPage = page(
  () => import('../features/download/download-page.tsx'),
  (module) => module.DownloadPage,
);

/** Spec 2: '/' redirects to '/index', keeping the query (e.g. a referral code). */
function RedirectToHome() {
  const { search } = useLocation();
  return <Navigate replace to={`${paths.home}${search}`} />;
}

/** Pages inside the shell (spec 2 route table). */
const shellPages: RouteObject[] = [
  {
    path: 'index',
    Component: page(
      () => import('../features/home/home-page.tsx'),
      (module) => module.HomePage,
      // The home page's texts are in the catalogue's start-up part (catalogue-split.ts).
      { texts: 'start' },
    ),
  },
  { path: 'register', Component: registerPage },
  { path: 'register.html', Component: registerPage },
  {
    path: 'login',
    Component: page(
      () => import('../features/account/pages/login-page.tsx'),
      (module) => module.LoginPage,
    ),
  },
  {
    path: 'noticePage',
    Component: page(
      () => import('../features/notices/notice-page.tsx'),
      (module) => module.NoticePage,
    ),
  },
  {
    path: 'pointMall',
    Component: page(
      () => import('../features/points/point-mall-page.tsx'),
      (module) => module.PointMallPage,
    ),
  },
  {
    path: 'deposit-rank',
    Component: page(
      () => import('../features/ranks/deposit-rank-page.tsx'),
      (module) => module.DepositRankPage,
    ),
  },
  {
    path: 'bet-rank',
    Component: page(
      () => import('../features/ranks/bet-rank-page.tsx'),
      (module) => module.BetRankPage,
    ),
  },
  ...['fish', 'pvp', 'live', 'sports', 'esports', 'elott'].map((path) => ({ path, Component: categoryPage })),
  {
    path: 'lottery',
    Component: page(
      () => import('../features/lottery/pages/lottery-page.tsx'),
      (module) => module.LotteryPage,
    ),
  },
  {
    path: 'lottery/verify',
    Component: page(
      () => import('../features/lottery/pages/verify-page.tsx'),
      (module) => module.VerifyPage,
    ),
  },
  {
    path: 'vnlottery',
    Component: page(
      () => import('../features/lottery/pages/lottery-page.tsx'),
      (module) => module.VnLotteryPage,
    ),
  },
  {
    path: 'rng',
    Component: page(
      () => import('../features/games/pages/rng-page.tsx'),
      (module) => module.RngPage,
    ),
  },
  {
    path: 'games/:games/:type/:vassalage',
    Component: page(
      () => import('../features/games/pages/games-page.tsx'),
      (module) => module.GamesPage,
    ),
  },
  {
    path: 'promotions',
    Component: page(
      () => import('../features/promotions/promotions-page.tsx'),
      (module) => module.PromotionsPage,
    ),
  },
  {
    path: 'promoDetail',
    Component: page(
      () => import('../features/promotions/promo-detail-page.tsx'),
      (module) => module.PromoDetailPage,
    ),
  },
  {
    path: 'seamless',
    Component: page(
      () => import('../features/games/pages/seamless-page.tsx'),
      (module) => module.SeamlessPage,
    ),
  },
  {
    path: 'help',
    Component: page(
      () => import('../features/help/help-page.tsx'),
      (module) => module.HelpPage,
    ),
  },
  { path: 'down', Component: downloadPage },
  { path: 'download', Component: downloadPage },
  {
    path: 'join',
    Component: page(
      () => import('../features/join/join-page.tsx'),
      (module) => module.JoinPage,
    ),
  },
  {
    path: 'game',
    Component: page(
      () => import('../features/games/pages/game-page.tsx'),
      (module) => module.GamePage,
    ),
  },
  {
    path: 'fbsports',
    Component: page(
      () => import('../features/games/pages/fb-sports-page.tsx'),
      (module) => module.FbSportsPage,
    ),
  },
  {
    path: 'socialCallback',
    Component: page(
      () => import('../features/account/social/social-callback-page.tsx'),
      (module) => module.SocialCallbackPage,
    ),
  },
  {
    path: 'resetPassword',
    Component: page(
      () => import('../features/account/password/reset-password-page.tsx'),
      (module) => module.ResetPasswordPage,
    ),
  },
  {
    path: '*',
    Component: page(
      () => import('./pages/not-found-page.tsx'),
      (module) => module.NotFoundPage,
    ),
  },
];

const HelpBarePage = page(
  () => import('../features/help/help-bare-page.tsx'),
  (module) => module.HelpBarePage,
);

/** Route objects for `useRoutes` (router.tsx): declarative routing, no data router. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, Component: RedirectToHome },
      {
        path: 'helpmc',
        element: (
          <RouteErrorBoundary>
            <HelpBarePage />
          </RouteErrorBoundary>
        ),
      },
      {
        element: <AppShell />,
        // A pathless layer so that a failed page renders its error inside the shell.
        children: [
          {
            element: (
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            ),
            children: shellPages,
          },
        ],
      },
    ],
  },
];
