import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cryptoRng, newServerSeed, seededRng } from './node-crypto.ts';
import { fairRng, fairWords, hashServerSeed, rngFromWords, uniformInt, type Rng } from './rng.ts';

const TWO_POW_32 = 0x1_0000_0000;

/** Chi-square critical value at p = 0.001 (Wilson-Hilferty), for `df` degrees of freedom. */
function chiSquareCritical(df: number): number {
  const z = 3.09;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

function chiSquare(counts: number[], expected: number): number {
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

function scriptedWords(words: number[]): { next: () => number; used: () => number } {
  let index = 0;
  return {
    next: () => {
      if (index >= words.length) throw new Error('ran out of scripted words');
      return words[index++]!;
    },
    used: () => index,
  };
}

describe('fairWords', () => {
  it('is HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor") read as big-endian words, block after block', () => {
    const serverSeed = 'a'.repeat(64);
    const words = fairWords(serverSeed, 'player-seed', 42);
    const expected: number[] = [];
    for (let cursor = 0; cursor < 3; cursor += 1) {
      const block = createHmac('sha256', serverSeed).update(`player-seed:42:${cursor}`).digest();
      for (let offset = 0; offset < 32; offset += 4) expected.push(block.readUInt32BE(offset));
    }
    expect(Array.from({ length: 24 }, () => words())).toEqual(expected);
  });

  it('refuses an empty server seed and a nonce that is not a whole number >= 0', () => {
    expect(() => fairWords('', 'c', 0)).toThrow(RangeError);
    expect(() => fairWords('s', 'c', -1)).toThrow(RangeError);
    expect(() => fairWords('s', 'c', 1.5)).toThrow(RangeError);
  });
});

describe('fairRng', () => {
  const draw = (rng: Rng) => Array.from({ length: 20 }, () => rng.int(1_000_000));

  it('gives the same draws for the same seeds and nonce', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.nat(), (serverSeed, clientSeed, nonce) => {
        expect(draw(fairRng(serverSeed, clientSeed, nonce))).toEqual(
          draw(fairRng(serverSeed, clientSeed, nonce)),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('gives different draws when the nonce, the client seed or the server seed changes', () => {
    const base = draw(fairRng('server', 'client', 7));
    expect(draw(fairRng('server', 'client', 8))).not.toEqual(base);
    expect(draw(fairRng('server', 'client2', 7))).not.toEqual(base);
    expect(draw(fairRng('server2', 'client', 7))).not.toEqual(base);
  });

  it('has uniform small draws (chi-square, p = 0.001)', () => {
    const rng = fairRng('chi-square-server-seed', 'chi', 1);
    const counts = new Array<number>(6).fill(0);
    const draws = 12_000;
    for (let index = 0; index < draws; index += 1) counts[rng.int(6)]! += 1;
    expect(chiSquare(counts, draws / 6)).toBeLessThan(chiSquareCritical(5));
  });
});

describe('uniformInt', () => {
  it('rejects words at or above the largest multiple of n, and reduces the others modulo n', () => {
    // 2^32 mod 3 = 1, so only the top word 2^32 - 1 is rejected.
    const three = scriptedWords([TWO_POW_32 - 1, TWO_POW_32 - 2]);
    expect(uniformInt(three.next, 3)).toBe((TWO_POW_32 - 2) % 3);
    expect(three.used()).toBe(2);
    // n = 2^31 + 1: the limit is 2^31 + 1 itself, nearly half the words are rejected.
    const large = scriptedWords([2 ** 31 + 1, TWO_POW_32 - 1, 2 ** 31]);
    expect(uniformInt(large.next, 2 ** 31 + 1)).toBe(2 ** 31);
    expect(large.used()).toBe(3);
  });

  it('accepts every word for n = 2^32 and a power of two, and uses one word for n = 1', () => {
    expect(uniformInt(scriptedWords([TWO_POW_32 - 1]).next, TWO_POW_32)).toBe(TWO_POW_32 - 1);
    expect(uniformInt(scriptedWords([TWO_POW_32 - 1]).next, 1024)).toBe(1023);
    const one = scriptedWords([123]);
    expect(uniformInt(one.next, 1)).toBe(0);
    expect(one.used()).toBe(1);
  });

  it('refuses n outside 1 … 2^32 and non-integers', () => {
    for (const n of [0, -1, 2.5, TWO_POW_32 + 1, Number.NaN]) {
      expect(() => uniformInt(() => 0, n)).toThrow(RangeError);
    }
  });

  it('always returns an integer in [0, n)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: TWO_POW_32 }),
        fc.array(fc.nat({ max: TWO_POW_32 - 1 }), { minLength: 64, maxLength: 64 }),
        (n, words) => {
          const limit = TWO_POW_32 - (TWO_POW_32 % n);
          fc.pre(words.some((word) => word < limit));
          const value = uniformInt(scriptedWords(words).next, n);
          return Number.isInteger(value) && value >= 0 && value < n;
        },
      ),
    );
  });

  it('is unbiased where modulo is badly biased: n = 3 x 2^30 (chi-square over thirds)', () => {
    // With plain modulo the lowest third would come up half of the time.
    const n = 3 * 2 ** 30;
    const rng = seededRng('unbiased-large-n');
    const counts = [0, 0, 0];
    const draws = 300_000;
    for (let index = 0; index < draws; index += 1) counts[Math.floor(rng.int(n) / 2 ** 30)]! += 1;
    expect(chiSquare(counts, draws / 3)).toBeLessThan(chiSquareCritical(2));
  });

  it('is uniform for small n (chi-square, p = 0.001 each)', () => {
    const rng = seededRng('unbiased-small-n');
    for (const n of [2, 3, 5, 6, 7, 10, 25, 37, 416]) {
      const draws = 2_000 * n;
      const counts = new Array<number>(n).fill(0);
      for (let index = 0; index < draws; index += 1) counts[rng.int(n)]! += 1;
      expect(chiSquare(counts, draws / n), `n = ${n}`).toBeLessThan(chiSquareCritical(n - 1));
    }
  });
});

describe('seeds and simulation randomness', () => {
  it('commits to the server seed with SHA-256 of its text', () => {
    const seed = newServerSeed();
    expect(hashServerSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
  });

  it('makes server seeds of 32 random bytes in hex, never the same twice', () => {
    const seeds = new Set(Array.from({ length: 100 }, () => newServerSeed()));
    expect(seeds.size).toBe(100);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('cryptoRng and seededRng draw in range across buffer refills; seededRng repeats per seed', () => {
    for (const rng of [cryptoRng(16), seededRng('a', 16)]) {
      for (let index = 0; index < 1_000; index += 1) {
        const value = rng.int(37);
        expect(value >= 0 && value < 37 && Number.isInteger(value)).toBe(true);
      }
    }
    const first = seededRng('same', 8);
    const second = seededRng('same', 64);
    const other = seededRng('other');
    const values = Array.from({ length: 100 }, () => first.int(TWO_POW_32));
    expect(Array.from({ length: 100 }, () => second.int(TWO_POW_32))).toEqual(values);
    expect(Array.from({ length: 100 }, () => other.int(TWO_POW_32))).not.toEqual(values);
  });

  it('rngFromWords feeds int from the given word source', () => {
    const words = scriptedWords([10, 20]);
    const rng = rngFromWords(words.next);
    expect([rng.int(7), rng.int(7)]).toEqual([3, 6]);
  });
});
