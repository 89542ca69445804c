import type { Rng } from '../fair/rng.ts';
import { GameInputError, checkStake, payout, type Outcome } from './outcome.ts';

/**
 * Dice: a roll from 0.00 to 99.99 (`rng.int(10000)` hundredths, one draw). The player picks a
 * target and a direction: `under` wins when roll < target, `over` when roll > target. With win
 * chance p = winning rolls / 10000 the gross return is 0.99 / p, i.e. stake x 9900 / winning
 * rolls, floored to minor units. RTP = p x 0.99 / p = 99 % before that flooring, whatever the
 * target (house edge 1 %). Win chance is limited to 1.00 % … 98.00 % (multiplier 99x … 1.0102x).
 */

export const DICE_RTP = 0.99;
export const DICE_MIN_WINNING_ROLLS = 100;
export const DICE_MAX_WINNING_ROLLS = 9800;

export interface DiceInput {
  stake: bigint;
  /** Target in hundredths: 5000 is 50.00. */
  target: number;
  direction: 'under' | 'over';
}

export interface DiceDetail {
  /** The roll in hundredths (0 … 9999 for 0.00 … 99.99). */
  roll: number;
  target: number;
  direction: 'under' | 'over';
  /** How many of the 10000 rolls win. */
  winningRolls: number;
  /** Gross return multiplier, 9900 / winningRolls, rounded to 4 decimals for display only. */
  multiplier: number;
  won: boolean;
}

/** How many of the 10000 rolls win for a target and direction. */
export function diceWinningRolls(target: number, direction: DiceInput['direction']): number {
  return direction === 'under' ? target : 9999 - target;
}

/** The round's maths for an input, without randomness; throws GameInputError when refused. */
export function checkDiceInput(input: DiceInput): { stake: bigint; winningRolls: number } {
  const stake = checkStake(input?.stake);
  if (input.direction !== 'under' && input.direction !== 'over') {
    throw new GameInputError('direction', 'must be under or over');
  }
  if (!Number.isInteger(input.target) || input.target < 0 || input.target > 9999) {
    throw new GameInputError('target', 'must be a whole number of hundredths from 0 to 9999');
  }
  const winningRolls = diceWinningRolls(input.target, input.direction);
  if (winningRolls < DICE_MIN_WINNING_ROLLS || winningRolls > DICE_MAX_WINNING_ROLLS) {
    throw new GameInputError('target', 'win chance must be from 1.00 % to 98.00 %');
  }
  return { stake, winningRolls };
}

/** Settle a known roll (no randomness). */
export function settleDice(roll: number, input: DiceInput): Outcome<DiceDetail> {
  const { stake, winningRolls } = checkDiceInput(input);
  const won = input.direction === 'under' ? roll < input.target : roll > input.target;
  return {
    stake,
    win: won ? payout(stake, 9900, winningRolls) : 0n,
    detail: {
      roll,
      target: input.target,
      direction: input.direction,
      winningRolls,
      multiplier: Math.round((9900 / winningRolls) * 10_000) / 10_000,
      won,
    },
  };
}

/** One roll: the input is checked first, then one `rng.int(10000)`. */
export function playDice(rng: Rng, input: DiceInput): Outcome<DiceDetail> {
  checkDiceInput(input);
  return settleDice(rng.int(10_000), input);
}
