import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { GatewayPaymentState, PaymentGateway } from '../payments/payment-gateway.ts';
import { createSandboxPayment, getSandboxPayment, sandboxSecret } from './sandbox-gateway.service.ts';
import { checkSignature, signatureHeader } from './sandbox-gateway.signature.ts';
import { sandboxPayments } from './sandbox-gateway.tables.ts';

const callbackSchema = z.object({
  paymentId: z.string().min(1).max(64),
  merchantOrder: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount: z.string().max(40),
  currency: z.string().length(3),
});

function stateOf(payment: typeof sandboxPayments.$inferSelect): GatewayPaymentState {
  return {
    paymentId: payment.id,
    merchantOrder: payment.merchantOrder,
    // A refunded payment was paid: the deposit it credited stays credited until a person reverses it.
    status: payment.status === 'created' ? 'pending' : payment.status === 'failed' ? 'failed' : 'paid',
    amount: payment.amount,
    currency: payment.currency,
  };
}

/**
 * The sandbox gateway behind the PaymentGateway interface: a test gateway (no real money), so
 * the registry holds it only in demo mode (src/payment-gateways.ts).
 */
export function createSandboxGateway(db: Database): PaymentGateway {
  return {
    kind: 'sandbox_gateway',
    isTest: true,
    callbackName: 'sandbox',
    createPayment: (options) => createSandboxPayment(db, options),

    async verifyCallback({ rawBody, headers }) {
      const header = headers[signatureHeader];
      const check = checkSignature({
        secret: await sandboxSecret(db),
        rawBody,
        header: typeof header === 'string' ? header : undefined,
        nowSeconds: Math.floor(Date.now() / 1000),
        toleranceSeconds: 300,
      });
      if (check !== 'ok') throw new AppError('BAD_SIGNATURE', { detail: check });
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new AppError('BAD_REQUEST', { detail: 'callback body is not JSON' });
      }
      const event = callbackSchema.safeParse(parsed);
      if (!event.success) throw new AppError('BAD_REQUEST', { detail: 'callback body does not match' });
      return event.data;
    },

    async queryPayment(paymentId) {
      const payment = await getSandboxPayment(db, paymentId);
      return payment ? stateOf(payment) : null;
    },

    /** The whole amount of a paid payment, once: a second call answers the same refund. */
    async refund({ paymentId, amount }) {
      const payment = await getSandboxPayment(db, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', { detail: `no sandbox payment ${paymentId}` });
      if (payment.status !== 'paid' && payment.status !== 'refunded')
        return { refundId: '', status: 'failed' };
      if (amount !== payment.amount) {
        throw new AppError('BAD_REQUEST', { detail: 'the sandbox refunds the whole amount only' });
      }
      await db
        .update(sandboxPayments)
        .set({ status: 'refunded' })
        .where(and(eq(sandboxPayments.id, paymentId), inArray(sandboxPayments.status, ['paid', 'refunded'])));
      return { refundId: `rf_${paymentId}`, status: 'succeeded' };
    },
  };
}
