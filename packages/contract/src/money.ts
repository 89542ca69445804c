/**
 * Money amounts: the one set of rules the server, the member site and the back office apply
 * (docs/design.md, Money). Imported through `@khela/contract/money`. It imports nothing (no zod,
 * no node:crypto), so the web can bundle it on any route for well under a kilobyte.
 *
 * Units: amounts live as `bigint` MINOR units (poisha for BDT: 1 taka = 100 poisha) in the server
 * and the database, and cross the API as decimal strings in MAJOR units ("1234.50"). No floating
 * point ever holds an amount.
 *
 * What an amount string is (`readAmount`, `parseAmount`; the contract's amount schemas check its
 * first two points, which need no currency):
 *
 * 1. ASCII digits, at most one '.', and a '-' in front where negatives are allowed; nothing else.
 *    No '+', no exponent ("1e3"), no hex ("0x10"), no grouping ("1,000"), no other digits
 *    (full-width "１２", Bengali "১২": a person typing them reads the format message rather than
 *    have the amount converted behind their back), no spaces ANYWHERE (" 1", "1 ": nothing is
 *    trimmed, by the server or by a form), no NUL or other control characters.
 * 2. The whole part is "0" or starts with 1–9 ("01", "00012.30" are refused: one spelling per
 *    whole part, and no reading as octal by anyone); a '.' has digits on both sides ("1.", ".5"
 *    are refused); at most 40 characters (more than any bigint amount needs at any precision).
 * 3. At most `precision` fraction digits, trailing zeros included: "500.500" at precision 2 is
 *    `too_many_decimals`, and "500.0" at precision 0 too. Fewer are fine ("500.5" is 50050n).
 *    Why strict: it is what the server has always refused, so nothing that worked stops working;
 *    every amount the server sends is formatted at exactly the precision (`formatAmount`), so a
 *    client that echoes or formats amounts never produces extra digits; a digit past the
 *    precision means the figure came from somewhere with another precision (a vendor's 4
 *    decimals, a misconfigured currency, a float printed with three decimals), which is worth a
 *    question; and "extra digits are fine when they are zeros" is a second rule that every parser
 *    has to get right, which is how the web's parser and the server's came to disagree.
 * 4. Then, in this order: zero is refused unless `allowZero` ("-0" is zero, never negative);
 *    a negative unless `allowNegative`; a magnitude above `max` (default `MAX_MINOR_UNITS`, the
 *    bigint ceiling) is `too_large`.
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

/** The longest amount text read at all: longer input is `format`, before any BigInt is made. */
export const AMOUNT_MAX_LENGTH = 40;

/**
 * The most whole digits an amount in a REQUEST may have (the contract's `amountInputSchema`, the
 * forms): below 10^13 major units, so at up to 4 decimals (a brand's precision is 0..4) one amount
 * is below 10^17 minor units and a sum of ninety of them still fits the bigint.
 */
export const MAX_INPUT_WHOLE_DIGITS = 13;

export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value);
}

/** Minor-unit digits of an ISO currency; throws for a currency we do not know. */
export function precisionOf(currency: string): number {
  const precision = currencyPrecisions[currency];
  if (precision === undefined) throw new Error(`unknown currency ${currency}: give its precision explicitly`);
  return precision;
}

/** The largest amount a request may carry at a precision, in minor units (see above). */
export function maxInputMinorUnits(precision: number): bigint {
  checkPrecision(precision);
  const bound = 10n ** BigInt(MAX_INPUT_WHOLE_DIGITS + precision) - 1n;
  return bound < MAX_MINOR_UNITS ? bound : MAX_MINOR_UNITS;
}

/** Why a text is not an acceptable amount; stable words, used as API issue reasons. */
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
  /** Decimal places of the currency (its minor-unit digits), 0..MAX_PRECISION. */
  precision: number;
  /** Zero is refused unless allowed: no call moves nothing on purpose. */
  allowZero?: boolean;
  /** Negative amounts are refused unless allowed (operator adjustments may take money away). */
  allowNegative?: boolean;
  /** Upper bound of the magnitude in minor units (inclusive); defaults to the bigint ceiling. */
  max?: bigint;
}

/**
 * Points 1 and 2 of the rule (see the top of this file) before the length limit: an optional
 * minus, the whole part, the fraction. The contract's schemas advertise it in the API's schema.
 */
export const amountPattern = /^(-)?(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** True when a text is spelled as an amount (points 1 and 2), whatever its currency and size. */
export function isAmountText(text: string): boolean {
  return text.length <= AMOUNT_MAX_LENGTH && amountPattern.test(text);
}

/** Throws a RangeError for a precision no ledger account has (a programming error, not input). */
export function checkPrecision(precision: number): void {
  if (!Number.isInteger(precision) || precision < 0 || precision > MAX_PRECISION) {
    throw new RangeError(`precision must be an integer between 0 and ${MAX_PRECISION}, got ${precision}`);
  }
}

interface Spelled {
  isNegative: boolean;
  whole: string;
  fraction: string;
}

function spell(text: string): Spelled | null {
  const match = text.length <= AMOUNT_MAX_LENGTH ? amountPattern.exec(text) : null;
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  return { isNegative: minus !== undefined, whole, fraction };
}

/** The unsigned minor units of a spelled amount at a scale at least its fraction's length. */
function magnitudeOf({ whole, fraction }: Spelled, scale: number): bigint {
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

export type AmountReading = { ok: true; minor: bigint } | { ok: false; problem: AmountProblem };

/**
 * "1234.50" (major units) → 123450n (minor units) at the given precision, or the problem; never
 * throws for any text (a bad `precision` is a programming error: RangeError). For forms.
 */
export function readAmount(text: string, options: ParseAmountOptions): AmountReading {
  checkPrecision(options.precision);
  const spelled = spell(text);
  if (!spelled) return { ok: false, problem: 'format' };
  if (spelled.fraction.length > options.precision) return { ok: false, problem: 'too_many_decimals' };
  const magnitude = magnitudeOf(spelled, options.precision);
  if (magnitude === 0n) return options.allowZero ? { ok: true, minor: 0n } : { ok: false, problem: 'zero' };
  if (spelled.isNegative && !options.allowNegative) return { ok: false, problem: 'negative' };
  if (magnitude > (options.max ?? MAX_MINOR_UNITS)) return { ok: false, problem: 'too_large' };
  return { ok: true, minor: spelled.isNegative ? -magnitude : magnitude };
}

/** `readAmount`'s minor units, or null when the text is refused (for figures shown as you type). */
export function amountOrNull(text: string, options: ParseAmountOptions): bigint | null {
  const reading = readAmount(text, options);
  return reading.ok ? reading.minor : null;
}

/** `readAmount` that throws an `AmountError` (its `reason` is the problem) for a refused text. */
export function parseAmount(text: string, options: ParseAmountOptions): bigint {
  const reading = readAmount(text, options);
  if (reading.ok) return reading.minor;
  throw new AmountError(reading.problem, describeProblem(reading.problem, text, options));
}

function describeProblem(problem: AmountProblem, text: string, options: ParseAmountOptions): string {
  switch (problem) {
    case 'format':
      return `not a decimal amount: ${JSON.stringify(text.slice(0, AMOUNT_MAX_LENGTH))}`;
    case 'too_many_decimals':
      return `at most ${options.precision} decimal places, got ${text.split('.')[1]?.length ?? 0}`;
    case 'zero':
      return 'the amount must not be zero';
    case 'negative':
      return 'the amount must be positive';
    case 'too_large':
      return `the amount exceeds ${formatAmount(options.max ?? MAX_MINOR_UNITS, options.precision)}`;
  }
}

/** 123450n (minor units) → "1234.50" (major units), always with exactly `precision` decimals. */
export function formatAmount(minor: bigint, precision: number): string {
  checkPrecision(precision);
  const isNegative = minor < 0n;
  const digits = (isNegative ? -minor : minor).toString().padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const fraction = digits.slice(digits.length - precision);
  return `${isNegative ? '-' : ''}${whole}${precision > 0 ? `.${fraction}` : ''}`;
}

/**
 * Compares two amount texts exactly (-1, 0, 1) whatever their number of decimals ("50" equals
 * "50.00"), with no bound. Throws an `AmountError` (format) for a text that is not an amount.
 */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const left = spell(a);
  const right = spell(b);
  const bad = left ? (right ? null : b) : a;
  if (!left || !right) throw new AmountError('format', `not a decimal amount: ${JSON.stringify(bad)}`);
  const scale = Math.max(left.fraction.length, right.fraction.length);
  const signed = (spelled: Spelled) => (spelled.isNegative ? -1n : 1n) * magnitudeOf(spelled, scale);
  const difference = signed(left) - signed(right);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
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
 * An amount text for reading: its whole part grouped in threes ("1234567.50" → "1,234,567.50"),
 * the digits untouched (never through a float). A text that is not an amount comes back as it is.
 * The member site formats with Intl instead (the visitor's digits and grouping).
 */
export function groupAmount(text: string, separator = ','): string {
  const spelled = spell(text);
  if (!spelled) return text;
  const grouped = spelled.whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${spelled.isNegative ? '-' : ''}${grouped}${spelled.fraction ? `.${spelled.fraction}` : ''}`;
}
