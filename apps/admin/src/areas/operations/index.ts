import Dices from 'lucide-react/icons/dices';
import Handshake from 'lucide-react/icons/handshake';
import { lazyPage, type AdminArea } from '../../app/area.ts';

/**
 * Operations of later features (issue 15, item 8): the lottery's odds and the voiding of a draw
 * (issue 13), and the top agents' contracts with the platform (issue 14).
 */
export const operationsArea: AdminArea = {
  id: 'operations',
  labelKey: 'operations_nav_group',
  navEntries: [
    {
      path: '/lottery',
      labelKey: 'operations_nav_lottery',
      permission: 'reports.read',
      icon: Dices,
      page: lazyPage(() => import('./lottery-page.tsx')),
    },
    {
      path: '/agent-contracts',
      labelKey: 'operations_nav_contracts',
      permission: 'agents.contracts',
      icon: Handshake,
      page: lazyPage(() => import('./contracts-page.tsx')),
    },
  ],
};
