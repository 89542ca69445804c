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

/**
 * bKash's payouts to a customer's wallet ("B2C", disbursement), as bKash publishes them: part of
 * bKash Checkout's payment API, not of Tokenized Checkout, on its own host with the disbursement
 * account's own credentials (live `https://checkout.pay.bka.sh/v1.2.0-beta`, sandbox
 * `https://checkout.sandbox.bka.sh/v1.2.0-beta`). The token is granted as for the checkout (app
 * key and secret in the body, username and password as headers); each call carries `authorization`
 * (the id_token) and `x-app-key`. Balance and search are GETs, the search with the trxID in the
 * path. This API answers success without a status code and its errors as `errorCode` /
 * `errorMessage` (codeOf reads both shapes).
 *
 * bKash publishes no way to ask for a payout by our invoice number: a payout whose answer is lost
 * cannot be looked up, only found by its trxID in bKash's merchant portal (docs/payments.md).
 */
export const bkashB2cPaths = {
  grantToken: '/checkout/token/grant',
  refreshToken: '/checkout/token/refresh',
  b2cPayment: '/checkout/payment/b2cPayment',
  organizationBalance: '/checkout/payment/organizationBalance',
  /** GET, followed by the trxID. */
  searchTransaction: '/checkout/payment/search/',
} as const;

/** B2C errors in the checkout API's shape (published codes and texts). */
export const bkashB2cErrors = {
  invalidAppToken: { errorCode: '2001', errorMessage: 'Invalid App Key' },
  invalidAmount: { errorCode: '2006', errorMessage: 'Invalid amount' },
  invalidCurrency: { errorCode: '2007', errorMessage: 'Invalid currency' },
  invalidReceiver: { errorCode: '2012', errorMessage: 'Invalid Receiver MSISDN' },
  exceptionOccurred: { errorCode: '2020', errorMessage: 'Exception Occurred' },
  insufficientBalance: { errorCode: '2023', errorMessage: 'Insufficient Balance' },
  invalidRequestBody: { errorCode: '2025', errorMessage: 'Invalid request body' },
  duplicate: { errorCode: '2029', errorMessage: 'Duplicate for all transactions' },
  invalidInvoiceNumber: { errorCode: '2031', errorMessage: 'Invalid merchant invoice number' },
  transactionNotFound: { errorCode: '2033', errorMessage: 'Transaction not found' },
  notBkashAccount: { errorCode: '2057', errorMessage: 'Not a bKash Account' },
  mandatoryFieldMissing: { errorCode: '2065', errorMessage: 'Mandatory field missing' },
  invalidCredentials: { errorCode: '4001', errorMessage: 'Invalid username or password' },
} as const;

/**
 * The b2cPayment error codes that mean bKash moved nothing: the request was refused before any
 * money left (token, amount, currency, receiver, balance, body, invoice, the receiver's account
 * state, permission). Only these fail a payout attempt so that it may be sent again; any other
 * code (2003 process failed, 2020/2024 exception occurred, 2029 duplicate, a code bKash adds
 * later) leaves the attempt uncertain, as a timeout does.
 */
export const bkashB2cNothingPaidCodes: ReadonlySet<string> = new Set([
  '2001', // Invalid App Key (after a fresh token was refused too)
  '2006', // Invalid amount
  '2007', // Invalid currency
  '2012', // Invalid Receiver MSISDN
  '2023', // Insufficient Balance
  '2025', // Invalid request body
  '2031', // Invalid merchant invoice number
  '2039', // The account of the credit party is in a state which prohibits execution
  '2040', // Credit party identity tag prohibits execution
  '2041', // Credit party identity is in a state which does not support the current service
  '2044', // Identity has not subscribed to a product that contains the expected service
  '2045', // The MSISDN of the customer does not exist
  '2046', // Identity has not subscribed to a product that contains requested service
  '2057', // Not a bKash Account
  '2058', // Not a Customer Wallet
  '2065', // Mandatory field missing
  '2067', // Invalid permission
]);

// B2C requests (what we send).
export const b2cPaymentRequest = z.object({
  amount: amountText,
  currency: z.literal('BDT'),
  merchantInvoiceNumber: z.string().min(1).max(255),
  /** The customer's wallet, as its 11-digit local number (01XXXXXXXXX). */
  receiverMSISDN: z.string().min(1).max(20),
});

// B2C answers (the fields we read; bKash adds more).
export const b2cPaymentAnswer = statusAnswer.extend({
  completedTime: text,
  trxID: text,
  transactionStatus: text,
  amount: amountText,
  currency: text,
  receiverMSISDN: text,
  merchantInvoiceNumber: text,
  b2cFee: text.optional(),
});
export const organizationBalanceAnswer = statusAnswer.extend({
  organizationBalance: z.array(
    z.object({
      accountTypeName: text,
      accountStatus: text.optional(),
      accountHolderName: text.optional(),
      accountName: text.optional(),
      currency: text,
      currentBalance: amountText,
      availableBalance: amountText,
      updateTime: text.optional(),
    }),
  ),
});
/** The checkout API's search: the tokenized search's fields and the payment's reference. */
export const b2cSearchAnswer = searchTransactionAnswer.extend({
  transactionReference: text.optional(),
});
