/**
 * The one place that digs a PostgreSQL error out of what the drivers throw. node-postgres and
 * PGlite each throw a `DatabaseError` carrying the SQLSTATE in `code` and the broken constraint in
 * `constraint`; Drizzle wraps either in a `DrizzleQueryError` whose `cause` is the driver's error,
 * and a transaction may wrap once more. So: walk `cause` a few levels down to the first object
 * whose `code` looks like a SQLSTATE (five digits or capitals, e.g. 23505, 40P01, KL001).
 */

/** SQLSTATEs the server decides on (PostgreSQL appendix A). The ledger's own are class KL. */
export const sqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/** The fields of a PostgreSQL error that callers decide on. */
export interface PgError {
  code: string;
  constraint: string | undefined;
  detail: string | undefined;
  message: string | undefined;
}

interface ErrorFields {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
  cause?: unknown;
}

const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The PostgreSQL error under a driver or Drizzle wrapper; null for any other error. */
export function pgErrorOf(error: unknown): PgError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const fields = current as ErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) {
      return {
        code: fields.code,
        constraint: stringOrUndefined(fields.constraint),
        detail: stringOrUndefined(fields.detail),
        message: stringOrUndefined(fields.message),
      };
    }
    current = fields.cause;
  }
  return null;
}

/** The name of the unique constraint this error broke ('unknown' when the driver did not say); null when it is no unique violation. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const database = pgErrorOf(error);
  return database?.code === sqlState.uniqueViolation ? (database.constraint ?? 'unknown') : null;
}

/** A unique violation, on `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const violated = violatedUniqueConstraint(error);
  return violated !== null && (constraint === undefined || violated === constraint);
}

/** A foreign key violation, on `constraint` when given. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const database = pgErrorOf(error);
  return (
    database?.code === sqlState.foreignKeyViolation &&
    (constraint === undefined || database.constraint === constraint)
  );
}

/** A deadlock or a serialisation failure: PostgreSQL asks for the transaction to be run again. */
export function isTransactionConflict(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === sqlState.serializationFailure || code === sqlState.deadlockDetected;
}
