import {
  newBeaconKeyPair,
  roundTimeMs,
  signBeaconRound,
  verifyBeaconRound,
  type BeaconChain,
  type BeaconRound,
} from '@khela/contract/lottery-beacon';

/**
 * Where a draw's outside entropy comes from (issue 36, docs/lottery.md "Fairness"): a randomness
 * beacon whose round, fixed by the numero's lock time, nobody knows before betting closed. In
 * production drand's HTTP API (settings lotteryFairness.beacon); in tests and demo mode a local
 * beacon with a real BLS key pair, signing its rounds as drand does, so the same verification
 * (lottery-beacon.ts verifyBeaconRound) runs on both.
 */
export interface RandomnessBeacon {
  readonly kind: 'drand' | 'local';
  readonly chain: BeaconChain;
  /** The round as the beacon serves it, or null while it is not out yet (or cannot be reached). */
  fetchRound(round: number, now: Date): Promise<BeaconRound | null>;
}

/** drand's HTTP API: GET {url}/{chainHash}/public/{round} → {round, randomness, signature}. */
export function drandHttpBeacon(
  config: { urls: string[]; chain: BeaconChain },
  fetcher: typeof fetch = fetch,
): RandomnessBeacon {
  return {
    kind: 'drand',
    chain: config.chain,
    async fetchRound(round) {
      for (const url of config.urls) {
        const base = url.replace(/\/+$/, '');
        const path = config.chain.chainHash
          ? `${base}/${config.chain.chainHash}/public/${round}`
          : `${base}/public/${round}`;
        try {
          const response = await fetcher(path, { signal: AbortSignal.timeout(5_000) });
          if (!response.ok) continue;
          const body = (await response.json()) as Partial<BeaconRound>;
          if (
            typeof body.round === 'number' &&
            typeof body.randomness === 'string' &&
            typeof body.signature === 'string'
          ) {
            return { round: body.round, randomness: body.randomness, signature: body.signature };
          }
        } catch {
          // The next endpoint, or null: the draw waits, up to its deadline.
        }
      }
      return null;
    },
  };
}

/**
 * The local beacon of tests and demo mode: its own BLS key pair (a random one unless a seed is
 * given), a round served only once its time has come (by the clock the caller passes).
 */
export function localBeacon(
  options: { seed?: Uint8Array; genesisTime?: number; period?: number } = {},
): RandomnessBeacon & {
  secretKey: string;
} {
  const keys = newBeaconKeyPair(options.seed);
  const chain: BeaconChain = {
    publicKey: keys.publicKey,
    genesisTime: options.genesisTime ?? 1_700_000_000,
    period: options.period ?? 3,
    chainHash: null,
  };
  return {
    kind: 'local',
    chain,
    secretKey: keys.secretKey,
    fetchRound(round, now) {
      if (roundTimeMs(chain, round) > now.getTime()) return Promise.resolve(null);
      return Promise.resolve(signBeaconRound(keys.secretKey, round));
    },
  };
}

/** The demo's local beacon: one fixed key (derived from a public text), so restarts keep it. */
export function demoBeacon(): RandomnessBeacon {
  const seed = new Uint8Array(48);
  new TextEncoder().encodeInto('khela demo lottery beacon v1, a public key for demos only', seed);
  return localBeacon({ seed });
}

/** The configured drand beacon, or null when the settings name none. */
export function configuredBeacon(settings: {
  urls: string[];
  chainHash: string | null;
  publicKey: string | null;
  genesisTime: number;
  period: number;
}): RandomnessBeacon | null {
  if (settings.urls.length === 0 || settings.publicKey === null) return null;
  return drandHttpBeacon({
    urls: settings.urls,
    chain: {
      publicKey: settings.publicKey,
      genesisTime: settings.genesisTime,
      period: settings.period,
      chainHash: settings.chainHash,
    },
  });
}

/**
 * The beacon a server runs its draws with: the configured drand chain; without one, the demo's
 * local beacon in demo mode and tests; outside them none, and the start is refused (a lottery whose
 * draws the house alone can foresee is not offered: docs/lottery.md "Fairness").
 */
export function beaconForStart(
  env: { DEMO_MODE: boolean; NODE_ENV: string },
  settings: Parameters<typeof configuredBeacon>[0],
): RandomnessBeacon {
  const configured = configuredBeacon(settings);
  if (configured) return configured;
  if (env.DEMO_MODE || env.NODE_ENV === 'test') return demoBeacon();
  throw new Error(
    'Refusing to start the lottery with DEMO_MODE=false and no randomness beacon: set lotteryFairness.beacon ' +
      '(urls, chainHash, publicKey, genesisTime, period of a drand chain) with npm run settings (docs/lottery.md, Fairness).',
  );
}

export { verifyBeaconRound };
