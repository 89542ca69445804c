import { Link, NavLink } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import House from 'lucide-react/icons/house';
import Gift from 'lucide-react/icons/gift';
import Menu from 'lucide-react/icons/menu';
import { AccountMenu, AuthButtons, Balance, RankBadge } from '../../features/account/index.ts';
import { useGameMenus, CategoryNav } from '../../features/games/index.ts';
import { LanguageMenu, ThemeSwitch } from '../../features/preferences/index.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { paths } from '../../shared/config/paths.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { selectIsLoggedIn, useSessionStore } from '../../shared/stores/session-store.ts';
import './header.css';

/**
 * Header (spec 2): logo, home, the categories that have vendors, and either the log-in and register
 * buttons or the balance and account menu. On phones it collapses to menu button, logo and
 * log-in/balance; navigation moves to the side menu and the bottom bar.
 */
export function Header() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { data: menus = [] } = useGameMenus();
  const isLoggedIn = useSessionStore(selectIsLoggedIn);
  const setSideMenuOpen = useOverlayStore((state) => state.setSideMenuOpen);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <button
          type="button"
          className="site-header__menu icon-button"
          aria-label={t('label_menu')}
          onClick={() => setSideMenuOpen(true)}
        >
          <Menu size={24} aria-hidden="true" />
        </button>
        <Link className="site-header__logo" to={paths.home}>
          <img src={brand.logoUrl} alt={brand.brandName} width={132} height={36} />
        </Link>
        <div className="site-header__actions">
          {isLoggedIn ? (
            <>
              <RankBadge />
              <Balance currencySymbol={brand.currencySymbol} />
              <span className="site-header__wide-only">
                <AccountMenu features={brand.features} />
              </span>
            </>
          ) : (
            <AuthButtons />
          )}
          <span className="site-header__wide-only">
            <LanguageMenu languages={brand.languages} />
          </span>
          <span className="site-header__wide-only">
            <ThemeSwitch />
          </span>
        </div>
      </div>
      <nav className="main-nav" aria-label={t('label_main_navigation')}>
        <ul className="main-nav__list">
          <li>
            <NavLink className="main-nav__link" to={paths.home}>
              <House size={18} aria-hidden="true" />
              <span>{t('nav_home')}</span>
            </NavLink>
          </li>
          <CategoryNav menus={menus} />
          <li>
            <NavLink className="main-nav__link" to={paths.promotions}>
              <Gift size={18} aria-hidden="true" />
              <span>{t('nav_promotions')}</span>
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
