import type { OperatorPermission } from '@khela/contract';
import type { AdminArea, AdminNavEntry, NavPermission } from './area.ts';
import { pathMatches } from './router.tsx';

export function allows(permissions: readonly OperatorPermission[], permission: NavPermission): boolean {
  return permission === 'self' || permissions.includes(permission);
}

export interface FoundRoute {
  area: AdminArea;
  entry: AdminNavEntry;
}

/** The entry that answers `pathname`: the longest path that is it or a folder of it. */
export function findRoute(areas: readonly AdminArea[], pathname: string): FoundRoute | null {
  let found: FoundRoute | null = null;
  for (const area of areas) {
    for (const entry of area.navEntries) {
      if (!pathMatches(entry.path, pathname)) continue;
      if (!found || entry.path.length > found.entry.path.length) found = { area, entry };
    }
  }
  return found;
}

/** The areas with only the visible entries this operator may open (areas left empty are dropped). */
export function navFor(areas: readonly AdminArea[], permissions: readonly OperatorPermission[]): AdminArea[] {
  return areas
    .map((area) => ({
      ...area,
      navEntries: area.navEntries.filter((entry) => !entry.hidden && allows(permissions, entry.permission)),
    }))
    .filter((area) => area.navEntries.length > 0);
}
