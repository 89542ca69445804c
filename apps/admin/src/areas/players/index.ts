import UserSearch from 'lucide-react/icons/user-search';
import { lazyPage, type AdminArea } from '../../app/area.ts';

/**
 * Players and agents (issue 15, item 3): the search (`/players?by=username&q=…`) and a member's
 * page (`/players/<id>`), one page module that reads the address.
 */
export const playersArea: AdminArea = {
  id: 'players',
  labelKey: 'players_nav_group',
  navEntries: [
    {
      path: '/players',
      labelKey: 'players_nav_search',
      permission: 'players.read',
      icon: UserSearch,
      page: lazyPage(() => import('./players-page.tsx')),
    },
  ],
};
