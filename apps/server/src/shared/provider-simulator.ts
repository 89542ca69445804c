/**
 * What the payment providers' simulators (bKash, Nagad: demo mode and tests) share: the member's
 * page answers and the standalone server the tests start one on.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/** Sends a simulator's own page (HTML, never cached). */
export function sendSimulatorPage(reply: FastifyReply, html: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Sends a simulator's page again, with its error shown (400). */
export function refuseSimulatorPage(reply: FastifyReply, html: string): FastifyReply {
  return reply.code(400).type('text/html; charset=utf-8').send(html);
}

/**
 * Whether a member's "pay" on a simulator's page lacks a Bangladeshi wallet number (11 digits,
 * 01[3-9]…) or a PIN of `pinDigits` digits.
 */
export function isBadWalletLogin(wallet: string, pin: string, pinDigits: number): boolean {
  return !/^01[3-9]\d{8}$/.test(wallet) || !new RegExp(`^\\d{${pinDigits}}$`).test(pin);
}

/**
 * A simulator alone on a port of its own (tests): registers it on a fresh server that reads the
 * page's form posts, listens on 127.0.0.1, and points the page at that address unless set.
 */
export async function listenSimulator(simulator: {
  options: { apiPrefix: string; pageOrigin: string };
  register(app: FastifyInstance): Promise<void>;
}): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  await simulator.register(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  simulator.options.pageOrigin ||= address;
  return { baseUrl: `${address}${simulator.options.apiPrefix}`, close: () => app.close() };
}

/**
 * A difference between a provider's record of a payment and ours, made by a test on request (never
 * by a request to the simulator), so the daily reconciliation (issue 37, item 6) can be tried on
 * each kind of mismatch:
 * - `paid`: the payment completes at the provider with no return to us (the member paid, the
 *   return was lost and the order expired);
 * - `unknown`: the provider forgets the payment (its query answers "no such payment");
 * - `failed`: the provider's record says it failed;
 * - `amount`: the provider's record has another amount.
 */
export type ProviderDivergence =
  { kind: 'paid' } | { kind: 'unknown' } | { kind: 'failed' } | { kind: 'amount'; amount: string };
