import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  decideSandboxPayment,
  deliverDueCallbacks,
  getSandboxPayment,
  type SandboxPayment,
} from './sandbox-gateway.service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const stateText: Record<SandboxPayment['status'], string> = {
  created: 'Open',
  paid: 'Paid',
  failed: 'Declined',
  refunded: 'Refunded',
};

/** The hosted payment page: what a real gateway shows the player, in plain server-made HTML. */
function paymentPage(payment: SandboxPayment): string {
  const open = payment.status === 'created';
  const state = open ? '' : `<p class="state">${stateText[payment.status]}. You can close this page.</p>`;
  const buttons = open
    ? `<form method="post"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">Pay ${escapeHtml(payment.currency)} ${escapeHtml(payment.amount)}</button></form>
       <form method="post"><input type="hidden" name="action" value="decline"><button class="decline" type="submit">Decline</button></form>`
    : `<a href="${escapeHtml(payment.returnUrl)}">Back to the merchant</a>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox Pay</title><style>
body{font-family:system-ui,sans-serif;background:#f2f4f8;color:#141c2b;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:14px;box-shadow:0 4px 12px rgb(16 24 40/.1);padding:1.5rem;width:min(22rem,92vw)}
h1{font-size:1.25rem;margin:0 0 .25rem}.note{color:#4f5b6d;font-size:.875rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1.25rem}dt{color:#4f5b6d}dd{margin:0;font-weight:700;word-break:break-all}
button{width:100%;min-height:2.75rem;border-radius:999px;border:0;font:inherit;font-weight:700;margin-top:.5rem;cursor:pointer}
.pay{background:#1c64d1;color:#fff}.decline{background:#eef1f6;color:#141c2b;border:1px solid #c5cdda}.state{font-weight:700}
</style></head><body><main><h1>Sandbox Pay</h1><p class="note">A test gateway: no real money moves.</p>
<dl><dt>Amount</dt><dd>${escapeHtml(payment.currency)} ${escapeHtml(payment.amount)}</dd><dt>Order</dt><dd>${escapeHtml(payment.merchantOrder)}</dd><dt>Payment</dt><dd>${escapeHtml(payment.id)}</dd></dl>
${state}${buttons}</main></body></html>`;
}

const paramsSchema = z.object({ id: z.string().regex(/^sbx_[0-9a-f]{24}$/) });
const actionSchema = z.object({ action: z.enum(['pay', 'decline']) });

/**
 * The sandbox gateway's pages (outside the platform's API: they are the "third party"). A decision
 * sends its callback at once; callbacks that fail are retried every 5 s by the delivery job with
 * backoff (see deliverDueCallbacks).
 */
export async function sandboxGatewayRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get('/sandbox-gateway/pay/:id', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const payment = params.success ? await getSandboxPayment(db, params.data.id) : null;
    if (!payment) return reply.code(404).type('text/plain').send('No such payment');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(paymentPage(payment));
  });

  app.post('/sandbox-gateway/pay/:id', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const action = actionSchema.safeParse(request.body);
    if (!params.success || !action.success) return reply.code(400).type('text/plain').send('Bad request');
    const payment = await decideSandboxPayment(db, {
      id: params.data.id,
      outcome: action.data.action === 'pay' ? 'paid' : 'failed',
    });
    if (!payment) return reply.code(404).type('text/plain').send('No such payment');
    // Tell the merchant now; a failure here is retried by the job, the player goes back either way.
    await deliverDueCallbacks(db, { onlyId: payment.id }).catch((error: unknown) =>
      request.log.warn({ err: error }, 'sandbox callback delivery failed'),
    );
    return reply.redirect(payment.returnUrl, 303);
  });

  app.jobs.define({
    name: 'sandbox-gateway-callbacks',
    summary: "Sends the sandbox gateway's due payment callbacks (and their retries) to the site",
    schedule: { everySeconds: 5 },
    retry: { limit: 1, delaySeconds: 5, backoff: false },
    timeoutSeconds: 60,
    run: () => deliverDueCallbacks(db),
  });
}
