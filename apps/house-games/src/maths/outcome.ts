/**
 * What every game returns, and the one error for a refused input.
 *
 * Amounts are bigint minor units. `stake` is what the round debits, `win` what it credits back
 * (gross: a returned stake counts, so win / stake is the round's return and 0 is a loss).
 * `detail` is plain JSON (numbers, strings, arrays; never bigint) for the betting record, the
 * game UI and the verify page.
 */
export interface Outcome<Detail> {
  stake: bigint;
  win: bigint;
  detail: Detail;
}

/** A player input the game refuses (bad stake, unknown bet, target out of range …): a 400. */
export class GameInputError extends Error {
  override readonly name = 'GameInputError';

  constructor(
    /** The input field at fault, e.g. `stake`, `bets[2].numbers`, `target`. */
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** A stake must be a positive bigint (minor units). */
export function checkStake(stake: unknown, field = 'stake'): bigint {
  if (typeof stake !== 'bigint') throw new GameInputError(field, 'must be a bigint amount in minor units');
  if (stake <= 0n) throw new GameInputError(field, 'must be positive');
  return stake;
}

/**
 * stake x numerator / denominator, floored to whole minor units: wins are never rounded up, so the
 * rounding only ever costs the player (less than one minor unit per paying round).
 */
export function payout(stake: bigint, numerator: bigint | number, denominator: bigint | number): bigint {
  return (stake * BigInt(numerator)) / BigInt(denominator);
}
