import type { Rng } from '../fair/rng.ts';
import { GameInputError, checkStake, payout, type Outcome } from './outcome.ts';

/**
 * European roulette, single zero: the ball lands on `rng.int(37)` (one draw per round).
 *
 * A bet covers k numbers and returns 36 / k times its stake when one of them comes up (straight
 * 1 number 35:1, split 2 17:1, street 3 11:1, corner 4 8:1, line 6 5:1, dozen and column 12 2:1,
 * red, black, odd, even, low and high 18 1:1). So every bet returns 36/37 = 97.297 % (the zero
 * is the house's edge), which is the declared RTP. Zero bets are the European ones: the splits
 * 0-1, 0-2, 0-3, the streets (trios) 0-1-2 and 0-2-3 and the corner (first four) 0-1-2-3.
 */

export const ROULETTE_RTP = 36 / 37;

/** Numbers on the table's layout: row r (0..11) holds 3r+1, 3r+2, 3r+3; column c holds n % 3 = c % 3. */
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type InsideBetKind = 'straight' | 'split' | 'street' | 'corner' | 'line';
export type OutsideBetKind = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';

export type RouletteBet =
  | { kind: InsideBetKind; numbers: number[]; amount: bigint }
  | { kind: 'dozen' | 'column'; index: 1 | 2 | 3; amount: bigint }
  | { kind: OutsideBetKind; amount: bigint };

export type RouletteBetKind = RouletteBet['kind'];

export interface RouletteInput {
  bets: RouletteBet[];
}

export interface RouletteDetail {
  number: number;
  color: 'red' | 'black' | 'green';
  /** Per bet, in input order: the numbers it covered, its stake and gross return (decimal strings). */
  bets: { kind: RouletteBetKind; covered: number[]; amount: string; returns: string }[];
}

export const MAX_ROULETTE_BETS = 200;

const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join('-');

/** Every valid inside bet, keyed by its sorted numbers, per kind. */
const INSIDE_BETS: Record<InsideBetKind, Set<string>> = (() => {
  const bets: Record<InsideBetKind, Set<string>> = {
    straight: new Set(),
    split: new Set(),
    street: new Set(),
    corner: new Set(),
    line: new Set(),
  };
  for (let number = 0; number <= 36; number += 1) bets.straight.add(key([number]));
  for (let number = 1; number <= 36; number += 1) {
    if (number % 3 !== 0) bets.split.add(key([number, number + 1])); // side by side in a row
    if (number <= 33) bets.split.add(key([number, number + 3])); // one above the other
    if (number % 3 === 1) {
      bets.street.add(key([number, number + 1, number + 2]));
      if (number <= 31)
        bets.line.add(key([number, number + 1, number + 2, number + 3, number + 4, number + 5]));
    }
    if (number % 3 !== 0 && number <= 32) bets.corner.add(key([number, number + 1, number + 3, number + 4]));
  }
  for (const zeroSplit of [
    [0, 1],
    [0, 2],
    [0, 3],
  ])
    bets.split.add(key(zeroSplit));
  bets.street.add(key([0, 1, 2]));
  bets.street.add(key([0, 2, 3]));
  bets.corner.add(key([0, 1, 2, 3]));
  return bets;
})();

/** All valid inside bets of a kind, as sorted number lists (for the UI and tests). */
export function insideBets(kind: InsideBetKind): number[][] {
  return [...INSIDE_BETS[kind]].map((text) => text.split('-').map(Number));
}

/** The numbers a bet covers; throws GameInputError when the bet is not a valid one. */
export function coveredNumbers(bet: RouletteBet, field = 'bet'): number[] {
  switch (bet.kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line': {
      const numbers = bet.numbers;
      if (!Array.isArray(numbers) || !numbers.every((number) => Number.isInteger(number))) {
        throw new GameInputError(`${field}.numbers`, 'must be a list of numbers');
      }
      if (!INSIDE_BETS[bet.kind].has(key(numbers))) {
        throw new GameInputError(`${field}.numbers`, `not a ${bet.kind} on the table`);
      }
      return [...numbers].sort((a, b) => a - b);
    }
    case 'dozen':
    case 'column': {
      if (bet.index !== 1 && bet.index !== 2 && bet.index !== 3) {
        throw new GameInputError(`${field}.index`, 'must be 1, 2 or 3');
      }
      const numbers: number[] = [];
      for (let number = 1; number <= 36; number += 1) {
        const isIn =
          bet.kind === 'dozen' ? Math.ceil(number / 12) === bet.index : (number - 1) % 3 === bet.index - 1;
        if (isIn) numbers.push(number);
      }
      return numbers;
    }
    case 'red':
    case 'black':
    case 'odd':
    case 'even':
    case 'low':
    case 'high': {
      const numbers: number[] = [];
      for (let number = 1; number <= 36; number += 1) {
        if (outsideCovers(bet.kind, number)) numbers.push(number);
      }
      return numbers;
    }
    default: {
      const unknown: never = bet;
      throw new GameInputError(`${field}.kind`, `unknown bet ${String((unknown as { kind: unknown }).kind)}`);
    }
  }
}

function outsideCovers(kind: OutsideBetKind, number: number): boolean {
  switch (kind) {
    case 'red':
      return RED_NUMBERS.has(number);
    case 'black':
      return !RED_NUMBERS.has(number);
    case 'odd':
      return number % 2 === 1;
    case 'even':
      return number % 2 === 0;
    case 'low':
      return number <= 18;
    case 'high':
      return number >= 19;
  }
}

export function colorOf(number: number): RouletteDetail['color'] {
  if (number === 0) return 'green';
  return RED_NUMBERS.has(number) ? 'red' : 'black';
}

/** Validate all bets (kinds, numbers, amounts) before any randomness is drawn. */
export function checkRouletteBets(
  input: RouletteInput,
): { bet: RouletteBet; covered: number[]; amount: bigint }[] {
  if (!Array.isArray(input?.bets) || input.bets.length === 0)
    throw new GameInputError('bets', 'place at least one bet');
  if (input.bets.length > MAX_ROULETTE_BETS)
    throw new GameInputError('bets', `at most ${MAX_ROULETTE_BETS} bets`);
  return input.bets.map((bet, index) => ({
    bet,
    covered: coveredNumbers(bet, `bets[${index}]`),
    amount: checkStake(bet.amount, `bets[${index}].amount`),
  }));
}

type PlacedBet = ReturnType<typeof checkRouletteBets>[number];

function settlePlaced(number: number, placed: readonly PlacedBet[]): Outcome<RouletteDetail> {
  let stake = 0n;
  let win = 0n;
  const bets = placed.map(({ bet, covered, amount }) => {
    const returns = covered.includes(number) ? payout(amount, 36, covered.length) : 0n;
    stake += amount;
    win += returns;
    return { kind: bet.kind, covered, amount: amount.toString(), returns: returns.toString() };
  });
  return { stake, win, detail: { number, color: colorOf(number), bets } };
}

/** Settle bets on a known number (no randomness: the verify page and tests use it too). */
export function settleRoulette(number: number, input: RouletteInput): Outcome<RouletteDetail> {
  return settlePlaced(number, checkRouletteBets(input));
}

/** One spin: bets are checked first, then one `rng.int(37)`. */
export function playRoulette(rng: Rng, input: RouletteInput): Outcome<RouletteDetail> {
  const placed = checkRouletteBets(input);
  return settlePlaced(rng.int(37), placed);
}
