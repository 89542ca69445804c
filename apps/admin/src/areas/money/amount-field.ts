import { z } from 'zod';
import {
  MAX_PRECISION,
  isAmountText,
  maxInputMinorUnits,
  readAmount,
  type AmountProblem,
} from '@khela/contract/money';

/**
 * An operator's amount field, read by the one rule of `@khela/contract/money` (the server's): no
 * spaces, no '+', no exponent, at most the currency's decimals ("500.500" at 2 is refused), and a
 * request's bound (13 whole digits).
 */

/** Text keys of what is wrong with a typed amount (money texts, and the shared "too big"). */
export const amountProblemKeys: Record<AmountProblem, string> = {
  format: 'money_amount_format',
  too_many_decimals: 'money_amount_precision',
  zero: 'money_amount_zero',
  negative: 'money_amount_negative',
  too_large: 'rule_too_big_plain',
};

export interface OperatorAmountRules {
  /** The brand currency's decimals; null while not known yet (the server then checks them). */
  precision: number | null;
  allowZero?: boolean;
  allowNegative?: boolean;
}

/**
 * The brand currency's precision as an amount from the server shows it, or null: the API writes
 * every amount with exactly the currency's decimals (`formatAmount`), and the back office has no
 * other word of the brand's `currencyPrecision` on its money pages.
 */
export function precisionShownBy(amount: string | null | undefined): number | null {
  if (amount === null || amount === undefined || !isAmountText(amount)) return null;
  return Math.min(MAX_PRECISION, amount.split('.')[1]?.length ?? 0);
}

/** What is wrong with an amount an operator typed, or null. */
export function checkOperatorAmount(text: string, rules: OperatorAmountRules): AmountProblem | null {
  // Without the precision, the text is read at its own decimals: every rule but the precision's.
  const precision = rules.precision ?? Math.min(MAX_PRECISION, text.split('.')[1]?.length ?? 0);
  const reading = readAmount(text, {
    precision,
    allowZero: rules.allowZero ?? false,
    allowNegative: rules.allowNegative ?? false,
    max: maxInputMinorUnits(precision),
  });
  return reading.ok ? null : reading.problem;
}

/** The zod field of a form (messages are text keys, shown by the form kit). */
export function amountField(rules: OperatorAmountRules) {
  return z.string().superRefine((text, context) => {
    if (text === '') {
      context.addIssue({ code: 'custom', message: 'Required' });
      return;
    }
    const problem = checkOperatorAmount(text, rules);
    if (problem) context.addIssue({ code: 'custom', message: amountProblemKeys[problem] });
  });
}
