import type { Game, GameCategory, VendorCard } from '@khela/contract';
import { paths } from '../../../shared/config/paths.ts';

/**
 * The launch rules of spec 2, in one place and driven by the vendor and game records:
 *
 * - a game of type LOTT or ELOTT opens the lottery route (with its game code and play type);
 * - the vendor (or account type) TCG_LOTTO_VN opens the Vietnamese lottery route;
 * - a game flagged EXTERNAL_LOTTERY (the one lottery account type with its own site) is launched
 *   as a full-page redirect to the vendor's site;
 * - a game flagged VASSALAGE opens a popup list of its vendor's games;
 * - any other game launches through the launcher (login needed; a trial account plays with demo
 *   funds);
 * - vendor entries: a slot vendor opens /rng after storing the chosen vassalage; JILI_RNG opens the
 *   games route of provider JL; FACEBOOK opens an external link; a cockfight vendor launches its
 *   first game directly; other vendors open the games route of their category;
 * - category entries: lottery launches provider TCG_SEA (when connected), cockfight its first vendor.
 *
 * The vendors named here are third parties not connected in this build (docs/design.md): the rules are
 * kept as data so that their records, once they exist, behave as the spec says.
 */
export type LaunchAction =
  /** Navigate in the app; `storeVassalage` is remembered first (slot tabs, spec 2). */
  | { kind: 'route'; to: string; storeVassalage?: string }
  /** Open another site in a new tab. */
  | { kind: 'external'; url: string }
  /** Show the vendor's games in a popup list. */
  | { kind: 'vendorGames'; vassalage: string; gameType: GameCategory }
  /** Launch this game: /game (iframe or redirect as the server says) or /seamless (always a redirect). */
  | { kind: 'launch'; nodeId: number; page: 'game' | 'seamless' }
  /** Launch the first game of this vendor. */
  | { kind: 'launchFirst'; vassalage: string; gameType: GameCategory }
  /** Nothing to open (e.g. a link that is not configured). */
  | { kind: 'unavailable' };

/** What a launch rule needs of a game. */
export type LaunchableGame = Pick<
  Game,
  'nodeId' | 'vassalage' | 'gameType' | 'gameCode' | 'defaultPlayType' | 'launchFlags' | 'accountTypeName'
>;

type VendorEntryRule =
  | { kind: 'vnLottery' }
  | { kind: 'gamesRoute'; gameType: GameCategory; vassalage: string }
  | { kind: 'socialLink'; network: 'facebook' };

/** Spec 2 vendor-specific entries, by vassalage. */
export const vendorEntryRules: Readonly<Record<string, VendorEntryRule>> = {
  TCG_LOTTO_VN: { kind: 'vnLottery' },
  JILI_RNG: { kind: 'gamesRoute', gameType: 'RNG', vassalage: 'JL' },
  FACEBOOK: { kind: 'socialLink', network: 'facebook' },
};

/** Spec 2: "Lottery entry launches provider TCG_SEA". */
export const lotteryEntryVassalage = 'TCG_SEA';
const vnLotteryCode = 'TCG_LOTTO_VN';

export interface LaunchContext {
  /** The brand's social links (whitelabel.social), for the FACEBOOK entry. */
  social: readonly { network: string; url: string }[];
}

function isVnLottery(record: { vassalage: string; accountTypeName?: string }): boolean {
  return record.vassalage === vnLotteryCode || record.accountTypeName === vnLotteryCode;
}

/** What a click on a game tile does. */
export function gameAction(game: LaunchableGame): LaunchAction {
  if (isVnLottery(game)) return { kind: 'route', to: paths.vnLottery(game.gameCode) };
  if (game.gameType === 'LOTT' || game.gameType === 'ELOTT')
    return {
      kind: 'route',
      to: paths.lottery({ gameCode: game.gameCode, playType: game.defaultPlayType ?? undefined }),
    };
  if (game.launchFlags.includes('VASSALAGE'))
    return { kind: 'vendorGames', vassalage: game.vassalage, gameType: game.gameType };
  if (game.launchFlags.includes('EXTERNAL_LOTTERY'))
    return { kind: 'launch', nodeId: game.nodeId, page: 'seamless' };
  return { kind: 'launch', nodeId: game.nodeId, page: 'game' };
}

/** What a click on a vendor (header dropdown, vendor tiles) does. */
export function vendorAction(
  vendor: Pick<VendorCard, 'vassalage' | 'gameType'>,
  context: LaunchContext,
): LaunchAction {
  const rule = vendorEntryRules[vendor.vassalage];
  if (rule) {
    switch (rule.kind) {
      case 'vnLottery':
        return { kind: 'route', to: paths.vnLottery() };
      case 'gamesRoute':
        return { kind: 'route', to: paths.games(rule.gameType, 'vassalage', rule.vassalage) };
      case 'socialLink': {
        const link = context.social.find((entry) => entry.network === rule.network);
        return link ? { kind: 'external', url: link.url } : { kind: 'unavailable' };
      }
      default: {
        const unknown: never = rule;
        return unknown;
      }
    }
  }
  switch (vendor.gameType) {
    case 'RNG':
      return { kind: 'route', to: paths.rng(vendor.vassalage), storeVassalage: vendor.vassalage };
    case 'LOTT':
      return { kind: 'route', to: paths.lottery() };
    case 'COCKFIGHT':
      return { kind: 'launchFirst', vassalage: vendor.vassalage, gameType: 'COCKFIGHT' };
    case 'ELOTT':
    case 'LIVE':
    case 'SPORTS':
    case 'FISH':
    case 'PVP':
    case 'ESPORTS':
      return { kind: 'route', to: paths.games(vendor.gameType, 'vassalage', vendor.vassalage) };
    default: {
      const unknown: never = vendor.gameType;
      return unknown;
    }
  }
}

/** Category lobby routes (spec 2): the games lobby of every category but lottery and cockfight. */
const categoryRoutes: Record<GameCategory, string | null> = {
  LOTT: paths.lottery(),
  ELOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: paths.rng(),
  PVP: '/pvp',
  ESPORTS: '/esports',
  COCKFIGHT: null,
};

/** What entering a category does (a category link with its vendors from the game menu). */
export function categoryAction(
  category: GameCategory,
  vendors: readonly Pick<VendorCard, 'vassalage' | 'gameType'>[],
): LaunchAction {
  if (category === 'LOTT') {
    const sea = vendors.find((vendor) => vendor.vassalage === lotteryEntryVassalage);
    if (sea) return { kind: 'launchFirst', vassalage: sea.vassalage, gameType: 'LOTT' };
  }
  if (category === 'COCKFIGHT') {
    const first = vendors[0];
    return first
      ? { kind: 'launchFirst', vassalage: first.vassalage, gameType: 'COCKFIGHT' }
      : { kind: 'unavailable' };
  }
  const to = categoryRoutes[category];
  return to ? { kind: 'route', to } : { kind: 'unavailable' };
}

/** An in-app path for a vendor, for plain links (footer, side menu, banners): the route rules only. */
export function vendorRoute(vendor: Pick<VendorCard, 'vassalage' | 'gameType'>): string {
  const action = vendorAction(vendor, { social: [] });
  if (action.kind === 'route') return action.to;
  return paths.games(vendor.gameType, 'vassalage', vendor.vassalage);
}
