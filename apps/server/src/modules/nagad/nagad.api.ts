import { constants, privateDecrypt, publicEncrypt, sign, verify } from 'node:crypto';
import { z } from 'zod';

/**
 * Nagad's merchant checkout, as Nagad publishes it (the "Nagad Online Payment API" integration
 * guide, API version v-0.2.0): paths under the base URL (https://api.mynagad.com/api/dfs),
 * headers, bodies and answers. The sensitive parts travel RSA-encrypted with the receiver's public
 * key (PKCS#1 v1.5) and RSA-SHA256-signed with the sender's private key, both base64. The adapter,
 * the simulator and the tests share these.
 */
export const nagadPaths = {
  initialize: (merchantId: string, orderId: string) =>
    `/check-out/initialize/${encodeURIComponent(merchantId)}/${encodeURIComponent(orderId)}`,
  complete: (paymentReferenceId: string) => `/check-out/complete/${encodeURIComponent(paymentReferenceId)}`,
  verify: (paymentReferenceId: string) => `/verify/payment/${encodeURIComponent(paymentReferenceId)}`,
} as const;

export const nagadApiVersion = 'v-0.2.0';
/** ISO 4217 numeric code of the taka, as Nagad wants it. */
export const nagadCurrencyCode = '050';

export const nagadHeaders = z.object({
  'x-km-api-version': z.literal(nagadApiVersion),
  'x-km-ip-v4': z.string().min(1),
  'x-km-client-type': z.enum(['PC_WEB', 'MOBILE_WEB', 'MOBILE_APP', 'WALLET_WEB_VIEW', 'BILL_KEY']),
});

const dateTime = z.string().regex(/^\d{14}$/);
const amountText = z.string().regex(/^\d+(\.\d{1,2})?$/);
/** Nagad takes an alphanumeric order id. */
export const nagadOrderIdPattern = /^[A-Za-z0-9]{1,20}$/;

export const initializeRequest = z.object({
  accountNumber: z.string().optional(),
  dateTime,
  sensitiveData: z.string().min(1),
  signature: z.string().min(1),
});
export const initializeSensitive = z.object({
  merchantId: z.string().min(1),
  datetime: dateTime,
  orderId: z.string().regex(nagadOrderIdPattern),
  challenge: z.string().min(1),
});
export const signedAnswer = z.object({ sensitiveData: z.string().min(1), signature: z.string().min(1) });
export const initializeAnswerSensitive = z.object({
  paymentReferenceId: z.string().min(1),
  challenge: z.string().min(1),
  acceptDateTime: z.string(),
});
export const completeRequest = z.object({
  sensitiveData: z.string().min(1),
  signature: z.string().min(1),
  merchantCallbackURL: z.url(),
  additionalMerchantInfo: z.record(z.string(), z.string()).optional(),
});
export const completeSensitive = z.object({
  merchantId: z.string().min(1),
  orderId: z.string().regex(nagadOrderIdPattern),
  currencyCode: z.literal(nagadCurrencyCode),
  amount: amountText,
  challenge: z.string().min(1),
});
export const completeAnswer = z.object({ status: z.string(), callBackUrl: z.string().min(1) });
export const verifyAnswer = z.object({
  merchantId: z.string(),
  orderId: z.string(),
  paymentRefId: z.string(),
  amount: amountText,
  clientMobileNo: z.string().nullable(),
  merchantMobileNo: z.string().nullable(),
  orderDateTime: z.string().nullable(),
  issuerPaymentDateTime: z.string().nullable(),
  issuerPaymentRefNo: z.string().nullable(),
  additionalMerchantInfo: z.unknown().nullable(),
  status: z.string(),
  statusCode: z.string(),
});
export type NagadVerifyAnswer = z.infer<typeof verifyAnswer>;
/** Nagad's errors: an HTTP 4xx/5xx with a reason code and a message. */
export const errorAnswer = z.object({ reason: z.string(), message: z.string() });

/** Nagad's "yyyyMMddHHmmss", in Dhaka time. */
export function nagadDateTime(at: Date): string {
  return new Date(at.getTime() + 6 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Nagad hands keys out as bare base64 DER; PEM is taken as is. */
export function pemOf(key: string, kind: 'PUBLIC KEY' | 'PRIVATE KEY'): string {
  const trimmed = key.trim();
  if (trimmed.startsWith('-----BEGIN')) return trimmed;
  const body = trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----\n`;
}

export function encryptFor(publicKey: string, plaintext: string): string {
  return publicEncrypt(
    { key: pemOf(publicKey, 'PUBLIC KEY'), padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(plaintext, 'utf8'),
  ).toString('base64');
}

/**
 * Decrypts PKCS#1 v1.5 (what Nagad uses). Node refuses that padding for private decryption
 * (CVE-2023-46809, a timing oracle), so the raw RSA block is taken and its padding checked here.
 * Only the other party's messages are decrypted, and every one is then checked against its
 * signature, so a forged block answers a refusal, never a credit.
 */
export function decryptWith(privateKey: string, base64: string): string {
  const block = privateDecrypt(
    { key: pemOf(privateKey, 'PRIVATE KEY'), padding: constants.RSA_NO_PADDING },
    Buffer.from(base64, 'base64'),
  );
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10) throw new Error('not a PKCS#1 v1.5 block');
  return block.subarray(separator + 1).toString('utf8');
}

export function signWith(privateKey: string, plaintext: string): string {
  return sign('sha256', Buffer.from(plaintext, 'utf8'), pemOf(privateKey, 'PRIVATE KEY')).toString('base64');
}

export function verifySignature(publicKey: string, plaintext: string, signature: string): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(plaintext, 'utf8'),
      pemOf(publicKey, 'PUBLIC KEY'),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}
