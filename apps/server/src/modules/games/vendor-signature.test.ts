import { describe, expect, it } from 'vitest';
import {
  checkVendorSignature,
  isWalletSecret,
  newWalletSecret,
  signVendorPayload,
} from './vendor-signature.ts';

// The worked example of docs/vendor-protocol.md ("Signing"): keep the two in step.
const SECRET = '3f8a1c9e5b7d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3f5b7d9a2c4e6f8b0d1e';
const BODY =
  '{"sessionId":"1842","transactionId":"bet-9f2c-0001","roundId":"rnd-77120","gameCode":"classic3x3","amount":1000}';
const T = 1767225600;

describe('vendor signatures', () => {
  it('match the worked example: HMAC-SHA256 keyed by the hex-decoded secret over "t.body"', () => {
    expect(signVendorPayload(SECRET, BODY, T)).toBe(
      't=1767225600,v1=bef60d5192945204697122ddc3a16591ed6d6e636bd5cd5b0eb4e865352c56ec',
    );
    // A GET signs the empty body.
    expect(signVendorPayload(SECRET, '', T)).toBe(
      't=1767225600,v1=d46dd077a5d84682f112a0856352b8a1c569111b5cf3f8f62e5cbe892c152601',
    );
  });

  it('check the window, the format and every byte', () => {
    const header = signVendorPayload(SECRET, BODY, T);
    const check = (rawBody: string, value: string | undefined, nowSeconds = T) =>
      checkVendorSignature({ walletSecret: SECRET, rawBody, header: value, nowSeconds });
    expect(check(BODY, header)).toBe('ok');
    expect(check(BODY, header, T + 300)).toBe('ok');
    expect(check(BODY, header, T - 300)).toBe('ok');
    expect(check(BODY, header, T + 301)).toBe('stale');
    expect(check(`${BODY} `, header)).toBe('mismatch');
    expect(check(BODY, header.toUpperCase())).toBe('malformed');
    expect(check(BODY, undefined)).toBe('malformed');
    expect(check(BODY, `${header},v0=00`)).toBe('malformed');
    // The ASCII of the hex string is not the key.
    expect(
      check(BODY, 't=1767225600,v1=62cc14a88a9385be3bfe017d890858cb43e63164486384b955fc6ffdb21bd9c2'),
    ).toBe('mismatch');
  });

  it('take only hex secrets of 16 bytes or more', () => {
    expect(isWalletSecret(newWalletSecret())).toBe(true);
    expect(newWalletSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(isWalletSecret('abc')).toBe(false);
    expect(isWalletSecret('zz'.repeat(32))).toBe(false);
    expect(
      checkVendorSignature({ walletSecret: 'short', rawBody: '', header: 't=1,v1=' + '0'.repeat(64) }),
    ).toBe('mismatch');
    expect(() => signVendorPayload('short', '')).toThrow();
  });
});
