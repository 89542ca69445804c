import { forwardRef, type InputHTMLAttributes } from 'react';
import { ApiError } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../deposit/money.ts';

/** A bonus being wagered (withdrawInfo's `bonus`): a withdrawal now forfeits it (docs/promotions.md). */
export interface WageredBonus {
  amount: string;
  wageringLeft: string;
}

/**
 * The bonus a BONUS_FORFEIT_REQUIRED names (`value.bonus`, `value.wageringLeft`), or null for any
 * other failure. `bonus` is read as the amount, or as an object holding it.
 */
export function forfeitRequiredBonus(error: unknown): WageredBonus | null {
  if (!(error instanceof ApiError) || error.code !== 'BONUS_FORFEIT_REQUIRED') return null;
  const value = (error.value ?? {}) as { bonus?: unknown; wageringLeft?: unknown };
  const bonus = value.bonus as string | { amount?: unknown } | undefined;
  const amount = typeof bonus === 'string' ? bonus : typeof bonus?.amount === 'string' ? bonus.amount : '0';
  const left = typeof value.wageringLeft === 'string' ? value.wageringLeft : '0';
  return { amount, wageringLeft: left };
}

interface BonusForfeitWarningProps extends InputHTMLAttributes<HTMLInputElement> {
  bonus: WageredBonus;
  /** The checkbox's error (not ticked). */
  error: string | undefined;
  /** The server asked for it (the bonus arrived after the page): announced as an alert. */
  isNews: boolean;
}

/**
 * The warning a withdrawal shows while a bonus is being wagered, and the box the member must tick:
 * withdrawing forfeits the bonus. The checkbox is the form's `forfeitBonus` field (`register`).
 */
export const BonusForfeitWarning = forwardRef<HTMLInputElement, BonusForfeitWarningProps>(
  function BonusForfeitWarning({ bonus, error, isNews, ...checkbox }, ref) {
    const { t } = useTranslation();
    const { money } = useMoney();
    return (
      <div className="wallet-bonus-warning" role={isNews ? 'alert' : undefined}>
        <p className="wallet-bonus-warning__text">
          {t('bonus_withdraw_warning', { amount: money(bonus.amount), left: money(bonus.wageringLeft) })}
        </p>
        <label className="form__check">
          <input ref={ref} type="checkbox" aria-invalid={error ? true : undefined} {...checkbox} />
          {t('bonus_forfeit_confirm')}
        </label>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);
