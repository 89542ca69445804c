import type { Database } from '../../db/database.ts';
import { readSecret } from '../secrets/secrets.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { type BkashConfig, type BkashGateway, createBkashGateway } from './bkash.adapter.ts';
import { type BkashSimulator, createBkashSimulator } from './bkash.simulator.ts';

export type { BkashConfig, BkashGateway, BkashSimulator };
export { createBkashGateway, createBkashSimulator };

/** The secret store's names of the brand's bKash credentials (docs/payments.md). */
export const bkashSecretNames = {
  appSecret: 'payments.bkash.appSecret',
  password: 'payments.bkash.password',
} as const;

/**
 * The brand's bKash account: payments.bkash in the settings and the two secrets. Null until all
 * of it is there (the adapter then refuses to create payments).
 */
export async function bkashConfigOf(db: Database): Promise<BkashConfig | null> {
  const { bkash } = (await getSettings(db)).payments;
  const [appSecret, password] = await Promise.all([
    readSecret(db, bkashSecretNames.appSecret),
    readSecret(db, bkashSecretNames.password),
  ]);
  if (!bkash.appKey || !bkash.username || !appSecret || !password) return null;
  return {
    baseUrl: bkash.baseUrl.replace(/\/$/, ''),
    appKey: bkash.appKey,
    appSecret,
    username: bkash.username,
    password,
    minAmount: bkash.minAmount,
    maxAmount: bkash.maxAmount,
    timeoutMs: bkash.timeoutSeconds * 1000,
  };
}

/**
 * Demo mode's bKash: the simulator mounted in this very site (`/sim/bkash`), with credentials
 * made at start. The brand's own payments.bkash is not used, so a demo never reaches bKash.
 */
export function createDemoBkash(options: { loopbackOrigin: () => string }): {
  simulator: BkashSimulator;
  gateway: BkashGateway;
} {
  const credentials = {
    appKey: 'demo-app-key',
    appSecret: crypto.randomUUID(),
    username: 'demoTokenizedUser',
    password: crypto.randomUUID(),
  };
  const simulator = createBkashSimulator({
    ...credentials,
    minAmount: '1',
    maxAmount: '25000',
    apiPrefix: '/sim/bkash/v1.2.0-beta',
    pagePrefix: '/sim/bkash',
    pageOrigin: '',
  });
  const gateway = createBkashGateway({
    isTest: true,
    config: async () => ({
      ...credentials,
      baseUrl: `${options.loopbackOrigin()}/sim/bkash/v1.2.0-beta`,
      minAmount: '1',
      maxAmount: '25000',
      timeoutMs: simulator.options.clientTimeoutMs ?? 10_000,
    }),
  });
  return { simulator, gateway };
}
