import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import { Fraction } from './fraction.ts';
import { GameInputError } from './outcome.ts';
import { windowAt } from './slot-reels.ts';
import { countingRng, expectSampleRtp, scriptedRng } from './test-support.ts';
import {
  VIDEO5X3_LINES,
  VIDEO5X3_REELS,
  VIDEO5X3_RTP,
  VIDEO5X3_RULES,
  evaluateVideoWindow,
  playVideo5x3,
  video5x3Exact,
  videoLineWin,
  type VideoRules,
  type VideoSymbol,
} from './video5x3.ts';

/** Small strips so that every stop combination can be enumerated (4 x 5 x 4 x 5 x 4 = 1600). */
const SMALL_RULES: VideoRules = {
  ...VIDEO5X3_RULES,
  reels: [
    ['A', 'K', 'SCATTER', 'TIGER'],
    ['WILD', 'A', 'K', 'SCATTER', 'Q'],
    ['A', 'WILD', 'K', 'SCATTER'],
    ['K', 'A', 'WILD', 'SCATTER', 'TIGER'],
    ['A', 'SCATTER', 'K', 'Q'],
  ],
  freeSpins: 1,
};

describe('video5x3 maths', () => {
  it('declares the exact RTP of its analysis', () => {
    const exact = video5x3Exact();
    expect(exact.rtp.equals(new Fraction(89018446893341n, 92794592428032n))).toBe(true);
    expect(VIDEO5X3_RTP).toBe(exact.rtp.toNumber());
    expect(VIDEO5X3_RTP).toBeGreaterThan(0.95);
    expect(VIDEO5X3_RTP).toBeLessThan(0.97);
    // About one base spin in 143 triggers; retriggers lift 10 free spins to about 10.75 on average.
    expect(1 / exact.triggerChance.toNumber()).toBeCloseTo(142.83, 1);
    expect(exact.expectedFreeSpins.toNumber()).toBeCloseTo(10.753, 3);
  });

  it('analysis equals brute-force enumeration of every stop combination (small strips)', () => {
    const exact = video5x3Exact(SMALL_RULES);
    const reels = SMALL_RULES.reels;
    let sumPays = 0;
    let triggers = 0;
    let combinations = 0;
    const visit = (stops: number[]) => {
      if (stops.length < reels.length) {
        for (let stop = 0; stop < reels[stops.length]!.length; stop += 1) visit([...stops, stop]);
        return;
      }
      const spin = evaluateVideoWindow(windowAt(reels, stops, 3), SMALL_RULES);
      sumPays += spin.totalPays;
      if (spin.freeSpinsAwarded > 0) triggers += 1;
      combinations += 1;
    };
    visit([]);
    expect(combinations).toBe(1600);
    // Base spin return = pays in line bets / 20 lines.
    expect(exact.lineRtp.add(exact.scatterRtp).equals(new Fraction(sumPays, combinations * 20))).toBe(true);
    expect(exact.triggerChance.equals(new Fraction(triggers, combinations))).toBe(true);
  });

  it('analysis of free spins and retriggers matches simulation (small strips, frequent triggers)', () => {
    const exact = video5x3Exact(SMALL_RULES);
    expect(exact.triggerChance.toNumber()).toBeGreaterThan(0.3);
    expectSampleRtp(
      (rng) => playVideo5x3(rng, { stake: 2000n }, SMALL_RULES),
      exact.rtp.toNumber(),
      100_000,
      'small-reels',
    );
  });

  it('refuses rules whose free spins would never end', () => {
    expect(() => video5x3Exact({ ...SMALL_RULES, freeSpins: 10 })).toThrow(RangeError);
  });

  it('keeps WILD off reels 1 and 5 and shows at most one SCATTER per reel', () => {
    expect(VIDEO5X3_REELS).toHaveLength(5);
    VIDEO5X3_REELS.forEach((strip, reel) => {
      expect(strip.includes('WILD')).toBe(reel >= 1 && reel <= 3);
      for (let stop = 0; stop < strip.length; stop += 1) {
        const shown = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
        expect(shown.filter((symbol) => symbol === 'SCATTER').length).toBeLessThanOrEqual(1);
      }
    });
  });

  it('has 20 distinct lines over three rows', () => {
    expect(VIDEO5X3_LINES).toHaveLength(20);
    expect(new Set(VIDEO5X3_LINES.map((line) => line.join())).size).toBe(20);
  });
});

describe('video5x3 line wins', () => {
  const line = (...symbols: VideoSymbol[]) => videoLineWin(symbols);

  it('pays 3, 4 and 5 of a kind from reel 1, with WILD standing in', () => {
    expect(line('TIGER', 'TIGER', 'TIGER', 'A', 'K')).toEqual({ symbol: 'TIGER', count: 3, pays: 40 });
    expect(line('TIGER', 'WILD', 'TIGER', 'WILD', 'K')).toEqual({ symbol: 'TIGER', count: 4, pays: 150 });
    expect(line('J', 'WILD', 'WILD', 'WILD', 'J')).toEqual({ symbol: 'J', count: 5, pays: 50 });
  });

  it('pays nothing for two of a kind, a break in the run, or a SCATTER on reel 1', () => {
    expect(line('TIGER', 'TIGER', 'A', 'TIGER', 'TIGER')).toBeNull();
    expect(line('A', 'K', 'A', 'A', 'A')).toBeNull();
    expect(line('SCATTER', 'WILD', 'WILD', 'WILD', 'SCATTER')).toBeNull();
    expect(line('A', 'WILD', 'SCATTER', 'A', 'A')).toBeNull();
  });

  it('pays scatters anywhere by the stake and awards 10 free spins from 3 on', () => {
    const grid: VideoSymbol[][] = [
      ['SCATTER', 'A', 'K'],
      ['Q', 'SCATTER', 'J'],
      ['K', 'Q', 'SCATTER'],
      ['J', 'A', 'K'],
      ['Q', 'J', 'A'],
    ];
    const spin = evaluateVideoWindow(grid);
    expect(spin.scatters).toBe(3);
    expect(spin.scatterPays).toBe(2);
    expect(spin.freeSpinsAwarded).toBe(10);
    const doubled = evaluateVideoWindow(grid, VIDEO5X3_RULES, 2);
    expect(doubled.totalPays).toBe(2 * spin.totalPays);
  });
});

describe('playVideo5x3', () => {
  it('draws five stops per spin and pays stake x total pays / 20, floored', () => {
    const rng = countingRng(seededRng('video-draws'));
    for (let round = 0; round < 300; round += 1) {
      const before = rng.asked.length;
      const outcome = playVideo5x3(rng, { stake: 333n });
      const spins = [outcome.detail.base, ...outcome.detail.freeSpins];
      expect(rng.asked.length - before).toBe(5 * spins.length);
      for (const spin of spins) expect(spin.grid).toEqual(windowAt(VIDEO5X3_REELS, spin.stops, 3));
      const total = spins.reduce((sum, spin) => sum + spin.totalPays, 0);
      expect(outcome.detail.totalPays).toBe(total);
      expect(outcome.win).toBe((333n * BigInt(total)) / 20n);
    }
  });

  it('plays the awarded free spins in the same round, doubled, counting retriggers', () => {
    // Reel stops that put every reel's SCATTER in the top row trigger on the base spin.
    const scatterStops = VIDEO5X3_REELS.map((strip) => strip.indexOf('SCATTER'));
    const tail = seededRng('free-spins');
    const scripted = [...scatterStops];
    const rng = {
      int(n: number) {
        const next = scripted.shift();
        return next ?? tail.int(n);
      },
    };
    const outcome = playVideo5x3(rng, { stake: 100n });
    expect(outcome.detail.base.scatters).toBe(5);
    expect(outcome.detail.base.scatterPays).toBe(50);
    const awarded = outcome.detail.freeSpins.reduce((sum, spin) => sum + spin.freeSpinsAwarded, 10);
    expect(outcome.detail.freeSpins).toHaveLength(awarded);
    for (const spin of outcome.detail.freeSpins) expect(spin.multiplier).toBe(2);
    expect(outcome.win).toBeGreaterThanOrEqual(5_000n);
  });

  it('refuses a stake that is not a positive bigint', () => {
    expect(() => playVideo5x3(scriptedRng([]), { stake: 0n })).toThrow(GameInputError);
    expect(() => playVideo5x3(scriptedRng([]), { stake: '100' as unknown as bigint })).toThrow(
      GameInputError,
    );
  });

  it('returns its declared RTP on a 300 000-round sample', () => {
    expectSampleRtp((rng) => playVideo5x3(rng, { stake: 100n }), VIDEO5X3_RTP, 300_000, 'video-sample');
  });
});
