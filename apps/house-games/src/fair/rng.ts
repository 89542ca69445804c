import { hmacSha256, sha256, toHex, utf8 } from './sha256.ts';

/**
 * Randomness for games. Every game takes an `Rng`, so the same code runs on provably-fair
 * randomness for real rounds (`fairRng`) and on fast crypto randomness for RTP simulation
 * (`cryptoRng` in node-crypto.ts).
 */
export interface Rng {
  /** A uniform integer in [0, n), 1 <= n <= 2^32, unbiased (rejection sampling, never modulo). */
  int(n: number): number;
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, n) from a stream of uniform 32-bit words: words at or above the largest
 * multiple of n below 2^32 are rejected (a plain `word % n` would favour small results). Consumes
 * at least one word even for n = 1, so that the word stream of a round never depends on values.
 */
export function uniformInt(nextWord: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32)
    throw new RangeError(`int(n) needs 1 <= n <= 2^32, got ${n}`);
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const word = nextWord();
    if (word < limit) return word % n;
  }
}

/** An Rng over any source of uniform 32-bit words (0 <= word < 2^32). */
export function rngFromWords(nextWord: () => number): Rng {
  return { int: (n) => uniformInt(nextWord, n) };
}

/**
 * The words of a provably-fair round: block `cursor` is
 * HMAC-SHA256(key = UTF-8 of serverSeed, message = UTF-8 of `${clientSeed}:${nonce}:${cursor}`)
 * for cursor 0, 1, 2 …; each 32-byte block gives eight big-endian 32-bit words, used in order.
 * Anyone holding the revealed server seed can recompute them, e.g.
 * `printf '%s' "$clientSeed:$nonce:0" | openssl dgst -sha256 -hmac "$serverSeed"`.
 */
export function fairWords(serverSeed: string, clientSeed: string, nonce: number): () => number {
  if (serverSeed.length === 0) throw new RangeError('serverSeed must not be empty');
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new RangeError(`nonce must be a safe integer >= 0, got ${nonce}`);
  const key = utf8(serverSeed);
  let cursor = 0;
  let block: DataView = new DataView(new ArrayBuffer(0));
  let offset = 0;
  return () => {
    if (offset >= block.byteLength) {
      const bytes = hmacSha256(key, utf8(`${clientSeed}:${nonce}:${cursor}`));
      block = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      cursor += 1;
      offset = 0;
    }
    const word = block.getUint32(offset);
    offset += 4;
    return word;
  };
}

/** The Rng of one provably-fair round, derived from (serverSeed, clientSeed, nonce) only. */
export function fairRng(serverSeed: string, clientSeed: string, nonce: number): Rng {
  return rngFromWords(fairWords(serverSeed, clientSeed, nonce));
}

/**
 * The commitment published before play: lower-case hex SHA-256 of the server seed's text (the hex
 * string itself, as `printf '%s' "$serverSeed" | sha256sum` computes it).
 */
export function hashServerSeed(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}
