import Activity from 'lucide-react/icons/activity';
import ChartColumn from 'lucide-react/icons/chart-column';
import { lazyPage, type AdminArea } from '../../app/area.ts';

/** Reports (GGR/NGR, money, players, agents) and the jobs & health page (issue 15, items 6 and 7). */
export const reportsArea: AdminArea = {
  id: 'reports',
  labelKey: 'reports_nav_group',
  navEntries: [
    {
      path: '/reports',
      labelKey: 'reports_nav_reports',
      permission: 'reports.read',
      page: lazyPage(() => import('./reports-page.tsx')),
      icon: ChartColumn,
    },
    {
      path: '/system',
      labelKey: 'reports_nav_system',
      permission: 'system.read',
      page: lazyPage(() => import('./system-page.tsx')),
      icon: Activity,
    },
  ],
};
