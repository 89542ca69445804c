import type { Database } from '../../db/database.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { readSecret } from '../secrets/secrets.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { type NagadConfig, createNagadGateway } from './nagad.adapter.ts';
import { type NagadSimulator, createNagadSimulator, newKeyPair } from './nagad.simulator.ts';

export type { NagadConfig, NagadSimulator };
export { createNagadGateway, createNagadSimulator };

/** The secret store's name of the brand's Nagad merchant private key (docs/payments.md). */
export const nagadSecretNames = { merchantPrivateKey: 'payments.nagad.merchantPrivateKey' } as const;

/** The brand's Nagad account: payments.nagad in the settings and the private key. Null until complete. */
export async function nagadConfigOf(db: Database): Promise<NagadConfig | null> {
  const { nagad } = (await getSettings(db)).payments;
  const merchantPrivateKey = await readSecret(db, nagadSecretNames.merchantPrivateKey);
  if (!nagad.merchantId || !nagad.nagadPublicKey || !merchantPrivateKey) return null;
  return {
    baseUrl: nagad.baseUrl.replace(/\/$/, ''),
    merchantId: nagad.merchantId,
    nagadPublicKey: nagad.nagadPublicKey,
    merchantPrivateKey,
    minAmount: nagad.minAmount,
    maxAmount: nagad.maxAmount,
    timeoutMs: nagad.timeoutSeconds * 1000,
  };
}

/**
 * Demo mode's Nagad: the simulator mounted in this site (`/sim/nagad`), with both key pairs made
 * at start. The brand's own payments.nagad is not used, so a demo never reaches Nagad.
 */
export function createDemoNagad(options: { loopbackOrigin: () => string }): {
  simulator: NagadSimulator;
  gateway: PaymentGateway;
} {
  const merchant = newKeyPair();
  const nagad = newKeyPair();
  const simulator = createNagadSimulator({
    merchantId: '683002007104225',
    merchantPublicKey: merchant.publicKey,
    nagadPrivateKey: nagad.privateKey,
    minAmount: '10',
    maxAmount: '25000',
    apiPrefix: '/sim/nagad/api/dfs',
    pagePrefix: '/sim/nagad',
    pageOrigin: '',
  });
  const gateway = createNagadGateway({
    isTest: true,
    config: async () => ({
      baseUrl: `${options.loopbackOrigin()}/sim/nagad/api/dfs`,
      merchantId: '683002007104225',
      nagadPublicKey: nagad.publicKey,
      merchantPrivateKey: merchant.privateKey,
      minAmount: '10',
      maxAmount: '25000',
      timeoutMs: simulator.options.clientTimeoutMs ?? 10_000,
    }),
  });
  return { simulator, gateway };
}
