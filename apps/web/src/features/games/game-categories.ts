import type { ComponentType, SVGProps } from 'react';
import type { GameCategory } from '@khela/contract';
import Bird from 'lucide-react/icons/bird';
import Cherry from 'lucide-react/icons/cherry';
import Dices from 'lucide-react/icons/dices';
import Fish from 'lucide-react/icons/fish';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Spade from 'lucide-react/icons/spade';
import Ticket from 'lucide-react/icons/ticket';
import Trophy from 'lucide-react/icons/trophy';
import Tv from 'lucide-react/icons/tv';
import { paths } from '../../shared/config/paths.ts';

type Icon = ComponentType<
  SVGProps<SVGSVGElement> & { size?: number | string; strokeWidth?: number | string }
>;

interface CategoryInfo {
  labelKey: string;
  icon: Icon;
  /** The category's lobby route, or null when entry goes straight to a vendor (cockfight, spec 2). */
  path: string | null;
}

/** Spec 2 category labels: lottery, live, sports, fish, slots, poker, e-sports, cockfight. */
export const categoryInfo: Record<GameCategory, CategoryInfo> = {
  LOTT: { labelKey: 'category_lottery', icon: Ticket, path: paths.lottery() },
  ELOTT: { labelKey: 'category_elott', icon: Dices, path: '/elott' },
  LIVE: { labelKey: 'category_live', icon: Tv, path: '/live' },
  SPORTS: { labelKey: 'category_sports', icon: Trophy, path: '/sports' },
  FISH: { labelKey: 'category_fish', icon: Fish, path: '/fish' },
  RNG: { labelKey: 'category_slots', icon: Cherry, path: paths.rng() },
  PVP: { labelKey: 'category_poker', icon: Spade, path: '/pvp' },
  ESPORTS: { labelKey: 'category_esports', icon: Gamepad2, path: '/esports' },
  COCKFIGHT: { labelKey: 'category_cockfight', icon: Bird, path: null },
};

/** The category routes that share one lobby page (spec 2 "game-category route"). */
export const categoryRoutes = {
  fish: 'FISH',
  pvp: 'PVP',
  live: 'LIVE',
  sports: 'SPORTS',
  esports: 'ESPORTS',
  elott: 'ELOTT',
} as const satisfies Record<string, GameCategory>;
export type CategoryRouteSegment = keyof typeof categoryRoutes;

export function categoryOfSegment(segment: string): GameCategory | null {
  return Object.hasOwn(categoryRoutes, segment) ? categoryRoutes[segment as CategoryRouteSegment] : null;
}

/**
 * Where a vendor of the menu leads as a plain link (footer, side menu, banners, home): the route part
 * of the launch rules of spec 2, kept here small because the home route loads it; the rules that are
 * not routes (cockfight, external links) take effect where the launcher runs. `launch-rules.test.ts`
 * checks that both agree.
 */
export function vendorPath(category: GameCategory, vassalage: string): string {
  if (vassalage === 'JILI_RNG') return paths.games('RNG', 'vassalage', 'JL');
  if (vassalage === 'TCG_LOTTO_VN') return paths.vnLottery();
  if (category === 'RNG') return paths.rng(vassalage);
  if (category === 'LOTT') return paths.lottery();
  return paths.games(category, 'vassalage', vassalage);
}

/** Spec 9: the header dropdown shows up to 11 vendors, then a more button. */
export const vendorDropdownLimit = 11;
/** Spec 2: the vendor row is not centred once it has 6 vendors or more. */
export const vendorCentreBelow = 6;
/** Spec 2: the vendor row gets arrows when it has more than 7 vendors. */
export const vendorArrowsAbove = 7;

/** How the header dropdown lays out a category's vendors (spec 2 page shell). */
export function vendorDropdownLayout(vendorCount: number) {
  return {
    shown: Math.min(vendorCount, vendorDropdownLimit),
    hasMore: vendorCount > vendorDropdownLimit,
    isCentred: vendorCount < vendorCentreBelow,
    hasArrows: vendorCount > vendorArrowsAbove,
  };
}
