import { lazy, Suspense } from 'react';
import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useGameMenus, categoryInfo, vendorPath } from '../games/index.ts';
import { NoticeBar } from '../notices/index.ts';
import { JackpotTicker } from './jackpot-ticker.tsx';
import { loadChunk } from '../../shared/lib/chunk-load.ts';
import './home-page.css';

/** Below the fold: hot games and winners come in their own chunk after the first view. */
const HomeHighlights = lazy(() =>
  loadChunk(() => import('./home-highlights.tsx')).then((module) => ({ default: module.HomeHighlights })),
);

/**
 * Home (spec 2): the banner above (shell), the notice bar, the jackpot ticker, the game categories,
 * hot games and the winners list (home-highlights.tsx). Winners only ever come from real rounds
 * (docs/design.md): before anyone wins, the list says so.
 */
export function HomePage() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const categories = (menus.data ?? []).filter((menu) => menu.vendors.length > 0);

  return (
    <Page title={t('page_home')} hideTitle>
      <NoticeBar />
      <JackpotTicker />
      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="section-title">
          {t('section_game_categories')}
        </h2>
        {menus.isPending ? (
          <ul className="tile-grid tile-grid--categories" aria-hidden="true">
            {[0, 1, 2, 3].map((key) => (
              <li key={key} className="tile tile--skeleton" />
            ))}
          </ul>
        ) : categories.length === 0 ? (
          <EmptyState icon={Gamepad2} title={t('empty_no_games_title')} text={t('empty_no_games_text')} />
        ) : (
          <ul className="tile-grid tile-grid--categories">
            {categories.map((menu) => {
              const info = categoryInfo[menu.category];
              const Icon = info.icon;
              const firstVendor = menu.vendors[0];
              const to = info.path ?? (firstVendor ? vendorPath(menu.category, firstVendor.vassalage) : null);
              if (!to) return null;
              return (
                <li key={menu.category}>
                  <Link className="tile tile--category" to={to}>
                    <span className="tile__art" aria-hidden="true">
                      <Icon size={32} strokeWidth={1.75} />
                    </span>
                    <span className="tile__label">{t(info.labelKey)}</span>
                    <span className="tile__meta">
                      {t('label_vendor_count', { value: menu.vendors.length })}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <Suspense fallback={<div className="home-columns home-columns--loading" aria-hidden="true" />}>
        <HomeHighlights />
      </Suspense>
    </Page>
  );
}
