import { useState, type ReactNode } from 'react';
import Download from 'lucide-react/icons/download';
import {
  operatorReportAgents,
  operatorReportGaming,
  operatorReportMoney,
  operatorReportPlayers,
} from '@khela/contract/call-routes';
import type {
  AgentReportRow,
  GamingReportRow,
  MoneyReportRow,
  PlayersReportRow,
  ReportGrouping,
} from '@khela/contract';
import { useSearchParams } from '../../app/router.tsx';
import { useCall } from '../../shared/api/hooks.ts';
import { SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { formatWallTime, zoneLabel } from '@khela/contract/business-day';
import { currentBrandZone, formatCount } from '../../shared/lib/format.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { Plot, type PlotSeries } from './chart.tsx';
import { downloadReport, type CsvValue } from './csv.ts';
import { groupDigits } from './format.ts';
import { periodPresets, periodProblem, presetPeriod, type Period, type PeriodPreset } from './period.ts';
import './reports.css';

const tabs = ['gaming', 'money', 'players', 'agents'] as const;
type Tab = (typeof tabs)[number];

const count = (value: number) => formatCount(value);

interface ExportSpec {
  name: string;
  header: string[];
  rows: CsvValue[][];
}

/** A table with its CSV export and, above it, the chart of the same rows. */
function ReportBody<Row>({
  chartTitle,
  chart,
  columns,
  rows,
  rowKey,
  exportSpec,
  totals,
  label,
}: {
  chartTitle: string;
  chart: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  exportSpec: ExportSpec;
  totals: ReactNode;
  label: string;
}) {
  return (
    <>
      {totals}
      <Section title={chartTitle}>{chart}</Section>
      <Section
        title={label}
        actions={
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={rows.length === 0}
            onClick={() => downloadReport(exportSpec.name, exportSpec.header, exportSpec.rows)}
          >
            <Download size={16} aria-hidden />
            {t('reports_export_csv')}
          </button>
        }
      >
        <Table columns={columns} rows={rows} rowKey={rowKey} label={label} />
      </Section>
    </>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="reports-figures">
      {items.map(([name, value]) => (
        <div key={name} className="reports-figures__item">
          <dt>{name}</dt>
          <dd data-figure={name}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Freshness({ updatedAt, currency }: { updatedAt: number | null; currency: string }) {
  const zone = currentBrandZone();
  return (
    <p className="muted reports-freshness">
      {updatedAt === null
        ? t('reports_never_aggregated')
        : t('reports_updated_at', {
            // The brand's clock, like the days above it, with its zone named.
            time: `${formatWallTime(updatedAt, zone)} ${zoneLabel(zone, updatedAt).slice(zone.length + 1)}`,
          })}{' '}
      {t('reports_currency_note', { currency })}
    </p>
  );
}

/** The report's figures over the period, and how fresh the daily tables are. */
function Totals({
  items,
  value,
}: {
  items: [string, string][];
  value: { updatedAt: number | null; currency: string };
}) {
  return (
    <>
      <Figures items={items} />
      <Freshness updatedAt={value.updatedAt} currency={value.currency} />
    </>
  );
}

/** A line chart of daily rows. */
function DailyLines<Row extends { day: string }>({ rows, series }: { rows: Row[]; series: PlotSeries[] }) {
  return (
    <Plot label={t('reports_chart_title')} kind="lines" xs={rows.map((row) => row.day)} series={series} />
  );
}

/** The loading or failed state of a report's call (the call has no answer yet). */
function NoAnswer({ answer }: { answer: { isPending: boolean; error: unknown; refetch: () => unknown } }) {
  if (answer.isPending) return <Loading rows={6} />;
  return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
}

/** The select above a report that changes how its rows are grouped or sorted. */
function ReportPicker<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <div className="reports-toolbar">
      <SelectField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        options={options}
      />
    </div>
  );
}

/** The columns of play figures (rounds, stake, payout, GGR) of the gaming and agents reports. */
function playColumns<
  Row extends { rounds: number; stake: string; payout: string; ggr: string },
>(): Column<Row>[] {
  return [
    {
      key: 'rounds',
      header: t('reports_rounds'),
      cell: (row) => count(row.rounds),
      align: 'end',
      wide: true,
    },
    { key: 'stake', header: t('reports_stake'), cell: (row) => groupDigits(row.stake), align: 'end' },
    {
      key: 'payout',
      header: t('reports_payout'),
      cell: (row) => groupDigits(row.payout),
      align: 'end',
      wide: true,
    },
    { key: 'ggr', header: t('reports_ggr'), cell: (row) => groupDigits(row.ggr), align: 'end' },
  ];
}

const fileName = (what: string, period: Period) => `${what}-${period.from}-${period.to}.csv`;

function GamingReport({ period }: { period: Period }) {
  const [groupBy, setGroupBy] = useState<ReportGrouping>('day');
  const answer = useCall(operatorReportGaming, { ...period, groupBy });
  const byDay = groupBy === 'day';
  const picker = (
    <ReportPicker<ReportGrouping>
      key="picker"
      label={t('reports_group_by')}
      value={groupBy}
      onChange={setGroupBy}
      options={(['day', 'vendor', 'game', 'category'] as const).map((value) => ({
        value,
        label: t(`reports_group_${value}`),
      }))}
    />
  );
  if (!answer.isSuccess) return [picker, <NoAnswer key="state" answer={answer} />];
  const value = answer.data;
  const top = byDay ? value.rows : value.rows.slice(0, 12);
  const series: PlotSeries[] = byDay
    ? [
        { label: t('reports_stake'), color: 'blue', values: top.map((row) => Number(row.stake)) },
        { label: t('reports_payout'), color: 'gold', values: top.map((row) => Number(row.payout)) },
        { label: t('reports_ggr'), color: 'green', values: top.map((row) => Number(row.ggr)) },
      ]
    : [{ label: t('reports_ggr'), color: 'green', values: top.map((row) => Number(row.ggr)) }];
  const columns: Column<GamingReportRow>[] = [
    { key: 'label', header: t(`reports_group_${groupBy}`), cell: (row) => row.label },
    ...(groupBy === 'game'
      ? [
          {
            key: 'vendor',
            header: t('reports_group_vendor'),
            cell: (row: GamingReportRow) => row.vendor,
            wide: true,
          },
        ]
      : []),
    ...playColumns<GamingReportRow>(),
    ...(byDay
      ? [
          {
            key: 'ngr',
            header: t('reports_ngr'),
            cell: (row: GamingReportRow) => groupDigits(row.ngr ?? '0'),
            align: 'end' as const,
            wide: true,
          },
        ]
      : []),
    {
      key: 'players',
      header: t(byDay ? 'reports_players' : 'reports_player_days'),
      cell: (row) => count(row.players),
      align: 'end',
      wide: true,
    },
  ];
  const header = [
    t(`reports_group_${groupBy}`),
    t('reports_group_vendor'),
    t('reports_group_category'),
    t('reports_rounds'),
    t('reports_stake'),
    t('reports_payout'),
    t('reports_ggr'),
    t('reports_bonuses'),
    t('reports_ngr'),
    t(byDay ? 'reports_players' : 'reports_player_days'),
  ];
  return [
    picker,
    <ReportBody
      key="body"
      label={t('reports_tab_gaming')}
      chartTitle={
        byDay
          ? t('reports_chart_gaming_day')
          : t('reports_chart_gaming_group', { group: t(`reports_group_${groupBy}`).toLowerCase() })
      }
      totals={
        <Totals
          value={value}
          items={[
            [t('reports_rounds'), count(value.totals.rounds)],
            [t('reports_stake'), groupDigits(value.totals.stake)],
            [t('reports_payout'), groupDigits(value.totals.payout)],
            [t('reports_ggr'), groupDigits(value.totals.ggr)],
            [t('reports_bonuses'), groupDigits(value.totals.bonuses)],
            [t('reports_ngr'), groupDigits(value.totals.ngr)],
          ]}
        />
      }
      chart={
        <Plot
          label={t('reports_chart_title')}
          kind={byDay ? 'lines' : 'bars'}
          xs={top.map((row) => row.label)}
          series={series}
        />
      }
      columns={columns}
      rows={value.rows}
      rowKey={(row) => row.key}
      exportSpec={{
        name: fileName(`gaming-by-${groupBy}`, period),
        header,
        rows: value.rows.map((row) => [
          row.label,
          row.vendor,
          row.category,
          row.rounds,
          row.stake,
          row.payout,
          row.ggr,
          row.bonuses,
          row.ngr,
          row.players,
        ]),
      }}
    />,
  ];
}

function MoneyReport({ period }: { period: Period }) {
  const answer = useCall(operatorReportMoney, period);
  if (!answer.isSuccess) return <NoAnswer answer={answer} />;
  const value = answer.data;
  const columns: Column<MoneyReportRow>[] = [
    { key: 'day', header: t('reports_group_day'), cell: (row) => row.day },
    {
      key: 'deposits',
      header: t('reports_deposits'),
      cell: (row) => count(row.deposits),
      align: 'end',
      wide: true,
    },
    {
      key: 'depositAmount',
      header: t('reports_deposit_amount'),
      cell: (row) => groupDigits(row.depositAmount),
      align: 'end',
    },
    {
      key: 'withdrawals',
      header: t('reports_withdrawals'),
      cell: (row) => count(row.withdrawals),
      align: 'end',
      wide: true,
    },
    {
      key: 'withdrawalAmount',
      header: t('reports_withdrawal_amount'),
      cell: (row) => groupDigits(row.withdrawalAmount),
      align: 'end',
    },
    { key: 'net', header: t('reports_net'), cell: (row) => groupDigits(row.net), align: 'end', wide: true },
  ];
  return (
    <ReportBody
      label={t('reports_tab_money')}
      chartTitle={t('reports_chart_money')}
      totals={
        <Totals
          value={value}
          items={[
            [t('reports_deposits'), count(value.totals.deposits)],
            [t('reports_deposit_amount'), groupDigits(value.totals.depositAmount)],
            [t('reports_withdrawals'), count(value.totals.withdrawals)],
            [t('reports_withdrawal_amount'), groupDigits(value.totals.withdrawalAmount)],
            [t('reports_net'), groupDigits(value.totals.net)],
          ]}
        />
      }
      chart={
        <DailyLines
          rows={value.rows}
          series={[
            {
              label: t('reports_deposit_amount'),
              color: 'green',
              values: value.rows.map((row) => Number(row.depositAmount)),
            },
            {
              label: t('reports_withdrawal_amount'),
              color: 'red',
              values: value.rows.map((row) => Number(row.withdrawalAmount)),
            },
          ]}
        />
      }
      columns={columns}
      rows={value.rows}
      rowKey={(row) => row.day}
      exportSpec={{
        name: fileName('money', period),
        header: columns.map((column) => column.header),
        rows: value.rows.map((row) => [
          row.day,
          row.deposits,
          row.depositAmount,
          row.withdrawals,
          row.withdrawalAmount,
          row.net,
        ]),
      }}
    />
  );
}

function PlayersReport({ period }: { period: Period }) {
  const answer = useCall(operatorReportPlayers, period);
  if (!answer.isSuccess) return <NoAnswer answer={answer} />;
  const value = answer.data;
  const columns: Column<PlayersReportRow>[] = [
    { key: 'day', header: t('reports_group_day'), cell: (row) => row.day },
    { key: 'new', header: t('reports_new_players'), cell: (row) => count(row.newPlayers), align: 'end' },
    {
      key: 'active',
      header: t('reports_active_players'),
      cell: (row) => count(row.activePlayers),
      align: 'end',
    },
    {
      key: 'depositing',
      header: t('reports_depositing_players'),
      cell: (row) => count(row.depositingPlayers),
      align: 'end',
    },
    {
      key: 'first',
      header: t('reports_first_depositors'),
      cell: (row) => count(row.firstDepositors),
      align: 'end',
      wide: true,
    },
  ];
  return (
    <ReportBody
      label={t('reports_tab_players')}
      chartTitle={t('reports_chart_players')}
      totals={
        <Totals
          value={value}
          items={[
            [t('reports_new_players'), count(value.totals.newPlayers)],
            [t('reports_first_depositors'), count(value.totals.firstDepositors)],
            [t('reports_peak_active'), count(value.totals.peakActivePlayers)],
            [t('reports_peak_depositing'), count(value.totals.peakDepositingPlayers)],
          ]}
        />
      }
      chart={
        <DailyLines
          rows={value.rows}
          series={[
            {
              label: t('reports_new_players'),
              color: 'violet',
              values: value.rows.map((row) => row.newPlayers),
            },
            {
              label: t('reports_active_players'),
              color: 'blue',
              values: value.rows.map((row) => row.activePlayers),
            },
            {
              label: t('reports_depositing_players'),
              color: 'green',
              values: value.rows.map((row) => row.depositingPlayers),
            },
          ]}
        />
      }
      columns={columns}
      rows={value.rows}
      rowKey={(row) => row.day}
      exportSpec={{
        name: fileName('players', period),
        header: columns.map((column) => column.header),
        rows: value.rows.map((row) => [
          row.day,
          row.newPlayers,
          row.activePlayers,
          row.depositingPlayers,
          row.firstDepositors,
        ]),
      }}
    />
  );
}

function AgentsReport({ period }: { period: Period }) {
  const [sortBy, setSortBy] = useState<'stake' | 'ggr'>('stake');
  const answer = useCall(operatorReportAgents, { ...period, sortBy, limit: 20 });
  const picker = (
    <ReportPicker<'stake' | 'ggr'>
      key="picker"
      label={t('reports_agents_sort')}
      value={sortBy}
      onChange={setSortBy}
      options={[
        { value: 'stake', label: t('reports_stake') },
        { value: 'ggr', label: t('reports_ggr') },
      ]}
    />
  );
  if (!answer.isSuccess) return [picker, <NoAnswer key="state" answer={answer} />];
  const value = answer.data;
  const columns: Column<AgentReportRow>[] = [
    { key: 'agent', header: t('reports_agent'), cell: (row) => row.username },
    {
      key: 'team',
      header: t('reports_team_size'),
      cell: (row) => count(row.teamSize),
      align: 'end',
      wide: true,
    },
    ...playColumns<AgentReportRow>(),
    {
      key: 'players',
      header: t('reports_player_days'),
      cell: (row) => count(row.playerDays),
      align: 'end',
      wide: true,
    },
  ];
  return [
    picker,
    <ReportBody
      key="body"
      label={t('reports_tab_agents')}
      chartTitle={t(sortBy === 'ggr' ? 'reports_chart_agents_ggr' : 'reports_chart_agents_stake')}
      totals={<Freshness updatedAt={value.updatedAt} currency={value.currency} />}
      chart={
        <Plot
          label={t('reports_chart_title')}
          kind="bars"
          xs={value.rows.slice(0, 12).map((row) => row.username)}
          series={[
            {
              label: t(sortBy === 'ggr' ? 'reports_ggr' : 'reports_stake'),
              color: sortBy === 'ggr' ? 'green' : 'blue',
              values: value.rows.slice(0, 12).map((row) => Number(sortBy === 'ggr' ? row.ggr : row.stake)),
            },
          ]}
        />
      }
      columns={columns}
      rows={value.rows}
      rowKey={(row) => String(row.agentId)}
      exportSpec={{
        name: fileName('agents', period),
        header: columns.map((column) => column.header),
        rows: value.rows.map((row) => [
          row.username,
          row.teamSize,
          row.rounds,
          row.stake,
          row.payout,
          row.ggr,
          row.playerDays,
        ]),
      }}
    />,
  ];
}

function PeriodPicker({
  preset,
  period,
  problem,
  onChange,
}: {
  preset: PeriodPreset;
  period: Period;
  problem: string | null;
  onChange: (preset: PeriodPreset, period?: Period) => void;
}) {
  return (
    <div className="reports-period">
      <SelectField
        label={t('reports_period')}
        value={preset}
        onChange={(event) => onChange(event.target.value as PeriodPreset, period)}
        options={periodPresets.map((value) => ({ value, label: t(`reports_period_${value}`) }))}
      />
      {preset === 'custom' ? (
        <>
          <TextField
            label={t('reports_from')}
            type="date"
            value={period.from}
            max={period.to}
            onChange={(event) => onChange('custom', { ...period, from: event.target.value })}
            error={problem ? t(problem) : undefined}
          />
          <TextField
            label={t('reports_to')}
            type="date"
            value={period.to}
            min={period.from}
            onChange={(event) => onChange('custom', { ...period, to: event.target.value })}
          />
        </>
      ) : (
        <p className="reports-period__days muted">
          {period.from === period.to ? period.from : `${period.from} – ${period.to}`}
        </p>
      )}
    </div>
  );
}

/** Reports (issue 15, item 6): a period, four tabs, a chart, a table and its CSV. */
export default function ReportsPage() {
  // The brand's zone (set by the shell from the whitelabel): the reports' days are its days.
  const zone = currentBrandZone();
  // The offset named is the one of when the page opened (it changes only across a DST change).
  const [now] = useState(() => Date.now());
  const [params, setParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'gaming';
  const presetParam = params.get('period') ?? '';
  const preset: PeriodPreset = (periodPresets as readonly string[]).includes(presetParam)
    ? (presetParam as PeriodPreset)
    : 'last7';
  const fallback = presetPeriod('last7', zone);
  const period: Period =
    preset === 'custom'
      ? { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to }
      : presetPeriod(preset, zone);
  const problem = periodProblem(period);
  const go = (next: { tab?: Tab; preset?: PeriodPreset; period?: Period }) => {
    const nextPreset = next.preset ?? preset;
    const nextPeriod = next.period ?? period;
    setParams({
      tab: next.tab ?? tab,
      period: nextPreset,
      ...(nextPreset === 'custom' ? { from: nextPeriod.from, to: nextPeriod.to } : {}),
    });
  };
  const body = problem ? null : tab === 'gaming' ? (
    <GamingReport period={period} />
  ) : tab === 'money' ? (
    <MoneyReport period={period} />
  ) : tab === 'players' ? (
    <PlayersReport period={period} />
  ) : (
    <AgentsReport period={period} />
  );
  return (
    <Page title={t('reports_title')}>
      <p className="muted reports-zone">{t('reports_zone', { zone: zoneLabel(zone, now) })}</p>
      <PeriodPicker
        preset={preset}
        period={period}
        problem={problem}
        onChange={(nextPreset, nextPeriod) =>
          go({ preset: nextPreset, ...(nextPreset === 'custom' && nextPeriod ? { period: nextPeriod } : {}) })
        }
      />
      <div className="reports-tabs" role="tablist" aria-label={t('reports_title')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`reports-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="reports-panel"
            className={`reports-tabs__tab${tab === name ? ' reports-tabs__tab--on' : ''}`}
            onClick={() => go({ tab: name })}
          >
            {t(`reports_tab_${name}`)}
          </button>
        ))}
      </div>
      <div
        id="reports-panel"
        role="tabpanel"
        aria-labelledby={`reports-tab-${tab}`}
        className="reports-panel"
      >
        {body}
      </div>
    </Page>
  );
}
