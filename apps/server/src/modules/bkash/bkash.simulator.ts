import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type ProviderDivergence,
  isBadWalletLogin,
  listenSimulator,
  refuseSimulatorPage,
  sendSimulatorPage,
} from '../../shared/provider-simulator.ts';
import { z } from 'zod';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import {
  b2cPaymentRequest,
  bkashB2cErrors,
  bkashB2cPaths,
  bkashErrors,
  bkashPaths,
  bkashSuccess,
  bkashTime,
  createPaymentRequest,
  grantTokenRequest,
  paymentIdRequest,
  refreshTokenRequest,
  refundRequest,
  searchTransactionRequest,
} from './bkash.api.ts';

/**
 * A bKash Tokenized Checkout simulator for tests and demo mode: the same paths, request fields,
 * answers, status codes and member page flow as bKash's sandbox, with its state in memory. What it
 * cannot be: bKash. It checks no PIN or OTP (any 5-digit PIN passes), keeps no money, forgets
 * everything when the process ends, and its error codes are the handful in bkash.api.ts. Faults are
 * asked for by the test (`fail`), never by a request, so a member cannot trigger them.
 *
 * It also speaks bKash's B2C payouts (bkashB2cPaths, the checkout API under the same version
 * prefix): its own token grant with the disbursement credentials, b2cPayment from a disbursement
 * balance it keeps, the organisation's balance, and search by trxID for the payouts it made. Every
 * payout is recorded in `payouts`, so a test can tell exactly how many were paid.
 */

export interface BkashSimulatorOptions {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  minAmount: string;
  maxAmount: string;
  /** Prefix of the API paths, e.g. `/v1.2.0-beta` (bKash's version segment). */
  apiPrefix: string;
  /** Prefix of the member's page, e.g. `/sim/bkash` when mounted in the site in demo mode. */
  pagePrefix: string;
  /** Origin of the page in `bkashURL` ('' for a path on the site the member is on). */
  pageOrigin: string;
  /** How long an id_token is good for, in seconds (bKash: 3600). */
  tokenSeconds?: number;
  /** The deadline demo mode's adapter gives its calls, in ms (tests shorten it to play timeouts). */
  clientTimeoutMs?: number;
  /** The disbursement account's credentials (B2C); the checkout's when not given. */
  b2c?: { appKey: string; appSecret: string; username: string; password: string };
  /** The disbursement account's balance at start, decimal taka (default 1,000,000). */
  b2cBalance?: string;
}

/** A fault to play on the next calls to one API path. */
export type BkashFault =
  /** Answer nothing until the caller's deadline has passed (the call is not done). */
  | { kind: 'hang'; ms: number }
  /** Do the call, then answer nothing (the caller cannot tell it was done). */
  | { kind: 'hang-after'; ms: number }
  /** Answer HTTP 503 without doing the call. */
  | { kind: 'http-503' }
  /** Answer the call's fields but with this transactionStatus or amount (a lying answer). */
  | { kind: 'override'; fields: Record<string, string> }
  /** Answer this error without doing the call (e.g. 2057 not a bKash account for a payout). */
  | { kind: 'refuse'; error: { errorCode: string; errorMessage: string } };

/** A payout the simulator made (b2cPayment): bKash's record of it. */
export interface SimulatedB2cPayout {
  trxID: string;
  merchantInvoiceNumber: string;
  receiverMSISDN: string;
  amount: string;
  initiatedAt: Date;
  completedAt: Date;
}

export interface SimulatedBkashPayment {
  paymentID: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  amount: string;
  createdAt: Date;
  /** The member's choice on the page: null until then. */
  authorized: null | 'success' | 'failure' | 'cancel';
  customerMsisdn: string | null;
  transactionStatus: 'Initiated' | 'Completed' | 'Cancelled' | 'Failed';
  trxID: string | null;
  executedAt: Date | null;
  refund: { refundTrxID: string; amount: string; completedTime: string } | null;
}

export interface BkashSimulator {
  options: BkashSimulatorOptions;
  payments: Map<string, SimulatedBkashPayment>;
  /** Every API request received, in order (path, headers, body) for contract tests. */
  requests: { path: string; headers: Record<string, string | string[] | undefined>; body: unknown }[];
  fail(path: string, fault: BkashFault, times?: number): void;
  /** The member's choice, as the page would send it. */
  authorize(paymentID: string, outcome: 'success' | 'failure' | 'cancel', wallet?: string): string;
  /** Makes bKash's record of a payment differ from the merchant's (reconciliation tests). */
  diverge(paymentID: string, divergence: ProviderDivergence): void;
  /** Every B2C payout made, in order (money that left the disbursement account). */
  payouts: SimulatedB2cPayout[];
  /** The disbursement account's balance now, decimal taka. */
  b2cBalance(): string;
  /** Sets the disbursement account's balance (decimal taka). */
  setB2cBalance(amount: string): void;
  register(app: FastifyInstance): Promise<void>;
}

const ok = { statusCode: bkashSuccess, statusMessage: 'Successful' };
/** bKash's two APIs the simulator speaks: Tokenized Checkout, and the checkout API's B2C payouts. */
type Product = 'tokenized' | 'b2c';
const b2cPathList: readonly string[] = Object.values(bkashB2cPaths);
const productOf = (path: string): Product => (b2cPathList.includes(path) ? 'b2c' : 'tokenized');
/** bKash's sandbox wallet that always lacks balance. */
const insufficientWallet = '01823074817';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function code(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

export function createBkashSimulator(options: BkashSimulatorOptions): BkashSimulator {
  const payments = new Map<string, SimulatedBkashPayment>();
  /** id_token → expiry (ms) and the product it was granted for (checkout tokens do not pay out). */
  const tokens = new Map<string, { expires: number; product: Product }>();
  const payouts: SimulatedB2cPayout[] = [];
  let disbursementBalance = parseAmount(options.b2cBalance ?? '1000000', { precision: 2 });
  const refreshTokens = new Set<string>();
  const faults = new Map<string, { fault: BkashFault; times: number }>();
  const requests: BkashSimulator['requests'] = [];
  const tokenSeconds = options.tokenSeconds ?? 3600;

  function issueToken(product: Product) {
    const idToken = `sim.${randomBytes(24).toString('base64url')}`;
    const refreshToken = `simr.${randomBytes(24).toString('base64url')}`;
    tokens.set(idToken, { expires: Date.now() + tokenSeconds * 1000, product });
    refreshTokens.add(refreshToken);
    return {
      // The checkout API (B2C) answers its grant without a status code.
      ...(product === 'tokenized' ? ok : {}),
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: tokenSeconds,
      refresh_token: refreshToken,
    };
  }

  function takeFault(path: string): BkashFault | null {
    const entry = faults.get(path);
    if (!entry) return null;
    entry.times -= 1;
    if (entry.times <= 0) faults.delete(path);
    return entry.fault;
  }

  function queryAnswer(payment: SimulatedBkashPayment) {
    return {
      ...ok,
      paymentID: payment.paymentID,
      mode: '0011',
      paymentCreateTime: bkashTime(payment.createdAt),
      ...(payment.executedAt ? { paymentExecuteTime: bkashTime(payment.executedAt) } : {}),
      ...(payment.trxID ? { trxID: payment.trxID } : {}),
      transactionStatus: payment.transactionStatus,
      amount: payment.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      userVerificationStatus: payment.authorized === 'success' ? 'Complete' : 'Incomplete',
      payerReference: payment.payerReference,
    };
  }

  function authorize(paymentID: string, outcome: 'success' | 'failure' | 'cancel', wallet = '01770618575') {
    const payment = payments.get(paymentID);
    if (!payment) throw new Error(`no simulated payment ${paymentID}`);
    if (payment.authorized === null && payment.transactionStatus === 'Initiated') {
      const short = outcome === 'success' && wallet === insufficientWallet ? 'failure' : outcome;
      payment.authorized = short;
      payment.customerMsisdn = wallet;
      if (short === 'cancel') payment.transactionStatus = 'Cancelled';
      if (short === 'failure') payment.transactionStatus = 'Failed';
    }
    const separator = payment.callbackURL.includes('?') ? '&' : '?';
    const signature = randomBytes(8).toString('hex');
    return `${payment.callbackURL}${separator}paymentID=${encodeURIComponent(paymentID)}&status=${payment.authorized}&signature=${signature}&apiVersion=1.2.0-beta`;
  }

  /** The checkout API's work, path by path; null body: the caller's body did not parse. */
  const handlers: Record<string, (body: unknown) => unknown> = {
    [bkashPaths.create]: (body) => {
      const request = createPaymentRequest.safeParse(body);
      if (!request.success) return bkashErrors.mandatoryFieldMissing;
      const amount = parseAmount(request.data.amount, { precision: 2 });
      if (
        amount < parseAmount(options.minAmount, { precision: 2 }) ||
        amount > parseAmount(options.maxAmount, { precision: 2 })
      ) {
        return bkashErrors.invalidAmount;
      }
      const paymentID = `TR0011${code(14)}`;
      const payment: SimulatedBkashPayment = {
        paymentID,
        merchantInvoiceNumber: request.data.merchantInvoiceNumber,
        payerReference: request.data.payerReference,
        callbackURL: request.data.callbackURL,
        amount: request.data.amount,
        createdAt: new Date(),
        authorized: null,
        customerMsisdn: null,
        transactionStatus: 'Initiated',
        trxID: null,
        executedAt: null,
        refund: null,
      };
      payments.set(paymentID, payment);
      const callback = (status: string) =>
        `${request.data.callbackURL}${request.data.callbackURL.includes('?') ? '&' : '?'}paymentID=${paymentID}&status=${status}`;
      return {
        ...ok,
        paymentID,
        bkashURL: `${options.pageOrigin}${options.pagePrefix}/redirect/tokenized/?paymentID=${paymentID}&mode=0011&apiVersion=v1.2.0-beta`,
        callbackURL: request.data.callbackURL,
        successCallbackURL: callback('success'),
        failureCallbackURL: callback('failure'),
        cancelledCallbackURL: callback('cancel'),
        amount: request.data.amount,
        intent: 'sale',
        currency: 'BDT',
        paymentCreateTime: bkashTime(payment.createdAt),
        transactionStatus: 'Initiated',
        merchantInvoiceNumber: request.data.merchantInvoiceNumber,
      };
    },
    [bkashPaths.execute]: (body) => {
      const request = paymentIdRequest.safeParse(body);
      if (!request.success) return bkashErrors.mandatoryFieldMissing;
      const payment = payments.get(request.data.paymentID);
      if (!payment) return bkashErrors.invalidPaymentId;
      if (payment.transactionStatus === 'Completed') return bkashErrors.alreadyExecuted;
      if (payment.authorized !== 'success' || payment.transactionStatus !== 'Initiated') {
        return bkashErrors.invalidPaymentState;
      }
      payment.transactionStatus = 'Completed';
      payment.trxID = code(10);
      payment.executedAt = new Date();
      return {
        ...ok,
        paymentID: payment.paymentID,
        trxID: payment.trxID,
        transactionStatus: 'Completed',
        amount: payment.amount,
        currency: 'BDT',
        intent: 'sale',
        paymentExecuteTime: bkashTime(payment.executedAt),
        merchantInvoiceNumber: payment.merchantInvoiceNumber,
        payerReference: payment.payerReference,
        customerMsisdn: payment.customerMsisdn ?? '',
      };
    },
    [bkashPaths.query]: (body) => {
      const request = paymentIdRequest.safeParse(body);
      if (!request.success) return bkashErrors.mandatoryFieldMissing;
      const payment = payments.get(request.data.paymentID);
      return payment ? queryAnswer(payment) : bkashErrors.invalidPaymentId;
    },
    [bkashPaths.search]: (body) => {
      const request = searchTransactionRequest.safeParse(body);
      if (!request.success) return bkashErrors.mandatoryFieldMissing;
      const payment = [...payments.values()].find((entry) => entry.trxID === request.data.trxID);
      if (!payment || !payment.executedAt) return { statusCode: '2079', statusMessage: 'Invalid trxID' };
      return {
        ...ok,
        trxID: payment.trxID,
        initiationTime: bkashTime(payment.createdAt),
        completedTime: bkashTime(payment.executedAt),
        transactionType: 'bKash Tokenized Checkout via API',
        customerMsisdn: payment.customerMsisdn ?? '',
        transactionStatus: payment.refund ? 'Refunded' : 'Completed',
        amount: payment.amount,
        currency: 'BDT',
        organizationShortCode: '50022',
      };
    },
    [bkashPaths.refund]: (body) => {
      const request = refundRequest.safeParse(body);
      if (!request.success) return bkashErrors.mandatoryFieldMissing;
      const payment = payments.get(request.data.paymentID);
      if (!payment || payment.trxID !== request.data.trxID) return bkashErrors.invalidPaymentId;
      const answer = (refund: NonNullable<SimulatedBkashPayment['refund']>) => ({
        ...ok,
        originalTrxID: payment.trxID,
        refundTrxID: refund.refundTrxID,
        transactionStatus: 'Completed',
        amount: refund.amount,
        currency: 'BDT',
        charge: '0.00',
        completedTime: refund.completedTime,
      });
      // Without an amount: the refund's status.
      if (request.data.amount === undefined) {
        return payment.refund
          ? answer(payment.refund)
          : { statusCode: '2084', statusMessage: 'No refund found' };
      }
      if (payment.transactionStatus !== 'Completed') return bkashErrors.invalidPaymentState;
      if (payment.refund) return bkashErrors.refundAlreadyCompleted;
      if (
        parseAmount(request.data.amount, { precision: 2 }) > parseAmount(payment.amount, { precision: 2 })
      ) {
        return bkashErrors.invalidAmount;
      }
      payment.refund = {
        refundTrxID: code(10),
        amount: request.data.amount,
        completedTime: bkashTime(new Date()),
      };
      return answer(payment.refund);
    },
  };

  /** The payouts' work (checkout API): b2cPayment, the organisation's balance, search by trxID. */
  const b2cHandlers: Record<string, (body: unknown) => unknown> = {
    [bkashB2cPaths.b2cPayment]: (body) => {
      const request = b2cPaymentRequest.safeParse(body);
      if (!request.success) return bkashB2cErrors.mandatoryFieldMissing;
      const amount = parseAmount(request.data.amount, { precision: 2 });
      if (
        amount <= 0n ||
        amount < parseAmount(options.minAmount, { precision: 2 }) ||
        amount > parseAmount(options.maxAmount, { precision: 2 })
      ) {
        return bkashB2cErrors.invalidAmount;
      }
      if (!/^01[3-9]\d{8}$/.test(request.data.receiverMSISDN)) return bkashB2cErrors.invalidReceiver;
      // What bKash does with an invoice number used before is not published; the simulator refuses
      // it with 2029 (which the adapter reads as uncertain), so a test would see a reuse.
      if (payouts.some((payout) => payout.merchantInvoiceNumber === request.data.merchantInvoiceNumber)) {
        return bkashB2cErrors.duplicate;
      }
      if (amount > disbursementBalance) return bkashB2cErrors.insufficientBalance;
      disbursementBalance -= amount;
      const initiatedAt = new Date();
      const payout: SimulatedB2cPayout = {
        trxID: code(10),
        merchantInvoiceNumber: request.data.merchantInvoiceNumber,
        receiverMSISDN: request.data.receiverMSISDN,
        amount: request.data.amount,
        initiatedAt,
        completedAt: new Date(),
      };
      payouts.push(payout);
      return {
        completedTime: bkashTime(payout.completedAt),
        trxID: payout.trxID,
        transactionStatus: 'Completed',
        amount: payout.amount,
        currency: 'BDT',
        receiverMSISDN: payout.receiverMSISDN,
        merchantInvoiceNumber: payout.merchantInvoiceNumber,
        b2cFee: '0.00',
      };
    },
    [bkashB2cPaths.organizationBalance]: () => {
      const balance = formatAmount(disbursementBalance, 2);
      const updateTime = bkashTime(new Date());
      return {
        organizationBalance: [
          {
            accountTypeName: 'Disbursement Account',
            accountStatus: 'Active',
            accountHolderName: 'Simulated merchant',
            accountName: 'Disbursement',
            currency: 'BDT',
            currentBalance: balance,
            availableBalance: balance,
            updateTime,
          },
          {
            accountTypeName: 'Collection Account',
            accountStatus: 'Active',
            accountHolderName: 'Simulated merchant',
            accountName: 'Collection',
            currency: 'BDT',
            currentBalance: '0.00',
            availableBalance: '0.00',
            updateTime,
          },
        ],
      };
    },
    [bkashB2cPaths.searchTransaction]: (body) => {
      const request = searchTransactionRequest.safeParse(body);
      if (!request.success) return bkashB2cErrors.mandatoryFieldMissing;
      const payout = payouts.find((entry) => entry.trxID === request.data.trxID);
      if (!payout) return bkashB2cErrors.transactionNotFound;
      return {
        trxID: payout.trxID,
        initiationTime: bkashTime(payout.initiatedAt),
        completedTime: bkashTime(payout.completedAt),
        transactionType: 'B2C Payment',
        customerMsisdn: payout.receiverMSISDN,
        transactionStatus: 'Completed',
        amount: payout.amount,
        currency: 'BDT',
        organizationShortCode: '50022',
        transactionReference: payout.merchantInvoiceNumber,
      };
    },
  };

  /** Waits `ms`, or less when the caller hangs up; true when the caller is gone. */
  function hang(ms: number, reply: FastifyReply): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = reply.raw;
      const done = () => {
        clearTimeout(timer);
        socket.off('close', done);
        resolve(socket.destroyed || socket.writableEnded);
      };
      const timer = setTimeout(done, ms);
      socket.on('close', done);
    });
  }

  /** A token grant or refresh of `product`, checked against that product's credentials. */
  function grantAnswer(
    product: Product,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ) {
    const credentials = product === 'b2c' ? (options.b2c ?? options) : options;
    const refused = product === 'b2c' ? bkashB2cErrors.invalidCredentials : bkashErrors.invalidCredentials;
    const invalidToken = product === 'b2c' ? bkashB2cErrors.invalidAppToken : bkashErrors.invalidAppToken;
    const username = typeof headers.username === 'string' ? headers.username : '';
    const password = typeof headers.password === 'string' ? headers.password : '';
    const isGrant = path === bkashPaths.grantToken || path === bkashB2cPaths.grantToken;
    const grant = (isGrant ? grantTokenRequest : refreshTokenRequest).safeParse(body);
    if (!grant.success)
      return product === 'b2c' ? bkashB2cErrors.mandatoryFieldMissing : bkashErrors.mandatoryFieldMissing;
    if (
      !same(username, credentials.username) ||
      !same(password, credentials.password) ||
      !same(grant.data.app_key, credentials.appKey) ||
      !same(grant.data.app_secret, credentials.appSecret)
    ) {
      return refused;
    }
    if ('refresh_token' in grant.data && !refreshTokens.has(String(grant.data.refresh_token)))
      return invalidToken;
    return issueToken(product);
  }

  async function answerApi(
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
    reply: FastifyReply,
  ) {
    requests.push({ path, headers, body });
    const fault = takeFault(path);
    if (fault?.kind === 'http-503')
      return reply.code(503).type('text/html').send('<h1>Service Unavailable</h1>');
    if (fault?.kind === 'hang') {
      await hang(fault.ms, reply);
      return reply.code(504).send({ message: 'Endpoint request timed out' });
    }
    if (fault?.kind === 'refuse') return reply.code(200).send(fault.error);
    const product = productOf(path);
    let answer: unknown;
    if (
      path === bkashPaths.grantToken ||
      path === bkashPaths.refreshToken ||
      path === bkashB2cPaths.grantToken ||
      path === bkashB2cPaths.refreshToken
    ) {
      answer = grantAnswer(product, path, headers, body);
    } else {
      const handler = (product === 'b2c' ? b2cHandlers : handlers)[path];
      if (!handler) return reply.code(404).send({ message: 'Not Found' });
      const authorization = typeof headers.authorization === 'string' ? headers.authorization : '';
      const appKey = typeof headers['x-app-key'] === 'string' ? headers['x-app-key'] : '';
      const token = tokens.get(authorization);
      const key = product === 'b2c' ? (options.b2c ?? options).appKey : options.appKey;
      if (!token || token.expires < Date.now() || token.product !== product || !same(appKey, key)) {
        answer = product === 'b2c' ? bkashB2cErrors.invalidAppToken : bkashErrors.invalidAppToken;
      } else answer = handler(body);
    }
    if (fault?.kind === 'override' && typeof answer === 'object' && answer !== null) {
      answer = { ...answer, ...fault.fields };
    }
    if (fault?.kind === 'hang-after') {
      await hang(fault.ms, reply);
      return reply.code(504).send({ message: 'Endpoint request timed out' });
    }
    return reply.code(200).send(answer);
  }

  function page(payment: SimulatedBkashPayment, error: string | null): string {
    const open = payment.authorized === null && payment.transactionStatus === 'Initiated';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>bKash Payment (simulator)</title><style>
body{font-family:system-ui,sans-serif;background:#f6f0f3;color:#1d1d1f;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:14px;box-shadow:0 4px 12px rgb(0 0 0/.12);width:min(22rem,94vw);overflow:hidden}
header{background:#e2136e;color:#fff;padding:1rem 1.25rem}header h1{margin:0;font-size:1.2rem}header p{margin:.25rem 0 0;font-size:.8rem}
form,section{padding:1rem 1.25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}dt{color:#555}dd{margin:0;font-weight:700;word-break:break-all}
label{display:block;font-size:.85rem;margin:.5rem 0 .25rem}input{width:100%;box-sizing:border-box;min-height:2.75rem;font:inherit;padding:0 .75rem;border:1px solid #bbb;border-radius:8px}
button{width:100%;min-height:2.75rem;border-radius:8px;border:0;font:inherit;font-weight:700;margin-top:.75rem;cursor:pointer}
.confirm{background:#e2136e;color:#fff}.cancel{background:#eee;color:#1d1d1f}.error{color:#b00020;font-weight:700}
</style></head><body><main><header><h1>bKash</h1><p>Simulator: no real money moves.</p></header>
<section><dl><dt>Merchant invoice</dt><dd>${escapeHtml(payment.merchantInvoiceNumber)}</dd><dt>Amount</dt><dd>৳ ${escapeHtml(payment.amount)}</dd></dl>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
${open ? '' : `<p>This payment is ${escapeHtml(payment.transactionStatus)}.</p>`}</section>
${
  open
    ? `<form method="post"><input type="hidden" name="paymentID" value="${escapeHtml(payment.paymentID)}">
<label for="wallet">Your bKash account number</label><input id="wallet" name="wallet" inputmode="numeric" value="01770618575" autocomplete="off">
<label for="pin">PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" value="12121" autocomplete="off">
<button class="confirm" type="submit" name="action" value="success">Confirm</button>
<button class="cancel" type="submit" name="action" value="cancel">Close</button></form>`
    : ''
}</main></body></html>`;
  }

  const pageQuery = z.object({ paymentID: z.string().min(1).max(64) });
  const pageForm = z.object({
    paymentID: z.string().min(1).max(64),
    action: z.enum(['success', 'cancel']),
    wallet: z.string().max(20).default(''),
    pin: z.string().max(10).default(''),
  });

  async function register(app: FastifyInstance) {
    for (const path of Object.values(bkashPaths)) {
      app.post(`${options.apiPrefix}${path}`, { config: { rateLimit: false } }, (request, reply) =>
        answerApi(path, request.headers, request.body, reply),
      );
    }
    for (const path of [bkashB2cPaths.grantToken, bkashB2cPaths.refreshToken, bkashB2cPaths.b2cPayment]) {
      app.post(`${options.apiPrefix}${path}`, { config: { rateLimit: false } }, (request, reply) =>
        answerApi(path, request.headers, request.body, reply),
      );
    }
    const balancePath = bkashB2cPaths.organizationBalance;
    app.get(`${options.apiPrefix}${balancePath}`, { config: { rateLimit: false } }, (request, reply) =>
      answerApi(balancePath, request.headers, undefined, reply),
    );
    const searchPath = bkashB2cPaths.searchTransaction;
    app.get<{ Params: { trxID: string } }>(
      `${options.apiPrefix}${searchPath}:trxID`,
      { config: { rateLimit: false } },
      (request, reply) => answerApi(searchPath, request.headers, { trxID: request.params.trxID }, reply),
    );
    const pagePath = `${options.pagePrefix}/redirect/tokenized/`;
    app.get(pagePath, async (request, reply) => {
      const query = pageQuery.safeParse(request.query);
      const payment = query.success ? payments.get(query.data.paymentID) : undefined;
      if (!payment) return reply.code(404).type('text/plain').send('No such payment');
      return sendSimulatorPage(reply, page(payment, null));
    });
    app.post(pagePath, async (request, reply) => {
      const form = pageForm.safeParse(request.body);
      const payment = form.success ? payments.get(form.data.paymentID) : undefined;
      if (!form.success || !payment) return reply.code(400).type('text/plain').send('Bad request');
      if (form.data.action === 'success' && isBadWalletLogin(form.data.wallet, form.data.pin, 5)) {
        return refuseSimulatorPage(reply, page(payment, 'Enter an 11-digit bKash number and a 5-digit PIN.'));
      }
      return reply.redirect(authorize(payment.paymentID, form.data.action, form.data.wallet), 303);
    });
  }

  return {
    options,
    payments,
    requests,
    fail(path, fault, times = 1) {
      faults.set(path, { fault, times });
    },
    authorize,
    payouts,
    b2cBalance: () => formatAmount(disbursementBalance, 2),
    setB2cBalance(amount) {
      disbursementBalance = parseAmount(amount, { precision: 2 });
    },
    diverge(paymentID, divergence) {
      const payment = payments.get(paymentID);
      if (!payment) throw new Error(`no simulated payment ${paymentID}`);
      switch (divergence.kind) {
        case 'paid':
          payment.authorized = 'success';
          payment.customerMsisdn ??= '01770618575';
          payment.transactionStatus = 'Completed';
          payment.trxID ??= code(10);
          payment.executedAt ??= new Date();
          return;
        case 'unknown':
          payments.delete(paymentID);
          return;
        case 'failed':
          payment.transactionStatus = 'Failed';
          return;
        case 'amount':
          payment.amount = divergence.amount;
          return;
      }
    },
    register,
  };
}

/** The simulator alone on a port of its own (tests): the base URL to give the adapter. */
export async function startBkashSimulator(
  overrides: Partial<BkashSimulatorOptions> = {},
): Promise<{ simulator: BkashSimulator; baseUrl: string; close: () => Promise<void> }> {
  const simulator = createBkashSimulator({
    appKey: 'sim-app-key',
    appSecret: 'sim-app-secret',
    username: 'sandboxTokenizedUser',
    password: 'sandbox-password',
    minAmount: '1',
    maxAmount: '25000',
    apiPrefix: '/v1.2.0-beta',
    pagePrefix: '',
    pageOrigin: '',
    ...overrides,
  });
  const { baseUrl, close } = await listenSimulator(simulator);
  return { simulator, baseUrl, close };
}
