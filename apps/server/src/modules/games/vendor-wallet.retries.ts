import { isTransactionConflict, isUniqueViolation } from '../../db/pg-errors.ts';
import { RoundRaceLost } from './vendor-wallet.transactions.ts';

/** A race lost on our unique keys, a deadlock or a serialisation failure: run the call again. */
function isRetryable(error: unknown): boolean {
  if (error instanceof RoundRaceLost) return true;
  if (isTransactionConflict(error)) return true;
  return (
    isUniqueViolation(error, 'vendor_transactions_key') ||
    isUniqueViolation(error, 'game_rounds_vendor_round_key')
  );
}

export async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 5 || !isRetryable(error)) throw error;
    }
  }
}
