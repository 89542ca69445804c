import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { vendorSignatureToleranceSeconds } from '@khela/contract';
import {
  checkSignature,
  nowUnixSeconds,
  signPayload,
  type SignatureCheck,
} from '../../shared/hmac-signature.ts';

/**
 * Signatures of the vendor wallet protocol (docs/vendor-protocol.md, "Signing"): header
 * `x-khela-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>` on every
 * request and every answer, both ways. The key is the vendor connection's wallet secret, stored as
 * hex and HEX-DECODED to the key bytes (64 hex digits: a 32-byte key). A GET signs an empty body.
 */

/** At least 16 bytes (32 hex digits), an even number of hex digits. */
const walletSecretPattern = /^(?:[0-9a-f]{2}){16,128}$/i;

export function isWalletSecret(secret: string): boolean {
  return walletSecretPattern.test(secret);
}

/** A new wallet secret for a vendor connection: 32 random bytes, hex. */
export function newWalletSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The HMAC keys of the wallet secrets seen lately: every call checks one signature and signs one
 * answer, and the pattern check, the hex decoding and the key object were redone for each. A few
 * vendors at a time; bounded all the same (a changed secret leaves its old key behind).
 */
const keys = new Map<string, KeyObject>();
const maxKeys = 64;

function keyOf(walletSecret: string): KeyObject {
  const known = keys.get(walletSecret);
  if (known) return known;
  if (!isWalletSecret(walletSecret)) throw new Error('a wallet secret is 32 to 256 hex digits');
  const key = createSecretKey(Buffer.from(walletSecret, 'hex'));
  if (keys.size >= maxKeys) keys.clear();
  keys.set(walletSecret, key);
  return key;
}

export function signVendorPayload(walletSecret: string, rawBody: string, unixSeconds = nowUnixSeconds()) {
  return signPayload(keyOf(walletSecret), rawBody, unixSeconds);
}

export function checkVendorSignature(options: {
  walletSecret: string;
  rawBody: string;
  header: string | undefined;
  nowSeconds?: number;
}): SignatureCheck {
  if (!keys.has(options.walletSecret) && !isWalletSecret(options.walletSecret)) return 'mismatch';
  return checkSignature({
    key: keyOf(options.walletSecret),
    rawBody: options.rawBody,
    header: options.header,
    nowSeconds: options.nowSeconds ?? nowUnixSeconds(),
    toleranceSeconds: vendorSignatureToleranceSeconds,
  });
}
