import { createHmac, timingSafeEqual } from 'node:crypto';
import { vendorSignatureHeader, vendorSignatureToleranceSeconds } from '@khela/contract';

/**
 * The protocol's signature (docs/vendor-protocol.md): header
 * `x-khela-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, where the
 * secret is the connection's hex string decoded to bytes. Requests and answers are signed the
 * same way both ways; a GET signs the empty body.
 */
export const signatureHeader = vendorSignatureHeader;

/** Requests older or newer than this are refused (replay window). */
export const signatureToleranceSeconds = vendorSignatureToleranceSeconds;

export function signBody(secretHex: string, rawBody: string, unixSeconds: number): string {
  const digest = createHmac('sha256', Buffer.from(secretHex, 'hex'))
    .update(`${unixSeconds}.${rawBody}`)
    .digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'mismatch';

export function checkSignature(options: {
  secretHex: string;
  rawBody: string;
  header: string | undefined;
  nowSeconds: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(options.header ?? '');
  if (!match) return 'malformed';
  const timestamp = Number(match[1]);
  const tolerance = options.toleranceSeconds ?? signatureToleranceSeconds;
  if (Math.abs(options.nowSeconds - timestamp) > tolerance) return 'stale';
  const expected = Buffer.from(signBody(options.secretHex, options.rawBody, timestamp).slice(-64), 'hex');
  const given = Buffer.from(match[2] ?? '', 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given) ? 'ok' : 'mismatch';
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
