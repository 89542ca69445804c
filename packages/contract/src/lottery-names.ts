import type { LotteryRegion, PlayType } from './lottery-draw.ts';

/**
 * The market's names of the play types (docs/lottery.md "Play types"), as text keys of the member
 * site's catalogues (apps/web/src/locales: `lottery_play_lo2` → "Lô 2 số", "লো ২ সংখ্যা" …): one
 * table for the member site and the back office, which shows the same names (its build reads
 * those keys' texts from the site's catalogues, apps/admin/market-names.ts).
 */
export const playTypeNameKeys: Record<PlayType, string> = {
  lo2: 'lottery_play_lo2',
  lo3: 'lottery_play_lo3',
  lo4: 'lottery_play_lo4',
  de: 'lottery_play_de',
  dau: 'lottery_play_dau',
  duoi: 'lottery_play_duoi',
  xien2: 'lottery_play_xien2',
  xien3: 'lottery_play_xien3',
  xien4: 'lottery_play_xien4',
  big_small: 'lottery_play_big_small',
  odd_even: 'lottery_play_odd_even',
  sum: 'lottery_play_sum',
  ba_cang: 'lottery_play_ba_cang',
  dau_g8: 'lottery_play_dau_g8',
  duoi_db: 'lottery_play_duoi_db',
  xiu_chu: 'lottery_play_xiu_chu',
};

/** Lô as the centre's and south's market names it: bao lô (docs/lottery.md "Play types"). */
export const baoLoNameKeys: Partial<Record<PlayType, string>> = {
  lo2: 'lottery_play_bao_lo2',
  lo3: 'lottery_play_bao_lo3',
  lo4: 'lottery_play_bao_lo4',
};

/**
 * The text key of a play type's name; with the game's region, the name the region's market uses
 * (lô is bao lô in the centre and south).
 */
export function playTypeNameKey(playType: PlayType, region?: LotteryRegion): string {
  const southern = region === 'central' || region === 'south';
  return (southern ? baoLoNameKeys[playType] : undefined) ?? playTypeNameKeys[playType];
}

/** Every key of a play type's name, whatever the region. */
export const playTypeNameKeyList: readonly string[] = [
  ...Object.values(playTypeNameKeys),
  ...Object.values(baoLoNameKeys),
];
