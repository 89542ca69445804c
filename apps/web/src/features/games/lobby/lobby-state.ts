import type { LanguageCode, SlotClassify } from '@khela/contract';
import { slotClassifies } from './constants.ts';

/**
 * The slot lobby's state (spec 2 game lobbies, 4 slot list type, 5 filters) as a pure reducer.
 *
 * - List types: hot (the cached hot list, no paging), all (the vendor and filter list), fav (saved
 *   games) and recent (latest launches); fav and recent need a logged-in member.
 * - Changing the vendor, the search, the classify or the min bet starts a new list at page 1 of 21
 *   and clears the other filters (spec 4); the list becomes the filtered one ("all").
 * - Choosing hot or recent keeps the vendor (both lists can be narrowed to one vendor) and clears
 *   the other filters, which those lists do not take; choosing fav clears every filter.
 */
export type ListType = 'hot' | 'all' | 'fav' | 'recent';

export interface LobbyState {
  listType: ListType;
  vassalage: string | null;
  search: string;
  classify: SlotClassify | null;
  minBet: string | null;
}

export type LobbyAction =
  | { type: 'vendor'; vassalage: string | null }
  | { type: 'search'; search: string }
  | { type: 'classify'; classify: SlotClassify | null }
  | { type: 'minBet'; minBet: string | null }
  | { type: 'listType'; listType: ListType };

const noFilters = { vassalage: null, search: '', classify: null, minBet: null } as const;

/** A lobby opened on a vendor (/rng?page=…) shows that vendor's games; otherwise the hot list first. */
export function initialLobbyState(vassalage: string | null): LobbyState {
  return vassalage ? { ...noFilters, listType: 'all', vassalage } : { ...noFilters, listType: 'hot' };
}

export function lobbyReducer(state: LobbyState, action: LobbyAction): LobbyState {
  switch (action.type) {
    case 'vendor':
      if (action.vassalage === state.vassalage && state.listType === 'all') return state;
      return { ...noFilters, listType: 'all', vassalage: action.vassalage };
    case 'search': {
      const search = action.search.trim();
      if (search === state.search && state.listType === 'all') return state;
      return { ...noFilters, listType: 'all', search };
    }
    case 'classify':
      if (action.classify === state.classify && state.listType === 'all') return state;
      return { ...noFilters, listType: 'all', classify: action.classify };
    case 'minBet':
      if (action.minBet === state.minBet && state.listType === 'all') return state;
      return { ...noFilters, listType: 'all', minBet: action.minBet };
    case 'listType':
      if (action.listType === state.listType) return state;
      switch (action.listType) {
        case 'hot':
        case 'recent':
          return { ...noFilters, listType: action.listType, vassalage: state.vassalage };
        case 'fav':
          return { ...noFilters, listType: 'fav' };
        case 'all':
          return { ...state, listType: 'all' };
        default: {
          const unknown: never = action.listType;
          return unknown;
        }
      }
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/** Spec 5: SC, VP, JP, TG, AC, plus BG only when the brand offers the language TY. */
export function classifyOptions(languages: readonly LanguageCode[]): SlotClassify[] {
  return slotClassifies.filter((classify) => classify !== 'BG' || languages.includes('TY'));
}

/** The list types the visitor can pick: hot only when there are hot games, fav and recent only when logged in. */
export function availableListTypes(options: { hasHotGames: boolean; isLoggedIn: boolean }): ListType[] {
  return [
    ...(options.hasHotGames ? (['hot'] as const) : []),
    'all' as const,
    ...(options.isLoggedIn ? (['fav', 'recent'] as const) : []),
  ];
}

/**
 * The list actually shown: hot falls back to all once the hot list turned out empty, saved and
 * recent fall back to all for a visitor (e.g. after logging out in another tab).
 */
export function shownListType(
  listType: ListType,
  options: { isHotListEmpty: boolean; isLoggedIn: boolean },
): ListType {
  if (listType === 'hot' && options.isHotListEmpty) return 'all';
  if ((listType === 'fav' || listType === 'recent') && !options.isLoggedIn) return 'all';
  return listType;
}
