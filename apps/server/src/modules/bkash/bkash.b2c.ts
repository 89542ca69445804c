import { AppError } from '../../http/app-error.ts';
import { ProviderUnavailable, callProvider } from '../../shared/provider-http.ts';
import {
  b2cPaymentAnswer,
  b2cSearchAnswer,
  bkashB2cErrors,
  bkashB2cNothingPaidCodes,
  bkashB2cPaths,
  bkashSuccess,
  codeOf,
  organizationBalanceAnswer,
  tokenAnswer,
} from './bkash.api.ts';
import { type BkashConfig, transactionOf } from './bkash.adapter.ts';
import { type BkashToken, createTokenKeeper, expiryOf } from './bkash.token.ts';

/**
 * What the B2C adapter needs of the brand's bKash disbursement account (settings + secret store):
 * the same fields as the checkout's merchant account, another account (its own base URL, e.g.
 * https://checkout.pay.bka.sh/v1.2.0-beta, and its per-payout limits).
 */
export type BkashB2cConfig = BkashConfig;

/**
 * What one b2cPayment call came to. Only `completed` says money left, and only `refused` and
 * `not-sent` say none did; everything else is `uncertain` (the call may have paid).
 */
export type BkashB2cOutcome =
  /** bKash answered `transactionStatus: Completed`, with these fields (checked by the caller). */
  | {
      kind: 'completed';
      trxId: string;
      amount: string;
      receiver: string;
      invoice: string;
      completedTime: string;
    }
  /** bKash refused it with a code of `bkashB2cNothingPaidCodes`: nothing was paid. */
  | { kind: 'refused'; code: string; message: string }
  /** The payment was never sent (no token): nothing was paid. */
  | { kind: 'not-sent'; reason: string }
  /** Sent, and the answer does not say what happened (timeout, network, 5xx, unreadable, unknown code). */
  | { kind: 'uncertain'; reason: string };

/** A transaction found by its trxID (checkout API search). */
export interface BkashB2cTransaction {
  trxId: string;
  status: string;
  amount: string;
  currency: string;
  /** For a payout, the wallet it was paid to. */
  customerMsisdn: string;
  completedTime: string;
  /** The merchant's reference of the payment (our invoice number), when bKash gives it. */
  reference: string | null;
}

export interface BkashB2cBalance {
  accountTypeName: string;
  currency: string;
  availableBalance: string;
}

export interface BkashB2c {
  /** The brand's disbursement account, or null until its settings and secrets are all there. */
  config(): Promise<BkashB2cConfig | null>;
  /** One b2cPayment; never throws (whatever goes wrong is one of the outcomes). */
  pay(payment: {
    amount: string;
    merchantInvoiceNumber: string;
    receiverMSISDN: string;
  }): Promise<BkashB2cOutcome>;
  /**
   * A transaction by trxID: null when bKash answers that it has none (or refuses the search);
   * throws VENDOR_UNAVAILABLE when bKash does not answer.
   */
  searchTransaction(trxId: string): Promise<BkashB2cTransaction | null>;
  /** The organisation's accounts and their balances; throws VENDOR_UNAVAILABLE when not answered. */
  organizationBalance(): Promise<BkashB2cBalance[]>;
}

function unavailable(detail: string): AppError {
  return new AppError('VENDOR_UNAVAILABLE', { detail: `bKash B2C: ${detail}` });
}

/** A refusal the caller cannot act on, in bKash's words (codes and texts only: no secrets). */
function describe(answer: unknown): string {
  const { code, message } = codeOf(answer);
  return `${code} ${message}`.trim();
}

/**
 * bKash's B2C payout (docs/payments.md, "Payouts by bKash B2C"). The token is granted with the
 * disbursement credentials and kept for its hour (granted again when it expires, when the
 * credentials change, or when bKash answers 2001 to a payout: a payout refused at its token moved
 * nothing, so it is sent once more with a fresh token and the same invoice number). Secrets are
 * read from `config()` at each call and never logged: callProvider logs paths and outcomes only.
 */
export function createBkashB2c(options: { config: () => Promise<BkashB2cConfig | null> }): BkashB2c {
  async function configOrRefuse(): Promise<BkashB2cConfig> {
    const config = await options.config();
    if (!config) throw unavailable('not set up (payments.bkashB2c and its secrets)');
    return config;
  }

  async function send(
    config: BkashB2cConfig,
    path: string,
    call: { method: 'GET' | 'POST'; body?: unknown; headers: Record<string, string>; pathTail?: string },
  ): Promise<unknown> {
    const answer = await callProvider({
      provider: 'bkash-b2c',
      url: `${config.baseUrl}${path}${call.pathTail ?? ''}`,
      path,
      method: call.method,
      headers: call.headers,
      ...(call.body === undefined ? {} : { body: call.body }),
      timeoutMs: config.timeoutMs,
    });
    if (answer.status >= 500) throw new ProviderUnavailable('bkash-b2c', path, 'http', answer.status);
    return answer.body;
  }

  async function grant(config: BkashB2cConfig, key: string): Promise<BkashToken> {
    const answer = await send(config, bkashB2cPaths.grantToken, {
      method: 'POST',
      body: { app_key: config.appKey, app_secret: config.appSecret },
      headers: { username: config.username, password: config.password },
    });
    const parsed = tokenAnswer.safeParse(answer);
    const { code } = codeOf(answer);
    // The checkout API's grant answers without a status code; an error carries errorCode.
    if (!parsed.success || (code !== 'unreadable' && code !== bkashSuccess)) {
      throw unavailable(`token refused (${describe(answer)})`);
    }
    return {
      idToken: parsed.data.id_token,
      expiresAt: expiryOf(parsed.data.expires_in),
      key,
    };
  }

  // The checkout API's grant is not refreshed: a new grant when the token runs out.
  const tokens = createTokenKeeper(grant);

  const headersOf = async (config: BkashB2cConfig) => ({
    authorization: await tokens.idToken(config),
    'x-app-key': config.appKey,
  });

  /** A read (balance, search): any failure to get an answer is VENDOR_UNAVAILABLE. */
  async function read(path: string, pathTail = ''): Promise<unknown> {
    try {
      const config = await configOrRefuse();
      for (let attempt = 0; ; attempt += 1) {
        const answer = await send(config, path, {
          method: 'GET',
          headers: await headersOf(config),
          pathTail,
        });
        if (codeOf(answer).code === bkashB2cErrors.invalidAppToken.errorCode && attempt === 0) {
          tokens.forget();
          continue;
        }
        return answer;
      }
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw unavailable(error.message);
      throw error;
    }
  }

  async function pay(payment: {
    amount: string;
    merchantInvoiceNumber: string;
    receiverMSISDN: string;
  }): Promise<BkashB2cOutcome> {
    const config = await options.config().catch(() => null);
    if (!config) return { kind: 'not-sent', reason: 'bKash B2C is not set up' };
    const body = {
      amount: payment.amount,
      currency: 'BDT',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      receiverMSISDN: payment.receiverMSISDN,
    };
    for (let attempt = 0; ; attempt += 1) {
      let headers: Record<string, string>;
      try {
        headers = await headersOf(config);
      } catch (error) {
        // No token, no payout call: nothing can have been paid.
        const reason = error instanceof Error ? error.message : 'token grant failed';
        return { kind: 'not-sent', reason: `no token from bKash (${reason})` };
      }
      let answer: unknown;
      try {
        answer = await send(config, bkashB2cPaths.b2cPayment, {
          method: 'POST',
          body,
          headers,
        });
      } catch (error) {
        const reason =
          error instanceof ProviderUnavailable
            ? `${error.reason}${error.httpStatus === null ? '' : ` ${error.httpStatus}`}`
            : 'no answer';
        return { kind: 'uncertain', reason: `b2cPayment: ${reason}` };
      }
      const { code, message } = codeOf(answer);
      if (code === bkashB2cErrors.invalidAppToken.errorCode && attempt === 0) {
        tokens.forget();
        continue;
      }
      const parsed = b2cPaymentAnswer.safeParse(answer);
      if (parsed.success && (code === 'unreadable' || code === bkashSuccess)) {
        if (parsed.data.transactionStatus !== 'Completed') {
          return {
            kind: 'uncertain',
            reason: `b2cPayment answered transactionStatus ${parsed.data.transactionStatus}`,
          };
        }
        return {
          kind: 'completed',
          trxId: parsed.data.trxID,
          amount: parsed.data.amount,
          receiver: parsed.data.receiverMSISDN,
          invoice: parsed.data.merchantInvoiceNumber,
          completedTime: parsed.data.completedTime,
        };
      }
      if (bkashB2cNothingPaidCodes.has(code)) return { kind: 'refused', code, message };
      return {
        kind: 'uncertain',
        reason: `b2cPayment answered ${describe(answer) || 'something unreadable'}`,
      };
    }
  }

  return {
    config: options.config,
    pay,
    async searchTransaction(trxId) {
      const answer = await read(bkashB2cPaths.searchTransaction, encodeURIComponent(trxId));
      const parsed = b2cSearchAnswer.safeParse(answer);
      const { code } = codeOf(answer);
      if (parsed.success && (code === 'unreadable' || code === bkashSuccess)) {
        return { ...transactionOf(parsed.data), reference: parsed.data.transactionReference ?? null };
      }
      if (code !== 'unreadable') return null;
      throw unavailable('search answered something unreadable');
    },
    async organizationBalance() {
      const answer = await read(bkashB2cPaths.organizationBalance);
      const parsed = organizationBalanceAnswer.safeParse(answer);
      if (!parsed.success) throw unavailable(`balance refused (${describe(answer)})`);
      return parsed.data.organizationBalance.map((account) => ({
        accountTypeName: account.accountTypeName,
        currency: account.currency,
        availableBalance: account.availableBalance,
      }));
    },
  };
}
