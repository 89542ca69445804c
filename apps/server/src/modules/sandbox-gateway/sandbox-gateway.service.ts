import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { getOrCreateSecret } from '../secrets/secrets.service.ts';
import { signPayload, signatureHeader } from './sandbox-gateway.signature.ts';
import { sandboxPayments } from './sandbox-gateway.tables.ts';

/**
 * The sandbox payment gateway: a stand-in for a real one, built to behave like one. A merchant
 * creates a payment and sends the player to its hosted page; the player pays or declines there;
 * the gateway then tells the merchant through a signed asynchronous callback, retried with backoff
 * until the merchant answers 2xx (or 8 attempts have failed). It never touches the platform's
 * tables: the callback over HTTP is the only way the platform hears of a payment.
 */

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

/** Seconds to wait before attempt n+1 after n failed deliveries. */
const backoffSeconds = [5, 30, 120, 600, 1800, 3600, 7200];
export const maxDeliveryAttempts = backoffSeconds.length + 1;

export function sandboxSecret(db: Database): Promise<string> {
  return getOrCreateSecret(db, 'sandbox-gateway-secret', () => randomBytes(32).toString('base64url'));
}

export async function createSandboxPayment(
  db: Database,
  options: {
    merchantOrder: string;
    amount: string;
    currency: string;
    callbackUrl: string;
    returnUrl: string;
  },
): Promise<{ paymentId: string; payUrl: string }> {
  const id = `sbx_${randomBytes(12).toString('hex')}`;
  await db.insert(sandboxPayments).values({ id, ...options });
  return { paymentId: id, payUrl: `/sandbox-gateway/pay/${id}` };
}

export async function getSandboxPayment(db: Database, id: string): Promise<SandboxPayment | null> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row ?? null;
}

/** The player's choice on the hosted page; only a payment still open can be decided (once). */
export async function decideSandboxPayment(
  db: Database,
  options: { id: string; outcome: 'paid' | 'failed' },
): Promise<SandboxPayment | null> {
  await db
    .update(sandboxPayments)
    .set({ status: options.outcome, decidedAt: sql`now()`, nextAttemptAt: sql`now()` })
    .where(and(eq(sandboxPayments.id, options.id), eq(sandboxPayments.status, 'created')));
  return getSandboxPayment(db, options.id);
}

/** The callback's JSON body, exactly as signed. */
export function callbackBodyOf(payment: SandboxPayment): string {
  return JSON.stringify({
    paymentId: payment.id,
    merchantOrder: payment.merchantOrder,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    decidedAt: payment.decidedAt?.getTime() ?? null,
  });
}

export type CallbackSender = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ ok: boolean; status: number }>;

export const fetchSender: CallbackSender = async (url, body, headers) => {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { ok: response.ok, status: response.status };
};

/**
 * Delivers the callbacks that are due. Rows are claimed with a short lease (their next attempt
 * moved a minute ahead, `FOR UPDATE SKIP LOCKED`) and sent outside any transaction, so several
 * instances never send the same callback at once and no lock is held while the merchant answers.
 * Returns how many were delivered.
 */
export async function deliverDueCallbacks(
  db: Database,
  options: { send?: CallbackSender; limit?: number; onlyId?: string } = {},
): Promise<number> {
  const send = options.send ?? fetchSender;
  const due = await db
    .update(sandboxPayments)
    .set({ nextAttemptAt: sql`now() + interval '60 seconds'` })
    .where(
      inArray(
        sandboxPayments.id,
        db
          .select({ id: sandboxPayments.id })
          .from(sandboxPayments)
          .where(
            and(
              inArray(sandboxPayments.status, ['paid', 'failed']),
              isNull(sandboxPayments.deliveredAt),
              lte(sandboxPayments.nextAttemptAt, sql`now()`),
              options.onlyId ? eq(sandboxPayments.id, options.onlyId) : undefined,
            ),
          )
          .limit(options.limit ?? 20)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  if (due.length === 0) return 0;
  const secret = await sandboxSecret(db);
  let delivered = 0;
  for (const payment of due) {
    const body = callbackBodyOf(payment);
    const headers = {
      'content-type': 'application/json',
      [signatureHeader]: signPayload(secret, body, Math.floor(Date.now() / 1000)),
    };
    let failure: string | null;
    try {
      const answer = await send(payment.callbackUrl, body, headers);
      failure = answer.ok ? null : `HTTP ${answer.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const attempts = payment.attempts + 1;
    if (failure === null) {
      delivered += 1;
      await db
        .update(sandboxPayments)
        .set({ attempts, deliveredAt: sql`now()`, nextAttemptAt: null, lastError: null })
        .where(eq(sandboxPayments.id, payment.id));
    } else {
      const wait = backoffSeconds[attempts - 1];
      await db
        .update(sandboxPayments)
        .set({
          attempts,
          lastError: failure.slice(0, 500),
          // After the last attempt the payment waits for a person (nextAttemptAt null).
          nextAttemptAt: wait === undefined ? null : sql`now() + make_interval(secs => ${wait})`,
        })
        .where(eq(sandboxPayments.id, payment.id));
    }
  }
  return delivered;
}
