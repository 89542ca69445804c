import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import './record-list.css';

/** A labelled select of a record page's filter row (`fills`: shares the row's width with the others). */
export function FilterSelect({
  label,
  value,
  onChange,
  fills = false,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  fills?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={`record-filter${fills ? ' record-filter--fill' : ''}`}>
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** The period buttons of a record page's filter row (one pressed). */
export function PeriodButtons<P extends string>({
  periods,
  labelKeys,
  value,
  onChange,
}: {
  periods: readonly P[];
  labelKeys: Record<P, string>;
  value: P;
  onChange: (period: P) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="record-periods" role="group" aria-label={t('label_period')}>
      {periods.map((period) => (
        <button
          key={period}
          type="button"
          className="record-period"
          aria-pressed={period === value}
          onClick={() => onChange(period)}
        >
          {t(labelKeys[period])}
        </button>
      ))}
    </div>
  );
}
