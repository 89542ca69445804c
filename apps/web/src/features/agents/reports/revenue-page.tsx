import Wallet from 'lucide-react/icons/wallet';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { PeriodButtons } from '../../../shared/ui/record-filters.tsx';
import { useMoney } from '../../wallet/index.ts';
import { useAgentQuery } from '../contracts/agent-api.ts';
import { FigureList, QueryView, useAgentPaging, useDayText } from './report-ui.tsx';

type RevenueSource = 'daily' | 'hourly' | 'realtime' | 'dividend' | 'transfer';

/** Each source named as its page is in the menu; transfers are the team's transfers to me. */
const sourceLabelKeys: Record<RevenueSource, string> = {
  daily: 'ac_daily_wages',
  hourly: 'ac_hourly_salary',
  realtime: 'ac_realtime_salary',
  dividend: 'ac_dividend',
  transfer: 'agw_source_transfer',
};

/** A bar's share of the largest one, in percent (display only: the figures shown are the strings). */
function share(amount: string, largest: number): number {
  const value = Number(amount);
  return largest > 0 && value > 0 ? Math.max(1, Math.round((value / largest) * 100)) : 0;
}

/** agentRevenueReport (my income): by source and by day of the period, with CSS bars. */
export function RevenuePage() {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const dayText = useDayText();
  const { range, periodButtons } = useAgentPaging();
  const revenue = useAgentQuery(['revenue', range], () =>
    apiClient.call(apiRoutes.agentRevenue, { query: range }),
  );

  return (
    <div className="agent-page">
      <div className="record-filters">
        <PeriodButtons {...periodButtons} />
      </div>
      <QueryView
        query={revenue}
        isEmpty={(data) => data.days.length === 0 && !/[1-9]/.test(data.total)}
        emptyIcon={Wallet}
        emptyTitle={t('agw_empty_revenue')}
        emptyText={t('agw_empty_revenue_text')}
      >
        {(data) => {
          const largestSource = Math.max(0, ...data.bySource.map((line) => Number(line.amount)));
          const largestDay = Math.max(0, ...data.days.map((day) => Number(day.total)));
          return (
            <>
              <FigureList label={t('records_totals')} items={[[t('agw_total_income'), money(data.total)]]} />
              <section className="agent-section" aria-labelledby="revenue-sources">
                <h3 id="revenue-sources" className="agent-section__title">
                  {t('agw_by_source')}
                </h3>
                <ul className="agent-bars">
                  {data.bySource.map((line) => (
                    <li key={line.source} className="agent-bars__row">
                      <span className="agent-bars__name">
                        <span className={`agent-swatch agent-swatch--${line.source}`} aria-hidden="true" />
                        {t(sourceLabelKeys[line.source])}
                      </span>
                      <span className="agent-bars__value">
                        {money(line.amount)}
                        <span className="agent-muted">
                          {' '}
                          · {t('agw_times', { value: formatNumber(line.count, formatOptions) })}
                        </span>
                      </span>
                      <span className="agent-bars__track" aria-hidden="true">
                        <span
                          className={`agent-bars__fill agent-swatch--${line.source}`}
                          style={{ width: `${share(line.amount, largestSource)}%` }}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
              {data.days.length > 0 ? (
                <section className="agent-section" aria-labelledby="revenue-days">
                  <h3 id="revenue-days" className="agent-section__title">
                    {t('agw_by_day')}
                  </h3>
                  <ul className="agent-bars">
                    {data.days.map((day) => (
                      <li key={day.day} className="agent-bars__row">
                        <time className="agent-bars__name" dateTime={day.day}>
                          {dayText(day.day)}
                        </time>
                        <span className="agent-bars__value">{money(day.total)}</span>
                        <span
                          className="agent-bars__track"
                          role="img"
                          aria-label={day.bySource
                            .filter((line) => /[1-9]/.test(line.amount))
                            .map((line) => `${t(sourceLabelKeys[line.source])} ${money(line.amount)}`)
                            .join(', ')}
                        >
                          {day.bySource.map((line) => (
                            <span
                              key={line.source}
                              className={`agent-bars__fill agent-swatch--${line.source}`}
                              style={{ width: `${share(line.amount, largestDay)}%` }}
                            />
                          ))}
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
