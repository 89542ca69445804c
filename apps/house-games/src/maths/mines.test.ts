import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import { Fraction } from './fraction.ts';
import {
  MINES_RTP,
  isMine,
  minesLayout,
  minesMultiplier,
  playMines,
  settleMines,
  type MinesInput,
} from './mines.ts';
import { GameInputError } from './outcome.ts';
import { countingRng, expectSampleRtp } from './test-support.ts';

function choose(n: number, k: number): number {
  let result = 1;
  for (let index = 0; index < k; index += 1) result = (result * (n - index)) / (index + 1);
  return Math.round(result);
}

describe('mines maths', () => {
  it('multiplies by 0.99 x C(25, k) / C(25 - m, k)', () => {
    const value = (mines: number, k: number) => {
      const { numerator, denominator } = minesMultiplier(mines, k);
      return Number(numerator) / Number(denominator);
    };
    expect(value(1, 1)).toBe(1.03125);
    expect(value(24, 1)).toBe(24.75);
    expect(value(3, 5)).toBeCloseTo((0.99 * 53130) / 26334, 12);
    expect(value(5, 20)).toBeCloseTo(0.99 * choose(25, 20), 6);
  });

  it('returns exactly 99 % for every mine count and number of reveals', () => {
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let k = 1; k <= 25 - mines; k += 1) {
        const survive = new Fraction(choose(25 - mines, k), choose(25, k));
        const { numerator, denominator } = minesMultiplier(mines, k);
        expect(
          survive.mul(new Fraction(numerator, denominator)).equals(new Fraction(99, 100)),
          `${mines} mines, ${k}`,
        ).toBe(true);
      }
    }
    expect(MINES_RTP).toBe(0.99);
  });

  it('lays m distinct mines with m draws (25, 24, …), uniformly over the tiles', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.string(), (mines, seed) => {
        const rng = countingRng(seededRng(seed));
        const layout = minesLayout(rng, mines);
        expect(rng.asked).toEqual(Array.from({ length: mines }, (_, index) => 25 - index));
        expect(new Set(layout).size).toBe(mines);
        expect([...layout].sort((a, b) => a - b)).toEqual(layout);
        for (const tile of layout) expect(tile >= 0 && tile < 25).toBe(true);
      }),
      { numRuns: 100 },
    );
    const rng = seededRng('mines-uniform');
    const counts = new Array<number>(25).fill(0);
    const rounds = 50_000;
    for (let round = 0; round < rounds; round += 1)
      for (const tile of minesLayout(rng, 3)) counts[tile]! += 1;
    const expected = (rounds * 3) / 25;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(51.2); // 24 degrees of freedom, p = 0.001
  });
});

describe('settleMines and playMines', () => {
  const layout = [0, 6, 12];

  it('cashes out after the safe picks, floored to minor units', () => {
    const outcome = settleMines(layout, { stake: 100n, mines: 3, picks: [1, 2, 3, 4, 5] });
    expect(outcome.detail).toMatchObject({ hitMine: false, safeReveals: 5, revealed: [1, 2, 3, 4, 5] });
    expect(outcome.win).toBe((100n * 99n * 53130n) / (100n * 26334n));
    expect(outcome.detail.multiplier).toBe(1.9974);
  });

  it('ends at the first mine with nothing, ignoring the picks after it', () => {
    const outcome = settleMines(layout, { stake: 100n, mines: 3, picks: [1, 6, 2] });
    expect(outcome.win).toBe(0n);
    expect(outcome.detail).toMatchObject({ hitMine: true, safeReveals: 1, revealed: [1, 6], multiplier: 0 });
    expect(isMine(layout, 6)).toBe(true);
    expect(isMine(layout, 7)).toBe(false);
  });

  it('refuses bad mine counts, picks and stakes, before drawing', () => {
    const rng = countingRng(seededRng('x'));
    const refused = [
      { stake: 100n, mines: 0, picks: [1] },
      { stake: 100n, mines: 25, picks: [1] },
      { stake: 100n, mines: 2.5, picks: [1] },
      { stake: 100n, mines: 3, picks: [] },
      { stake: 100n, mines: 3, picks: [1, 1] },
      { stake: 100n, mines: 3, picks: [25] },
      { stake: 100n, mines: 3, picks: [-1] },
      { stake: 100n, mines: 24, picks: [1, 2] },
      { stake: 0n, mines: 3, picks: [1] },
    ] as MinesInput[];
    for (const input of refused) expect(() => playMines(rng, input)).toThrow(GameInputError);
    expect(rng.asked).toEqual([]);
    expect(() => settleMines([1, 2], { stake: 100n, mines: 3, picks: [4] })).toThrow(GameInputError);
  });

  it('returns 99 % on a 200 000-round sample (3 mines, 5 reveals)', () => {
    // Rounding at a stake of 10 000 costs at most 1 / 19 974 of the win: far below the error.
    expectSampleRtp(
      (rng) => playMines(rng, { stake: 10_000n, mines: 3, picks: [12, 0, 24, 4, 20] }),
      MINES_RTP,
      200_000,
      'mines-sample',
    );
  });
});

describe('minesMultiplier edges', () => {
  it('is 0.99 before any reveal and has a zero denominator past the last safe tile', () => {
    expect(minesMultiplier(3, 0)).toEqual({ numerator: 99n, denominator: 100n });
    expect(minesMultiplier(24, 2).denominator).toBe(0n);
    expect(minesMultiplier(3, 22).denominator).toBe(100n);
  });
});
