import {
  checkSignature as checkHmacSignature,
  signPayload as signHmacPayload,
} from '../../shared/hmac-signature.ts';
import type { SignatureCheck } from '../../shared/hmac-signature.ts';

/**
 * The gateway's callback signature, in the style of the big gateways: header
 * `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the
 * secret string as is. The scheme lives in shared/hmac-signature.ts (the vendor protocol uses it too).
 */
export const signatureHeader = 'x-sandbox-signature';

export type { SignatureCheck };

export function signPayload(secret: string, rawBody: string, unixSeconds: number): string {
  return signHmacPayload(secret, rawBody, unixSeconds);
}

export function checkSignature(options: {
  secret: string;
  rawBody: string;
  header: string | undefined;
  nowSeconds: number;
  toleranceSeconds: number;
}): SignatureCheck {
  const { secret, ...rest } = options;
  return checkHmacSignature({ key: secret, ...rest });
}
