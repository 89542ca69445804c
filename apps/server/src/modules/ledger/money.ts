import { z } from 'zod';

/**
 * Pure money helpers (no database, no server imports, so they can move to the contract package).
 *
 * Units: amounts live as `bigint` MINOR units (poisha for BDT: 1 taka = 100 poisha) everywhere in
 * the server and the database, and cross the API as decimal strings in MAJOR units ("1234.50"),
 * exactly at the currency's precision. No floating point ever holds an amount.
 */

/**
 * ISO 4217 minor-unit digits of the currencies a brand may plausibly run in. A brand's own
 * `currencyPrecision` setting wins; this table is the default and the sanity check.
 */
export const currencyPrecisions: Readonly<Record<string, number>> = {
  BDT: 2,
  INR: 2,
  PKR: 2,
  NPR: 2,
  LKR: 2,
  MYR: 2,
  PHP: 2,
  THB: 2,
  IDR: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  CNY: 2,
  VND: 0,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  BHD: 3,
};

/** The largest amount PostgreSQL's bigint holds: no amount, balance or sum may pass it. */
export const MAX_MINOR_UNITS = 2n ** 63n - 1n;

/** The largest precision a ledger account accepts (the database checks 0..8 as well). */
export const MAX_PRECISION = 8;

export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value);
}

/** Minor-unit digits of an ISO currency; throws for a currency we do not know. */
export function precisionOf(currency: string): number {
  const precision = currencyPrecisions[currency];
  if (precision === undefined) throw new Error(`unknown currency ${currency}: give its precision explicitly`);
  return precision;
}

export type AmountProblem = 'format' | 'too_many_decimals' | 'zero' | 'negative' | 'too_large';

/** Why a decimal string is not an acceptable amount; `reason` is stable for API issues. */
export class AmountError extends Error {
  constructor(
    readonly reason: AmountProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'AmountError';
  }
}

export interface ParseAmountOptions {
  /** Decimal places of the currency (its minor-unit digits). */
  precision: number;
  /** Zero is refused unless allowed: no call moves nothing on purpose. */
  allowZero?: boolean;
  /** Negative amounts are refused unless allowed (operator adjustments may take money away). */
  allowNegative?: boolean;
  /** Upper bound in minor units (inclusive); defaults to the bigint ceiling. */
  max?: bigint;
}

/**
 * Plain decimal notation only: an optional minus, no leading zeros, no exponent, no grouping, no
 * leading or trailing dot, no spaces. A JSON number is not accepted: it lost precision before it
 * arrived.
 */
const decimalPattern = /^(-)?(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** The pattern advertised for amounts in API schemas (what `parseAmount` accepts before limits). */
export const amountPattern = decimalPattern;

function checkPrecision(precision: number) {
  if (!Number.isInteger(precision) || precision < 0 || precision > MAX_PRECISION) {
    throw new RangeError(`precision must be an integer between 0 and ${MAX_PRECISION}, got ${precision}`);
  }
}

/** "1234.50" (major units) → 123450n (minor units) at the given precision. */
export function parseAmount(text: string, options: ParseAmountOptions): bigint {
  checkPrecision(options.precision);
  // 40 characters hold any bigint amount at any precision; longer input is not an amount.
  const match = text.length <= 40 ? decimalPattern.exec(text) : null;
  if (!match) throw new AmountError('format', `not a decimal amount: ${JSON.stringify(text.slice(0, 40))}`);
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.length > options.precision) {
    throw new AmountError(
      'too_many_decimals',
      `at most ${options.precision} decimal places, got ${fraction.length}`,
    );
  }
  const magnitude =
    BigInt(whole) * 10n ** BigInt(options.precision) + BigInt(fraction.padEnd(options.precision, '0') || '0');
  const minor = minus ? -magnitude : magnitude;
  if (minor === 0n && !options.allowZero) throw new AmountError('zero', 'the amount must not be zero');
  if (minor < 0n && !options.allowNegative) throw new AmountError('negative', 'the amount must be positive');
  const max = options.max ?? MAX_MINOR_UNITS;
  if (magnitude > max)
    throw new AmountError('too_large', `the amount exceeds ${formatAmount(max, options.precision)}`);
  return minor;
}

/** 123450n (minor units) → "1234.50" (major units), always with exactly `precision` decimals. */
export function formatAmount(minor: bigint, precision: number): string {
  checkPrecision(precision);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const fraction = digits.slice(digits.length - precision);
  return `${negative ? '-' : ''}${whole}${precision > 0 ? `.${fraction}` : ''}`;
}

/** Converts an amount between precisions only when nothing is lost (e.g. a vendor's 4 decimals). */
export function rescaleAmount(minor: bigint, from: number, to: number): bigint {
  checkPrecision(from);
  checkPrecision(to);
  if (to >= from) return minor * 10n ** BigInt(to - from);
  const factor = 10n ** BigInt(from - to);
  if (minor % factor !== 0n)
    throw new AmountError('too_many_decimals', `${minor} does not fit ${to} decimals`);
  return minor / factor;
}

/**
 * The API codec for an amount: a decimal string in major units on the wire ⇄ bigint minor units in
 * the server. Decoding reports `format`, `too_many_decimals`, `zero`, `negative` or `too_large` as
 * the issue message; encoding formats at the precision. Use it in request schemas (a JSON number
 * loses precision before zod sees it, docs/stack.md gotcha 2) and encode responses with it.
 */
export function amountCodec(options: ParseAmountOptions) {
  checkPrecision(options.precision);
  return z.codec(z.string().regex(amountPattern, 'format'), z.bigint(), {
    decode: (text, payload) => {
      try {
        return parseAmount(text, options);
      } catch (error) {
        if (!(error instanceof AmountError)) throw error;
        payload.issues.push({ code: 'custom', message: error.reason, input: text });
        return z.NEVER;
      }
    },
    encode: (minor) => formatAmount(minor, options.precision),
  });
}
