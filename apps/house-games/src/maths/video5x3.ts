import type { Rng } from '../fair/rng.ts';
import { Fraction } from './fraction.ts';
import { checkStake, payout, type Outcome } from './outcome.ts';
import { spinReels, symbolCounts, type LineWin, type ReelStrips, type SlotSpin } from './slot-reels.ts';

/**
 * Video 5x3 slot "Bengal Tiger": five reels, three rows, 20 fixed lines; the stake is spread over
 * the lines and line pays are in line bets.
 *
 * - Lines pay left to right from reel 1, three or more of a kind. WILD appears only on reels 2-4
 *   and substitutes for every symbol except SCATTER; reel 1 never shows WILD, so a line's symbol
 *   is always the one on reel 1.
 * - SCATTER pays anywhere (3, 4, 5 of them pay 2, 10, 50 times the stake) and 3 or more trigger
 *   10 free spins, played on the same reels with every win doubled. Free spins retrigger: 3 or
 *   more scatters during free spins add 10 more (no limit; the expected count stays finite because
 *   10 x P(trigger) < 1). The whole feature belongs to the triggering round: one stake, one win.
 *
 * The declared RTP is exact (`video5x3Exact`): a line's symbols are independent across reels and
 * each is distributed as its strip's symbol counts, so every line's expected pay follows from the
 * counts; the scatter count is the sum of independent per-reel counts (enumerated over each
 * strip's stops); free spins add base x P(trigger) x 2 x E[free spins], E[free spins] = 10 / (1 -
 * 10 x P(trigger)). A test checks the analysis against brute-force enumeration on small strips.
 */

export type VideoSymbol =
  'WILD' | 'SCATTER' | 'TIGER' | 'ELEPHANT' | 'PEACOCK' | 'LOTUS' | 'A' | 'K' | 'Q' | 'J';

export const VIDEO5X3_ROWS = 3;

/** Rows read on each reel, per line (row 0 at the top). */
export const VIDEO5X3_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

type PayingSymbol = Exclude<VideoSymbol, 'WILD' | 'SCATTER'>;

/** Line pays in line bets for 3, 4 and 5 of a kind. */
export const VIDEO5X3_LINE_PAYS: Record<PayingSymbol, readonly [number, number, number]> = {
  TIGER: [40, 150, 500],
  ELEPHANT: [30, 100, 300],
  PEACOCK: [20, 75, 200],
  LOTUS: [15, 50, 150],
  A: [7, 20, 100],
  K: [7, 20, 80],
  Q: [5, 15, 60],
  J: [4, 10, 50],
};

/** Scatter pays in stakes (total bets) for 3, 4 and 5 scatters anywhere. */
export const VIDEO5X3_SCATTER_PAYS: readonly [number, number, number] = [2, 10, 50];
export const VIDEO5X3_FREE_SPINS = 10;
export const VIDEO5X3_FREE_SPIN_MULTIPLIER = 2;

export interface VideoRules {
  reels: ReelStrips<VideoSymbol>;
  linePays: Record<PayingSymbol, readonly [number, number, number]>;
  scatterPays: readonly [number, number, number];
  freeSpins: number;
  freeSpinMultiplier: number;
}

/** Reel strips; WILD only on reels 2-4, one SCATTER per reel (so at most one shows). */
// prettier-ignore
export const VIDEO5X3_REELS: ReelStrips<VideoSymbol> = [
  ['K', 'PEACOCK', 'Q', 'LOTUS', 'J', 'A', 'K', 'ELEPHANT', 'Q', 'TIGER', 'J', 'LOTUS', 'SCATTER',
    'PEACOCK', 'K', 'A', 'Q', 'J', 'K', 'LOTUS', 'ELEPHANT', 'Q', 'A', 'PEACOCK', 'J', 'TIGER', 'K',
    'LOTUS', 'Q', 'ELEPHANT', 'A', 'J'],
  ['Q', 'J', 'WILD', 'A', 'K', 'Q', 'ELEPHANT', 'PEACOCK', 'J', 'A', 'LOTUS', 'Q', 'WILD', 'K', 'J',
    'TIGER', 'PEACOCK', 'A', 'Q', 'J', 'K', 'LOTUS', 'ELEPHANT', 'WILD', 'Q', 'A', 'J', 'SCATTER',
    'PEACOCK', 'K', 'LOTUS', 'TIGER'],
  ['Q', 'WILD', 'LOTUS', 'J', 'A', 'TIGER', 'K', 'Q', 'PEACOCK', 'J', 'ELEPHANT', 'WILD', 'A', 'LOTUS',
    'Q', 'K', 'J', 'WILD', 'Q', 'A', 'PEACOCK', 'TIGER', 'J', 'K', 'LOTUS', 'ELEPHANT', 'WILD', 'Q', 'A',
    'J', 'PEACOCK', 'K', 'SCATTER'],
  ['Q', 'J', 'LOTUS', 'A', 'WILD', 'TIGER', 'K', 'Q', 'J', 'PEACOCK', 'ELEPHANT', 'A', 'Q', 'LOTUS', 'K',
    'WILD', 'J', 'Q', 'A', 'PEACOCK', 'TIGER', 'J', 'K', 'LOTUS', 'WILD', 'Q', 'ELEPHANT', 'A', 'J', 'K',
    'PEACOCK', 'SCATTER'],
  ['Q', 'LOTUS', 'J', 'A', 'K', 'ELEPHANT', 'Q', 'LOTUS', 'PEACOCK', 'J', 'K', 'A', 'Q', 'ELEPHANT', 'J',
    'LOTUS', 'K', 'TIGER', 'PEACOCK', 'A', 'Q', 'J', 'K', 'LOTUS', 'ELEPHANT', 'Q', 'A', 'J', 'SCATTER',
    'PEACOCK', 'K', 'TIGER'],
];

export const VIDEO5X3_RULES: VideoRules = {
  reels: VIDEO5X3_REELS,
  linePays: VIDEO5X3_LINE_PAYS,
  scatterPays: VIDEO5X3_SCATTER_PAYS,
  freeSpins: VIDEO5X3_FREE_SPINS,
  freeSpinMultiplier: VIDEO5X3_FREE_SPIN_MULTIPLIER,
};

/** Declared return to player: exactly 89018446893341 / 92794592428032 = 95.931 % (`video5x3Exact`). */
export const VIDEO5X3_RTP = 89018446893341 / 92794592428032;

export interface Video5x3Input {
  /** Total stake in minor units, split evenly over the 20 lines. */
  stake: bigint;
}

export interface VideoSpin extends SlotSpin {
  scatters: number;
  /** Scatter pay in stakes (0 when fewer than 3). */
  scatterPays: number;
  /** Free spins this spin awarded. */
  freeSpinsAwarded: number;
  /** 1 on the base spin, 2 on free spins. */
  multiplier: number;
  /** Everything this spin pays, in line bets, multiplier included. */
  totalPays: number;
}

export interface Video5x3Detail {
  lines: number;
  base: VideoSpin;
  freeSpins: VideoSpin[];
  /** The round's pays in line bets (win = stake x totalPays / lines, floored once). */
  totalPays: number;
}

/** A line's win given its five symbols left to right, or null. */
export function videoLineWin(
  symbols: readonly VideoSymbol[],
  linePays: VideoRules['linePays'] = VIDEO5X3_LINE_PAYS,
): { symbol: PayingSymbol; count: number; pays: number } | null {
  const first = symbols[0];
  if (first === undefined || first === 'WILD' || first === 'SCATTER') return null;
  let count = 1;
  while (count < symbols.length && (symbols[count] === first || symbols[count] === 'WILD')) count += 1;
  if (count < 3) return null;
  return { symbol: first, count, pays: linePays[first][count - 3]! };
}

/** What a window pays (lines and scatters, times `multiplier`) and the free spins it awards. */
export function evaluateVideoWindow(
  grid: readonly (readonly VideoSymbol[])[],
  rules: VideoRules = VIDEO5X3_RULES,
  multiplier = 1,
): Omit<VideoSpin, 'stops' | 'grid'> {
  const lineWins: LineWin[] = [];
  VIDEO5X3_LINES.forEach((rows, index) => {
    const win = videoLineWin(
      rows.map((row, reel) => grid[reel]![row]!),
      rules.linePays,
    );
    if (win)
      lineWins.push({ line: index + 1, symbol: win.symbol, count: win.count, pays: win.pays * multiplier });
  });
  let scatters = 0;
  for (const column of grid) for (const symbol of column) if (symbol === 'SCATTER') scatters += 1;
  const scatterPays = scatters >= 3 ? rules.scatterPays[Math.min(scatters, 5) - 3]! * multiplier : 0;
  const linePays = lineWins.reduce((sum, win) => sum + win.pays, 0);
  return {
    lineWins,
    scatters,
    scatterPays,
    freeSpinsAwarded: scatters >= 3 ? rules.freeSpins : 0,
    multiplier,
    totalPays: linePays + scatterPays * VIDEO5X3_LINES.length,
  };
}

function playSpin(rng: Rng, rules: VideoRules, multiplier: number): VideoSpin {
  const { stops, grid } = spinReels(rng, rules.reels, VIDEO5X3_ROWS);
  return { stops, grid, ...evaluateVideoWindow(grid, rules, multiplier) };
}

/**
 * One round: the base spin (five `rng.int` draws, reel 1 to 5) and then any free spins, each five
 * more draws, in order.
 */
export function playVideo5x3(
  rng: Rng,
  input: Video5x3Input,
  rules: VideoRules = VIDEO5X3_RULES,
): Outcome<Video5x3Detail> {
  const stake = checkStake(input.stake);
  const base = playSpin(rng, rules, 1);
  const freeSpins: VideoSpin[] = [];
  let remaining = base.freeSpinsAwarded;
  while (remaining > 0) {
    const spin = playSpin(rng, rules, rules.freeSpinMultiplier);
    freeSpins.push(spin);
    remaining += spin.freeSpinsAwarded - 1;
  }
  const totalPays = freeSpins.reduce((sum, spin) => sum + spin.totalPays, base.totalPays);
  const lines = VIDEO5X3_LINES.length;
  return { stake, win: payout(stake, totalPays, lines), detail: { lines, base, freeSpins, totalPays } };
}

export interface VideoExactFigures {
  /** Expected line pays of one base spin, per stake. */
  lineRtp: Fraction;
  /** Expected scatter pays of one base spin, per stake. */
  scatterRtp: Fraction;
  /** P(3 or more scatters) on one spin. */
  triggerChance: Fraction;
  /** Expected number of free spins once triggered (retriggers included). */
  expectedFreeSpins: Fraction;
  /** Share of the RTP paid in free spins. */
  freeSpinRtp: Fraction;
  rtp: Fraction;
}

/** Exact RTP of the rules, by the analysis described at the top of this file. */
export function video5x3Exact(rules: VideoRules = VIDEO5X3_RULES): VideoExactFigures {
  const counts = symbolCounts(rules.reels);
  const chance = (reel: number, symbol: VideoSymbol) =>
    new Fraction(counts[reel]!.get(symbol) ?? 0, rules.reels[reel]!.length);

  // Every line has the same expected pay: sum over the reel-1 symbol and the run length.
  let lineRtp = Fraction.ZERO;
  for (const symbol of Object.keys(rules.linePays) as PayingSymbol[]) {
    let runAtLeast = chance(0, symbol); // P(run >= 1)
    const atLeast: Fraction[] = [runAtLeast];
    for (let reel = 1; reel < rules.reels.length; reel += 1) {
      runAtLeast = runAtLeast.mul(chance(reel, symbol).add(chance(reel, 'WILD')));
      atLeast.push(runAtLeast);
    }
    for (let count = 3; count <= 5; count += 1) {
      const exactly = count < 5 ? atLeast[count - 1]!.sub(atLeast[count]!) : atLeast[4]!;
      lineRtp = lineRtp.add(exactly.mul(rules.linePays[symbol][count - 3]!));
    }
  }
  // With the stake spread over L lines, L lines x E[line pays] x stake / L = E[line pays] x stake.

  // Scatter count: convolution of each reel's distribution of visible scatters.
  let scatterDistribution: Fraction[] = [Fraction.ONE];
  rules.reels.forEach((strip) => {
    const perReel: number[] = [];
    for (let stop = 0; stop < strip.length; stop += 1) {
      let visible = 0;
      for (let row = 0; row < VIDEO5X3_ROWS; row += 1)
        if (strip[(stop + row) % strip.length] === 'SCATTER') visible += 1;
      perReel[visible] = (perReel[visible] ?? 0) + 1;
    }
    const next: Fraction[] = [];
    scatterDistribution.forEach((probability, sofar) => {
      perReel.forEach((ways, visible) => {
        if (!ways) return;
        const term = probability.mul(new Fraction(ways, strip.length));
        next[sofar + visible] = (next[sofar + visible] ?? Fraction.ZERO).add(term);
      });
    });
    scatterDistribution = next;
  });
  let scatterRtp = Fraction.ZERO;
  let triggerChance = Fraction.ZERO;
  scatterDistribution.forEach((probability, scatters) => {
    if (scatters < 3 || !probability) return;
    triggerChance = triggerChance.add(probability);
    scatterRtp = scatterRtp.add(probability.mul(rules.scatterPays[Math.min(scatters, 5) - 3]!));
  });

  const baseRtp = lineRtp.add(scatterRtp);
  if (triggerChance.mul(rules.freeSpins).toNumber() >= 1) throw new RangeError('free spins would never end');
  const expectedFreeSpins = new Fraction(rules.freeSpins).div(
    Fraction.ONE.sub(triggerChance.mul(rules.freeSpins)),
  );
  const freeSpinRtp = triggerChance.mul(expectedFreeSpins).mul(rules.freeSpinMultiplier).mul(baseRtp);
  return {
    lineRtp,
    scatterRtp,
    triggerChance,
    expectedFreeSpins,
    freeSpinRtp,
    rtp: baseRtp.add(freeSpinRtp),
  };
}
