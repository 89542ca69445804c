import BadgePercent from 'lucide-react/icons/badge-percent';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Gift from 'lucide-react/icons/gift';
import Image from 'lucide-react/icons/image';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Megaphone from 'lucide-react/icons/megaphone';
import Settings from 'lucide-react/icons/settings';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import Ticket from 'lucide-react/icons/ticket';
import Crown from 'lucide-react/icons/crown';
import { lazyPage, type AdminArea } from '../../app/area.ts';

/**
 * The site (issue 15, item 5): banners, announcements and the notice bar, help and footer pages,
 * promotions (their bonuses and raffles), loyalty points' rates, games and vendors, the brand settings and feature flags,
 * maintenance and regions.
 * Every page reads with content.read; the buttons that change something show for the permission
 * that allows it (content.write, games.manage, settings.write), and the server checks every call.
 */
export const siteArea: AdminArea = {
  id: 'site',
  labelKey: 'site_nav_group',
  navEntries: [
    {
      path: '/site/banners',
      labelKey: 'site_nav_banners',
      permission: 'content.read',
      icon: Image,
      page: lazyPage(() => import('./banners-page.tsx')),
    },
    {
      path: '/site/announcements',
      labelKey: 'site_nav_announcements',
      permission: 'content.read',
      icon: Megaphone,
      page: lazyPage(() => import('./announcements-page.tsx')),
    },
    {
      path: '/site/help',
      labelKey: 'site_nav_help',
      permission: 'content.read',
      icon: LifeBuoy,
      page: lazyPage(() => import('./help-page.tsx')),
    },
    {
      path: '/site/promotions',
      labelKey: 'site_nav_promotions',
      permission: 'content.read',
      icon: Gift,
      page: lazyPage(() => import('./promotions-page.tsx')),
    },
    {
      path: '/site/bonuses',
      labelKey: 'site_nav_bonuses',
      permission: 'content.read',
      icon: BadgePercent,
      page: lazyPage(() => import('./bonuses-page.tsx')),
    },
    {
      path: '/site/raffles',
      labelKey: 'site_nav_raffles',
      permission: 'content.read',
      icon: Ticket,
      page: lazyPage(() => import('./raffles-page.tsx')),
    },
    {
      path: '/site/loyalty',
      labelKey: 'site_nav_loyalty',
      permission: 'content.read',
      // The bonuses' icon again: every icon of its own adds to the back office's entry script.
      icon: BadgePercent,
      page: lazyPage(() => import('./loyalty-page.tsx')),
    },
    {
      path: '/site/vip',
      labelKey: 'site_nav_vip',
      permission: 'content.read',
      icon: Crown,
      page: lazyPage(() => import('./vip-page.tsx')),
    },
    {
      path: '/site/games',
      labelKey: 'site_nav_games',
      permission: 'content.read',
      icon: Gamepad2,
      page: lazyPage(() => import('./games-page.tsx')),
    },
    {
      path: '/site/settings',
      labelKey: 'site_nav_settings',
      permission: 'content.read',
      icon: Settings,
      page: lazyPage(() => import('./settings-page.tsx')),
    },
    {
      path: '/site/maintenance',
      labelKey: 'site_nav_maintenance',
      permission: 'content.read',
      icon: ShieldAlert,
      page: lazyPage(() => import('./maintenance-page.tsx')),
    },
  ],
};
