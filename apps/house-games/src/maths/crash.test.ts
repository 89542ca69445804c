import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import {
  CRASH_RTP,
  crashExactRtp,
  crashInstantBustShare,
  crashPointFromDraw,
  playCrash,
  settleCrash,
  type CrashInput,
} from './crash.ts';
import { GameInputError } from './outcome.ts';
import { countingRng, expectSampleRtp, scriptedRng } from './test-support.ts';

const TWO_POW_32 = 0x1_0000_0000;

describe('crash maths', () => {
  it('maps the draw to 0.99 / (1 - u) in hundredths, busting at 1.00x below it', () => {
    expect(crashPointFromDraw(0)).toBe(100);
    expect(crashPointFromDraw(TWO_POW_32 / 2)).toBe(198);
    expect(crashPointFromDraw(TWO_POW_32 - 1)).toBe(99 * TWO_POW_32);
    // The last busting draw and the first that reaches 1.00x on its own.
    expect(Math.floor((99 * TWO_POW_32) / (TWO_POW_32 - 42_949_672))).toBe(99);
    expect(Math.floor((99 * TWO_POW_32) / (TWO_POW_32 - 42_949_673))).toBe(100);
  });

  it('busts at once on 1 % of draws: the house edge', () => {
    expect(crashInstantBustShare()).toBe(42_949_673 / TWO_POW_32);
    expect(crashInstantBustShare()).toBeCloseTo(0.01, 9);
  });

  it('never falls as the draw grows, and computes exactly (integer division check)', () => {
    fc.assert(
      fc.property(fc.nat({ max: TWO_POW_32 - 2 }), (draw) => {
        const point = crashPointFromDraw(draw);
        expect(crashPointFromDraw(draw + 1)).toBeGreaterThanOrEqual(point);
        const exact = (99n * BigInt(TWO_POW_32)) / BigInt(TWO_POW_32 - draw);
        expect(point).toBe(Math.max(100, Number(exact)));
      }),
      { numRuns: 2000 },
    );
  });

  it('reaches a target t on floor(99 x 2^32 / t) of the 2^32 draws, so RTP is just under 99 %', () => {
    for (const target of [101, 150, 200, 1000, 10_000, 1_000_000]) {
      const winningDraws = Math.floor((99 * TWO_POW_32) / target);
      const firstWinningDraw = TWO_POW_32 - winningDraws;
      expect(crashPointFromDraw(firstWinningDraw)).toBeGreaterThanOrEqual(target);
      expect(crashPointFromDraw(firstWinningDraw - 1)).toBeLessThan(target);
      expect(crashExactRtp(target)).toBeLessThanOrEqual(CRASH_RTP);
      // The floor drops less than one draw in 2^32: at most t / 2^32 of the return.
      expect(crashExactRtp(target)).toBeGreaterThan(CRASH_RTP - target / 100 / TWO_POW_32);
    }
  });
});

describe('playCrash', () => {
  it('draws int(2^32) once and wins stake x target when the crash point reaches it', () => {
    const rng = countingRng(scriptedRng([TWO_POW_32 / 2]));
    const outcome = playCrash(rng, { stake: 100n, cashOutAt: 198 });
    expect(rng.asked).toEqual([TWO_POW_32]);
    expect(outcome).toEqual({
      stake: 100n,
      win: 198n,
      detail: { crashPoint: 198, cashOutAt: 198, won: true },
    });
    expect(settleCrash(198, { stake: 100n, cashOutAt: 199 }).win).toBe(0n);
    expect(settleCrash(100, { stake: 100n, cashOutAt: 101 }).win).toBe(0n);
    expect(settleCrash(1000, { stake: 7n, cashOutAt: 155 }).win).toBe(10n);
  });

  it('refuses targets outside 1.01x … 10000x and bad stakes, before drawing', () => {
    const rng = countingRng(seededRng('x'));
    const refused = [
      { stake: 100n, cashOutAt: 100 },
      { stake: 100n, cashOutAt: 1_000_001 },
      { stake: 100n, cashOutAt: 150.5 },
      { stake: -1n, cashOutAt: 200 },
      { stake: 100n },
    ] as unknown as CrashInput[];
    for (const input of refused) expect(() => playCrash(rng, input)).toThrow(GameInputError);
    expect(rng.asked).toEqual([]);
  });

  it('stops at 1.00x on 1.98 % of a 200 000-round sample and returns 99 % at 2.00x', () => {
    const rng = seededRng('crash-bust');
    let atOne = 0;
    const rounds = 200_000;
    for (let round = 0; round < rounds; round += 1) {
      if (playCrash(rng, { stake: 100n, cashOutAt: 101 }).detail.crashPoint === 100) atOne += 1;
    }
    // 1.00x shows for the 1 % instant busts and for crashes from 1.00x to 1.0099x: 1 - 0.99 / 1.01.
    const expected = 1 - 99 / 101;
    const share = atOne / rounds;
    const standardError = Math.sqrt((expected * (1 - expected)) / rounds);
    expect(Math.abs(share - expected)).toBeLessThan(5 * standardError);
    expectSampleRtp(
      (generator) => playCrash(generator, { stake: 100n, cashOutAt: 200 }),
      CRASH_RTP,
      200_000,
      'crash-2x',
    );
  });
});
