import type { ErrorCode } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { pgErrorOf, sqlState } from '../../db/pg-errors.ts';
import { AmountError, formatAmount, parseAmount, type ParseAmountOptions } from './money.ts';

/** Every way a ledger call refuses, precise enough for callers and tests to tell them apart. */
export type LedgerErrorReason =
  | 'INSUFFICIENT_FUNDS'
  | 'IDEMPOTENCY_MISMATCH'
  | 'ACCOUNT_NOT_FOUND'
  | 'ENTRY_NOT_FOUND'
  | 'ALREADY_REVERSED'
  | 'NOT_REVERSIBLE'
  | 'CURRENCY_MISMATCH'
  | 'AMOUNT_INVALID'
  | 'INVALID_POSTINGS'
  | 'UNBALANCED_ENTRY'
  | 'APPEND_ONLY';

/**
 * Each reason answers with its catalogue code (packages/contract/src/errors.ts), and `value.reason`
 * carries the precise one where several reasons share a code.
 *
 * UNBALANCED_ENTRY, INVALID_POSTINGS and APPEND_ONLY are programming errors (the caller built a bad
 * entry), never user input: they answer 500 and are logged; nothing moved.
 */
export const contractCodeOfLedgerReason: Record<LedgerErrorReason, ErrorCode> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  IDEMPOTENCY_MISMATCH: 'IDEMPOTENCY_MISMATCH',
  ACCOUNT_NOT_FOUND: 'NOT_FOUND',
  ENTRY_NOT_FOUND: 'NOT_FOUND',
  ALREADY_REVERSED: 'ALREADY_REVERSED',
  NOT_REVERSIBLE: 'CONFLICT',
  CURRENCY_MISMATCH: 'CONFLICT',
  AMOUNT_INVALID: 'VALIDATION_FAILED',
  INVALID_POSTINGS: 'INTERNAL',
  UNBALANCED_ENTRY: 'INTERNAL',
  APPEND_ONLY: 'INTERNAL',
};

/** An AppError whose `reason` names the ledger failure; `value.reason` tells the API client. */
export class LedgerError extends AppError {
  readonly reason: LedgerErrorReason;

  constructor(reason: LedgerErrorReason, detail?: string, issue?: { field: string; reason: string }) {
    super(contractCodeOfLedgerReason[reason], {
      detail: detail ?? reason,
      value: { reason },
      ...(issue ? { issues: [issue] } : {}),
    });
    this.name = 'LedgerError';
    this.reason = reason;
  }
}

export function isLedgerError(error: unknown, reason?: LedgerErrorReason): error is LedgerError {
  return error instanceof LedgerError && (reason === undefined || error.reason === reason);
}

/**
 * parseAmountField, then the limits: an amount under `min` or over `max` (minor units) is
 * AMOUNT_OUT_OF_RANGE (400), with the limits in major units as its value for the message.
 */
export function parseAmountInRange(
  text: string,
  options: { field: string; precision: number; min: bigint; max: bigint },
): bigint {
  const { field, precision, min, max } = options;
  const amount = parseAmountField(text, { field, precision });
  if (amount < min || amount > max) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      issues: [{ field, reason: 'out of range' }],
      value: { min: formatAmount(min, precision), max: formatAmount(max, precision) },
    });
  }
  return amount;
}

/**
 * Reads an amount from a request field ("1234.50" major units → bigint minor units); a bad one is
 * AMOUNT_INVALID (400) with `{ field, reason }`, reason being format, too_many_decimals, zero,
 * negative or too_large. For zod request schemas use `amountCodec` from money.ts instead.
 */
export function parseAmountField(text: string, options: ParseAmountOptions & { field: string }): bigint {
  try {
    return parseAmount(text, options);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    throw new LedgerError('AMOUNT_INVALID', error.message, { field: options.field, reason: error.reason });
  }
}

/**
 * Turns the SQLSTATEs raised by the ledger functions (class KL, see the 0002 migration) and the
 * ledger's constraint violations into LedgerErrors; anything else is returned unchanged.
 */
export function translateDatabaseError(error: unknown): unknown {
  const database = pgErrorOf(error);
  if (!database) return error;
  const { detail, message } = database;
  switch (database.code) {
    case 'KL001':
      return new LedgerError('INSUFFICIENT_FUNDS', message);
    case 'KL002':
      return new LedgerError('IDEMPOTENCY_MISMATCH', message);
    case 'KL003':
      return new LedgerError('ACCOUNT_NOT_FOUND', message ?? detail);
    case 'KL004':
      return new LedgerError('UNBALANCED_ENTRY', message);
    case 'KL005':
      return new LedgerError('INVALID_POSTINGS', message);
    case 'KL006':
      return new LedgerError('APPEND_ONLY', message);
    case sqlState.uniqueViolation:
      if (database.constraint === 'journal_entries_reverses_entry_id_unique') {
        return new LedgerError('ALREADY_REVERSED', 'this entry has been reversed already');
      }
      return error;
    case sqlState.foreignKeyViolation:
      if (database.constraint === 'journal_entries_reverses_entry_id_journal_entries_id_fk') {
        return new LedgerError('ENTRY_NOT_FOUND', 'the entry to reverse does not exist');
      }
      return error;
    default:
      return error;
  }
}
