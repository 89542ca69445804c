import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type ProviderDivergence,
  isBadWalletLogin,
  listenSimulator,
  refuseSimulatorPage,
  sendSimulatorPage,
} from '../../shared/provider-simulator.ts';
import { z } from 'zod';
import { parseAmount } from '../ledger/money.ts';
import {
  completeRequest,
  completeSensitive,
  decryptWith,
  encryptFor,
  initializeRequest,
  initializeSensitive,
  nagadDateTime,
  nagadHeaders,
  signWith,
  verifySignature,
} from './nagad.api.ts';

/**
 * A Nagad checkout simulator for tests and demo mode: Nagad's paths, headers, encrypted and signed
 * bodies, answers and member page flow, with its state in memory. It is not Nagad: it checks no
 * PIN or OTP, keeps no money, forgets everything when the process ends, and answers the few error
 * reasons below. Faults are asked for by the test (`fail`), never by a request.
 */
export interface NagadSimulatorOptions {
  merchantId: string;
  /** The merchant's public key: verifies the merchant's signatures, encrypts answers. */
  merchantPublicKey: string;
  /** The simulator's own key pair (Nagad's): decrypts requests, signs answers. */
  nagadPrivateKey: string;
  minAmount: string;
  maxAmount: string;
  /** Prefix of the API paths, e.g. `/remote-payment-gateway-1.0/api/dfs`. */
  apiPrefix: string;
  pagePrefix: string;
  pageOrigin: string;
  /** The deadline demo mode's adapter gives its calls, in ms (tests shorten it). */
  clientTimeoutMs?: number;
}

export type NagadFault =
  | { kind: 'hang'; ms: number }
  | { kind: 'hang-after'; ms: number }
  | { kind: 'http-503' }
  | { kind: 'override'; fields: Record<string, string> }
  /** Sign the answer with a key that is not Nagad's. */
  | { kind: 'bad-signature' };

export type NagadStep = 'initialize' | 'complete' | 'verify';

export interface SimulatedNagadPayment {
  paymentRefId: string;
  orderId: string;
  challenge: string;
  amount: string | null;
  callbackUrl: string | null;
  additionalMerchantInfo: Record<string, string> | null;
  /** `Failed` only by a test's `diverge` (the member's page answers Success or Aborted). */
  status: 'Initiated' | 'Ready' | 'Success' | 'Aborted' | 'Failed';
  clientMobileNo: string | null;
  issuerPaymentRefNo: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

export interface NagadSimulator {
  options: NagadSimulatorOptions;
  payments: Map<string, SimulatedNagadPayment>;
  requests: { step: NagadStep; path: string; headers: Record<string, unknown>; body: unknown }[];
  fail(step: NagadStep, fault: NagadFault, times?: number): void;
  /** The member's choice on the page; answers the URL Nagad sends the member back to. */
  pay(paymentRefId: string, outcome: 'Success' | 'Aborted', wallet?: string): string;
  /** Makes Nagad's record of a payment differ from the merchant's (reconciliation tests). */
  diverge(paymentRefId: string, divergence: ProviderDivergence): void;
  register(app: FastifyInstance): Promise<void>;
}

/** An RSA key pair as PEM, the size Nagad uses. */
export function newKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const code = (length: number) =>
  Array.from(randomBytes(length), (byte) => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[byte % 34]).join('');

function hang(ms: number, reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      reply.raw.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    reply.raw.on('close', done);
  });
}

export function createNagadSimulator(options: NagadSimulatorOptions): NagadSimulator {
  const payments = new Map<string, SimulatedNagadPayment>();
  const orders = new Set<string>();
  const faults = new Map<NagadStep, { fault: NagadFault; times: number }>();
  const requests: NagadSimulator['requests'] = [];

  const takeFault = (step: NagadStep) => {
    const entry = faults.get(step);
    if (!entry) return null;
    entry.times -= 1;
    if (entry.times <= 0) faults.delete(step);
    return entry.fault;
  };
  const refuse = (reply: FastifyReply, status: number, reason: string, message: string) =>
    reply.code(status).send({ reason, message });

  function signed(plain: object, fault: NagadFault | null) {
    const text = JSON.stringify(plain);
    return {
      sensitiveData: encryptFor(options.merchantPublicKey, text),
      signature: signWith(
        fault?.kind === 'bad-signature' ? strangerPrivateKey() : options.nagadPrivateKey,
        text,
      ),
    };
  }

  let stranger: string | null = null;
  function strangerPrivateKey(): string {
    // A key that is not the simulator's: the merchant must refuse what it signs.
    stranger ??= newKeyPair().privateKey;
    return stranger;
  }

  function verifyPayload(answer: SimulatedNagadPayment) {
    return {
      merchantId: options.merchantId,
      orderId: answer.orderId,
      paymentRefId: answer.paymentRefId,
      amount: answer.amount ?? '0',
      clientMobileNo: answer.clientMobileNo,
      merchantMobileNo: '01700000000',
      orderDateTime: nagadDateTime(answer.createdAt),
      issuerPaymentDateTime: answer.paidAt ? nagadDateTime(answer.paidAt) : null,
      issuerPaymentRefNo: answer.issuerPaymentRefNo,
      additionalMerchantInfo: answer.additionalMerchantInfo,
      status: answer.status,
      statusCode: answer.status === 'Success' ? '000' : answer.status === 'Aborted' ? '001' : '002',
      cancelIssuerDateTime: null,
      cancelIssuerRefNo: null,
    };
  }

  function pay(paymentRefId: string, outcome: 'Success' | 'Aborted', wallet = '01711428036'): string {
    const payment = payments.get(paymentRefId);
    if (!payment || !payment.callbackUrl) throw new Error(`no simulated Nagad payment ${paymentRefId}`);
    if (payment.status === 'Ready') {
      payment.status = outcome;
      payment.clientMobileNo = wallet;
      if (outcome === 'Success') {
        payment.issuerPaymentRefNo = code(9);
        payment.paidAt = new Date();
      }
    }
    const query = new URLSearchParams({
      merchant: options.merchantId,
      order_id: payment.orderId,
      payment_ref_id: payment.paymentRefId,
      status: payment.status,
      status_code: payment.status === 'Success' ? '00_0000_000' : '00_1111_001',
      message: payment.status === 'Success' ? 'Successful Transaction' : 'Aborted by customer',
      payment_dt: nagadDateTime(payment.paidAt ?? new Date()),
      issuer_payment_ref: payment.issuerPaymentRefNo ?? '',
    });
    const separator = payment.callbackUrl.includes('?') ? '&' : '?';
    return `${payment.callbackUrl}${separator}${query.toString()}`;
  }

  const pageQuery = z.object({ ref: z.string().min(1).max(80) });
  const pageForm = z.object({
    ref: z.string().min(1).max(80),
    action: z.enum(['Success', 'Aborted']),
    wallet: z.string().max(20).default(''),
    pin: z.string().max(10).default(''),
  });

  function page(payment: SimulatedNagadPayment, error: string | null): string {
    const open = payment.status === 'Ready';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Nagad Payment (simulator)</title><style>
body{font-family:system-ui,sans-serif;background:#fff4ee;color:#1d1d1f;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:14px;box-shadow:0 4px 12px rgb(0 0 0/.12);width:min(22rem,94vw);overflow:hidden}
header{background:#ec1c24;color:#fff;padding:1rem 1.25rem}header h1{margin:0;font-size:1.2rem}header p{margin:.25rem 0 0;font-size:.8rem}
form,section{padding:1rem 1.25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}dt{color:#555}dd{margin:0;font-weight:700;word-break:break-all}
label{display:block;font-size:.85rem;margin:.5rem 0 .25rem}input{width:100%;box-sizing:border-box;min-height:2.75rem;font:inherit;padding:0 .75rem;border:1px solid #bbb;border-radius:8px}
button{width:100%;min-height:2.75rem;border-radius:8px;border:0;font:inherit;font-weight:700;margin-top:.75rem;cursor:pointer}
.confirm{background:#f7941d;color:#1d1d1f}.cancel{background:#eee;color:#1d1d1f}.error{color:#b00020;font-weight:700}
</style></head><body><main><header><h1>Nagad</h1><p>Simulator: no real money moves.</p></header>
<section><dl><dt>Order</dt><dd>${escapeHtml(payment.orderId)}</dd><dt>Amount</dt><dd>৳ ${escapeHtml(payment.amount ?? '')}</dd></dl>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}${open ? '' : `<p>This payment is ${escapeHtml(payment.status)}.</p>`}</section>
${
  open
    ? `<form method="post"><input type="hidden" name="ref" value="${escapeHtml(payment.paymentRefId)}">
<label for="wallet">Nagad account number</label><input id="wallet" name="wallet" inputmode="numeric" value="01711428036" autocomplete="off">
<label for="pin">PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" value="1234" autocomplete="off">
<button class="confirm" type="submit" name="action" value="Success">Proceed</button>
<button class="cancel" type="submit" name="action" value="Aborted">Cancel</button></form>`
    : ''
}</main></body></html>`;
  }

  async function register(app: FastifyInstance) {
    const api = options.apiPrefix;
    const guard = async (
      step: NagadStep,
      request: { url: string; headers: Record<string, unknown>; body: unknown },
      reply: FastifyReply,
    ) => {
      requests.push({ step, path: request.url, headers: request.headers, body: request.body });
      const fault = takeFault(step);
      if (fault?.kind === 'http-503') {
        await refuse(reply, 503, 'ServiceUnavailable', 'Service unavailable');
        return { stop: true as const, fault };
      }
      if (fault?.kind === 'hang') {
        await hang(fault.ms, reply);
        await refuse(reply, 504, 'GatewayTimeout', 'Gateway timeout');
        return { stop: true as const, fault };
      }
      return { stop: false as const, fault };
    };
    /**
     * A sealed request's body and its sensitive data, decrypted with Nagad's key and checked
     * against the merchant's signature; else the refusal it earns.
     */
    const unseal = <T extends { sensitiveData: string; signature: string }>(
      schema: z.ZodType<T>,
      raw: unknown,
    ): { body: T; plain: string } | { refusal: [reason: string, message: string] } => {
      const body = schema.safeParse(raw);
      if (!body.success) return { refusal: ['InvalidRequest', 'Mandatory field missing'] };
      let plain: string;
      try {
        plain = decryptWith(options.nagadPrivateKey, body.data.sensitiveData);
      } catch {
        return { refusal: ['InvalidSensitiveData', 'Sensitive data could not be decrypted'] };
      }
      if (!verifySignature(options.merchantPublicKey, plain, body.data.signature)) {
        return { refusal: ['InvalidSignature', 'Signature verification failed'] };
      }
      return { body: body.data, plain };
    };

    const finish = async (reply: FastifyReply, fault: NagadFault | null, status: number, answer: object) => {
      const body = fault?.kind === 'override' ? { ...answer, ...fault.fields } : answer;
      if (fault?.kind === 'hang-after') {
        await hang(fault.ms, reply);
        return refuse(reply, 504, 'GatewayTimeout', 'Gateway timeout');
      }
      return reply.code(status).send(body);
    };

    app.post(
      `${api}/check-out/initialize/:merchantId/:orderId`,
      { config: { rateLimit: false } },
      async (request, reply) => {
        const { stop, fault } = await guard('initialize', request, reply);
        if (stop) return reply;
        const params = request.params as { merchantId: string; orderId: string };
        if (!nagadHeaders.safeParse(request.headers).success)
          return refuse(reply, 400, 'InvalidHeader', 'X-KM headers are missing');
        const sealed = unseal(initializeRequest, request.body);
        if ('refusal' in sealed) return refuse(reply, 400, ...sealed.refusal);
        const { plain } = sealed;
        const sensitive = initializeSensitive.safeParse(JSON.parse(plain));
        if (
          !sensitive.success ||
          sensitive.data.merchantId !== params.merchantId ||
          sensitive.data.orderId !== params.orderId ||
          params.merchantId !== options.merchantId
        ) {
          return refuse(reply, 400, 'InvalidMerchantOrOrder', 'Merchant or order does not match');
        }
        if (orders.has(params.orderId))
          return refuse(reply, 409, 'DuplicateOrderId', 'Order id already used');
        orders.add(params.orderId);
        const payment: SimulatedNagadPayment = {
          paymentRefId: `${nagadDateTime(new Date()).slice(2, 8)}${code(16)}`,
          orderId: params.orderId,
          challenge: randomBytes(20).toString('hex'),
          amount: null,
          callbackUrl: null,
          additionalMerchantInfo: null,
          status: 'Initiated',
          clientMobileNo: null,
          issuerPaymentRefNo: null,
          createdAt: new Date(),
          paidAt: null,
        };
        payments.set(payment.paymentRefId, payment);
        return finish(
          reply,
          fault,
          200,
          signed(
            {
              paymentReferenceId: payment.paymentRefId,
              challenge: payment.challenge,
              acceptDateTime: nagadDateTime(payment.createdAt),
            },
            fault,
          ),
        );
      },
    );

    app.post(
      `${api}/check-out/complete/:paymentRefId`,
      { config: { rateLimit: false } },
      async (request, reply) => {
        const { stop, fault } = await guard('complete', request, reply);
        if (stop) return reply;
        const payment = payments.get((request.params as { paymentRefId: string }).paymentRefId);
        if (!payment) return refuse(reply, 404, 'InvalidPaymentRefId', 'Payment reference not found');
        const sealed = unseal(completeRequest, request.body);
        if ('refusal' in sealed) return refuse(reply, 400, ...sealed.refusal);
        const { body, plain } = sealed;
        const order = completeSensitive.safeParse(JSON.parse(plain));
        if (
          !order.success ||
          order.data.orderId !== payment.orderId ||
          order.data.challenge !== payment.challenge
        ) {
          return refuse(reply, 400, 'InvalidChallenge', 'Order or challenge does not match');
        }
        const amount = parseAmount(order.data.amount, { precision: 2 });
        if (
          amount < parseAmount(options.minAmount, { precision: 2 }) ||
          amount > parseAmount(options.maxAmount, { precision: 2 })
        ) {
          return refuse(reply, 400, 'InvalidAmount', 'Amount is outside the limit');
        }
        if (payment.status !== 'Initiated')
          return refuse(reply, 409, 'InvalidState', 'Payment already completed');
        payment.amount = order.data.amount;
        payment.callbackUrl = body.merchantCallbackURL;
        payment.additionalMerchantInfo = body.additionalMerchantInfo ?? null;
        payment.status = 'Ready';
        return finish(reply, fault, 200, {
          status: 'Success',
          callBackUrl: `${options.pageOrigin}${options.pagePrefix}/check-out/pay?ref=${payment.paymentRefId}`,
        });
      },
    );

    app.get(
      `${api}/verify/payment/:paymentRefId`,
      { config: { rateLimit: false } },
      async (request, reply) => {
        const { stop, fault } = await guard('verify', request, reply);
        if (stop) return reply;
        const payment = payments.get((request.params as { paymentRefId: string }).paymentRefId);
        if (!payment) return refuse(reply, 404, 'InvalidPaymentRefId', 'Payment reference not found');
        return finish(reply, fault, 200, verifyPayload(payment));
      },
    );

    app.get(`${options.pagePrefix}/check-out/pay`, async (request, reply) => {
      const query = pageQuery.safeParse(request.query);
      const payment = query.success ? payments.get(query.data.ref) : undefined;
      if (!payment || payment.status === 'Initiated')
        return reply.code(404).type('text/plain').send('No such payment');
      return sendSimulatorPage(reply, page(payment, null));
    });
    app.post(`${options.pagePrefix}/check-out/pay`, async (request, reply) => {
      const form = pageForm.safeParse(request.body);
      const payment = form.success ? payments.get(form.data.ref) : undefined;
      if (!form.success || !payment || !payment.callbackUrl)
        return reply.code(400).type('text/plain').send('Bad request');
      if (form.data.action === 'Success' && isBadWalletLogin(form.data.wallet, form.data.pin, 4)) {
        return refuseSimulatorPage(reply, page(payment, 'Enter an 11-digit Nagad number and a 4-digit PIN.'));
      }
      return reply.redirect(pay(payment.paymentRefId, form.data.action, form.data.wallet), 303);
    });
  }

  return {
    options,
    payments,
    requests,
    fail(step, fault, times = 1) {
      faults.set(step, { fault, times });
    },
    pay,
    diverge(paymentRefId, divergence) {
      const payment = payments.get(paymentRefId);
      if (!payment) throw new Error(`no simulated Nagad payment ${paymentRefId}`);
      switch (divergence.kind) {
        case 'paid':
          payment.status = 'Success';
          payment.clientMobileNo ??= '01711428036';
          payment.issuerPaymentRefNo ??= code(9);
          payment.paidAt ??= new Date();
          return;
        case 'unknown':
          payments.delete(paymentRefId);
          return;
        case 'failed':
          payment.status = 'Failed';
          return;
        case 'amount':
          payment.amount = divergence.amount;
          return;
      }
    },
    register,
  };
}

/** The simulator alone on a port of its own (tests), with fresh keys: what to give the adapter. */
export async function startNagadSimulator(overrides: Partial<NagadSimulatorOptions> = {}) {
  const merchant = newKeyPair();
  const nagad = newKeyPair();
  const simulator = createNagadSimulator({
    merchantId: '683002007104225',
    merchantPublicKey: merchant.publicKey,
    nagadPrivateKey: nagad.privateKey,
    minAmount: '10',
    maxAmount: '25000',
    apiPrefix: '/remote-payment-gateway-1.0/api/dfs',
    pagePrefix: '',
    pageOrigin: '',
    ...overrides,
  });
  const { baseUrl, close } = await listenSimulator(simulator);
  return {
    simulator,
    baseUrl,
    merchantPrivateKey: merchant.privateKey,
    nagadPublicKey: nagad.publicKey,
    close,
  };
}
