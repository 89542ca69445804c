import { useRef } from 'react';
import { ApiError } from '@khela/contract';
import {
  compareAmounts,
  maxInputMinorUnits,
  readAmount,
  type AmountProblem as AmountReason,
} from '@khela/contract/money';
import { formatAmountText } from '../../../shared/lib/format.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';

/**
 * Money on the client, for the wallet pages: amounts stay decimal strings in major units, read by
 * the one rule of `@khela/contract/money` (the server's): nothing is trimmed, at most the currency's
 * decimals ("500.500" at 2 is refused), no exponent or sign. Arithmetic is on bigint minor units.
 */

export type AmountProblem = 'required' | 'format' | 'precision' | 'too_large' | 'min' | 'max' | 'available';

/** The module's reasons as the form's (zero and a sign read as a badly written amount here). */
const problemOfReason: Record<AmountReason, AmountProblem> = {
  format: 'format',
  too_many_decimals: 'precision',
  zero: 'format',
  negative: 'format',
  too_large: 'too_large',
};

/**
 * What is wrong with an amount typed by the member, by the server's rules, or null: the amount
 * itself (a request's bound: 13 whole digits), then the limits the server gave (`min`, `max`,
 * `available`, decimal strings).
 */
export function checkAmount(
  text: string,
  rules: { precision: number; min?: string; max?: string; available?: string },
): AmountProblem | null {
  if (text === '') return 'required';
  const reading = readAmount(text, { precision: rules.precision, max: maxInputMinorUnits(rules.precision) });
  if (!reading.ok) return problemOfReason[reading.problem];
  if (rules.min !== undefined && compareAmounts(text, rules.min) < 0) return 'min';
  if (rules.max !== undefined && compareAmounts(text, rules.max) > 0) return 'max';
  if (rules.available !== undefined && compareAmounts(text, rules.available) > 0) return 'available';
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
    case 'too_large':
      return t('rule_too_big_plain');
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
