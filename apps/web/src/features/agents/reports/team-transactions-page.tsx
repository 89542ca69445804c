import { useState } from 'react';
import ReceiptText from 'lucide-react/icons/receipt-text';
import type { RecordKind } from '@khela/contract';
import { recordKinds } from '@khela/contract/record-kinds';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { Pager } from '../../../shared/ui/pager.tsx';
import { FilterSelect, PeriodButtons } from '../../../shared/ui/record-filters.tsx';
import { recordKindLabelKeys, useMoney } from '../../wallet/index.ts';
import { useAgentQuery, type AgentQuery } from '../contracts/agent-api.ts';
import { QueryView, UsernameFilter, useAgentPaging } from './report-ui.tsx';

const pageSize = 20;

/** agentDownlineTransactionDetailsCopy (account details): the ledger lines of the team's main wallets. */
export function TeamTransactionsPage() {
  const { t } = useTranslation();
  const { plain, money, formatOptions } = useMoney();
  const [kind, setKind] = useState<RecordKind | ''>('');
  const { pageNo, setPageNo, range, filterChanged, periodButtons, byUsername, usernameFilter } =
    useAgentPaging();
  const query: AgentQuery<'agentTeamTransactions'> = {
    ...byUsername,
    ...(kind ? { kind } : {}),
    ...range,
    pageNo,
    pageSize,
  };
  const lines = useAgentQuery(['teamTransactions', query], () =>
    apiClient.call(apiRoutes.agentTeamTransactions, { query }),
  );

  return (
    <div className="agent-page">
      <div className="record-filters">
        <UsernameFilter {...usernameFilter} />
        <FilterSelect
          fills
          label={t('label_record_type')}
          value={kind}
          onChange={(value) => {
            setKind(value as RecordKind | '');
            filterChanged();
          }}
        >
          <option value="">{t('label_all_types')}</option>
          {recordKinds.map((key) => (
            <option key={key} value={key}>
              {t(recordKindLabelKeys[key])}
            </option>
          ))}
        </FilterSelect>
        <PeriodButtons {...periodButtons} />
      </div>
      <QueryView
        query={lines}
        isEmpty={(data) => data.total === 0}
        emptyIcon={ReceiptText}
        emptyTitle={t('empty_account_record')}
        emptyText={t('agw_empty_period_text')}
      >
        {(data) => (
          <>
            <ul className="record-list">
              {data.list.map((line) => {
                const isCredit = !line.amount.startsWith('-');
                return (
                  <li key={`${line.entryId}-${line.account}`} className="record-line">
                    <div className="record-line__main">
                      <span className="agent-strong">{line.account}</span>
                      <span>{t(recordKindLabelKeys[line.kind])}</span>
                      <span className="agent-muted">{formatDateTime(line.createdAt, formatOptions)}</span>
                      {line.remark ? <span className="agent-muted">{line.remark}</span> : null}
                    </div>
                    <div className="record-line__money">
                      <span className={`agent-amount agent-amount--${isCredit ? 'in' : 'out'}`}>
                        {isCredit ? '+' : ''}
                        {plain(line.amount)}
                      </span>
                      <span className="agent-muted">
                        {t('label_balance_after', { value: money(line.balanceAfter) })}
                      </span>
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
          </>
        )}
      </QueryView>
    </div>
  );
}
