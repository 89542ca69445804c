import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Env } from './config/env.ts';
import type { Database } from './db/database.ts';
import {
  type BkashB2c,
  type BkashSimulator,
  bkashConfigOf,
  createBkashGateway,
  createDemoBkash,
} from './modules/bkash/bkash.service.ts';
import {
  type NagadSimulator,
  createDemoNagad,
  createNagadGateway,
  nagadConfigOf,
} from './modules/nagad/nagad.service.ts';
import { createSandboxGateway } from './modules/sandbox-gateway/sandbox-gateway.adapter.ts';
import {
  createPaymentGatewayRegistry,
  type PaymentGateway,
  type PaymentGateways,
} from './modules/payments/payment-gateway.ts';

/** Demo mode's provider simulators (bKash, Nagad), mounted in the site under /sim/. */
export interface DemoProviders {
  gateways: PaymentGateway[];
  bkash: BkashSimulator;
  /** bKash B2C payouts against the bKash simulator (the demo brand's payouts by API). */
  bkashB2c: BkashB2c;
  nagad: NagadSimulator;
  /** Mounts the simulators' APIs and member pages (demo mode only). */
  register(app: FastifyInstance): Promise<void>;
}

/** This server as seen from itself: adapters in demo mode reach the simulators over loopback. */
export function loopbackOriginOf(app: FastifyInstance, env: Pick<Env, 'PORT'>): string {
  const address = app.server.address() as AddressInfo | null;
  const port = address && typeof address === 'object' ? address.port : env.PORT;
  return `http://127.0.0.1:${port}`;
}

/**
 * In demo mode bKash and Nagad are the real adapters against simulators of their published APIs,
 * mounted in this site: a demo never reaches a provider, and the member's page is on the site.
 */
export function createDemoProviders(options: { loopbackOrigin: () => string }): DemoProviders {
  const bkash = createDemoBkash(options);
  const nagad = createDemoNagad(options);
  return {
    gateways: [bkash.gateway, nagad.gateway],
    bkash: bkash.simulator,
    bkashB2c: bkash.b2c,
    nagad: nagad.simulator,
    async register(app) {
      await app.register(async (scope) => bkash.simulator.register(scope));
      await app.register(async (scope) => nagad.simulator.register(scope));
    },
  };
}

/**
 * The gateways this server runs. The sandbox is a test gateway: only in demo mode, so outside it
 * no sandbox method is offered or accepted and its routes do not exist. bKash (and Nagad) run
 * against the brand's accounts from the settings and the secret store (docs/payments.md), or in
 * demo mode against the simulators (`demo`). It lives beside app.ts, not in modules/payments: the
 * adapters implement payments' interface, so payments may not import them.
 */
export function createPaymentGateways({
  db,
  env,
  demo = null,
}: {
  db: Database;
  env: Pick<Env, 'DEMO_MODE'>;
  demo?: DemoProviders | null;
}): PaymentGateways {
  const gateways: PaymentGateway[] = [];
  if (env.DEMO_MODE) {
    gateways.push(createSandboxGateway(db));
    gateways.push(...(demo?.gateways ?? []));
  } else {
    gateways.push(createBkashGateway({ isTest: false, config: () => bkashConfigOf(db) }));
    gateways.push(createNagadGateway({ isTest: false, config: () => nagadConfigOf(db) }));
  }
  return createPaymentGatewayRegistry(gateways);
}
