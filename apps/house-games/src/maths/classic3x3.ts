import type { Rng } from '../fair/rng.ts';
import { Fraction } from './fraction.ts';
import { checkStake, payout, type Outcome } from './outcome.ts';
import { spinReels, windowAt, type LineWin, type ReelStrips, type SlotSpin } from './slot-reels.ts';

/**
 * Classic 3x3 slot: three reels of 24 stops, three rows, five lines. The stake is spread evenly
 * over the lines; pays are in line bets. A line pays three of a kind (blanks never pay), or, when
 * it is not three cherries, two cherries from the left or one cherry on the first reel.
 * The declared RTP is exact: every one of the 24^3 stop combinations is enumerated
 * (`classic3x3Exact`), and a test checks that `CLASSIC3X3_RTP` equals that enumeration.
 */

export type ClassicSymbol = 'SEVEN' | 'BAR' | 'BELL' | 'PLUM' | 'CHERRY' | 'BLANK';

// prettier-ignore
export const CLASSIC3X3_REELS: ReelStrips<ClassicSymbol> = [
  ['SEVEN', 'BLANK', 'PLUM', 'CHERRY', 'BLANK', 'BELL', 'BAR', 'BLANK', 'PLUM', 'CHERRY', 'BELL', 'BLANK',
    'BAR', 'PLUM', 'CHERRY', 'BLANK', 'BELL', 'PLUM', 'BLANK', 'BAR', 'CHERRY', 'BELL', 'BLANK', 'PLUM'],
  ['SEVEN', 'BLANK', 'BELL', 'PLUM', 'BLANK', 'CHERRY', 'BAR', 'BLANK', 'PLUM', 'BELL', 'BLANK', 'CHERRY',
    'PLUM', 'BAR', 'BLANK', 'BELL', 'PLUM', 'BLANK', 'CHERRY', 'BAR', 'BLANK', 'BELL', 'PLUM', 'BLANK'],
  ['SEVEN', 'BLANK', 'BAR', 'PLUM', 'BLANK', 'BELL', 'CHERRY', 'BLANK', 'PLUM', 'BAR', 'BLANK', 'BELL',
    'PLUM', 'BLANK', 'CHERRY', 'BELL', 'BLANK', 'PLUM', 'BAR', 'BLANK', 'CHERRY', 'BELL', 'PLUM', 'BLANK'],
];

export const CLASSIC3X3_ROWS = 3;

/** Rows read on each reel, per line (row 0 at the top): middle, top, bottom, two diagonals. */
export const CLASSIC3X3_LINES: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Pays in line bets. */
export const CLASSIC3X3_PAYTABLE = {
  threeOfAKind: { SEVEN: 500, BAR: 100, BELL: 50, PLUM: 25, CHERRY: 20, BLANK: 0 },
  twoCherries: 4,
  oneCherry: 1,
} as const satisfies { threeOfAKind: Record<ClassicSymbol, number>; twoCherries: number; oneCherry: number };

/** Declared return to player: exactly 4423 / 4608 = 95.985 % (see `classic3x3Exact`). */
export const CLASSIC3X3_RTP = 4423 / 4608;

export interface Classic3x3Input {
  /** Total stake in minor units, split evenly over the 5 lines. */
  stake: bigint;
}

export interface Classic3x3Detail extends SlotSpin {
  lines: number;
  /** Sum of the line wins, in line bets (win = stake x totalPays / lines, floored). */
  totalPays: number;
}

/** What one line pays, in line bets, given its three symbols left to right. */
export function classicLineWin(
  symbols: readonly ClassicSymbol[],
): { symbol: ClassicSymbol; count: number; pays: number } | null {
  const [first, second, third] = symbols;
  if (first === second && second === third && first !== 'BLANK' && first !== undefined) {
    return { symbol: first, count: 3, pays: CLASSIC3X3_PAYTABLE.threeOfAKind[first] };
  }
  if (first !== 'CHERRY') return null;
  if (second === 'CHERRY') return { symbol: 'CHERRY', count: 2, pays: CLASSIC3X3_PAYTABLE.twoCherries };
  return { symbol: 'CHERRY', count: 1, pays: CLASSIC3X3_PAYTABLE.oneCherry };
}

function evaluateLines(grid: readonly (readonly ClassicSymbol[])[]): LineWin[] {
  const wins: LineWin[] = [];
  CLASSIC3X3_LINES.forEach((rows, index) => {
    const win = classicLineWin(rows.map((row, reel) => grid[reel]![row]!));
    if (win) wins.push({ line: index + 1, ...win });
  });
  return wins;
}

/** One spin: three `rng.int(24)` draws, reel 1 to 3. */
export function playClassic3x3(rng: Rng, input: Classic3x3Input): Outcome<Classic3x3Detail> {
  const stake = checkStake(input.stake);
  const { stops, grid } = spinReels(rng, CLASSIC3X3_REELS, CLASSIC3X3_ROWS);
  const lineWins = evaluateLines(grid);
  const totalPays = lineWins.reduce((sum, win) => sum + win.pays, 0);
  const lines = CLASSIC3X3_LINES.length;
  return {
    stake,
    win: payout(stake, totalPays, lines),
    detail: { stops, grid, lineWins, lines, totalPays },
  };
}

/**
 * Exact figures by enumerating every stop combination: RTP, hit rate (share of spins that pay)
 * and the variance of one spin's return (win / stake), all as exact fractions.
 */
export function classic3x3Exact(): { rtp: Fraction; hitRate: Fraction; variance: Fraction } {
  const [first, second, third] = CLASSIC3X3_REELS as [ClassicSymbol[], ClassicSymbol[], ClassicSymbol[]];
  const lines = BigInt(CLASSIC3X3_LINES.length);
  let sumPays = 0n;
  let sumSquares = 0n;
  let hits = 0n;
  for (let a = 0; a < first.length; a += 1) {
    for (let b = 0; b < second.length; b += 1) {
      for (let c = 0; c < third.length; c += 1) {
        const grid = windowAt(CLASSIC3X3_REELS, [a, b, c], CLASSIC3X3_ROWS);
        const pays = BigInt(evaluateLines(grid).reduce((sum, win) => sum + win.pays, 0));
        sumPays += pays;
        sumSquares += pays * pays;
        if (pays > 0n) hits += 1n;
      }
    }
  }
  const combinations = BigInt(first.length * second.length * third.length);
  const rtp = new Fraction(sumPays, combinations * lines);
  const meanSquare = new Fraction(sumSquares, combinations * lines * lines);
  return { rtp, hitRate: new Fraction(hits, combinations), variance: meanSquare.sub(rtp.mul(rtp)) };
}
