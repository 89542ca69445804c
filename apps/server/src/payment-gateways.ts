import type { Env } from './config/env.ts';
import type { Database } from './db/database.ts';
import { createSandboxGateway } from './modules/sandbox-gateway/sandbox-gateway.adapter.ts';
import {
  createPaymentGatewayRegistry,
  type PaymentGateway,
  type PaymentGateways,
} from './modules/payments/payment-gateway.ts';

/**
 * The gateways this server runs. The sandbox is a test gateway: only in demo mode, so outside it
 * no sandbox method is offered or accepted and its routes do not exist. A real gateway's adapter
 * is added here, read from its own env variables (docs/wallet.md). It lives beside app.ts, not in
 * modules/payments: the adapters implement payments' interface, so payments may not import them.
 */
export function createPaymentGateways({
  db,
  env,
}: {
  db: Database;
  env: Pick<Env, 'DEMO_MODE'>;
}): PaymentGateways {
  const gateways: PaymentGateway[] = [];
  if (env.DEMO_MODE) gateways.push(createSandboxGateway(db));
  return createPaymentGatewayRegistry(gateways);
}
