import { forwardRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import { TextField, type TextFieldProps } from '../../../shared/forms/text-field.tsx';
import { wrongPasswordText } from '../../../shared/forms/api-errors.ts';
import { amountProblemText, amountRangeText, checkAmount, errorCode } from '../deposit/money.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Money = (text: string) => string;
type AmountRules = { precision: number; min?: string; max?: string; available?: string };

/** An amount as typed, checked by the server's rules (precision, min, max, what is available). */
export function amountSchema(rules: AmountRules, t: Translate, money: Money) {
  return z.string().superRefine((value, context) => {
    const problem = checkAmount(value, rules);
    if (problem) context.addIssue({ code: 'custom', message: amountProblemText(problem, t, money, rules) });
  });
}

/** The payment password that confirms a withdrawal, a transfer or a new payout account. */
export function paymentPasswordSchema(t: Translate) {
  return z.string().min(1, t('text_payment_password_required')).max(64);
}

export const PaymentPasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label'>>(
  function PaymentPasswordField(props, ref) {
    const { t } = useTranslation();
    return (
      <TextField
        ref={ref}
        label={t('label_payment_password')}
        placeholder={t('label_payment_password')}
        type="password"
        isRequired
        autoComplete="off"
        {...props}
      />
    );
  },
);

/**
 * A money form's failures that belong under its fields: a wrong payment password, an amount out of
 * range (with the server's limits) or above the balance. Answers true when it put one there.
 */
export function showMoneyError(
  error: unknown,
  setFieldError: (field: 'amount' | 'paymentPassword', message: string) => void,
  t: Translate,
  money: Money,
): boolean {
  switch (errorCode(error)) {
    case 'WRONG_PASSWORD':
      setFieldError('paymentPassword', wrongPasswordText(error, t));
      return true;
    case 'AMOUNT_OUT_OF_RANGE':
      setFieldError('amount', amountRangeText(error, t, money));
      return true;
    case 'INSUFFICIENT_FUNDS':
      setFieldError('amount', t('err_insufficient_funds'));
      return true;
    default:
      return false;
  }
}
