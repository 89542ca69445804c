import type { Database } from '../../db/database.ts';
import { readSecret } from '../secrets/secrets.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { type BkashConfig, type BkashGateway, createBkashGateway } from './bkash.adapter.ts';
import {
  type BkashB2c,
  type BkashB2cConfig,
  type BkashB2cOutcome,
  type BkashB2cTransaction,
  createBkashB2c,
} from './bkash.b2c.ts';
import { type BkashSimulator, createBkashSimulator } from './bkash.simulator.ts';

export type {
  BkashB2c,
  BkashB2cConfig,
  BkashB2cOutcome,
  BkashB2cTransaction,
  BkashConfig,
  BkashGateway,
  BkashSimulator,
};
export { createBkashB2c, createBkashGateway, createBkashSimulator };

/** The secret store's names of the brand's bKash credentials (docs/payments.md). */
export const bkashSecretNames = {
  appSecret: 'payments.bkash.appSecret',
  password: 'payments.bkash.password',
} as const;

/** The secret store's names of the brand's bKash disbursement (B2C) credentials. */
export const bkashB2cSecretNames = {
  appSecret: 'payments.bkashB2c.appSecret',
  password: 'payments.bkashB2c.password',
} as const;

/**
 * The brand's bKash disbursement account (B2C payouts): payments.bkashB2c in the settings and its
 * two secrets. Null while it is switched off (`enabled`) or any of it is missing: then no payout
 * is offered or sent by bKash's API, and withdrawals are paid by hand.
 */
export async function bkashB2cConfigOf(db: Database): Promise<BkashB2cConfig | null> {
  const { bkashB2c } = (await getSettings(db)).payments;
  if (!bkashB2c.enabled || !bkashB2c.appKey || !bkashB2c.username) return null;
  const [appSecret, password] = await Promise.all([
    readSecret(db, bkashB2cSecretNames.appSecret),
    readSecret(db, bkashB2cSecretNames.password),
  ]);
  if (!appSecret || !password) return null;
  return {
    baseUrl: bkashB2c.baseUrl.replace(/\/$/, ''),
    appKey: bkashB2c.appKey,
    appSecret,
    username: bkashB2c.username,
    password,
    minAmount: bkashB2c.minAmount,
    maxAmount: bkashB2c.maxAmount,
    timeoutMs: bkashB2c.timeoutSeconds * 1000,
  };
}

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
 * made at start, for the checkout and for B2C payouts (its own disbursement credentials, as bKash
 * gives). The brand's own payments.bkash and payments.bkashB2c are not used, so a demo never
 * reaches bKash.
 */
export function createDemoBkash(options: { loopbackOrigin: () => string }): {
  simulator: BkashSimulator;
  gateway: BkashGateway;
  b2c: BkashB2c;
} {
  const credentials = {
    appKey: 'demo-app-key',
    appSecret: crypto.randomUUID(),
    username: 'demoTokenizedUser',
    password: crypto.randomUUID(),
  };
  const b2cCredentials = {
    appKey: 'demo-b2c-app-key',
    appSecret: crypto.randomUUID(),
    username: 'demoDisbursementUser',
    password: crypto.randomUUID(),
  };
  const simulator = createBkashSimulator({
    ...credentials,
    b2c: b2cCredentials,
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
  const b2c = createBkashB2c({
    config: async () => ({
      ...b2cCredentials,
      baseUrl: `${options.loopbackOrigin()}/sim/bkash/v1.2.0-beta`,
      minAmount: '10',
      maxAmount: '25000',
      timeoutMs: simulator.options.clientTimeoutMs ?? 10_000,
    }),
  });
  return { simulator, gateway, b2c };
}
