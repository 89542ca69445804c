import { RoundRaceLost } from './vendor-wallet.transactions.ts';

interface PostgresError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function postgresErrorOf(error: unknown): PostgresError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const fields = current as PostgresError;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/** A race lost on our unique keys, a deadlock or a serialisation failure: run the call again. */
function isRetryable(error: unknown): boolean {
  if (error instanceof RoundRaceLost) return true;
  const database = postgresErrorOf(error);
  if (!database) return false;
  if (database.code === '40P01' || database.code === '40001') return true;
  return (
    database.code === '23505' &&
    (database.constraint === 'vendor_transactions_key' ||
      database.constraint === 'game_rounds_vendor_round_key')
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
