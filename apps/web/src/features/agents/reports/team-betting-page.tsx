import Dices from 'lucide-react/icons/dices';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { Pager } from '../../../shared/ui/pager.tsx';
import { PeriodButtons } from '../../../shared/ui/record-filters.tsx';
import { BettingRoundLine, CategoryFilter, TotalsBar, useCategoryChoice } from '../../records/index.ts';
import { useAgentQuery, type AgentQuery } from '../contracts/agent-api.ts';
import { QueryView, UsernameFilter, useAgentPaging } from './report-ui.tsx';

const pageSize = 20;

/** personalHistoryCopy in the agent centre: the team's rounds by member, game category and period. */
export function TeamBettingPage() {
  const { t } = useTranslation();
  const { categories, gameType, setGameType } = useCategoryChoice();
  const { pageNo, setPageNo, range, filterChanged, periodButtons, byUsername, usernameFilter } =
    useAgentPaging();
  const query: AgentQuery<'agentTeamBetting'> = {
    ...byUsername,
    ...(gameType ? { gameType } : {}),
    ...range,
    pageNo,
    pageSize,
  };
  const bets = useAgentQuery(['teamBetting', query], () =>
    apiClient.call(apiRoutes.agentTeamBetting, { query }),
  );

  return (
    <div className="agent-page">
      <div className="record-filters">
        <UsernameFilter {...usernameFilter} />
        <CategoryFilter
          categories={categories}
          value={gameType}
          onChange={(next) => {
            setGameType(next);
            filterChanged();
          }}
        />
        <PeriodButtons {...periodButtons} />
      </div>
      <p className="agent-note">{t('records_utc_note')}</p>
      <QueryView
        query={bets}
        isEmpty={(data) => data.total === 0}
        emptyIcon={Dices}
        emptyTitle={t('empty_betting_record')}
        emptyText={t('agw_empty_team_betting_text')}
      >
        {(data) => (
          <>
            <TotalsBar totals={data.totals} />
            <ul className="record-list">
              {data.list.map((line) => (
                <BettingRoundLine
                  key={`${line.account}-${line.vassalage}-${line.roundId}`}
                  line={line}
                  account={line.account}
                />
              ))}
            </ul>
            <Pager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
          </>
        )}
      </QueryView>
    </div>
  );
}
