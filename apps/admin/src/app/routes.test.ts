import { describe, expect, it } from 'vitest';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { AdminArea } from './area.ts';
import { findRoute, navFor } from './routes.ts';

const page = {} as LazyExoticComponent<ComponentType>;
const areas: AdminArea[] = [
  { id: 'shell', navEntries: [{ path: '/', labelKey: 'home', permission: 'self', page }] },
  {
    id: 'players',
    labelKey: 'players',
    navEntries: [
      { path: '/players', labelKey: 'search', permission: 'players.read', page },
      { path: '/players/notes', labelKey: 'notes', permission: 'players.notes', page, hidden: true },
    ],
  },
  { id: 'money', navEntries: [{ path: '/money', labelKey: 'money', permission: 'money.read', page }] },
];

describe('routing and nav of the areas', () => {
  it('answers an address with the longest entry that is it or a folder of it', () => {
    expect(findRoute(areas, '/')?.entry.labelKey).toBe('home');
    expect(findRoute(areas, '/players')?.entry.labelKey).toBe('search');
    expect(findRoute(areas, '/players/42')?.entry.labelKey).toBe('search');
    expect(findRoute(areas, '/players/notes/7')?.entry.labelKey).toBe('notes');
    expect(findRoute(areas, '/playersx')).toBeNull();
    expect(findRoute(areas, '/nowhere')).toBeNull();
  });

  it("lists only the visible entries the role's permissions allow, dropping empty areas", () => {
    const nav = navFor(areas, ['players.read', 'players.notes']);
    expect(nav.map((area) => area.id)).toEqual(['shell', 'players']);
    expect(nav[1]!.navEntries.map((entry) => entry.path)).toEqual(['/players']);
  });
});
