import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { parseAmount } from '../ledger/money.ts';
import {
  type CreatePaymentOptions,
  type GatewayPaymentState,
  type PaymentGateway,
  checkBdtPaymentAmount,
  runProviderCall,
} from '../payments/payment-gateway.ts';
import { ProviderUnavailable, callProvider } from '../../shared/provider-http.ts';
import {
  type BkashQueryAnswer,
  bkashErrors,
  bkashPaths,
  bkashSuccess,
  codeOf,
  createPaymentAnswer,
  queryPaymentAnswer,
  refundAnswer,
  searchTransactionAnswer,
  tokenAnswer,
} from './bkash.api.ts';
import { type BkashToken, createTokenKeeper, expiryOf } from './bkash.token.ts';

/** What the adapter needs of the brand's bKash merchant account (settings + secret store). */
export interface BkashConfig {
  /** e.g. https://tokenized.pay.bka.sh/v1.2.0-beta (no trailing slash). */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** The contract's per-payment limits, decimal taka. */
  minAmount: string;
  maxAmount: string;
  timeoutMs: number;
}

/** A transaction found by its TrxID (the search API): reconciliation reads it. */
export interface BkashTransaction {
  trxId: string;
  status: string;
  amount: string;
  currency: string;
  customerMsisdn: string;
  completedTime: string;
}

/** A search answer's transaction, as both adapters give it. */
export function transactionOf(found: z.infer<typeof searchTransactionAnswer>): BkashTransaction {
  return {
    trxId: found.trxID,
    status: found.transactionStatus,
    amount: found.amount,
    currency: found.currency,
    customerMsisdn: found.customerMsisdn,
    completedTime: found.completedTime,
  };
}

export interface BkashGateway extends PaymentGateway {
  searchTransaction(trxId: string): Promise<BkashTransaction | null>;
}

interface Token extends BkashToken {
  refreshToken: string;
}

const paymentIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** bKash's transactionStatus, as a deposit reads it: only Completed ever credits. */
export function stateOfBkash(answer: BkashQueryAnswer): GatewayPaymentState {
  const status =
    answer.transactionStatus === 'Completed'
      ? 'paid'
      : ['Cancelled', 'Failed', 'Expired'].includes(answer.transactionStatus)
        ? 'failed'
        : 'pending';
  return {
    paymentId: answer.paymentID,
    merchantOrder: answer.merchantInvoiceNumber,
    status,
    amount: answer.amount,
    currency: answer.currency,
  };
}

function unavailable(detail: string): AppError {
  return new AppError('VENDOR_UNAVAILABLE', { detail: `bKash: ${detail}` });
}

/**
 * bKash Tokenized Checkout behind the PaymentGateway interface (docs/payments.md). The member is
 * sent to bKash's page (`bkashURL`) and comes back to our return route with `paymentID` and
 * `status`; that return is never believed: on `status=success` we execute the payment, then ask
 * bKash for its state (query payment), and only the query's `Completed` credits. A lost return,
 * a timeout mid-way or a crash after execute is settled by the expiry job's query. Every call is
 * keyed by bKash's payment id, and the payment by our merchant invoice number (`dep-<order>`),
 * which bKash echoes in every answer and the deposit settles by.
 *
 * The token is granted once and refreshed before it expires (bKash's token is good for an hour);
 * credentials are read from `config()` at each call, so a change in the settings applies at once.
 */
export function createBkashGateway(options: {
  config: () => Promise<BkashConfig | null>;
  isTest: boolean;
}): BkashGateway {
  async function configOrRefuse(): Promise<BkashConfig> {
    const config = await options.config();
    if (!config) throw unavailable('not set up (payments.bkash and its secrets)');
    return config;
  }

  async function send(config: BkashConfig, path: string, body: unknown, headers: Record<string, string>) {
    const answer = await callProvider({
      provider: 'bkash',
      url: `${config.baseUrl}${path}`,
      path,
      method: 'POST',
      headers,
      body,
      timeoutMs: config.timeoutMs,
    });
    if (answer.status >= 500) throw new ProviderUnavailable('bkash', path, 'http', answer.status);
    return answer.body;
  }

  async function grant(config: BkashConfig, key: string, current: Token | null): Promise<Token> {
    const credentials = { username: config.username, password: config.password };
    const keys = { app_key: config.appKey, app_secret: config.appSecret };
    let answer: unknown = null;
    if (current) {
      answer = await send(
        config,
        bkashPaths.refreshToken,
        { ...keys, refresh_token: current.refreshToken },
        credentials,
      );
    }
    let parsed = tokenAnswer.safeParse(answer);
    if (!parsed.success || codeOf(answer).code !== bkashSuccess) {
      answer = await send(config, bkashPaths.grantToken, keys, credentials);
      parsed = tokenAnswer.safeParse(answer);
    }
    if (!parsed.success || codeOf(answer).code !== bkashSuccess) {
      throw unavailable(`token refused (${codeOf(answer).code} ${codeOf(answer).message})`);
    }
    return {
      idToken: parsed.data.id_token,
      refreshToken: parsed.data.refresh_token,
      expiresAt: expiryOf(parsed.data.expires_in),
      key,
    };
  }

  const tokens = createTokenKeeper(grant);

  /** A checkout call with the token; a token bKash no longer takes is granted again once. */
  async function checkout(path: string, body: unknown): Promise<{ config: BkashConfig; answer: unknown }> {
    const config = await configOrRefuse();
    for (let attempt = 0; ; attempt += 1) {
      const answer = await send(config, path, body, {
        authorization: await tokens.idToken(config),
        'x-app-key': config.appKey,
      });
      if (codeOf(answer).code === bkashErrors.invalidAppToken.statusCode && attempt === 0) {
        tokens.forget();
        continue;
      }
      return { config, answer };
    }
  }

  async function query(paymentId: string): Promise<BkashQueryAnswer | null> {
    const { answer } = await checkout(bkashPaths.query, { paymentID: paymentId });
    const { code, message } = codeOf(answer);
    if (code === bkashErrors.invalidPaymentId.statusCode) return null;
    const parsed = queryPaymentAnswer.safeParse(answer);
    if (code !== bkashSuccess || !parsed.success) throw unavailable(`query refused (${code} ${message})`);
    return parsed.data;
  }

  async function search(trxId: string): Promise<BkashTransaction | null> {
    const { answer } = await checkout(bkashPaths.search, { trxID: trxId });
    const parsed = searchTransactionAnswer.safeParse(answer);
    if (codeOf(answer).code !== bkashSuccess || !parsed.success) return null;
    return transactionOf(parsed.data);
  }

  const run = <T>(work: () => Promise<T>): Promise<T> => runProviderCall(work, unavailable);

  return {
    kind: 'bkash',
    isTest: options.isTest,
    callbackName: 'bkash',

    createPayment: (payment: CreatePaymentOptions) =>
      run(async () => {
        const config = await configOrRefuse();
        checkBdtPaymentAmount(payment, config, 'bKash', unavailable);
        const { answer } = await checkout(bkashPaths.create, {
          mode: '0011',
          payerReference: payment.payerReference ?? payment.merchantOrder,
          callbackURL: payment.returnUrl,
          amount: payment.amount,
          currency: 'BDT',
          intent: 'sale',
          merchantInvoiceNumber: payment.merchantOrder,
        });
        const parsed = createPaymentAnswer.safeParse(answer);
        const { code, message } = codeOf(answer);
        if (code !== bkashSuccess || !parsed.success)
          throw unavailable(`create refused (${code} ${message})`);
        if (
          parsed.data.merchantInvoiceNumber !== payment.merchantOrder ||
          parsed.data.amount !== payment.amount
        ) {
          throw unavailable('create answered another invoice or amount');
        }
        return { paymentId: parsed.data.paymentID, payUrl: parsed.data.bkashURL };
      }),

    confirmReturn: ({ query: params }) =>
      run(async () => {
        const paymentId = params.paymentID;
        if (typeof paymentId !== 'string' || !paymentIdPattern.test(paymentId)) {
          throw new AppError('BAD_REQUEST', { detail: 'no paymentID' });
        }
        if (params.status === 'success') {
          // Execute is what takes the member's money. Its answer is not believed either (a
          // retried execute answers 2117, a timeout answers nothing): the query below decides.
          try {
            await checkout(bkashPaths.execute, { paymentID: paymentId });
          } catch (error) {
            if (!(error instanceof ProviderUnavailable)) throw error;
          }
        }
        const answer = await query(paymentId);
        if (!answer) throw new AppError('NOT_FOUND', { detail: `bKash knows no payment ${paymentId}` });
        return stateOfBkash(answer);
      }),

    queryPayment: (paymentId) =>
      run(async () => {
        const answer = await query(paymentId);
        return answer ? stateOfBkash(answer) : null;
      }),

    /**
     * A refund is asked for once per payment: bKash's refund status (the same path with the
     * payment and transaction ids alone) is read first, so a retried refund answers the first one.
     */
    refund: ({ paymentId, amount, reason, idempotencyKey }) =>
      run(async () => {
        const payment = await query(paymentId);
        if (!payment || payment.transactionStatus !== 'Completed' || !payment.trxID) {
          return { refundId: '', status: 'failed' as const };
        }
        if (parseAmount(amount, { precision: 2 }) > parseAmount(payment.amount, { precision: 2 })) {
          throw new AppError('AMOUNT_OUT_OF_RANGE', {
            issues: [{ field: 'amount', reason: `more than the ${payment.amount} paid` }],
          });
        }
        const ids = { paymentID: paymentId, trxID: payment.trxID };
        const earlier = await checkout(bkashPaths.refund, ids);
        const found = refundAnswer.safeParse(earlier.answer);
        if (codeOf(earlier.answer).code === bkashSuccess && found.success) {
          return {
            refundId: found.data.refundTrxID,
            status:
              found.data.transactionStatus === 'Completed' ? ('succeeded' as const) : ('pending' as const),
          };
        }
        const { answer } = await checkout(bkashPaths.refund, {
          ...ids,
          amount,
          sku: idempotencyKey.slice(0, 255),
          reason: reason.slice(0, 255),
        });
        const parsed = refundAnswer.safeParse(answer);
        if (codeOf(answer).code !== bkashSuccess || !parsed.success)
          return { refundId: '', status: 'failed' as const };
        return {
          refundId: parsed.data.refundTrxID,
          status:
            parsed.data.transactionStatus === 'Completed' ? ('succeeded' as const) : ('pending' as const),
        };
      }),

    searchTransaction: (trxId) => run(() => search(trxId)),

    /**
     * Reconciliation's look: the query names the payment's state and trxID; for a completed one,
     * the search by trxID tells what actually moved (its amount, and `Refunded` once refunded).
     */
    lookUpPayment: (paymentId) =>
      run(async () => {
        const answer = await query(paymentId);
        if (!answer) return null;
        const state = stateOfBkash(answer);
        const record = {
          ...state,
          providerStatus: answer.transactionStatus,
          transactionId: answer.trxID ?? null,
        };
        if (answer.transactionStatus !== 'Completed' || !answer.trxID) return record;
        const found = await search(answer.trxID);
        if (!found) return record;
        return {
          ...record,
          status: found.status === 'Completed' ? ('paid' as const) : ('failed' as const),
          amount: found.amount,
          currency: found.currency,
          providerStatus: found.status,
        };
      }),
  };
}
