import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The gateway's callback signature, in the style of the big gateways: header
 * `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp
 * bounds replays to a window; the HMAC covers the exact bytes sent.
 */
export const signatureHeader = 'x-sandbox-signature';

export function signPayload(secret: string, rawBody: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'mismatch';

export function checkSignature(options: {
  secret: string;
  rawBody: string;
  header: string | undefined;
  nowSeconds: number;
  toleranceSeconds: number;
}): SignatureCheck {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(options.header ?? '');
  if (!match) return 'malformed';
  const timestamp = Number(match[1]);
  if (Math.abs(options.nowSeconds - timestamp) > options.toleranceSeconds) return 'stale';
  const expected = Buffer.from(signPayload(options.secret, options.rawBody, timestamp).slice(-64), 'hex');
  const given = Buffer.from(match[2] ?? '', 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given) ? 'ok' : 'mismatch';
}
