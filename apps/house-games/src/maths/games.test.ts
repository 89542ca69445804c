import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import { Fraction } from './fraction.ts';
import { GAMES, GAME_CODES, isGameCode, playRound } from './games.ts';
import { GameInputError } from './outcome.ts';
import { buildScenarios, roundsFor } from './rtp-scenarios.ts';
import { emptyTally, mergeTallies, simulate, summarise } from './simulate.ts';
import { countingRng } from './test-support.ts';

describe('GAMES registry', () => {
  it('declares an RTP between 85 % and 99 % and its basis points for every game', () => {
    expect(GAME_CODES).toHaveLength(7);
    for (const code of GAME_CODES) {
      const game = GAMES[code];
      expect(game.code).toBe(code);
      expect(game.declaredRtp).toBeGreaterThan(0.85);
      expect(game.declaredRtp).toBeLessThanOrEqual(0.99);
      expect(game.rtpBasisPoints).toBe(Math.floor(game.declaredRtp * 10_000));
    }
    expect(GAMES.classic3x3.rtpBasisPoints).toBe(9598);
    expect(GAMES.video5x3.rtpBasisPoints).toBe(9593);
    expect(GAMES.roulette.rtpBasisPoints).toBe(9729);
    expect(GAMES.baccarat.rtpBasisPoints).toBe(9876);
    expect(GAMES.dice.rtpBasisPoints).toBe(9900);
    expect(GAMES.classic3x3.lines).toBe(5);
    expect(GAMES.video5x3.lines).toBe(20);
  });

  it('check() refuses a bad input of every game without drawing anything', () => {
    const rng = countingRng(seededRng('x'));
    for (const code of GAME_CODES) {
      expect(() => GAMES[code].check({} as never), code).toThrow(GameInputError);
      expect(() => playRound(code, rng, {} as never), code).toThrow(GameInputError);
    }
    expect(rng.asked).toEqual([]);
    expect(isGameCode('dice')).toBe(true);
    expect(isGameCode('poker')).toBe(false);
  });
});

describe('RTP scenarios', () => {
  const scenarios = buildScenarios();

  it('cover every game, each against the game’s declared RTP', () => {
    expect(new Set(scenarios.map((scenario) => scenario.game))).toEqual(new Set(GAME_CODES));
    expect(new Set(scenarios.map((scenario) => scenario.id)).size).toBe(scenarios.length);
    for (const scenario of scenarios) {
      const game = GAMES[scenario.game as keyof typeof GAMES];
      const declared = Object.values(game.rtpByBet ?? { all: game.declaredRtp });
      expect(declared, scenario.id).toContain(scenario.declaredRtp);
      // Flooring only ever costs the player, and little at a 1.00 stake.
      expect(scenario.exactAtStake, scenario.id).toBeLessThanOrEqual(scenario.declaredRtp + 1e-15);
      expect(scenario.exactAtStake, scenario.id).toBeGreaterThan(scenario.declaredRtp - 0.005);
    }
  });

  it('give high-variance scenarios enough rounds for +-0.5 pp, less rounding, to be 4 standard errors', () => {
    const rounds = (id: string) =>
      roundsFor(
        scenarios.find((scenario) => scenario.id === id)!,
        10_000_000,
      );
    expect(rounds('classic3x3/spin')).toBe(10_000_000);
    expect(rounds('roulette/straight')).toBe(30_000_000);
    expect(rounds('dice/under-100')).toBe(70_000_000);
    expect(rounds('crash/10000')).toBe(70_000_000);
    for (const scenario of scenarios) {
      const standardError = scenario.deviation / Math.sqrt(roundsFor(scenario, 10_000_000));
      const roundingCost = scenario.declaredRtp - scenario.exactAtStake;
      expect(4 * standardError + roundingCost, scenario.id).toBeLessThanOrEqual(0.005);
    }
  });

  it('play rounds that the tally adds up', () => {
    const rng = seededRng('scenarios');
    for (const scenario of scenarios) {
      const tally = simulate(scenario.play, rng, 200);
      expect(tally.rounds).toBe(200);
      expect(tally.stake).toBe(200 * 100);
      expect(Number.isFinite(summarise(tally).rtp)).toBe(true);
    }
  });
});

describe('simulate and Fraction', () => {
  it('sums stakes, wins and returns, and merges tallies', () => {
    const outcomes = [
      { stake: 100n, win: 0n },
      { stake: 100n, win: 300n },
    ];
    let index = 0;
    const tally = simulate(() => outcomes[index++ % 2]!, seededRng('t'), 4);
    expect(tally).toEqual({ rounds: 4, stake: 400, win: 600, sumReturns: 6, sumSquaredReturns: 18 });
    const { rtp, deviation, standardError } = summarise(mergeTallies([tally, emptyTally()]));
    expect(rtp).toBe(1.5);
    expect(deviation).toBe(1.5);
    expect(standardError).toBe(0.75);
  });

  it('keeps fractions exact and reduced', () => {
    const third = new Fraction(2, 6);
    expect(third.toString()).toBe('1/3');
    expect(third.add(new Fraction(1, 6)).equals(new Fraction(1, 2))).toBe(true);
    expect(third.sub(Fraction.ONE).toString()).toBe('-2/3');
    expect(third.mul(3).equals(Fraction.ONE)).toBe(true);
    expect(third.div(new Fraction(1, 3)).equals(Fraction.ONE)).toBe(true);
    expect(new Fraction(2n ** 80n + 1n, 3n * 2n ** 80n).toNumber()).toBeCloseTo(1 / 3, 15);
    expect(new Fraction(1, -2).toString()).toBe('-1/2');
    expect(() => new Fraction(1, 0)).toThrow(RangeError);
  });
});
