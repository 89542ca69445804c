import './money.css';
import { useState } from 'react';
import type { ValueOf } from '@khela/contract';
import { operatorInsiderAlerts } from '@khela/contract/call-routes';
import { useCall } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { PeriodSelect } from './money-kit.tsx';

type Alert = ValueOf<typeof operatorInsiderAlerts>['items'][number];

/**
 * The insider controls' alert list (issue 35): an operator's adjustments just under the
 * threshold, a credit followed by the member's withdrawal, a second step locked after wrong codes.
 */
export default function AlertsPage() {
  const [days, setDays] = useState<number>(7);
  const alerts = useCall(operatorInsiderAlerts, { days });
  const items = alerts.data?.items ?? [];
  return (
    <Page title={t('money_alerts_title')}>
      <Section>
        <p>{t('money_alerts_intro')}</p>
        <div className="money-filters">
          <PeriodSelect days={days} onChange={setDays} />
        </div>
        {alerts.isLoading ? <Loading rows={3} /> : null}
        {alerts.error ? <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} /> : null}
        {alerts.data && items.length === 0 ? <p role="status">{t('money_alerts_none')}</p> : null}
        {items.length > 0 ? (
          <Table<Alert>
            label={t('money_alerts_title')}
            rows={items}
            rowKey={(alert) =>
              `${alert.kind}:${alert.at}:${alert.operator ?? ''}:${alert.adjustmentId ?? ''}:${alert.withdrawalId ?? ''}`
            }
            columns={[
              {
                // The pattern is what the row says: shown on a phone too, with the member in its
                // second line (the member and count columns are the ones a phone leaves out).
                key: 'kind',
                header: t('money_alerts_kind'),
                cell: (alert) => (
                  <span className="money-state">
                    <span>{t(`money_alerts_kind_${alert.kind}`)}</span>
                    {alert.adjustmentId !== null ? (
                      <span className="money-state__line">
                        {alert.username ? `${alert.username} · ` : ''}
                        {t('money_alerts_refs', {
                          adjustment: alert.adjustmentId,
                          withdrawal: alert.withdrawalId ?? '—',
                        })}
                      </span>
                    ) : null}
                  </span>
                ),
              },
              { key: 'when', header: t('money_alerts_when'), cell: (alert) => formatTime(alert.at) },
              { key: 'operator', header: t('money_alerts_operator'), cell: (alert) => alert.operator ?? '—' },
              {
                key: 'member',
                header: t('money_alerts_member'),
                wide: true,
                cell: (alert) => alert.username ?? '—',
              },
              {
                key: 'count',
                header: t('money_alerts_count'),
                align: 'end',
                wide: true,
                cell: (alert) => alert.count,
              },
              {
                key: 'amount',
                header: t('money_alerts_amount'),
                align: 'end',
                cell: (alert) => formatMoney(alert.amount),
              },
            ]}
          />
        ) : null}
      </Section>
    </Page>
  );
}
