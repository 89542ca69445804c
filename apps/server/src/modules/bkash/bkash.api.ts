import { z } from 'zod';

/**
 * bKash Tokenized Checkout, as bKash publishes it (developer.bka.sh, API version v1.2.0-beta):
 * the paths under the base URL, the request bodies we send and the fields of the answers we read.
 * The adapter, the simulator and the contract tests all use these, so the three cannot drift.
 *
 * Every answer carries `statusCode` ("0000" is success) and `statusMessage`; bKash answers its own
 * errors with HTTP 200 and another code (older gateways answer `errorCode` / `errorMessage`).
 * Amounts are decimal strings in taka ("500" or "500.00"); the currency is always "BDT".
 */
export const bkashPaths = {
  grantToken: '/tokenized/checkout/token/grant',
  refreshToken: '/tokenized/checkout/token/refresh',
  create: '/tokenized/checkout/create',
  execute: '/tokenized/checkout/execute',
  query: '/tokenized/checkout/payment/status',
  search: '/tokenized/checkout/general/searchTransaction',
  refund: '/tokenized/checkout/payment/refund',
} as const;

export const bkashSuccess = '0000';

/**
 * The codes of bKash's published error list that the adapter reads or the simulator answers.
 * Any other code is read as "refused" with its message.
 */
export const bkashErrors = {
  invalidAppToken: { statusCode: '2001', statusMessage: 'Invalid App Token' },
  invalidPaymentId: { statusCode: '2002', statusMessage: 'Invalid Payment ID' },
  insufficientBalance: { statusCode: '2023', statusMessage: 'Insufficient Balance' },
  invalidPaymentState: { statusCode: '2056', statusMessage: 'Invalid Payment State' },
  alreadyCompleted: { statusCode: '2062', statusMessage: 'The payment has already been completed' },
  mandatoryFieldMissing: { statusCode: '2065', statusMessage: 'Mandatory field missing' },
  refundAlreadyCompleted: { statusCode: '2071', statusMessage: 'Refund already completed' },
  alreadyExecuted: {
    statusCode: '2117',
    statusMessage: 'Payment execution already been called before',
  },
  invalidAmount: { statusCode: '2006', statusMessage: 'Invalid Amount' },
  invalidCredentials: { statusCode: '4001', statusMessage: 'Invalid username or password' },
} as const;

/** `transactionStatus` values of a payment. */
export const bkashTransactionStatuses = [
  'Initiated',
  'Completed',
  'Cancelled',
  'Failed',
  'Expired',
  'Pending Authorized',
] as const;

const text = z.string();
const amountText = z.string().regex(/^\d+(\.\d{1,2})?$/);

// Requests (what we send).
export const grantTokenRequest = z.object({ app_key: text, app_secret: text });
export const refreshTokenRequest = z.object({ app_key: text, app_secret: text, refresh_token: text });
export const createPaymentRequest = z.object({
  mode: z.literal('0011'),
  payerReference: text,
  callbackURL: z.url(),
  amount: amountText,
  currency: z.literal('BDT'),
  intent: z.literal('sale'),
  merchantInvoiceNumber: z.string().min(1).max(255),
});
export const paymentIdRequest = z.object({ paymentID: z.string().min(1) });
export const searchTransactionRequest = z.object({ trxID: z.string().min(1) });
/** With amount, sku and reason a refund; with paymentID and trxID alone its status. */
export const refundRequest = z.object({
  paymentID: z.string().min(1),
  trxID: z.string().min(1),
  amount: amountText.optional(),
  sku: z.string().max(255).optional(),
  reason: z.string().max(255).optional(),
});

// Answers (the fields we read; bKash adds more).
export const statusAnswer = z.object({
  statusCode: text.optional(),
  statusMessage: text.optional(),
  errorCode: text.optional(),
  errorMessage: text.optional(),
});
export const tokenAnswer = statusAnswer.extend({
  id_token: text,
  token_type: text,
  expires_in: z.number(),
  refresh_token: text,
});
export const createPaymentAnswer = statusAnswer.extend({
  paymentID: text,
  bkashURL: z.string().min(1),
  callbackURL: text,
  successCallbackURL: text,
  failureCallbackURL: text,
  cancelledCallbackURL: text,
  amount: amountText,
  intent: text,
  currency: text,
  paymentCreateTime: text,
  transactionStatus: text,
  merchantInvoiceNumber: text,
});
export const executePaymentAnswer = statusAnswer.extend({
  paymentID: text,
  trxID: text,
  transactionStatus: text,
  amount: amountText,
  currency: text,
  intent: text,
  paymentExecuteTime: text,
  merchantInvoiceNumber: text,
  payerReference: text,
  customerMsisdn: text,
});
export const queryPaymentAnswer = statusAnswer.extend({
  paymentID: text,
  mode: text,
  paymentCreateTime: text,
  paymentExecuteTime: text.optional(),
  trxID: text.optional(),
  transactionStatus: text,
  amount: amountText,
  currency: text,
  intent: text,
  merchantInvoiceNumber: text,
  userVerificationStatus: text.optional(),
  payerReference: text.optional(),
});
export const searchTransactionAnswer = statusAnswer.extend({
  trxID: text,
  initiationTime: text,
  completedTime: text,
  transactionType: text,
  customerMsisdn: text,
  transactionStatus: text,
  amount: amountText,
  currency: text,
  organizationShortCode: text,
});
export const refundAnswer = statusAnswer.extend({
  originalTrxID: text,
  refundTrxID: text,
  transactionStatus: text,
  amount: amountText,
  currency: text,
  charge: text.optional(),
  completedTime: text,
});

export type BkashQueryAnswer = z.infer<typeof queryPaymentAnswer>;

/** The code of an answer, in either of bKash's two error shapes. */
export function codeOf(answer: unknown): { code: string; message: string } {
  const parsed = statusAnswer.safeParse(answer);
  if (!parsed.success) return { code: 'unreadable', message: 'answer is not a bKash answer' };
  const { statusCode, statusMessage, errorCode, errorMessage } = parsed.data;
  return {
    code: statusCode ?? errorCode ?? 'unreadable',
    message: statusMessage ?? errorMessage ?? '',
  };
}

/** bKash's time stamps: "2019-08-07T11:12:34:978 GMT+0600" (Dhaka time). */
export function bkashTime(at: Date): string {
  const dhaka = new Date(at.getTime() + 6 * 3_600_000);
  const iso = dhaka.toISOString(); // 2019-08-07T05:12:34.978Z shifted to Dhaka
  return `${iso.slice(0, 19)}:${iso.slice(20, 23)} GMT+0600`;
}
