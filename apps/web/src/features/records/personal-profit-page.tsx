import { addDays, dayKey, startOfDayKey } from '@khela/contract/business-day';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import ChartColumn from 'lucide-react/icons/chart-column';
import type { RoundTotals } from '@khela/contract';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { formatNumber, toBengaliDigits } from '../../shared/lib/format.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { usePersonalProfit } from './api/get-personal-profit.ts';
import {
  useCategoryChoice,
  CategoryFilter,
  ProfitAmount,
  TotalsBar,
  useAmount,
  useCategoryLabel,
} from './record-ui.tsx';
import { PeriodButtons } from '../../shared/ui/record-filters.tsx';
import './records.css';

/** Periods in days, today included; the server allows up to 92. */
const periodDays = { week: 7, month: 30, quarter: 90 } as const;
type Period = keyof typeof periodDays;
const periods = Object.keys(periodDays) as Period[];
const periodLabelKeys: Record<Period, string> = {
  week: 'period_7_days',
  month: 'period_30_days',
  quarter: 'period_90_days',
};

/** The server cuts days at the brand's midnight (whitelabel timeZone): periods start at one too. */
function startOf(period: Period, now: number, zone: string): number {
  return startOfDayKey(addDays(dayKey(now, zone), -(periodDays[period] - 1)), zone);
}

/** personalProfit (spec 2 member centre): settled rounds summed by day and by category. */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const amount = useAmount();
  const categoryLabel = useCategoryLabel();
  const { categories, gameType, setGameType } = useCategoryChoice();
  const [period, setPeriod] = useState<Period>('week');
  const [now] = useState(() => Date.now());
  const profit = usePersonalProfit({
    from: startOf(period, now, formatOptions.timeZone),
    ...(gameType ? { gameType } : {}),
  });

  const dayText = (day: string) =>
    formatOptions.language === 'BN' && formatOptions.bengaliDigits ? toBengaliDigits(day) : day;
  const cells = (totals: RoundTotals) => (
    <>
      <td className="profit-table__rounds" data-label={t('records_rounds')}>
        {formatNumber(totals.rounds, formatOptions)}
      </td>
      <td className="profit-table__bet" data-label={t('records_bet')}>
        {amount(totals.bet)}
      </td>
      <td className="profit-table__win" data-label={t('records_win')}>
        {amount(totals.win)}
      </td>
      <td className="profit-table__profit">
        <ProfitAmount value={totals.profit} />
      </td>
    </>
  );

  return (
    <div className="records">
      <div className="record-filters">
        <CategoryFilter categories={categories} value={gameType} onChange={setGameType} />
        <PeriodButtons periods={periods} labelKeys={periodLabelKeys} value={period} onChange={setPeriod} />
      </div>
      <p className="records__note">{t('records_utc_note')}</p>

      {profit.isPending ? (
        <div className="records__loading" aria-busy="true">
          <Skeleton rows={1} height="4.5rem" />
          <Skeleton rows={4} height="5rem" />
        </div>
      ) : profit.isError ? (
        <FormAlert textKey="err_network" />
      ) : profit.data.days.length === 0 ? (
        <EmptyState
          icon={ChartColumn}
          title={t('empty_personal_profit')}
          text={t('empty_personal_profit_text')}
        />
      ) : (
        <>
          <TotalsBar totals={profit.data.totals} />
          <div className="profit-days" aria-busy={profit.isFetching || undefined}>
            <table className="profit-table">
              <caption className="visually-hidden">{t('records_table_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('records_day')}</th>
                  <th scope="col">{t('records_rounds')}</th>
                  <th scope="col">{t('records_bet')}</th>
                  <th scope="col">{t('records_win')}</th>
                  <th scope="col">{t('records_profit')}</th>
                </tr>
              </thead>
              {profit.data.days.map((day) => (
                <tbody key={day.day} className="profit-table__day">
                  <tr className="profit-table__day-row">
                    <th scope="rowgroup">
                      <time dateTime={day.day}>{dayText(day.day)}</time>
                    </th>
                    {cells(day)}
                  </tr>
                  {day.byCategory.map((category) => (
                    <tr key={category.gameType} className="profit-table__category-row">
                      <th scope="row">{categoryLabel(category.gameType)}</th>
                      {cells(category)}
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        </>
      )}
    </div>
  );
}
