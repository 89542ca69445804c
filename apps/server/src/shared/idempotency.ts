import { AppError } from '../http/app-error.ts';

export { requestHash } from '@khela/contract/request-hash';

/** A command already run under an idempotency key, kept with the hash of its request. */
export interface StoredCommand {
  requestHash: string;
}

/**
 * Runs a command once per idempotency key (docs/style.md 7): the command stored under the key answers
 * again when its request hash is the same (`replay`); another hash is a conflict (by default
 * IDEMPOTENCY_MISMATCH, or the module's own answer); no stored command: `run` runs and stores it.
 *
 * Call it inside the transaction that holds whatever serialises the key (an advisory lock, a row
 * lock, or the unique index the store insert meets), so `find` and the store cannot interleave
 * with another call under the same key. Hashes come from `requestHash` (one canonical form).
 */
export async function runOnce<Stored extends StoredCommand, Result>(options: {
  requestHash: string;
  find: () => Promise<Stored | null | undefined>;
  run: () => Promise<Result>;
  replay: (stored: Stored) => Result | Promise<Result>;
  conflict?: (stored: Stored) => Result | Promise<Result>;
}): Promise<Result> {
  const stored = await options.find();
  if (!stored) return options.run();
  if (stored.requestHash === options.requestHash) return options.replay(stored);
  if (options.conflict) return options.conflict(stored);
  throw new AppError('IDEMPOTENCY_MISMATCH');
}
