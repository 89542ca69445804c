import { useRef } from 'react';
import { ApiError } from '@khela/contract';
import { formatAmountText } from '../../../shared/lib/format.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';

/**
 * Money on the client, for the wallet pages: amounts stay decimal strings in major units; the only
 * arithmetic (comparisons, a remainder) is done on integer minor units as BigInt, never on floats.
 */

const decimalPattern = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** Integer minor units of a decimal string, or null when it is not a plain positive decimal. */
export function toMinor(text: string, precision: number): bigint | null {
  const trimmed = text.trim();
  const match = decimalPattern.exec(trimmed);
  if (!match) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > precision) {
    // Extra digits are allowed only when they are zeros ("500.500" at precision 2).
    if (/[1-9]/.test(fraction.slice(precision))) return null;
  }
  const padded = fraction.slice(0, precision).padEnd(precision, '0');
  return BigInt(whole) * 10n ** BigInt(precision) + BigInt(padded || '0');
}

/** Decimals beyond the currency's precision (non-zero ones). */
export function hasTooManyDecimals(text: string, precision: number): boolean {
  const fraction = text.trim().split('.')[1] ?? '';
  return fraction.length > precision && /[1-9]/.test(fraction.slice(precision));
}

/** Minor units back to a decimal string in major units ("1234.50"). */
export function fromMinor(minor: bigint, precision: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(precision + 1, '0');
  const whole = precision === 0 ? digits : digits.slice(0, -precision);
  const fraction = precision === 0 ? '' : `.${digits.slice(-precision)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Compares two decimal strings exactly (-1, 0, 1), whatever their number of decimals. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const signed = (text: string) => {
    const negative = text.trim().startsWith('-');
    const minor = toMinor(text.trim().replace(/^-/, ''), scale) ?? 0n;
    return negative ? -minor : minor;
  };
  const left = signed(a);
  const right = signed(b);
  return left === right ? 0 : left < right ? -1 : 1;
}

export type AmountProblem = 'required' | 'format' | 'precision' | 'min' | 'max' | 'available';

/** What is wrong with an amount typed by the member, by the same rules as the server, or null. */
export function checkAmount(
  text: string,
  rules: { precision: number; min?: string; max?: string; available?: string },
): AmountProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (!decimalPattern.test(trimmed)) return 'format';
  if (hasTooManyDecimals(trimmed, rules.precision)) return 'precision';
  if (compareDecimal(trimmed, '0') <= 0) return 'format';
  if (rules.min !== undefined && compareDecimal(trimmed, rules.min) < 0) return 'min';
  if (rules.max !== undefined && compareDecimal(trimmed, rules.max) > 0) return 'max';
  if (rules.available !== undefined && compareDecimal(trimmed, rules.available) > 0) return 'available';
  return null;
}

/** The brand's money formatter: symbol, the visitor's digits and grouping, the currency's precision. */
export function useMoney() {
  const brand = useBrand();
  const formatOptions = useFormatOptions();
  const precision = brand.currencyPrecision;
  const plain = (text: string) => formatAmountText(text, formatOptions, precision);
  return {
    precision,
    symbol: brand.currencySymbol,
    plain,
    money: (text: string) => `${brand.currencySymbol}${plain(text)}`,
    formatOptions,
  };
}

/**
 * The request id of a money form (spec: one id per submission attempt): the same body sent again
 * after a failure reuses its id so the server moves the money once; another body gets a new id.
 */
export function useRequestId() {
  const last = useRef<{ key: string; id: string } | null>(null);
  return {
    idFor(body: unknown): string {
      const key = JSON.stringify(body);
      if (last.current?.key === key) return last.current.id;
      const id = crypto.randomUUID();
      last.current = { key, id };
      return id;
    },
    /** The submission went through: the next one is a new request. */
    settle() {
      last.current = null;
    },
  };
}

/** The `value` of a failure, read as a record of strings (the server's min/max/period/limit/used). */
export function errorValue(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError && typeof error.value === 'object' && error.value !== null) {
    return error.value as Record<string, unknown>;
  }
  return {};
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** The fields the server named in a failure (e.g. `receipts.1`). */
export function issueFields(error: unknown): string[] {
  return error instanceof ApiError ? error.issues.map((issue) => issue.field) : [];
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The text under an amount field for a problem found on the client. */
export function amountProblemText(
  problem: AmountProblem,
  t: Translate,
  money: (text: string) => string,
  rules: { precision: number; min?: string; max?: string; available?: string },
): string {
  switch (problem) {
    case 'required':
      return t('text_amount_required');
    case 'format':
      return t('text_amount_format');
    case 'precision':
      return t('text_amount_precision', { value: rules.precision });
    case 'min':
      return t('text_amount_min', { value: money(rules.min ?? '0') });
    case 'max':
      return t('text_amount_max', { value: money(rules.max ?? '0') });
    case 'available':
      return t('text_amount_available', { value: money(rules.available ?? '0') });
  }
}

/** AMOUNT_OUT_OF_RANGE from the server, with its limits (value.min/max) when given. */
export function amountRangeText(error: unknown, t: Translate, money: (text: string) => string): string {
  const value = errorValue(error);
  if (typeof value.min === 'string' && typeof value.max === 'string') {
    return t('text_amount_range', { min: money(value.min), max: money(value.max) });
  }
  return t('err_amount_out_of_range');
}

/** AMOUNT_OUT_OF_RANGE from the server set under the form's amount field: true when it was one. */
export function setAmountRangeError(
  error: unknown,
  setError: (name: 'amount', error: { type: 'server'; message: string }) => void,
  t: Translate,
  money: (text: string) => string,
): boolean {
  if (errorCode(error) !== 'AMOUNT_OUT_OF_RANGE') return false;
  setError('amount', { type: 'server', message: amountRangeText(error, t, money) });
  return true;
}
