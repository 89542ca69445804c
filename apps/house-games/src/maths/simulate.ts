import type { Rng } from '../fair/rng.ts';

/** Running totals of simulated rounds: the RTP is win / stake, its standard error from the returns. */
export interface Tally {
  rounds: number;
  stake: number;
  win: number;
  /** Sum of each round's return (win / stake). */
  sumReturns: number;
  /** Sum of each round's squared return. */
  sumSquaredReturns: number;
}

export function emptyTally(): Tally {
  return { rounds: 0, stake: 0, win: 0, sumReturns: 0, sumSquaredReturns: 0 };
}

/**
 * Play `rounds` rounds and add them up. Totals are doubles: exact as long as they stay below
 * 2^53 minor units (1e8 rounds at a stake of 100 and a 1000x average return would still be).
 */
export function simulate(
  playOne: (rng: Rng) => { stake: bigint; win: bigint },
  rng: Rng,
  rounds: number,
  into: Tally = emptyTally(),
): Tally {
  for (let round = 0; round < rounds; round += 1) {
    const { stake, win } = playOne(rng);
    const stakeNumber = Number(stake);
    const winNumber = Number(win);
    const ratio = winNumber / stakeNumber;
    into.rounds += 1;
    into.stake += stakeNumber;
    into.win += winNumber;
    into.sumReturns += ratio;
    into.sumSquaredReturns += ratio * ratio;
  }
  return into;
}

export function mergeTallies(tallies: readonly Tally[]): Tally {
  const total = emptyTally();
  for (const tally of tallies) {
    total.rounds += tally.rounds;
    total.stake += tally.stake;
    total.win += tally.win;
    total.sumReturns += tally.sumReturns;
    total.sumSquaredReturns += tally.sumSquaredReturns;
  }
  return total;
}

/** Measured RTP, the standard deviation of one round's return, and the RTP's standard error. */
export function summarise(tally: Tally): { rtp: number; deviation: number; standardError: number } {
  const mean = tally.sumReturns / tally.rounds;
  const variance = Math.max(0, tally.sumSquaredReturns / tally.rounds - mean * mean);
  const deviation = Math.sqrt(variance);
  return { rtp: tally.win / tally.stake, deviation, standardError: deviation / Math.sqrt(tally.rounds) };
}
