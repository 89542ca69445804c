import { useId } from 'react';
import { amountOrNull, compareAmounts, MAX_PRECISION } from '@khela/contract/money';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../wallet/index.ts';

/** Wagering done as thousandths of the required (0–1000), in bigint: amounts never pass through floats. */
export function wageringPermille(done: string, required: string): number {
  const read = (text: string) => amountOrNull(text, { precision: MAX_PRECISION, allowZero: true }) ?? 0n;
  const total = read(required);
  if (total <= 0n) return 1000;
  const permille = (read(done) * 1000n) / total;
  return Number(permille > 1000n ? 1000n : permille);
}

/** A bonus's wagering: done of required, a bar, and what is left (nothing once it is done). */
export function WageringProgress({ done, required, left }: { done: string; required: string; left: string }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const labelId = useId();
  const percent = wageringPermille(done, required) / 10;
  const figures = t('bonus_wagering_figures', { done: money(done), required: money(required) });
  return (
    <div className="bonus-progress">
      <div className="bonus-progress__head">
        <span id={labelId} className="bonus-progress__label">
          {t('bonus_wagering_label')}
        </span>
        <span className="bonus-progress__figures" data-testid="bonus-wagering">
          {figures}
        </span>
      </div>
      <div
        className="bonus-progress__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={figures}
      >
        <div className="bonus-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      {compareAmounts(left, '0') > 0 ? (
        <p className="bonus-progress__left">{t('bonus_wagering_left', { amount: money(left) })}</p>
      ) : null}
    </div>
  );
}
