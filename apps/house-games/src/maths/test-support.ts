import { expect } from 'vitest';
import { seededRng } from '../fair/node-crypto.ts';
import type { Rng } from '../fair/rng.ts';
import { simulate, summarise } from './simulate.ts';

/** Test helpers (Node only, used by *.test.ts). */

/** An Rng that counts its draws and records each n asked for. */
export function countingRng(inner: Rng): Rng & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    int(n) {
      asked.push(n);
      return inner.int(n);
    },
  };
}

/** An Rng that returns the given values in order (each must be < the n asked for). */
export function scriptedRng(values: number[]): Rng {
  let index = 0;
  return {
    int(n) {
      const value = values[index++];
      if (value === undefined || value >= n)
        throw new Error(`scripted value ${value} does not fit int(${n})`);
      return value;
    },
  };
}

/**
 * A small seeded simulation whose RTP must lie within 5 standard errors of `expected` (a wrong
 * paytable or rule shows up as many standard errors; chance alone exceeds 5 once in 1.7 million).
 */
export function expectSampleRtp(
  playOne: (rng: Rng) => { stake: bigint; win: bigint },
  expected: number,
  rounds: number,
  seed: string,
): void {
  const { rtp, standardError } = summarise(simulate(playOne, seededRng(seed), rounds));
  expect(
    Math.abs(rtp - expected),
    `measured ${rtp} vs ${expected}, standard error ${standardError}`,
  ).toBeLessThan(5 * standardError);
}
