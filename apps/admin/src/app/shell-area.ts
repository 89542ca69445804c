import House from 'lucide-react/icons/house';
import ScrollText from 'lucide-react/icons/scroll-text';
import Users from 'lucide-react/icons/users';
import { lazyPage, type AdminArea } from './area.ts';

/** The shell's own pages: the home page first in the nav, operators and the audit trail last. */
export const shellStartArea: AdminArea = {
  id: 'shell',
  navEntries: [
    {
      path: '/',
      labelKey: 'shell_nav_home',
      permission: 'self',
      icon: House,
      page: lazyPage(() => import('./pages/home-page.tsx')),
    },
  ],
};

export const shellEndArea: AdminArea = {
  id: 'admin',
  labelKey: 'shell_nav_group_admin',
  navEntries: [
    {
      path: '/operators',
      labelKey: 'shell_nav_operators',
      permission: 'operators.manage',
      icon: Users,
      page: lazyPage(() => import('./pages/operators-page.tsx')),
    },
    {
      path: '/audit',
      labelKey: 'shell_nav_audit',
      permission: 'audit.read',
      icon: ScrollText,
      page: lazyPage(() => import('./pages/audit-page.tsx')),
    },
  ],
};
