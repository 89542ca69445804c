import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/app-error.ts';
import {
  type CreatePaymentOptions,
  type GatewayPaymentState,
  type PaymentGateway,
  checkBdtPaymentAmount,
  runProviderCall,
} from '../payments/payment-gateway.ts';
import { ProviderUnavailable, callProvider } from '../../shared/provider-http.ts';
import {
  type NagadVerifyAnswer,
  completeAnswer,
  decryptWith,
  encryptFor,
  errorAnswer,
  initializeAnswerSensitive,
  nagadApiVersion,
  nagadCurrencyCode,
  nagadDateTime,
  nagadPaths,
  signWith,
  signedAnswer,
  verifyAnswer,
  verifySignature,
} from './nagad.api.ts';

/** What the adapter needs of the brand's Nagad merchant account (settings + secret store). */
export interface NagadConfig {
  /** e.g. https://api.mynagad.com/api/dfs (no trailing slash). */
  baseUrl: string;
  merchantId: string;
  /** Nagad's public key (PEM or bare base64): encrypts what we send, verifies what it signs. */
  nagadPublicKey: string;
  /** Ours: signs what we send, decrypts what Nagad sends. */
  merchantPrivateKey: string;
  minAmount: string;
  maxAmount: string;
  timeoutMs: number;
}

const paymentRefPattern = /^[A-Za-z0-9_-]{1,80}$/;

/** Our order `dep-<id>` as Nagad's alphanumeric order id, and back. */
export const nagadOrderIdOf = (merchantOrder: string) => merchantOrder.replace(/-/g, '');
const merchantOrderOf = (orderId: string) => orderId.replace(/^dep(\d+)$/, 'dep-$1');

/** Nagad's payment status, as a deposit reads it: only Success ever credits. */
export function stateOfNagad(answer: NagadVerifyAnswer): GatewayPaymentState {
  const status =
    answer.status === 'Success'
      ? 'paid'
      : ['Aborted', 'Cancelled', 'Failed', 'Rejected', 'Expired'].includes(answer.status)
        ? 'failed'
        : 'pending';
  return {
    paymentId: answer.paymentRefId,
    merchantOrder: merchantOrderOf(answer.orderId),
    status,
    amount: answer.amount,
    currency: 'BDT',
  };
}

function unavailable(detail: string): AppError {
  return new AppError('VENDOR_UNAVAILABLE', { detail: `Nagad: ${detail}` });
}

/**
 * Nagad's merchant checkout behind the PaymentGateway interface (docs/payments.md). Creating a
 * payment is two signed calls: initialize (our merchant id, order id, time and a random challenge,
 * encrypted for Nagad and signed by us; Nagad answers a payment reference and its own challenge,
 * encrypted for us and signed by Nagad, which we verify) and complete (amount, currency and
 * Nagad's challenge, signed), whose answer is the page the member pays on. The member comes back
 * to our return route with Nagad's parameters; they are never believed: the payment is verified
 * with Nagad (verify payment) and only its `Success` credits. Nagad's order id is ours without the
 * dash (`dep123`), so Nagad refuses a second payment for one order.
 */
export function createNagadGateway(options: {
  config: () => Promise<NagadConfig | null>;
  isTest: boolean;
}): PaymentGateway {
  async function configOrRefuse(): Promise<NagadConfig> {
    const config = await options.config();
    if (!config) throw unavailable('not set up (payments.nagad and its private key)');
    return config;
  }

  async function send(
    config: NagadConfig,
    path: string,
    method: 'GET' | 'POST',
    body: unknown,
    clientIp: string,
  ) {
    const answer = await callProvider({
      provider: 'nagad',
      url: `${config.baseUrl}${path}`,
      path: path.split('/').slice(0, 3).join('/'),
      method,
      headers: {
        'x-km-api-version': nagadApiVersion,
        'x-km-ip-v4': clientIp,
        'x-km-client-type': 'PC_WEB',
      },
      body,
      timeoutMs: config.timeoutMs,
    });
    if (answer.status >= 500) throw new ProviderUnavailable('nagad', path, 'http', answer.status);
    return answer;
  }

  function refusal(step: string, answer: { status: number; body: unknown }): AppError {
    const error = errorAnswer.safeParse(answer.body);
    return unavailable(`${step} refused (${answer.status}${error.success ? ` ${error.data.reason}` : ''})`);
  }

  async function verifyPayment(paymentRefId: string): Promise<NagadVerifyAnswer | null> {
    const config = await configOrRefuse();
    const answer = await send(config, nagadPaths.verify(paymentRefId), 'GET', undefined, '127.0.0.1');
    if (answer.status === 404) return null;
    const parsed = verifyAnswer.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) throw refusal('verify', answer);
    if (parsed.data.merchantId !== config.merchantId || parsed.data.paymentRefId !== paymentRefId) {
      throw unavailable('verify answered another merchant or payment');
    }
    return parsed.data;
  }

  const run = <T>(work: () => Promise<T>): Promise<T> => runProviderCall(work, unavailable);

  return {
    kind: 'nagad',
    isTest: options.isTest,
    callbackName: 'nagad',

    createPayment: (payment: CreatePaymentOptions) =>
      run(async () => {
        const config = await configOrRefuse();
        checkBdtPaymentAmount(payment, config, 'Nagad', unavailable);
        const orderId = nagadOrderIdOf(payment.merchantOrder);
        const clientIp =
          payment.clientIp && /^[0-9.]+$/.test(payment.clientIp) ? payment.clientIp : '127.0.0.1';
        const datetime = nagadDateTime(new Date());
        const sensitive = JSON.stringify({
          merchantId: config.merchantId,
          datetime,
          orderId,
          challenge: randomBytes(20).toString('hex'),
        });
        const initialized = await send(
          config,
          nagadPaths.initialize(config.merchantId, orderId),
          'POST',
          {
            dateTime: datetime,
            sensitiveData: encryptFor(config.nagadPublicKey, sensitive),
            signature: signWith(config.merchantPrivateKey, sensitive),
          },
          clientIp,
        );
        const signed = signedAnswer.safeParse(initialized.body);
        if (initialized.status !== 200 || !signed.success) throw refusal('initialize', initialized);
        let plain: string;
        try {
          plain = decryptWith(config.merchantPrivateKey, signed.data.sensitiveData);
        } catch {
          throw new AppError('BAD_SIGNATURE', { detail: 'Nagad: initialize answer does not decrypt' });
        }
        if (!verifySignature(config.nagadPublicKey, plain, signed.data.signature)) {
          throw new AppError('BAD_SIGNATURE', { detail: 'Nagad: initialize answer is not signed by Nagad' });
        }
        const accepted = initializeAnswerSensitive.safeParse(JSON.parse(plain));
        if (!accepted.success) throw unavailable('initialize answer unreadable');
        const order = JSON.stringify({
          merchantId: config.merchantId,
          orderId,
          currencyCode: nagadCurrencyCode,
          amount: payment.amount,
          challenge: accepted.data.challenge,
        });
        const completed = await send(
          config,
          nagadPaths.complete(accepted.data.paymentReferenceId),
          'POST',
          {
            sensitiveData: encryptFor(config.nagadPublicKey, order),
            signature: signWith(config.merchantPrivateKey, order),
            merchantCallbackURL: payment.returnUrl,
            additionalMerchantInfo: { merchantOrder: payment.merchantOrder },
          },
          clientIp,
        );
        const page = completeAnswer.safeParse(completed.body);
        if (completed.status !== 200 || !page.success || page.data.status !== 'Success') {
          throw refusal('complete', completed);
        }
        return { paymentId: accepted.data.paymentReferenceId, payUrl: page.data.callBackUrl };
      }),

    confirmReturn: ({ query }) =>
      run(async () => {
        const paymentRefId = query.payment_ref_id;
        if (typeof paymentRefId !== 'string' || !paymentRefPattern.test(paymentRefId)) {
          throw new AppError('BAD_REQUEST', { detail: 'no payment_ref_id' });
        }
        const answer = await verifyPayment(paymentRefId);
        if (!answer) throw new AppError('NOT_FOUND', { detail: `Nagad knows no payment ${paymentRefId}` });
        return stateOfNagad(answer);
      }),

    queryPayment: (paymentId) =>
      run(async () => {
        const answer = await verifyPayment(paymentId);
        return answer ? stateOfNagad(answer) : null;
      }),

    lookUpPayment: (paymentId) =>
      run(async () => {
        const answer = await verifyPayment(paymentId);
        if (!answer) return null;
        return {
          ...stateOfNagad(answer),
          providerStatus: answer.status,
          transactionId: answer.issuerPaymentRefNo,
        };
      }),

    /** Nagad's published checkout API has no refund call: refunds are made in Nagad's merchant portal. */
    refund: () =>
      Promise.reject(
        new AppError('FEATURE_DISABLED', { detail: "Nagad refunds are made in Nagad's merchant portal" }),
      ),
  };
}
