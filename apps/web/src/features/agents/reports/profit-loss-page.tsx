import ChartColumn from 'lucide-react/icons/chart-column';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { Pager } from '../../../shared/ui/pager.tsx';
import { PeriodButtons } from '../../../shared/ui/record-filters.tsx';
import { ProfitAmount } from '../../records/index.ts';
import { useMoney } from '../../wallet/index.ts';
import { useAgentQuery, type AgentQuery } from '../contracts/agent-api.ts';
import { FigureList, QueryView, UsernameFilter, useAgentPaging } from './report-ui.tsx';

const pageSize = 20;

/** palStatementsAgentCopy (user profit and loss): per account of the team, with the period's totals. */
export function ProfitLossPage() {
  const { t } = useTranslation();
  const { plain, money, formatOptions } = useMoney();
  const { pageNo, setPageNo, range, periodButtons, byUsername, usernameFilter } = useAgentPaging();
  const query: AgentQuery<'agentProfitLoss'> = {
    ...byUsername,
    ...range,
    pageNo,
    pageSize,
  };
  const pal = useAgentQuery(['profitLoss', query], () =>
    apiClient.call(apiRoutes.agentProfitLoss, { query }),
  );
  const count = (value: number) => formatNumber(value, formatOptions);

  return (
    <div className="agent-page">
      <div className="record-filters">
        <UsernameFilter {...usernameFilter} />
        <PeriodButtons {...periodButtons} />
      </div>
      <QueryView
        query={pal}
        isEmpty={(data) => data.total === 0}
        emptyIcon={ChartColumn}
        emptyTitle={t('agw_empty_profit_loss')}
        emptyText={t('agw_empty_period_text')}
      >
        {(data) => (
          <>
            <FigureList
              label={t('records_totals')}
              items={[
                [t('records_rounds'), count(data.totals.rounds)],
                [t('records_total_bet'), money(data.totals.bet)],
                [t('records_total_win'), money(data.totals.win)],
                [t('records_profit'), <ProfitAmount key="profit" value={data.totals.profit} />],
                [t('agw_deposits'), money(data.totals.deposits)],
                [t('agw_withdrawals'), money(data.totals.withdrawals)],
                [t('agw_wages'), money(data.totals.wages)],
              ]}
            />
            <div className="agent-table-box">
              <table className="agent-table">
                <caption className="visually-hidden">{t('ac_user_profit_loss')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('agw_account')}</th>
                    <th scope="col">{t('agw_level')}</th>
                    <th scope="col">{t('records_rounds')}</th>
                    <th scope="col">{t('records_bet')}</th>
                    <th scope="col">{t('records_win')}</th>
                    <th scope="col">{t('records_profit')}</th>
                    <th scope="col">{t('agw_deposits')}</th>
                    <th scope="col">{t('agw_withdrawals')}</th>
                    <th scope="col">{t('agw_wages')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((line) => (
                    <tr key={line.account}>
                      <th scope="row" className="agent-table__name">
                        {line.account}
                      </th>
                      <td data-label={t('agw_level')}>{count(line.level)}</td>
                      <td data-label={t('records_rounds')}>{count(line.rounds)}</td>
                      <td data-label={t('records_bet')}>{plain(line.bet)}</td>
                      <td data-label={t('records_win')}>{plain(line.win)}</td>
                      <td className="agent-table__lead" data-label={t('records_profit')}>
                        <ProfitAmount value={line.profit} />
                      </td>
                      <td data-label={t('agw_deposits')}>{plain(line.deposits)}</td>
                      <td data-label={t('agw_withdrawals')}>{plain(line.withdrawals)}</td>
                      <td data-label={t('agw_wages')}>{plain(line.wages)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
          </>
        )}
      </QueryView>
    </div>
  );
}
