import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, signBody } from './signature.ts';

// The worked example of docs/vendor-protocol.md ("Signing"), shared with the platform's tests.
const secret = '3f8a1c9e5b7d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3f5b7d9a2c4e6f8b0d1e';
const t = 1767225600;
const body =
  '{"sessionId":"1842","transactionId":"bet-9f2c-0001","roundId":"rnd-77120","gameCode":"classic3x3","amount":1000}';

describe('protocol signature', () => {
  it('matches the worked example of the protocol document (key = hex-decoded secret)', () => {
    expect(signBody(secret, body, t)).toBe(
      't=1767225600,v1=bef60d5192945204697122ddc3a16591ed6d6e636bd5cd5b0eb4e865352c56ec',
    );
    expect(signBody(secret, '', t)).toBe(
      't=1767225600,v1=d46dd077a5d84682f112a0856352b8a1c569111b5cf3f8f62e5cbe892c152601',
    );
    const asciiKey = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signBody(secret, body, t)).not.toContain(asciiKey);
  });

  it('accepts its own signature within the window', () => {
    const header = signBody(secret, body, t);
    expect(checkSignature({ secretHex: secret, rawBody: body, header, nowSeconds: t + 299 })).toBe('ok');
  });

  it('refuses a stale, a tampered, a foreign and a malformed signature', () => {
    const header = signBody(secret, body, t);
    expect(checkSignature({ secretHex: secret, rawBody: body, header, nowSeconds: t + 301 })).toBe('stale');
    expect(checkSignature({ secretHex: secret, rawBody: body, header, nowSeconds: t - 301 })).toBe('stale');
    expect(checkSignature({ secretHex: secret, rawBody: `${body} `, header, nowSeconds: t })).toBe(
      'mismatch',
    );
    const other = signBody('00'.repeat(32), body, t);
    expect(checkSignature({ secretHex: secret, rawBody: body, header: other, nowSeconds: t })).toBe(
      'mismatch',
    );
    for (const bad of [undefined, '', 'v1=abc', `t=${t},v1=XYZ`, `${header},extra`]) {
      expect(checkSignature({ secretHex: secret, rawBody: body, header: bad, nowSeconds: t })).toBe(
        'malformed',
      );
    }
  });
});
