/** Spec 4 and 9: the jackpot ticker grows by 165.11 every 3000 ms. */
export const JACKPOT_STEP_CENTS = 16_511;
export const JACKPOT_INTERVAL_MS = 3000;
const BASE_CENTS = 1_000_000_000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The figure the ticker starts from, derived from the current time (spec 4): the steps taken since
 * the start of the current week (UTC) on top of a base, so every visitor sees about the same number
 * and it never grows without bound. Whole cents: no floating-point drift. A display figure, not a
 * prize pool.
 */
export function jackpotCentsAt(nowMs: number): number {
  const steps = Math.floor((nowMs % WEEK_MS) / JACKPOT_INTERVAL_MS);
  return BASE_CENTS + steps * JACKPOT_STEP_CENTS;
}
