import { NavLink } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import CircleHelp from 'lucide-react/icons/circle-help';
import Crown from 'lucide-react/icons/crown';
import Download from 'lucide-react/icons/download';
import Gift from 'lucide-react/icons/gift';
import House from 'lucide-react/icons/house';
import Medal from 'lucide-react/icons/medal';
import Megaphone from 'lucide-react/icons/megaphone';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { AuthButtons, LogoutButton } from '../../features/account/index.ts';
import { useGameMenus, categoryInfo, vendorPath } from '../../features/games/index.ts';
import { LanguageMenu, ThemeSwitch } from '../../features/preferences/index.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { paths } from '../../shared/config/paths.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { selectIsLoggedIn, useSessionStore } from '../../shared/stores/session-store.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import './side-menu.css';

/**
 * The side menu (spec 2): on phones it carries the navigation, language and theme, and for a member
 * the way out (the header's account menu is not shown below 768 px).
 */
export function SideMenu() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { data: menus = [] } = useGameMenus();
  const isLoggedIn = useSessionStore(selectIsLoggedIn);
  const username = useSessionStore((state) => state.username);
  const isOpen = useOverlayStore((state) => state.sideMenuOpen);
  const setSideMenuOpen = useOverlayStore((state) => state.setSideMenuOpen);
  const close = () => setSideMenuOpen(false);

  const categories = menus
    .filter((menu) => menu.vendors.length > 0)
    .map((menu) => {
      const info = categoryInfo[menu.category];
      const firstVendor = menu.vendors[0];
      const to = info.path ?? (firstVendor ? vendorPath(menu.category, firstVendor.vassalage) : paths.home);
      return { key: menu.category, to, labelKey: info.labelKey, icon: info.icon };
    });

  const links = [
    { key: 'home', to: paths.home, labelKey: 'nav_home', icon: House },
    ...categories,
    { key: 'promotions', to: paths.promotions, labelKey: 'nav_promotions', icon: Gift },
    { key: 'point-mall', to: paths.pointMall, labelKey: 'page_point_mall', icon: ShoppingBag },
    { key: 'notices', to: paths.notices, labelKey: 'page_notices', icon: Megaphone },
    { key: 'deposit-rank', to: paths.depositRank, labelKey: 'page_deposit_rank', icon: Crown },
    { key: 'bet-rank', to: paths.betRank, labelKey: 'page_bet_rank', icon: Medal },
    { key: 'help', to: paths.help(), labelKey: 'page_help', icon: CircleHelp },
    { key: 'download', to: paths.download, labelKey: 'page_download', icon: Download },
  ];

  return (
    <Modal
      open={isOpen}
      onClose={close}
      variant="drawer"
      title={t('label_menu')}
      closeLabel={t('action_close')}
    >
      <div className="side-menu">
        {isLoggedIn ? (
          <div className="side-menu__account">
            {username ? <span className="side-menu__username">{username}</span> : null}
            <LogoutButton className="button button--ghost button--small side-menu__logout" />
          </div>
        ) : (
          <div className="side-menu__auth" onClickCapture={close}>
            <AuthButtons />
          </div>
        )}
        <nav aria-label={t('label_main_navigation')}>
          <ul className="side-menu__links">
            {links.map((link) => {
              const Icon = link.icon;
              return (
                <li key={link.key}>
                  <NavLink className="side-menu__link" to={link.to} onClick={close}>
                    <Icon size={20} aria-hidden="true" />
                    <span>{t(link.labelKey)}</span>
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="side-menu__preferences">
          <LanguageMenu languages={brand.languages} align="start" />
          <ThemeSwitch showLabel />
        </div>
      </div>
    </Modal>
  );
}
