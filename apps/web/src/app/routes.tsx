import type { ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { paths } from '../shared/config/paths.ts';
import { loadChunk, type LoadChunkOptions } from '../shared/lib/chunk-load.ts';
import { RootLayout } from './root-layout.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { RouteError } from './route-error.tsx';
import { StartSpinner } from './start-spinner.tsx';

/** A lazily loaded page: its own chunk, failing with ChunkLoadError after 120 s or on a missing file. */
function page<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  options?: LoadChunkOptions,
) {
  return async () => ({ Component: pick(await loadChunk(load, options)) });
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
    lazy: page(
      () => import('../features/home/home-page.tsx'),
      (module) => module.HomePage,
      // The home page's texts are in the catalogue's start-up part (catalogue-split.ts).
      { texts: 'start' },
    ),
  },
  { path: 'register', lazy: registerPage },
  { path: 'register.html', lazy: registerPage },
  {
    path: 'login',
    lazy: page(
      () => import('../features/account/pages/login-page.tsx'),
      (module) => module.LoginPage,
    ),
  },
  {
    path: 'noticePage',
    lazy: page(
      () => import('../features/notices/notice-page.tsx'),
      (module) => module.NoticePage,
    ),
  },
  {
    path: 'pointMall',
    lazy: page(
      () => import('../features/points/point-mall-page.tsx'),
      (module) => module.PointMallPage,
    ),
  },
  {
    path: 'deposit-rank',
    lazy: page(
      () => import('../features/ranks/deposit-rank-page.tsx'),
      (module) => module.DepositRankPage,
    ),
  },
  {
    path: 'bet-rank',
    lazy: page(
      () => import('../features/ranks/bet-rank-page.tsx'),
      (module) => module.BetRankPage,
    ),
  },
  ...['fish', 'pvp', 'live', 'sports', 'esports', 'elott'].map((path) => ({ path, lazy: categoryPage })),
  {
    path: 'lottery',
    lazy: page(
      () => import('../features/games/pages/lottery-page.tsx'),
      (module) => module.LotteryPage,
    ),
  },
  {
    path: 'vnlottery',
    lazy: page(
      () => import('../features/games/pages/vn-lottery-page.tsx'),
      (module) => module.VnLotteryPage,
    ),
  },
  {
    path: 'rng',
    lazy: page(
      () => import('../features/games/pages/rng-page.tsx'),
      (module) => module.RngPage,
    ),
  },
  {
    path: 'games/:games/:type/:vassalage',
    lazy: page(
      () => import('../features/games/pages/games-page.tsx'),
      (module) => module.GamesPage,
    ),
  },
  {
    path: 'promotions',
    lazy: page(
      () => import('../features/promotions/promotions-page.tsx'),
      (module) => module.PromotionsPage,
    ),
  },
  {
    path: 'promoDetail',
    lazy: page(
      () => import('../features/promotions/promo-detail-page.tsx'),
      (module) => module.PromoDetailPage,
    ),
  },
  {
    path: 'seamless',
    lazy: page(
      () => import('../features/games/pages/seamless-page.tsx'),
      (module) => module.SeamlessPage,
    ),
  },
  {
    path: 'help',
    lazy: page(
      () => import('../features/help/help-page.tsx'),
      (module) => module.HelpPage,
    ),
  },
  { path: 'down', lazy: downloadPage },
  { path: 'download', lazy: downloadPage },
  {
    path: 'join',
    lazy: page(
      () => import('../features/join/join-page.tsx'),
      (module) => module.JoinPage,
    ),
  },
  {
    path: 'game',
    lazy: page(
      () => import('../features/games/pages/game-page.tsx'),
      (module) => module.GamePage,
    ),
  },
  {
    path: 'fbsports',
    lazy: page(
      () => import('../features/games/pages/fb-sports-page.tsx'),
      (module) => module.FbSportsPage,
    ),
  },
  {
    path: 'socialCallback',
    lazy: page(
      () => import('../features/account/social/social-callback-page.tsx'),
      (module) => module.SocialCallbackPage,
    ),
  },
  {
    path: 'resetPassword',
    lazy: page(
      () => import('../features/account/password/reset-password-page.tsx'),
      (module) => module.ResetPasswordPage,
    ),
  },
  {
    path: '*',
    lazy: page(
      () => import('./pages/not-found-page.tsx'),
      (module) => module.NotFoundPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads.
    HydrateFallback: StartSpinner,
    children: [
      { index: true, Component: RedirectToHome },
      {
        path: 'helpmc',
        errorElement: <RouteError />,
        lazy: page(
          () => import('../features/help/help-bare-page.tsx'),
          (module) => module.HelpBarePage,
        ),
      },
      {
        element: <AppShell />,
        // A pathless layer so that a failed page renders its error inside the shell.
        children: [{ errorElement: <RouteError />, children: shellPages }],
      },
    ],
  },
];
