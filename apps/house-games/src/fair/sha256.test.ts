import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256, toHex, utf8 } from './sha256.ts';

const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const nodeHmac = (key: Uint8Array, message: Uint8Array) =>
  createHmac('sha256', key).update(message).digest('hex');

describe('sha256', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches node:crypto at every length around the block and padding boundaries', () => {
    for (let length = 0; length <= 200; length += 1) {
      const message = randomBytes(length);
      expect(toHex(sha256(message)), `length ${length}`).toBe(nodeSha256(message));
    }
  });

  it('matches node:crypto on random messages, text included', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2000 }),
        (message) => toHex(sha256(message)) === nodeSha256(message),
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        return toHex(sha256(utf8(text))) === createHash('sha256').update(text, 'utf8').digest('hex');
      }),
      { numRuns: 300 },
    );
  });
});

describe('hmacSha256', () => {
  it('matches RFC 4231 test case 2', () => {
    expect(toHex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('matches node:crypto for random keys (short, block-sized and longer than a block) and messages', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 300 }), (key, message) => {
        return toHex(hmacSha256(key, message)) === nodeHmac(key, message);
      }),
      { numRuns: 500 },
    );
    for (const keyLength of [0, 1, 63, 64, 65, 128]) {
      const key = randomBytes(keyLength);
      const message = randomBytes(77);
      expect(toHex(hmacSha256(key, message)), `key length ${keyLength}`).toBe(nodeHmac(key, message));
    }
  });

  it('differs when one bit of the key or the message changes', () => {
    const key = utf8('server-seed');
    const message = utf8('client:1:0');
    const flipped = Uint8Array.from(message);
    flipped[0]! ^= 1;
    expect(toHex(hmacSha256(key, message))).not.toBe(toHex(hmacSha256(key, flipped)));
    expect(toHex(hmacSha256(utf8('server-seee'), message))).not.toBe(toHex(hmacSha256(key, message)));
  });
});
