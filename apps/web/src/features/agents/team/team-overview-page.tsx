import { useState } from 'react';
import type { TeamOverviewValue } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatNumber, toBengaliDigits } from '../../../shared/lib/format.ts';
import { PeriodButtons } from '../../../shared/ui/record-filters.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useMoney } from '../../wallet/index.ts';
import { DailyChart } from '../charts/daily-chart.tsx';
import {
  agentPeriodLabelKeys,
  agentPeriodRange,
  agentPeriods,
  type AgentPeriod,
} from '../shared/agent-periods.ts';
import { useTeamOverview } from './team-api.ts';
import './team.css';

type Figures = TeamOverviewValue['totals'];

/** agentTeamOverview (the agent centre's default page): the team now, the period's figures and charts. */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const { money } = useMoney();
  const [period, setPeriod] = useState<AgentPeriod>('week');
  // The range is reckoned from when the page opened, so a refetch never shifts it.
  const [now] = useState(() => Date.now());
  const overview = useTeamOverview(agentPeriodRange(period, now, formatOptions.timeZone));
  const count = (value: number) => formatNumber(value, formatOptions);
  const dayText = (day: string) =>
    formatOptions.language === 'BN' && formatOptions.bengaliDigits ? toBengaliDigits(day) : day;

  const cards = (value: TeamOverviewValue): [string, string][] => [
    ['agt_team_size', count(value.teamSize)],
    ['agt_agents', count(value.agents)],
    ['agt_direct_members', count(value.directMembers)],
    ['agt_team_balance', money(value.teamBalance)],
    ['agt_new_members', count(value.totals.newMembers)],
    ['agt_active_members', count(value.totals.activeMembers)],
    ['agt_first_deposits', count(value.totals.firstDeposits)],
    ['agt_deposits', money(value.totals.deposits)],
    ['agt_withdrawals', money(value.totals.withdrawals)],
    ['agt_bets', money(value.totals.bet)],
    ['agt_wins', money(value.totals.win)],
    ['agt_profit', money(value.totals.profit)],
  ];
  const daily = (value: TeamOverviewValue, pick: (day: Figures) => string | number) =>
    value.days.map((day) => Number(pick(day)));

  return (
    <div className="agent-team">
      <PeriodButtons
        periods={agentPeriods}
        labelKeys={agentPeriodLabelKeys}
        value={period}
        onChange={setPeriod}
      />
      <p className="agent-team__note">{t('records_utc_note')}</p>
      {overview.isPending ? (
        <div className="agent-team__loading" aria-busy="true">
          <Skeleton className="agent-cards-skeleton" rows={12} height="4rem" />
          <Skeleton rows={2} height="15rem" />
        </div>
      ) : overview.isError ? (
        <FormAlert textKey="err_network" />
      ) : (
        <div className="agent-team__body" aria-busy={overview.isFetching || undefined}>
          <dl className="agent-cards" aria-label={t('agt_summary')}>
            {cards(overview.data).map(([key, text]) => (
              <div key={key} className="agent-card">
                <dt>{t(key)}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
          <div className="agent-charts">
            <DailyChart
              title={t('agt_chart_money')}
              days={overview.data.days.map((day) => day.day)}
              series={[
                {
                  label: t('agt_bets'),
                  color: 'blue',
                  values: daily(overview.data, (day) => day.bet),
                  total: money(overview.data.totals.bet),
                },
                {
                  label: t('agt_wins'),
                  color: 'gold',
                  values: daily(overview.data, (day) => day.win),
                  total: money(overview.data.totals.win),
                },
                {
                  label: t('agt_profit'),
                  color: 'green',
                  values: daily(overview.data, (day) => day.profit),
                  total: money(overview.data.totals.profit),
                },
              ]}
              formatValue={(value) => count(value)}
              formatDay={dayText}
              emptyText={t('agt_chart_empty')}
            />
            <DailyChart
              title={t('agt_chart_members')}
              days={overview.data.days.map((day) => day.day)}
              series={[
                {
                  label: t('agt_new_members'),
                  color: 'violet',
                  values: daily(overview.data, (day) => day.newMembers),
                  total: count(overview.data.totals.newMembers),
                },
                {
                  label: t('agt_active_members'),
                  color: 'blue',
                  values: daily(overview.data, (day) => day.activeMembers),
                  total: count(overview.data.totals.activeMembers),
                },
              ]}
              formatValue={(value) => count(value)}
              formatDay={dayText}
              emptyText={t('agt_chart_empty')}
            />
          </div>
        </div>
      )}
    </div>
  );
}
