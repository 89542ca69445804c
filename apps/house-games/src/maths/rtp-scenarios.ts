import type { Rng } from '../fair/rng.ts';
import { BACCARAT_RTP, baccaratExact, playBaccarat, type BaccaratBet } from './baccarat.ts';
import { CLASSIC3X3_RTP, classic3x3Exact, playClassic3x3 } from './classic3x3.ts';
import { CRASH_RTP, playCrash } from './crash.ts';
import { DICE_RTP, diceWinningRolls, playDice, type DiceInput } from './dice.ts';
import { MINES_RTP, minesMultiplier, playMines } from './mines.ts';
import { ROULETTE_RTP, coveredNumbers, playRoulette, type RouletteBet } from './roulette.ts';
import { VIDEO5X3_RTP, playVideo5x3 } from './video5x3.ts';

/**
 * What the RTP simulation plays: per game, a few representative player choices. Each scenario
 * knows its declared RTP, the exact RTP at the simulated stake (wins floored to minor units) and
 * the standard deviation of one round's return (exact, except the video slot's, which comes
 * from a reference run), which sets how many rounds it needs.
 */

/** Stake of every simulated round: 100 minor units (1.00). */
export const SIMULATION_STAKE = 100n;
const STAKE = Number(SIMULATION_STAKE);

export interface Scenario {
  /** Unique id, `game/choice`. */
  id: string;
  game: string;
  choice: string;
  declaredRtp: number;
  /** Exact RTP at SIMULATION_STAKE once wins are floored to minor units. */
  exactAtStake: number;
  /** Standard deviation of one round's return (win / stake). */
  deviation: number;
  play(rng: Rng): { stake: bigint; win: bigint };
}

/** Deviation of a return that is `multiple` with probability p, else 0. */
const twoOutcomeDeviation = (multiple: number, p: number) => multiple * Math.sqrt(p * (1 - p));

function binomial(n: number, k: number): number {
  let result = 1;
  for (let index = 0; index < k; index += 1) result = (result * (n - index)) / (index + 1);
  return result;
}

export function buildScenarios(): Scenario[] {
  const scenarios: Scenario[] = [];
  const stake = SIMULATION_STAKE;

  const classic = classic3x3Exact();
  scenarios.push({
    id: 'classic3x3/spin',
    game: 'classic3x3',
    choice: '5 lines x 0.20',
    declaredRtp: CLASSIC3X3_RTP,
    exactAtStake: CLASSIC3X3_RTP,
    deviation: Math.sqrt(classic.variance.toNumber()),
    play: (rng) => playClassic3x3(rng, { stake }),
  });
  scenarios.push({
    id: 'video5x3/spin',
    game: 'video5x3',
    choice: '20 lines x 0.05',
    declaredRtp: VIDEO5X3_RTP,
    exactAtStake: VIDEO5X3_RTP,
    deviation: 2.7, // measured on a reference run; the table reports this run's own figure
    play: (rng) => playVideo5x3(rng, { stake }),
  });

  const baccarat = baccaratExact();
  const probability = (result: BaccaratBet) => baccarat.probability[result].toNumber();
  const baccaratSquares: Record<BaccaratBet, number> = {
    player: 4 * probability('player') + probability('tie'),
    banker: 1.95 ** 2 * probability('banker') + probability('tie'),
    tie: 81 * probability('tie'),
  };
  for (const bet of ['player', 'banker', 'tie'] as const) {
    scenarios.push({
      id: `baccarat/${bet}`,
      game: 'baccarat',
      choice: `${bet} bet`,
      declaredRtp: BACCARAT_RTP[bet],
      exactAtStake: BACCARAT_RTP[bet],
      deviation: Math.sqrt(baccaratSquares[bet] - BACCARAT_RTP[bet] ** 2),
      play: (rng) => playBaccarat(rng, { bets: { [bet]: stake } }),
    });
  }

  const rouletteBets: [string, RouletteBet][] = [
    ['straight 17', { kind: 'straight', numbers: [17], amount: stake }],
    ['split 17-20', { kind: 'split', numbers: [17, 20], amount: stake }],
    ['street 16-18', { kind: 'street', numbers: [16, 17, 18], amount: stake }],
    ['corner 17-21', { kind: 'corner', numbers: [17, 18, 20, 21], amount: stake }],
    ['line 13-18', { kind: 'line', numbers: [13, 14, 15, 16, 17, 18], amount: stake }],
    ['dozen 2', { kind: 'dozen', index: 2, amount: stake }],
    ['column 3', { kind: 'column', index: 3, amount: stake }],
    ['red', { kind: 'red', amount: stake }],
    ['black', { kind: 'black', amount: stake }],
    ['odd', { kind: 'odd', amount: stake }],
    ['even', { kind: 'even', amount: stake }],
    ['low 1-18', { kind: 'low', amount: stake }],
    ['high 19-36', { kind: 'high', amount: stake }],
  ];
  for (const [choice, bet] of rouletteBets) {
    const covered = coveredNumbers(bet).length;
    scenarios.push({
      id: `roulette/${choice.split(' ')[0]}`,
      game: 'roulette',
      choice,
      declaredRtp: ROULETTE_RTP,
      exactAtStake: ROULETTE_RTP,
      deviation: twoOutcomeDeviation(36 / covered, covered / 37),
      play: (rng) => playRoulette(rng, { bets: [bet] }),
    });
  }

  const diceChoices: [number, DiceInput['direction']][] = [
    [4950, 'under'],
    [999, 'over'],
    [3333, 'under'],
    [1000, 'under'],
    [100, 'under'],
  ];
  for (const [target, direction] of diceChoices) {
    const winningRolls = diceWinningRolls(target, direction);
    const p = winningRolls / 10_000;
    const flooredMultiple = Math.floor((STAKE * 9900) / winningRolls) / STAKE;
    scenarios.push({
      id: `dice/${direction}-${target}`,
      game: 'dice',
      choice: `${direction} ${(target / 100).toFixed(2)} (chance ${(p * 100).toFixed(2)} %, ${(9900 / winningRolls).toFixed(4)}x)`,
      declaredRtp: DICE_RTP,
      exactAtStake: p * flooredMultiple,
      deviation: twoOutcomeDeviation(flooredMultiple, p),
      play: (rng) => playDice(rng, { stake, target, direction }),
    });
  }

  for (const cashOutAt of [101, 150, 200, 1000, 10_000]) {
    const p = Math.floor((99 * 2 ** 32) / cashOutAt) / 2 ** 32;
    const multiple = Math.floor((STAKE * cashOutAt) / 100) / STAKE;
    scenarios.push({
      id: `crash/${cashOutAt}`,
      game: 'crash',
      choice: `auto cash-out ${(cashOutAt / 100).toFixed(2)}x`,
      declaredRtp: CRASH_RTP,
      exactAtStake: p * multiple,
      deviation: twoOutcomeDeviation(multiple, p),
      play: (rng) => playCrash(rng, { stake, cashOutAt }),
    });
  }

  // Picks: the centre, then the corners and edges: any fixed order has the same odds.
  const pickOrder = [
    12, 0, 24, 4, 20, 6, 18, 8, 16, 2, 22, 10, 14, 1, 23, 3, 21, 5, 19, 7, 17, 9, 15, 11, 13,
  ];
  for (const [mines, reveals] of [
    [1, 1],
    [3, 5],
    [5, 10],
    [10, 3],
    [24, 1],
  ] as const) {
    const p = binomial(25 - mines, reveals) / binomial(25, reveals);
    const { numerator, denominator } = minesMultiplier(mines, reveals);
    const multiple = Number((SIMULATION_STAKE * numerator) / denominator) / STAKE;
    const picks = pickOrder.slice(0, reveals);
    scenarios.push({
      id: `mines/${mines}x${reveals}`,
      game: 'mines',
      choice: `${mines} mine${mines > 1 ? 's' : ''}, cash out after ${reveals} (${(Number(numerator) / Number(denominator)).toFixed(4)}x)`,
      declaredRtp: MINES_RTP,
      exactAtStake: p * multiple,
      deviation: twoOutcomeDeviation(multiple, p),
      play: (rng) => playMines(rng, { stake, mines, picks }),
    });
  }
  return scenarios;
}

/** The pass band around the declared RTP: +-0.5 percentage point. */
export const TOLERANCE = 0.005;

/**
 * Rounds for a scenario: at least `minimum`, and as many multiples of it as needed for the
 * tolerance, less the known rounding cost at the simulated stake, to be 4 standard errors at the
 * default minimum of 10 M (so a correct game fails by chance about once in 16 000 scenarios),
 * e.g. 3x for a straight-up roulette bet.
 */
export function roundsFor(scenario: Scenario, minimum: number, reference = 10_000_000): number {
  const margin = TOLERANCE - Math.abs(scenario.declaredRtp - scenario.exactAtStake);
  const needed = ((4 * scenario.deviation) / margin) ** 2;
  return minimum * Math.max(1, Math.ceil(needed / reference));
}
