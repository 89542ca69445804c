import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Timestamped HMAC-SHA256 signatures over a raw body, in the style of the big payment gateways:
 * a header `t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>`. The timestamp bounds
 * replays to a window; the HMAC covers the exact bytes sent (so the receiver reads the raw body,
 * never a re-serialised one). Used by the sandbox gateway's callbacks and by the vendor wallet
 * protocol (docs/vendor-protocol.md), each with its own header name and key.
 *
 * The key is a string (its UTF-8 bytes), bytes, or a secret KeyObject (the vendor protocol
 * hex-decodes its secret once and keeps the KeyObject: vendor-signature.ts).
 */
export type SignatureKey = string | Uint8Array | KeyObject;

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'mismatch';

function digestOf(key: SignatureKey, rawBody: string, unixSeconds: number): Buffer {
  return createHmac('sha256', key).update(`${unixSeconds}.${rawBody}`).digest();
}

export function signPayload(key: SignatureKey, rawBody: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${digestOf(key, rawBody, unixSeconds).toString('hex')}`;
}

export function nowUnixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Checks a header against the raw body: format, then the time window, then the HMAC (constant time). */
export function checkSignature(options: {
  key: SignatureKey;
  rawBody: string;
  header: string | undefined;
  nowSeconds: number;
  toleranceSeconds: number;
}): SignatureCheck {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(options.header ?? '');
  if (!match) return 'malformed';
  const timestamp = Number(match[1]);
  if (Math.abs(options.nowSeconds - timestamp) > options.toleranceSeconds) return 'stale';
  const expected = digestOf(options.key, options.rawBody, timestamp);
  const given = Buffer.from(match[2] ?? '', 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given) ? 'ok' : 'mismatch';
}
