import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import { DICE_RTP, diceWinningRolls, playDice, settleDice, type DiceInput } from './dice.ts';
import { Fraction } from './fraction.ts';
import { GameInputError } from './outcome.ts';
import { countingRng, expectSampleRtp } from './test-support.ts';

describe('dice maths', () => {
  it('counts winning rolls: under wins below the target, over above it, the target itself loses', () => {
    expect(diceWinningRolls(5000, 'under')).toBe(5000);
    expect(diceWinningRolls(5000, 'over')).toBe(4999);
    const input = (direction: DiceInput['direction']): DiceInput => ({
      stake: 100n,
      target: 5000,
      direction,
    });
    expect(settleDice(4999, input('under')).detail.won).toBe(true);
    expect(settleDice(5000, input('under')).detail.won).toBe(false);
    expect(settleDice(5000, input('over')).detail.won).toBe(false);
    expect(settleDice(5001, input('over')).detail.won).toBe(true);
  });

  it('returns exactly 99 % for every allowed target and direction, before flooring', () => {
    for (const direction of ['under', 'over'] as const) {
      for (let target = 0; target <= 9999; target += 1) {
        const winningRolls = diceWinningRolls(target, direction);
        if (winningRolls < 100 || winningRolls > 9800) continue;
        // P(win) x gross multiplier = (k / 10000) x (9900 / k).
        const rtp = new Fraction(winningRolls, 10_000).mul(new Fraction(9900, winningRolls));
        expect(rtp.equals(new Fraction(99, 100))).toBe(true);
        // Enumerating the rolls at a stake of 1 000 000 gives 99 % to within one minor unit per win.
        const stake = 1_000_000n;
        const win = settleDice(direction === 'under' ? 0 : 9999, { stake, target, direction }).win;
        const returned = win * BigInt(winningRolls);
        expect(Number(returned) / 10_000 / Number(stake)).toBeGreaterThan(0.99 - winningRolls / 10_000 / 1e6);
        expect(Number(returned) / 10_000 / Number(stake)).toBeLessThanOrEqual(0.99);
      }
    }
    expect(DICE_RTP).toBe(0.99);
  });

  it('pays stake x 9900 / winning rolls, floored', () => {
    expect(settleDice(0, { stake: 100n, target: 4950, direction: 'under' }).win).toBe(200n);
    expect(settleDice(0, { stake: 100n, target: 100, direction: 'under' }).win).toBe(9900n);
    expect(settleDice(0, { stake: 100n, target: 3333, direction: 'under' }).win).toBe(297n);
    expect(settleDice(0, { stake: 100n, target: 3333, direction: 'under' }).detail.multiplier).toBe(2.9703);
  });
});

describe('playDice', () => {
  it('draws int(10000) once and reports the roll', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9800 }), fc.string(), (target, seed) => {
        const rng = countingRng(seededRng(seed));
        const outcome = playDice(rng, { stake: 100n, target, direction: 'under' });
        expect(rng.asked).toEqual([10_000]);
        expect(outcome.detail.won).toBe(outcome.detail.roll < target);
        expect(outcome.win > 0n).toBe(outcome.detail.won);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses chances outside 1 % … 98 %, bad targets, directions and stakes, before drawing', () => {
    const rng = countingRng(seededRng('x'));
    const refused = [
      { stake: 100n, target: 99, direction: 'under' },
      { stake: 100n, target: 9801, direction: 'under' },
      { stake: 100n, target: 9900, direction: 'over' },
      { stake: 100n, target: 198, direction: 'over' },
      { stake: 100n, target: 50.5, direction: 'under' },
      { stake: 100n, target: 10_000, direction: 'under' },
      { stake: 100n, target: 5000, direction: 'sideways' },
      { stake: 0n, target: 5000, direction: 'under' },
      { stake: 100, target: 5000, direction: 'under' },
    ] as unknown as DiceInput[];
    for (const input of refused) expect(() => playDice(rng, input)).toThrow(GameInputError);
    expect(rng.asked).toEqual([]);
    expect(() => playDice(rng, { stake: 100n, target: 9899, direction: 'over' })).not.toThrow();
  });

  it('returns 99 % on a 300 000-roll sample at a 49.5 % chance', () => {
    expectSampleRtp(
      (rng) => playDice(rng, { stake: 100n, target: 4950, direction: 'under' }),
      DICE_RTP,
      300_000,
      'dice-sample',
    );
  });
});
