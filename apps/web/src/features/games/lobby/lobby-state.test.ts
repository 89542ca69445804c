import { describe, expect, it } from 'vitest';
import {
  availableListTypes,
  classifyOptions,
  initialLobbyState,
  lobbyReducer,
  shownListType,
  type LobbyState,
} from './lobby-state.ts';

const filtered: LobbyState = {
  listType: 'all',
  vassalage: 'KHELA',
  search: 'tiger',
  classify: 'SC',
  minBet: '0.05',
};

describe('initialLobbyState', () => {
  it('opens on the hot list, or on a vendor when the URL names one', () => {
    expect(initialLobbyState(null)).toEqual({
      listType: 'hot',
      vassalage: null,
      search: '',
      classify: null,
      minBet: null,
    });
    expect(initialLobbyState('KHELA')).toMatchObject({ listType: 'all', vassalage: 'KHELA' });
  });
});

describe('lobbyReducer: spec 4 reset rules', () => {
  it('changing the vendor clears search, classify and min bet', () => {
    expect(lobbyReducer(filtered, { type: 'vendor', vassalage: 'OTHER' })).toEqual({
      listType: 'all',
      vassalage: 'OTHER',
      search: '',
      classify: null,
      minBet: null,
    });
  });

  it('changing the search clears vendor, classify and min bet (and trims)', () => {
    expect(lobbyReducer(filtered, { type: 'search', search: '  lotus ' })).toEqual({
      listType: 'all',
      vassalage: null,
      search: 'lotus',
      classify: null,
      minBet: null,
    });
  });

  it('changing the classify clears vendor, search and min bet', () => {
    expect(lobbyReducer(filtered, { type: 'classify', classify: 'AC' })).toEqual({
      listType: 'all',
      vassalage: null,
      search: '',
      classify: 'AC',
      minBet: null,
    });
  });

  it('changing the min bet clears vendor, search and classify', () => {
    expect(lobbyReducer(filtered, { type: 'minBet', minBet: '0.5' })).toEqual({
      listType: 'all',
      vassalage: null,
      search: '',
      classify: null,
      minBet: '0.5',
    });
  });

  it('a filter change leaves the hot, saved or recent list for the filtered one', () => {
    const hot = initialLobbyState(null);
    expect(lobbyReducer(hot, { type: 'classify', classify: 'SC' }).listType).toBe('all');
    expect(lobbyReducer({ ...hot, listType: 'fav' }, { type: 'vendor', vassalage: 'K' }).listType).toBe(
      'all',
    );
  });

  it('the same value again changes nothing (no new list, no refetch)', () => {
    expect(lobbyReducer(filtered, { type: 'minBet', minBet: '0.05' })).toBe(filtered);
    expect(lobbyReducer(filtered, { type: 'search', search: 'tiger ' })).toBe(filtered);
    expect(lobbyReducer(filtered, { type: 'listType', listType: 'all' })).toBe(filtered);
  });

  it('hot and recent keep the vendor and drop the other filters; saved drops every filter', () => {
    expect(lobbyReducer(filtered, { type: 'listType', listType: 'hot' })).toEqual({
      listType: 'hot',
      vassalage: 'KHELA',
      search: '',
      classify: null,
      minBet: null,
    });
    expect(lobbyReducer(filtered, { type: 'listType', listType: 'recent' })).toMatchObject({
      listType: 'recent',
      vassalage: 'KHELA',
      search: '',
    });
    expect(lobbyReducer(filtered, { type: 'listType', listType: 'fav' })).toEqual({
      listType: 'fav',
      vassalage: null,
      search: '',
      classify: null,
      minBet: null,
    });
  });
});

describe('what the lobby offers', () => {
  it('classify: SC, VP, JP, TG, AC, and BG only when the brand offers TY', () => {
    expect(classifyOptions(['BN', 'EN'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC']);
    expect(classifyOptions(['BN', 'EN', 'TY'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC', 'BG']);
  });

  it('hot only if any, saved and recent only when logged in', () => {
    expect(availableListTypes({ hasHotGames: true, isLoggedIn: true })).toEqual([
      'hot',
      'all',
      'fav',
      'recent',
    ]);
    expect(availableListTypes({ hasHotGames: false, isLoggedIn: false })).toEqual(['all']);
    expect(shownListType('hot', { isHotListEmpty: true, isLoggedIn: true })).toBe('all');
    expect(shownListType('hot', { isHotListEmpty: false, isLoggedIn: false })).toBe('hot');
    expect(shownListType('fav', { isHotListEmpty: false, isLoggedIn: false })).toBe('all');
    expect(shownListType('recent', { isHotListEmpty: false, isLoggedIn: true })).toBe('recent');
  });
});
