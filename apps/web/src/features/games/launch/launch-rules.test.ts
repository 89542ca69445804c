import { describe, expect, it } from 'vitest';
import type { GameCategory } from '@khela/contract';
import { vendorPath } from '../game-categories.ts';
import {
  categoryAction,
  gameAction,
  vendorAction,
  vendorRoute,
  type LaunchableGame,
} from './launch-rules.ts';

function game(overrides: Partial<LaunchableGame> = {}): LaunchableGame {
  return {
    nodeId: 7,
    vassalage: 'KHELA',
    gameType: 'RNG',
    gameCode: 'video5x3',
    defaultPlayType: null,
    launchFlags: [],
    accountTypeName: 'Khela Originals',
    ...overrides,
  };
}
const vendor = (vassalage: string, gameType: GameCategory) => ({ vassalage, gameType });
const noSocial = { social: [] };

describe('gameAction (a game tile)', () => {
  it('launches an ordinary game through the launcher on /game', () => {
    expect(gameAction(game())).toEqual({ kind: 'launch', nodeId: 7, page: 'game' });
    expect(gameAction(game({ gameType: 'LIVE', launchFlags: ['RNG_TABLE'] }))).toEqual({
      kind: 'launch',
      nodeId: 7,
      page: 'game',
    });
  });

  it('opens the lottery route for LOTT and ELOTT games, with code and play type', () => {
    expect(gameAction(game({ gameType: 'LOTT', gameCode: 'SEA5', defaultPlayType: 'BIG' }))).toEqual({
      kind: 'route',
      to: '/lottery?gameCode=SEA5&playType=BIG',
    });
    expect(gameAction(game({ gameType: 'ELOTT', gameCode: 'E1' }))).toEqual({
      kind: 'route',
      to: '/lottery?gameCode=E1',
    });
  });

  it('opens the Vietnamese lottery for the TCG_LOTTO_VN vendor or account type', () => {
    expect(gameAction(game({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameCode: 'VN1' }))).toEqual({
      kind: 'route',
      to: '/vnlottery?gameCode=VN1',
    });
    expect(gameAction(game({ accountTypeName: 'TCG_LOTTO_VN', gameCode: 'VN2' }))).toEqual({
      kind: 'route',
      to: '/vnlottery?gameCode=VN2',
    });
  });

  it('opens the popup list of the vendor for a game flagged VASSALAGE', () => {
    expect(gameAction(game({ launchFlags: ['VASSALAGE'], gameType: 'FISH', vassalage: 'SEA' }))).toEqual({
      kind: 'vendorGames',
      vassalage: 'SEA',
      gameType: 'FISH',
    });
  });

  it('sends the one external lottery to the vendor site as a full page (/seamless)', () => {
    expect(gameAction(game({ launchFlags: ['EXTERNAL_LOTTERY'] }))).toEqual({
      kind: 'launch',
      nodeId: 7,
      page: 'seamless',
    });
  });
});

describe('vendorAction (a vendor in the header or a lobby)', () => {
  it('opens /rng with the vendor stored first for a slot vendor', () => {
    expect(vendorAction(vendor('KHELA', 'RNG'), noSocial)).toEqual({
      kind: 'route',
      to: '/rng?page=KHELA',
      storeVassalage: 'KHELA',
    });
  });

  it('opens the games route of JL for JILI_RNG', () => {
    expect(vendorAction(vendor('JILI_RNG', 'RNG'), noSocial)).toEqual({
      kind: 'route',
      to: '/games/RNG/vassalage/JL',
    });
  });

  it('opens the Vietnamese lottery for TCG_LOTTO_VN and the lottery for other lottery vendors', () => {
    expect(vendorAction(vendor('TCG_LOTTO_VN', 'LOTT'), noSocial)).toEqual({
      kind: 'route',
      to: '/vnlottery',
    });
    expect(vendorAction(vendor('TCG_SEA', 'LOTT'), noSocial)).toEqual({ kind: 'route', to: '/lottery' });
  });

  it('opens the brand facebook link for FACEBOOK, or says it is unavailable without one', () => {
    expect(
      vendorAction(vendor('FACEBOOK', 'SPORTS'), {
        social: [{ network: 'facebook', url: 'https://fb.example/k' }],
      }),
    ).toEqual({ kind: 'external', url: 'https://fb.example/k' });
    expect(vendorAction(vendor('FACEBOOK', 'SPORTS'), noSocial)).toEqual({ kind: 'unavailable' });
  });

  it('launches the first game of a cockfight vendor directly', () => {
    expect(vendorAction(vendor('DS88', 'COCKFIGHT'), noSocial)).toEqual({
      kind: 'launchFirst',
      vassalage: 'DS88',
      gameType: 'COCKFIGHT',
    });
  });

  it('opens the games route of their category for other vendors', () => {
    expect(vendorAction(vendor('KHELA_LIVE', 'LIVE'), noSocial)).toEqual({
      kind: 'route',
      to: '/games/LIVE/vassalage/KHELA_LIVE',
    });
    expect(vendorAction(vendor('AV', 'ESPORTS'), noSocial)).toEqual({
      kind: 'route',
      to: '/games/ESPORTS/vassalage/AV',
    });
  });
});

describe('categoryAction and vendorRoute', () => {
  it('lottery entry launches TCG_SEA when connected, else opens the lottery route', () => {
    expect(categoryAction('LOTT', [vendor('TCG_SEA', 'LOTT')])).toEqual({
      kind: 'launchFirst',
      vassalage: 'TCG_SEA',
      gameType: 'LOTT',
    });
    expect(categoryAction('LOTT', [])).toEqual({ kind: 'route', to: '/lottery' });
  });

  it('cockfight entry launches its first vendor; other categories open their lobby', () => {
    expect(categoryAction('COCKFIGHT', [vendor('DS88', 'COCKFIGHT')])).toMatchObject({ kind: 'launchFirst' });
    expect(categoryAction('COCKFIGHT', [])).toEqual({ kind: 'unavailable' });
    expect(categoryAction('FISH', [])).toEqual({ kind: 'route', to: '/fish' });
    expect(categoryAction('RNG', [])).toEqual({ kind: 'route', to: '/rng' });
  });

  it('gives plain links the route of a vendor, the games route when the rule is not a route', () => {
    expect(vendorRoute(vendor('KHELA', 'RNG'))).toBe('/rng?page=KHELA');
    expect(vendorRoute(vendor('DS88', 'COCKFIGHT'))).toBe('/games/COCKFIGHT/vassalage/DS88');
  });

  it('agrees with the plain links of the menu (vendorPath) for every route rule', () => {
    const vendors = [
      vendor('KHELA', 'RNG'),
      vendor('JILI_RNG', 'RNG'),
      vendor('TCG_LOTTO_VN', 'LOTT'),
      vendor('TCG_SEA', 'LOTT'),
      vendor('KHELA_LIVE', 'LIVE'),
      vendor('E1', 'ELOTT'),
      vendor('DS88', 'COCKFIGHT'),
      vendor('FACEBOOK', 'SPORTS'),
    ];
    for (const entry of vendors)
      expect(vendorPath(entry.gameType, entry.vassalage), entry.vassalage).toBe(vendorRoute(entry));
  });
});
