import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { viewClassOf } from '../../shared/config/paths.ts';
import { BannerCarousel, bannerGroupForPath } from '../../features/banner/index.ts';
import { AnnouncementPopups } from '../../features/notices/index.ts';
import { BottomBar } from './bottom-bar.tsx';
import { Header } from './header.tsx';
import { RightBar } from './right-bar.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { loadChunk } from '../../shared/lib/chunk-load.ts';
import './app-shell.css';

/** Below the fold on every page: its own chunk, so the first view does not wait for it. */
const Footer = lazy(() =>
  loadChunk(() => import('./footer.tsx')).then((module) => ({ default: module.Footer })),
);

/** Spec 2 page shell: header, main view (route path as its class), footer, right bar, phone bottom bar. */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const bannerGroup = bannerGroupForPath(pathname);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <Header />
      <main id="main" className={`main-view ${viewClassOf(pathname)}`} tabIndex={-1}>
        {bannerGroup ? <BannerCarousel key={bannerGroup} group={bannerGroup} /> : null}
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <RightBar />
      <BottomBar />
      <AnnouncementPopups />
      <ScrollToTop />
    </div>
  );
}
