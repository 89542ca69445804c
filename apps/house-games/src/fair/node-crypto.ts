import { createCipheriv, createHash, randomBytes, randomFillSync } from 'node:crypto';
import { rngFromWords, type Rng } from './rng.ts';

/**
 * The Node-only adapter of the fair module (kept apart so that the rest of src/fair and src/maths
 * also runs in the browser). Not exported from src/maths/index.ts: import it from here.
 */

/** A new server seed: 32 random bytes from node:crypto, as 64 lower-case hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * A fast Rng on node:crypto randomness for simulation (not for real rounds, which use `fairRng`):
 * words come from a buffer refilled by `randomFillSync`, `bufferWords` at a time.
 */
export function cryptoRng(bufferWords = 16_384): Rng {
  const words = new Uint32Array(bufferWords);
  let index = bufferWords;
  return rngFromWords(() => {
    if (index === bufferWords) {
      randomFillSync(words);
      index = 0;
    }
    const word = words[index]!;
    index += 1;
    return word;
  });
}

/**
 * A reproducible Rng for tests and seeded simulation runs: the AES-256-CTR keystream under
 * SHA-256(seed). As fast as `cryptoRng`, and the same seed always gives the same words.
 */
export function seededRng(seed: string, bufferWords = 16_384): Rng {
  const cipher = createCipheriv('aes-256-ctr', createHash('sha256').update(seed).digest(), Buffer.alloc(16));
  const zeros = new Uint8Array(bufferWords * 4);
  let words = new Uint32Array(0);
  let index = 0;
  return rngFromWords(() => {
    if (index === words.length) {
      const bytes = cipher.update(zeros);
      words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
      index = 0;
    }
    const word = words[index]!;
    index += 1;
    return word;
  });
}
