import type { LotteryBet, LotteryGame, NumeroStatus } from '@khela/contract';
import type { PlayType, PrizeTier } from '@khela/contract/lottery-draw';

// The text keys the lottery reads from data (play types, tiers, weekdays, statuses), written out so
// that the catalogues' tests find them.

// The play types' names are the contract's table (shared with the back office, which shows the same
// market names): the catalogues' tests read it from there.
export { baoLoNameKeys, playTypeNameKeys } from '@khela/contract/lottery-names';

/** One line each on how the play type wins (docs/lottery.md has the full rules). */
export const playTypeHelpKeys: Record<PlayType, string> = {
  lo2: 'lottery_play_lo2_help',
  lo3: 'lottery_play_lo3_help',
  lo4: 'lottery_play_lo4_help',
  de: 'lottery_play_de_help',
  dau: 'lottery_play_dau_help',
  duoi: 'lottery_play_duoi_help',
  xien2: 'lottery_play_xien2_help',
  xien3: 'lottery_play_xien3_help',
  xien4: 'lottery_play_xien4_help',
  big_small: 'lottery_play_big_small_help',
  odd_even: 'lottery_play_odd_even_help',
  sum: 'lottery_play_sum_help',
  ba_cang: 'lottery_play_ba_cang_help',
  dau_g8: 'lottery_play_dau_g8_help',
  duoi_db: 'lottery_play_duoi_db_help',
  xiu_chu: 'lottery_play_xiu_chu_help',
};

export const choiceKeys: Readonly<Record<string, string>> = {
  big: 'lottery_choice_big',
  small: 'lottery_choice_small',
  odd: 'lottery_choice_odd',
  even: 'lottery_choice_even',
};

export const tierKeys: Record<PrizeTier, string> = {
  special: 'lottery_tier_special',
  first: 'lottery_tier_first',
  second: 'lottery_tier_second',
  third: 'lottery_tier_third',
  fourth: 'lottery_tier_fourth',
  fifth: 'lottery_tier_fifth',
  sixth: 'lottery_tier_sixth',
  seventh: 'lottery_tier_seventh',
  eighth: 'lottery_tier_eighth',
};

/** Spec 9 weekday values (Mon=2 … Sun=1) to their short names. */
export const weekdayKeys: Readonly<Record<number, string>> = {
  2: 'lottery_weekday_2',
  3: 'lottery_weekday_3',
  4: 'lottery_weekday_4',
  5: 'lottery_weekday_5',
  6: 'lottery_weekday_6',
  7: 'lottery_weekday_7',
  1: 'lottery_weekday_1',
};

export const betStatusKeys: Record<LotteryBet['status'], string> = {
  open: 'lottery_status_open',
  won: 'lottery_status_won',
  lost: 'lottery_status_lost',
  cancelled: 'lottery_status_cancelled',
  void: 'lottery_status_void',
};

export const numeroStatusKeys: Record<NumeroStatus, string> = {
  open: 'lottery_numero_open',
  locked: 'lottery_numero_locked',
  drawn: 'lottery_numero_drawn',
  settled: 'lottery_numero_settled',
  void: 'lottery_numero_void',
};

/** The lobby's menu tags (an unknown tag shows as itself). */
export const menuTagKeys: Readonly<Record<string, string>> = {
  FAST: 'lottery_tag_fast',
  NORTH: 'lottery_tag_north',
  CENTRAL: 'lottery_tag_central',
  SOUTH: 'lottery_tag_south',
};

/**
 * When a game draws, in the page's language (the server's `remark` is one English line): fast games
 * every N minutes, daily games at their time on every day or on their weekdays (spec 9 values).
 */
export function scheduleLineOf(
  game: Pick<LotteryGame, 'intervalSeconds' | 'drawTime' | 'drawDayOfWeek'>,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  if (game.intervalSeconds !== null) {
    return t('lottery_schedule_every', { count: Math.round(game.intervalSeconds / 60) });
  }
  const time = game.drawTime ?? '';
  const days = game.drawDayOfWeek
    .split(',')
    .map((value) => Number(value.trim()))
    .filter((value) => weekdayKeys[value] !== undefined);
  if (days.length === 7) return t('lottery_schedule_daily', { time });
  // Monday first, Sunday (1) last, as the weekday filter orders them.
  const ordered = [...days].sort((a, b) => ((a + 5) % 7) - ((b + 5) % 7));
  const names = ordered.map((value) => t(weekdayKeys[value] ?? ''));
  return t('lottery_schedule_days', { days: names.join(', '), time });
}

/** A hash shown short (first and last 8 hex digits); the whole one goes in a title. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}
