import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Flame from 'lucide-react/icons/flame';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Medal from 'lucide-react/icons/medal';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useGameMenus } from '../games/api/get-game-menus.ts';
import { categoryInfo, vendorPath } from '../games/game-categories.ts';
import { NoticeBar } from '../notices/notice-bar.tsx';
import { JackpotTicker } from './jackpot-ticker.tsx';
import './home-page.css';

/**
 * Home (spec 2): the banner above (shell), the notice bar, the jackpot ticker, the game categories,
 * hot games and the winners list. There are no games and no rounds yet, so hot games and winners
 * say so; winners only ever come from real rounds (DESIGN.md).
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
      <div className="home-columns">
        <section aria-labelledby="home-hot">
          <h2 id="home-hot" className="section-title">
            {t('section_hot_games')}
          </h2>
          <EmptyState icon={Flame} title={t('empty_hot_games_title')} text={t('empty_hot_games_text')} />
        </section>
        <section aria-labelledby="home-winners">
          <h2 id="home-winners" className="section-title">
            {t('section_winners')}
          </h2>
          <EmptyState icon={Medal} title={t('empty_winners_title')} text={t('empty_winners_text')} />
        </section>
      </div>
    </Page>
  );
}
