import type { LotteryGame } from '@khela/contract';

/** The lobby's lists besides the menu tags (spec 2 lottery lobby: hot, fav and recent). */
export const lotteryListTabs = ['HOT', 'FAV', 'RECENT'] as const;
export type LotteryListTab = (typeof lotteryListTabs)[number];

/** Spec 2: the tab strip shows arrows when it has more than 4 tabs. */
export const tabArrowsAfter = 4;

export interface LobbyFilter {
  /** Spec 9 weekday value (Mon=2 … Sun=1), or null for All. */
  weekday: number | null;
  /** The name search, as typed (already debounced). */
  search: string;
}

/** The weekday values a game draws on (spec 3 drawDayOfWeek: comma-separated 1–7). */
export function drawDaysOf(game: Pick<LotteryGame, 'drawDayOfWeek'>): number[] {
  return game.drawDayOfWeek
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isInteger(value) && value >= 1 && value <= 7);
}

/** Spec 9: the weekday value of a date (Sun=1, Mon=2 … Sat=7). */
export function weekdayValueOf(date: Date): number {
  return date.getDay() + 1;
}

export function isHotLottery(game: Pick<LotteryGame, 'isHot' | 'tag'>): boolean {
  return game.isHot === 1 || game.tag?.toLowerCase() === 'hot';
}

/** The games of a list that pass the weekday filter and the name search (case- and accent-blind). */
export function filterLotteries<Game extends Pick<LotteryGame, 'drawDayOfWeek' | 'gameName' | 'gameCode'>>(
  games: readonly Game[],
  filter: LobbyFilter,
): Game[] {
  const needle = fold(filter.search.trim());
  return games.filter((game) => {
    if (filter.weekday !== null && !drawDaysOf(game).includes(filter.weekday)) return false;
    if (needle === '') return true;
    return fold(game.gameName).includes(needle) || fold(game.gameCode).includes(needle);
  });
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

/** Every game of the menu, once each, in menu order. */
export function allGamesOf(menus: readonly { games: readonly LotteryGame[] }[]): LotteryGame[] {
  const seen = new Set<string>();
  const games: LotteryGame[] = [];
  for (const menu of menus)
    for (const game of menu.games) {
      if (seen.has(game.gameCode)) continue;
      seen.add(game.gameCode);
      games.push(game);
    }
  return games;
}

/** The remaining times (ms) of the games open for bets, for the refresh timer (spec 4). */
export function openRemainTimes(games: readonly Pick<LotteryGame, 'numero' | 'remainTime'>[]): number[] {
  return games.filter((game) => game.numero !== null).map((game) => game.remainTime);
}
