import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import {
  CLASSIC3X3_LINES,
  CLASSIC3X3_REELS,
  CLASSIC3X3_RTP,
  classic3x3Exact,
  classicLineWin,
  playClassic3x3,
} from './classic3x3.ts';
import { Fraction } from './fraction.ts';
import { GameInputError } from './outcome.ts';
import { windowAt } from './slot-reels.ts';
import { countingRng, expectSampleRtp, scriptedRng } from './test-support.ts';

describe('classic3x3 maths', () => {
  it('declares the RTP that enumerating all 24^3 stop combinations gives: 4423/4608', () => {
    const exact = classic3x3Exact();
    expect(exact.rtp.equals(new Fraction(4423, 4608))).toBe(true);
    expect(CLASSIC3X3_RTP).toBe(exact.rtp.toNumber());
    expect(CLASSIC3X3_RTP).toBeGreaterThan(0.95);
    expect(CLASSIC3X3_RTP).toBeLessThan(0.97);
    // Moderate variance: 10 M spins give a standard error near 0.1 percentage point.
    expect(Math.sqrt(exact.variance.toNumber())).toBeLessThan(4);
    expect(exact.hitRate.toNumber()).toBeGreaterThan(0.3);
  });

  it('has three 24-stop reels and five distinct lines over three rows', () => {
    expect(CLASSIC3X3_REELS.map((strip) => strip.length)).toEqual([24, 24, 24]);
    expect(new Set(CLASSIC3X3_LINES.map((line) => line.join())).size).toBe(5);
    for (const line of CLASSIC3X3_LINES) for (const row of line) expect(row >= 0 && row <= 2).toBe(true);
  });

  it('pays three of a kind, two cherries from the left, one cherry on reel 1, never blanks', () => {
    expect(classicLineWin(['SEVEN', 'SEVEN', 'SEVEN'])).toEqual({ symbol: 'SEVEN', count: 3, pays: 500 });
    expect(classicLineWin(['CHERRY', 'CHERRY', 'CHERRY'])).toEqual({ symbol: 'CHERRY', count: 3, pays: 20 });
    expect(classicLineWin(['CHERRY', 'CHERRY', 'BAR'])).toEqual({ symbol: 'CHERRY', count: 2, pays: 4 });
    expect(classicLineWin(['CHERRY', 'BAR', 'CHERRY'])).toEqual({ symbol: 'CHERRY', count: 1, pays: 1 });
    expect(classicLineWin(['BAR', 'CHERRY', 'CHERRY'])).toBeNull();
    expect(classicLineWin(['BLANK', 'BLANK', 'BLANK'])).toBeNull();
    expect(classicLineWin(['BAR', 'BAR', 'BELL'])).toBeNull();
  });
});

describe('playClassic3x3', () => {
  it('draws one stop per reel and pays the lines of the window it shows', () => {
    const rng = countingRng(seededRng('classic-draws'));
    for (let round = 0; round < 200; round += 1) {
      const outcome = playClassic3x3(rng, { stake: 100n });
      expect(outcome.detail.grid).toEqual(windowAt(CLASSIC3X3_REELS, outcome.detail.stops, 3));
      const totalPays = outcome.detail.lineWins.reduce((sum, win) => sum + win.pays, 0);
      expect(outcome.detail.totalPays).toBe(totalPays);
      expect(outcome.win).toBe((100n * BigInt(totalPays)) / 5n);
      expect(outcome.stake).toBe(100n);
    }
    expect(rng.asked).toEqual(new Array<number>(600).fill(24));
  });

  it('pays three sevens on the middle line when every reel stops one above its seven', () => {
    // Stop 23 shows positions 23, 0, 1: the middle row is position 0 (SEVEN on every reel).
    const outcome = playClassic3x3(scriptedRng([23, 23, 23]), { stake: 1000n });
    expect(outcome.detail.lineWins).toContainEqual({ line: 1, symbol: 'SEVEN', count: 3, pays: 500 });
    expect(outcome.win).toBe((1000n * BigInt(outcome.detail.totalPays)) / 5n);
    expect(outcome.win).toBeGreaterThanOrEqual(100_000n);
  });

  it('floors the win when the stake does not divide by the 5 lines', () => {
    const outcome = playClassic3x3(scriptedRng([23, 23, 23]), { stake: 7n });
    expect(outcome.win).toBe((7n * BigInt(outcome.detail.totalPays)) / 5n);
  });

  it('refuses a stake that is not a positive bigint, before drawing', () => {
    const rng = countingRng(seededRng('x'));
    for (const stake of [0n, -100n, 100 as unknown as bigint, undefined as unknown as bigint]) {
      expect(() => playClassic3x3(rng, { stake })).toThrow(GameInputError);
    }
    expect(rng.asked).toEqual([]);
  });

  it('returns its declared RTP on a 300 000-spin sample', () => {
    expectSampleRtp((rng) => playClassic3x3(rng, { stake: 100n }), CLASSIC3X3_RTP, 300_000, 'classic-sample');
  });
});
