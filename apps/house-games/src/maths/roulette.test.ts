import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import { GameInputError } from './outcome.ts';
import {
  MAX_ROULETTE_BETS,
  RED_NUMBERS,
  ROULETTE_RTP,
  colorOf,
  coveredNumbers,
  insideBets,
  playRoulette,
  settleRoulette,
  type InsideBetKind,
  type RouletteBet,
} from './roulette.ts';
import { countingRng, expectSampleRtp } from './test-support.ts';

const OUTSIDE: RouletteBet[] = [
  ...([1, 2, 3] as const).flatMap((index) => [
    { kind: 'dozen' as const, index, amount: 1n },
    { kind: 'column' as const, index, amount: 1n },
  ]),
  ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((kind) => ({ kind, amount: 1n })),
];

const INSIDE_KINDS: InsideBetKind[] = ['straight', 'split', 'street', 'corner', 'line'];

function everyBet(): RouletteBet[] {
  return [
    ...INSIDE_KINDS.flatMap((kind) => insideBets(kind).map((numbers) => ({ kind, numbers, amount: 1n }))),
    ...OUTSIDE,
  ];
}

describe('roulette table', () => {
  it('offers the European inside bets: 37 straights, 60 splits, 14 streets, 23 corners, 11 lines', () => {
    expect(INSIDE_KINDS.map((kind) => insideBets(kind).length)).toEqual([37, 60, 14, 23, 11]);
  });

  it('returns exactly 36/37 on every bet there is (all 37 results enumerated)', () => {
    for (const bet of everyBet()) {
      const stake = 37_000n;
      let returned = 0n;
      for (let number = 0; number <= 36; number += 1) {
        returned += settleRoulette(number, { bets: [{ ...bet, amount: stake }] }).win;
      }
      expect(
        returned,
        JSON.stringify(bet, (_, value: unknown) => (typeof value === 'bigint' ? `${value}` : value)),
      ).toBe(36n * stake);
    }
    expect(ROULETTE_RTP).toBe(36 / 37);
  });

  it('covers each of 1-36 by one dozen, one column, and one of each even-money pair; zero by none', () => {
    const covering = (number: number) => OUTSIDE.filter((bet) => coveredNumbers(bet).includes(number)).length;
    for (let number = 1; number <= 36; number += 1) expect(covering(number), `number ${number}`).toBe(5);
    expect(covering(0)).toBe(0);
    expect(RED_NUMBERS.size).toBe(18);
    expect(colorOf(0)).toBe('green');
    expect(colorOf(1)).toBe('red');
    expect(colorOf(2)).toBe('black');
    expect(coveredNumbers({ kind: 'column', index: 1, amount: 1n })).toEqual([
      1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34,
    ]);
    expect(coveredNumbers({ kind: 'dozen', index: 3, amount: 1n })[0]).toBe(25);
  });

  it('pays 36 / numbers covered: straight 36x, split 18x, street 12x, corner 9x, line 6x', () => {
    const win = (kind: InsideBetKind, numbers: number[]) =>
      settleRoulette(numbers[0]!, { bets: [{ kind, numbers, amount: 10n }] }).win;
    expect(win('straight', [17])).toBe(360n);
    expect(win('split', [0, 2])).toBe(180n);
    expect(win('street', [34, 35, 36])).toBe(120n);
    expect(win('corner', [0, 1, 2, 3])).toBe(90n);
    expect(win('line', [31, 32, 33, 34, 35, 36])).toBe(60n);
  });

  it('settles several bets at once, each on its own', () => {
    const outcome = settleRoulette(17, {
      bets: [
        { kind: 'straight', numbers: [17], amount: 10n },
        { kind: 'red', amount: 50n },
        { kind: 'black', amount: 20n },
        { kind: 'odd', amount: 5n },
      ],
    });
    expect(outcome.stake).toBe(85n);
    expect(outcome.win).toBe(360n + 40n + 10n);
    expect(outcome.detail.color).toBe('black');
    expect(outcome.detail.bets.map((bet) => bet.returns)).toEqual(['360', '0', '40', '10']);
  });

  it('refuses bets that are not on the table, bad amounts and bad lists, before drawing', () => {
    const refused: unknown[] = [
      [{ kind: 'straight', numbers: [37], amount: 1n }],
      [{ kind: 'split', numbers: [1, 5], amount: 1n }],
      [{ kind: 'split', numbers: [3, 4], amount: 1n }],
      [{ kind: 'street', numbers: [2, 3, 4], amount: 1n }],
      [{ kind: 'corner', numbers: [3, 4, 6, 7], amount: 1n }],
      [{ kind: 'line', numbers: [1, 2, 3, 4, 5, 7], amount: 1n }],
      [{ kind: 'straight', numbers: '17', amount: 1n }],
      [{ kind: 'dozen', index: 4, amount: 1n }],
      [{ kind: 'basket', amount: 1n }],
      [{ kind: 'red', amount: 0n }],
      [{ kind: 'red', amount: 5 }],
      [],
      Array.from({ length: MAX_ROULETTE_BETS + 1 }, () => ({ kind: 'red', amount: 1n })),
    ];
    const rng = countingRng(seededRng('x'));
    for (const bets of refused) {
      expect(
        () => playRoulette(rng, { bets: bets as RouletteBet[] }),
        JSON.stringify(bets, (_, v: unknown) => `${v}`),
      ).toThrow(GameInputError);
    }
    expect(rng.asked).toEqual([]);
  });

  it('accepts a bet whatever the order of its numbers', () => {
    expect(coveredNumbers({ kind: 'corner', numbers: [5, 1, 4, 2], amount: 1n })).toEqual([1, 2, 4, 5]);
  });
});

describe('playRoulette', () => {
  it('draws int(37) once and never returns more than 36 times the stake', () => {
    const all = everyBet();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ bet: fc.constantFrom(...all), amount: fc.bigInt({ min: 1n, max: 10n ** 12n }) }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        fc.string(),
        (choices, seed) => {
          const rng = countingRng(seededRng(seed));
          const outcome = playRoulette(rng, { bets: choices.map(({ bet, amount }) => ({ ...bet, amount })) });
          expect(rng.asked).toEqual([37]);
          expect(outcome.win <= 36n * outcome.stake).toBe(true);
          expect(outcome.stake).toBe(choices.reduce((sum, choice) => sum + choice.amount, 0n));
          expect(outcome.detail.number).toBeGreaterThanOrEqual(0);
          expect(outcome.detail.number).toBeLessThanOrEqual(36);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('returns 36/37 on a 300 000-spin sample of straights and of red', () => {
    expectSampleRtp(
      (rng) => playRoulette(rng, { bets: [{ kind: 'straight', numbers: [17], amount: 100n }] }),
      ROULETTE_RTP,
      300_000,
      'roulette-straight',
    );
    expectSampleRtp(
      (rng) => playRoulette(rng, { bets: [{ kind: 'red', amount: 100n }] }),
      ROULETTE_RTP,
      300_000,
      'roulette-red',
    );
  });
});
