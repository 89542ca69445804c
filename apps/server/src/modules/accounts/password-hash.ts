import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HashingQueue, type HashingAdmission, type HashingLimits } from './hashing-queue.ts';

export type { HashingAdmission } from './hashing-queue.ts';

export interface ScryptParams {
  /** CPU/memory cost, a power of two (OWASP: 2^17). */
  N: number;
  r: number;
  p: number;
}

export const owaspScrypt: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;

/**
 * One queue for the process: the cores and libuv's pool it guards are the process's. Two slots on
 * two cores leave the event loop a share of the CPU; the web answers while hashes compute.
 */
export const defaultHashingLimits: HashingLimits = {
  concurrency: 2,
  queue: 32,
  loginReserve: 8,
  perAddress: 4,
  perAccount: 2,
};

let queue = new HashingQueue(defaultHashingLimits);

/** Sets the process's hashing limits (the server does at start from its environment). */
export function configurePasswordHashing(limits: HashingLimits): void {
  queue = new HashingQueue(limits);
}

export function passwordHashingQueue(): HashingQueue {
  return queue;
}

function derive(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  admission: HashingAdmission | null,
): Promise<Buffer> {
  // scrypt needs 128·N·r·p bytes; Node's default ceiling (32 MiB) is below OWASP's 128 MiB.
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r * params.p,
  };
  return queue.run(
    admission,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/**
 * `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash, so raising them later
 * leaves old hashes verifiable (and `needsRehash` upgrades them at the next login). Work a request
 * causes names its `admission` (RATE_LIMITED when the caller is over its share); only start-up
 * and internal work go without.
 */
export async function hashPassword(
  password: string,
  params: ScryptParams,
  admission: HashingAdmission | null = null,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, admission);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p) return null;
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[4]!, 'base64'),
    key: Buffer.from(parts[5]!, 'base64'),
  };
}

/** Constant-time check of `password` against a stored hash. A malformed hash never matches. */
export async function verifyPassword(
  password: string,
  stored: string,
  admission: HashingAdmission | null = null,
): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, admission);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parse(stored);
  return (
    !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p
  );
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the time of one verification when there is no account to verify against, so the answer
 * time does not tell a guesser whether a username exists.
 */
export async function spendVerificationTime(
  password: string,
  params: ScryptParams,
  admission: HashingAdmission | null = null,
): Promise<void> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), params);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy, admission);
}
