import { useState } from 'react';
import HandCoins from 'lucide-react/icons/hand-coins';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { WageKind, WageLine, WageStatus } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { formatDateTime, formatNumber } from '../../../shared/lib/format.ts';
import { Badge, type BadgeTone } from '../../../shared/ui/badge.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { FilterSelect, PeriodButtons } from '../../../shared/ui/record-filters.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useMoney } from '../../wallet/index.ts';
import { useAgentQuery, type AgentQuery } from '../contracts/agent-api.ts';
import { usePercent } from '../contracts/contract-view.tsx';
import { FigureList, QueryView, useAgentPaging, useDayText } from '../reports/report-ui.tsx';

const wageStatuses = [
  'issued',
  'partial',
  'insufficient',
  'not_reached',
] as const satisfies readonly WageStatus[];
const statusTones: Record<WageStatus, BadgeTone> = {
  issued: 'blue',
  partial: 'gold',
  insufficient: 'danger',
  not_reached: 'muted',
};
const statusLabelKeys: Record<WageStatus, string> = {
  issued: 'agw_wage_issued',
  partial: 'agw_wage_partial',
  insufficient: 'agw_wage_insufficient',
  not_reached: 'agw_wage_not_reached',
};
type Scope = 'received' | 'paid';
const scopes = ['received', 'paid'] as const satisfies readonly Scope[];
const scopeLabelKeys: Record<Scope, string> = { received: 'agw_received', paid: 'agw_paid_out' };

const pageSize = 20;

/** The period of a line as its key names it: 'D:2026-11-26' → '2026-11-26', 'H:2026-11-26T13' → '2026-11-26 13:00'. */
function periodText(line: WageLine): string {
  const body = line.periodKey.slice(2).replace('T', ' ');
  return line.kind === 'hourly' ? `${body}:00` : body;
}

/** The wage lines of one kind: mine or those I paid, by status and period, each open to its sources. */
export function WageLines({ kind }: { kind: WageKind }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const [scope, setScope] = useState<Scope>('received');
  const [status, setStatus] = useState<WageStatus | ''>('');
  const { pageNo, setPageNo, range, filterChanged, periodButtons } = useAgentPaging();
  const query: AgentQuery<'agentWages'> = {
    kind,
    scope,
    ...(status ? { status } : {}),
    ...range,
    pageNo,
    pageSize,
  };
  const wages = useAgentQuery(['wages', query], () => apiClient.call(apiRoutes.agentWages, { query }));

  return (
    <section className="agent-section" aria-labelledby={`wage-lines-${kind}`}>
      <h3 id={`wage-lines-${kind}`} className="agent-section__title">
        {t('agw_wage_lines')}
      </h3>
      <div className="record-filters">
        <div className="record-periods" role="group" aria-label={t('agw_whose_wages')}>
          {scopes.map((key) => (
            <button
              key={key}
              type="button"
              className="record-period"
              aria-pressed={key === scope}
              onClick={() => {
                setScope(key);
                filterChanged();
              }}
            >
              {t(scopeLabelKeys[key])}
            </button>
          ))}
        </div>
        <FilterSelect
          fills
          label={t('records_status')}
          value={status}
          onChange={(value) => {
            setStatus(value as WageStatus | '');
            filterChanged();
          }}
        >
          <option value="">{t('records_all_statuses')}</option>
          {wageStatuses.map((key) => (
            <option key={key} value={key}>
              {t(statusLabelKeys[key])}
            </option>
          ))}
        </FilterSelect>
        <PeriodButtons {...periodButtons} />
      </div>
      <QueryView
        query={wages}
        isEmpty={(data) => data.total === 0}
        emptyIcon={HandCoins}
        emptyTitle={t('agw_empty_wages')}
        emptyText={t('agw_empty_period_text')}
      >
        {(data) => (
          <>
            <FigureList
              label={t('records_totals')}
              items={[
                [t('agw_due'), money(data.totals.due)],
                [t('agw_paid'), money(data.totals.paid)],
              ]}
            />
            <ul className="agent-cards">
              {data.list.map((line) => (
                <WageLineCard key={line.id} line={line} scope={scope} />
              ))}
            </ul>
            <Pager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function WageLineCard({ line, scope }: { line: WageLine; scope: Scope }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const percent = usePercent();
  const digits = useDayText();
  const [isOpen, setOpen] = useState(false);
  const detailsId = `wage-${line.id}`;
  const who = scope === 'paid' ? line.member : t('agw_paid_by', { name: line.payer ?? t('agw_platform') });
  const figures: [string, string][] =
    line.kind === 'realtime'
      ? [
          [t('agw_win_stake'), money(line.winStake)],
          [t('agw_loss_stake'), money(line.lossStake)],
          [t('agw_win_wage'), `${money(line.winWage)} (${percent(line.winRate ?? '0')})`],
          [t('agw_loss_wage'), `${money(line.lossWage)} (${percent(line.lossRate ?? '0')})`],
        ]
      : [
          [t('agw_team_bet'), money(line.teamBet)],
          [t('agw_active_members'), formatNumber(line.activeMembers, formatOptions)],
          ...(line.kind === 'dividend'
            ? [[t('agw_basis_amount'), money(line.basisAmount)] as [string, string]]
            : []),
          [t('agw_rate'), percent(line.rate)],
        ];
  return (
    <li className="agent-card">
      <div className="agent-wage">
        <div className="record-line__main">
          <span className="agent-strong">{digits(periodText(line))}</span>
          <span className="agent-muted">{who}</span>
          <span>
            <Badge tone={statusTones[line.status]}>{t(statusLabelKeys[line.status])}</Badge>
          </span>
        </div>
        <div className="record-line__money">
          <span className="agent-strong">{money(line.paid)}</span>
          <span className="agent-muted">{t('agw_due_value', { value: money(line.due) })}</span>
        </div>
      </div>
      <dl className="agent-terms">
        {figures.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="agent-expand"
        aria-expanded={isOpen}
        aria-controls={detailsId}
        onClick={() => setOpen(!isOpen)}
      >
        <ChevronDown size={16} aria-hidden="true" />
        {t(isOpen ? 'agw_hide_sources' : 'agw_show_sources')}
      </button>
      {isOpen ? (
        <div id={detailsId} className="agent-sources">
          {line.kind === 'realtime' && line.parts.length > 0 ? <WageParts line={line} /> : null}
          <WageSources wageId={line.id} />
          <p className="agent-muted">
            {t('agw_settled_on', { value: formatDateTime(line.createdAt, formatOptions) })}
          </p>
        </div>
      ) : null}
    </li>
  );
}

/** A real-time line's parts: per lottery game and round (numero), the win wage and the loss wage. */
function WageParts({ line }: { line: WageLine }) {
  const { t } = useTranslation();
  const { plain } = useMoney();
  return (
    <div className="agent-table-box">
      <table className="agent-table">
        <caption className="agent-table__caption">{t('agw_parts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agw_game_round')}</th>
            <th scope="col">{t('agw_win_stake')}</th>
            <th scope="col">{t('agw_loss_stake')}</th>
            <th scope="col">{t('agw_win_wage')}</th>
            <th scope="col">{t('agw_loss_wage')}</th>
          </tr>
        </thead>
        <tbody>
          {line.parts.map((part) => (
            <tr key={`${part.gameCode}-${part.numero}`}>
              <th scope="row" className="agent-table__name">
                {part.gameCode} · {part.numero}
              </th>
              <td data-label={t('agw_win_stake')}>{plain(part.winStake)}</td>
              <td data-label={t('agw_loss_stake')}>{plain(part.lossStake)}</td>
              <td data-label={t('agw_win_wage')}>{plain(part.winWage)}</td>
              <td data-label={t('agw_loss_wage')}>{plain(part.lossWage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const countedLabelKeys = {
  bet: 'agw_counted_bet',
  win: 'agw_counted_win',
  loss: 'agw_counted_loss',
} as const;

/** The rounds a wage line came from (agentWageSources), paged, with their sums. */
function WageSources({ wageId }: { wageId: string }) {
  const { t } = useTranslation();
  const { plain, money, formatOptions } = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const query = { wageId, pageNo, pageSize: 10 };
  const sources = useAgentQuery(['wageSources', query], () =>
    apiClient.call(apiRoutes.agentWageSources, { query }),
  );
  if (sources.isPending) return <Skeleton rows={2} height="2.5rem" />;
  if (sources.isError) return <FormAlert textKey="err_network" />;
  const data = sources.data;
  if (data.total === 0) return <p className="agent-muted">{t('agw_no_sources')}</p>;
  return (
    <div className="agent-sources__list" aria-busy={sources.isFetching || undefined}>
      <FigureList
        label={t('agw_sources_totals')}
        items={[
          [t('agw_team_bet'), money(data.totals.bet)],
          [t('agw_win_stake'), money(data.totals.winStake)],
          [t('agw_loss_stake'), money(data.totals.lossStake)],
        ]}
      />
      <ul className="record-list">
        {data.list.map((source) => (
          <li key={`${source.vassalage}-${source.roundId}-${source.counted}`} className="record-line">
            <div className="record-line__main">
              <span className="agent-strong">{source.account}</span>
              <span>{source.gameName}</span>
              <span className="agent-muted">
                {formatDateTime(source.settledAt, formatOptions)} · {t(countedLabelKeys[source.counted])}
              </span>
            </div>
            <div className="record-line__money">
              <span>{t('records_bet_value', { value: plain(source.bet) })}</span>
              <span className="agent-muted">{t('records_win_value', { value: plain(source.win) })}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
    </div>
  );
}
