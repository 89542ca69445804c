import type { Rng } from '../fair/rng.ts';
import { GameInputError, checkStake, payout, type Outcome } from './outcome.ts';

/**
 * Crash: one `rng.int(2^32)` draw X per round gives u = X / 2^32 and the crash point
 * 0.99 / (1 - u), floored to hundredths: crashPoint = floor(99 x 2^32 / (2^32 - X)) hundredths.
 * Below 1.00x (u < 0.01, a 1 % share) the round busts at 1.00x at once: that share is the house
 * edge (1.00x shows on 1.98 % of rounds: those busts and the crashes from 1.00x to 1.0099x).
 * The player's auto cash-out target t (hundredths, 1.01x … 10000.00x) wins stake x t when
 * crashPoint >= t. P(crashPoint >= t) = floor(99 x 2^32 / t) / 2^32, just under 0.99 / t, so the
 * RTP is t x that, just under 99 % for every target (exact: `crashExactRtp`).
 */

export const CRASH_RTP = 0.99;
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 1_000_000;
const TWO_POW_32 = 0x1_0000_0000;

export interface CrashInput {
  stake: bigint;
  /** Auto cash-out target in hundredths: 200 is 2.00x. */
  cashOutAt: number;
}

export interface CrashDetail {
  /** Where the multiplier stopped, in hundredths (100 = instant bust at 1.00x). */
  crashPoint: number;
  cashOutAt: number;
  won: boolean;
}

/**
 * The crash point in hundredths from the round's 32-bit draw. Exact in doubles: 99 x 2^32 < 2^53,
 * and a quotient a / b of integers with b <= 2^32 is never within rounding error of the next
 * integer unless it is that integer.
 */
export function crashPointFromDraw(draw: number): number {
  return Math.max(100, Math.floor((99 * TWO_POW_32) / (TWO_POW_32 - draw)));
}

/** Exact RTP for an auto cash-out target (hundredths), before the flooring of amounts. */
export function crashExactRtp(cashOutAt: number): number {
  const winningDraws = Math.floor((99 * TWO_POW_32) / cashOutAt);
  return ((cashOutAt / 100) * winningDraws) / TWO_POW_32;
}

/** The share of rounds that bust at 1.00x: draws X with 99 x 2^32 / (2^32 - X) < 100. */
export function crashInstantBustShare(): number {
  // X < 2^32 / 100, i.e. X <= floor((2^32 - 1) / 100)
  return (Math.floor((TWO_POW_32 - 1) / 100) + 1) / TWO_POW_32;
}

export function checkCrashInput(input: CrashInput): bigint {
  const stake = checkStake(input?.stake);
  if (
    !Number.isInteger(input.cashOutAt) ||
    input.cashOutAt < CRASH_MIN_TARGET ||
    input.cashOutAt > CRASH_MAX_TARGET
  ) {
    throw new GameInputError('cashOutAt', 'must be a whole number of hundredths from 101 to 1000000');
  }
  return stake;
}

/** Settle a known crash point (no randomness). */
export function settleCrash(crashPoint: number, input: CrashInput): Outcome<CrashDetail> {
  const stake = checkCrashInput(input);
  const won = crashPoint >= input.cashOutAt;
  return {
    stake,
    win: won ? payout(stake, input.cashOutAt, 100) : 0n,
    detail: { crashPoint, cashOutAt: input.cashOutAt, won },
  };
}

/** One round: the input is checked first, then one `rng.int(2^32)`. */
export function playCrash(rng: Rng, input: CrashInput): Outcome<CrashDetail> {
  checkCrashInput(input);
  return settleCrash(crashPointFromDraw(rng.int(TWO_POW_32)), input);
}
