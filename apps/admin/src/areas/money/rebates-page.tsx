import './money.css';
import { useState } from 'react';
import type { ValueOf } from '@khela/contract';
import { operatorRebateClaims } from '@khela/contract/call-routes';
import { Link } from '../../app/router.tsx';
import { useCall } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { MemberListFilters } from './money-kit.tsx';

type Claim = ValueOf<typeof operatorRebateClaims>['items'][number];

/**
 * The manual rebate's claims (issue 39, docs/promotions.md): who claimed what, for which period of
 * settled rounds, paid by which journal entry; the count and sum of the period, one member's too.
 */
export default function RebatesPage() {
  const [days, setDays] = useState<number>(7);
  const [username, setUsername] = useState('');
  const claims = useCall(operatorRebateClaims, { days, ...(username ? { username } : {}) });
  const items = claims.data?.items ?? [];
  return (
    <Page title={t('money_rebates_title')}>
      <Section>
        <p>{t('money_rebates_intro')}</p>
        <MemberListFilters
          days={days}
          onDays={setDays}
          memberLabel={t('money_rebates_member')}
          searchLabel={t('money_rebates_search')}
          onMember={setUsername}
        ></MemberListFilters>
        {claims.isLoading ? <Loading rows={3} /> : null}
        {claims.error ? <ErrorState error={claims.error} onRetry={() => void claims.refetch()} /> : null}
        {claims.data ? (
          <p role="status" data-testid="rebate-sum">
            {t('money_rebates_sum', { count: claims.data.count, total: formatMoney(claims.data.total) })}
          </p>
        ) : null}
        {items.length > 0 ? (
          <Table<Claim>
            label={t('money_rebates_title')}
            rows={items}
            rowKey={(claim) => String(claim.id)}
            columns={[
              { key: 'when', header: t('money_rebates_when'), cell: (claim) => formatTime(claim.claimedAt) },
              { key: 'member', header: t('money_rebates_member'), cell: (claim) => claim.username },
              {
                key: 'period',
                header: t('money_rebates_period'),
                wide: true,
                cell: (claim) => `${formatTime(claim.from)} – ${formatTime(claim.to)}`,
              },
              {
                key: 'entry',
                header: t('money_rebates_entry'),
                wide: true,
                cell: (claim) =>
                  claim.entryId === null ? (
                    '—'
                  ) : (
                    <Link to={`/money/ledger?q=${encodeURIComponent(claim.username)}`}>#{claim.entryId}</Link>
                  ),
              },
              {
                key: 'amount',
                header: t('money_rebates_amount'),
                align: 'end',
                cell: (claim) => formatMoney(claim.amount),
              },
            ]}
          />
        ) : null}
      </Section>
    </Page>
  );
}
