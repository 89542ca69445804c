import { betsOfSlip, payoutOf, type PlayType } from '@khela/contract/lottery-draw';
import { amountOrNull } from '@khela/contract/money';
import { xienSizeOf } from './play-types.ts';

/**
 * Odds as sent ("95", "3.5", up to 3 decimals) in thousandths, or null when not a decimal: read by
 * the amount rule at 3 decimals (the contract's odds are below 10^7, so the number is exact).
 */
export function oddsMilliOf(odds: string): number | null {
  const milli = amountOrNull(odds, { precision: 3, allowZero: true });
  return milli === null ? null : Number(milli);
}

export interface SlipInput {
  playType: PlayType;
  numbers: readonly string[];
  /** The unit stake as typed, major units. */
  unitStake: string;
  multiplier: number;
  odds: string | null;
  precision: number;
}

export interface SlipSummary {
  /** The bets the slip makes (lottery-draw.ts betsOfSlip), or null while the numbers break the rules. */
  bets: string[][] | null;
  betCount: number;
  /** Each bet's stake (unit × multiplier), minor units; null while the stake is not a valid amount. */
  stakeMinor: bigint | null;
  totalMinor: bigint | null;
  /** What one hit of one bet pays (payoutOf: stake × odds, rounded down). */
  winPerHitMinor: bigint | null;
  /** Why the numbers cannot be placed yet: none chosen, or a xiên without its exact count. */
  numbersProblem: 'none' | 'xien_count' | null;
}

/** The slip's figures before confirming (issue 13: the total and the possible win). */
export function slipSummary(input: SlipInput): SlipSummary {
  const bets = input.numbers.length === 0 ? null : betsOfSlip(input.playType, input.numbers);
  const xien = xienSizeOf(input.playType);
  const numbersProblem =
    input.numbers.length === 0
      ? 'none'
      : xien !== null && input.numbers.length !== xien
        ? 'xien_count'
        : null;
  const betCount = bets?.length ?? 0;
  // Zero is refused here (no stake), as the server refuses it.
  const unitMinor = amountOrNull(input.unitStake, { precision: input.precision });
  const multiplier = Number.isInteger(input.multiplier) && input.multiplier >= 1 ? input.multiplier : null;
  const stakeMinor = unitMinor !== null && multiplier !== null ? unitMinor * BigInt(multiplier) : null;
  const oddsMilli = input.odds === null ? null : oddsMilliOf(input.odds);
  return {
    bets,
    betCount,
    stakeMinor,
    totalMinor: stakeMinor === null ? null : stakeMinor * BigInt(betCount),
    winPerHitMinor: stakeMinor === null || oddsMilli === null ? null : payoutOf(stakeMinor, oddsMilli, 1),
    numbersProblem,
  };
}
