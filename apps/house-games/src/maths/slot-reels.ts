import type { Rng } from '../fair/rng.ts';

/** Shared pieces of the two slots: reel strips, the visible window and its JSON shape. */

/** Reel strips: `reels[reel][position]`, read top to bottom, wrapping around. */
export type ReelStrips<Symbol extends string> = readonly (readonly Symbol[])[];

/** A win on one pay line. `pays` is in line bets (stake / number of lines). */
export interface LineWin {
  /** 1-based line number, as on the paytable. */
  line: number;
  symbol: string;
  /** How many reels from the left make the win. */
  count: number;
  pays: number;
}

/** One spin as the UI draws it. */
export interface SlotSpin {
  /** The strip position shown in the top row of each reel. */
  stops: number[];
  /** `grid[reel][row]`, row 0 at the top. */
  grid: string[][];
  lineWins: LineWin[];
}

/** One stop per reel, drawn in reel order (one `rng.int(length)` each), and the window it shows. */
export function spinReels<Symbol extends string>(
  rng: Rng,
  reels: ReelStrips<Symbol>,
  rows: number,
): { stops: number[]; grid: Symbol[][] } {
  const stops = reels.map((strip) => rng.int(strip.length));
  return { stops, grid: windowAt(reels, stops, rows) };
}

/** The symbols shown when each reel stops with `stops[reel]` in the top row. */
export function windowAt<Symbol extends string>(
  reels: ReelStrips<Symbol>,
  stops: readonly number[],
  rows: number,
): Symbol[][] {
  return reels.map((strip, reel) => {
    const column: Symbol[] = [];
    for (let row = 0; row < rows; row += 1) column.push(strip[(stops[reel]! + row) % strip.length]!);
    return column;
  });
}

/** How many times each symbol appears on each strip: `counts[reel].get(symbol)`. */
export function symbolCounts<Symbol extends string>(reels: ReelStrips<Symbol>): Map<Symbol, number>[] {
  return reels.map((strip) => {
    const counts = new Map<Symbol, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return counts;
  });
}
