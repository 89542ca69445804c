import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OperatorPermission } from '@khela/contract';

/**
 * An area of the back office (issue 15): players, money, site, reports, and the shell's own
 * (home, operators, audit). Each area is `src/areas/<area>/index.ts` exporting one `AdminArea`,
 * listed once in `src/areas/index.ts`; its texts are `src/areas/<area>/texts.en.json` (keys
 * prefixed with the area), loaded by the shell without any registration.
 *
 * The shell shows an entry in the nav only when the operator's role has its permission (`self`:
 * every operator), and routes the address to its page: the entry whose path is the address or a
 * folder of it, the longest one winning (`/players` answers `/players/42` unless an entry
 * `/players/42`-like is more specific). The page reads the rest of the address with
 * `useLocation()` from `app/router.tsx`.
 */
export type NavPermission = OperatorPermission | 'self';

export interface AdminNavEntry {
  /** The page's path inside the app, starting with `/` (`/players`; the URL is `/admin/players`). */
  path: string;
  /** The nav label's text key (`players_nav_search`). */
  labelKey: string;
  /** What the operator's role needs to see and open it (the server checks every call anyway). */
  permission: NavPermission;
  /** The page, loaded when first opened: `lazyPage(() => import('./search-page.tsx'))`. */
  page: LazyExoticComponent<ComponentType>;
  /** A page reached by links only (a player's page): routed, not listed in the nav. */
  hidden?: boolean;
  /** An icon before the label (one lucide-react icon, imported by name). */
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

export interface AdminArea {
  /** `players`, `money`, `site`, `reports`, `shell`. */
  id: string;
  /** The nav group's heading (text key); none for the shell's own entries. */
  labelKey?: string;
  navEntries: readonly AdminNavEntry[];
}

/** A lazily loaded page module (its default export): one chunk per page. */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(load);
}
