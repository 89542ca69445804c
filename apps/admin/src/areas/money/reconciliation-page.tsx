import './money.css';
import { useState } from 'react';
import {
  reconciliationKinds,
  reconciliationProviders,
  reconciliationStates,
  walletProviderNames,
  type ValueOf,
} from '@khela/contract';
import { operatorReconciliation, operatorResolveReconciliation } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useSearchParams } from '../../app/router.tsx';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { listState, useNotice } from './money-kit.tsx';

type Row = ValueOf<typeof operatorReconciliation>[number];
type Filters = {
  state?: (typeof reconciliationStates)[number];
  provider?: (typeof reconciliationProviders)[number];
  kind?: (typeof reconciliationKinds)[number];
  from?: string;
  to?: string;
};

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** One of `values` from the page's address, else nothing (a hand-typed address cannot break the call). */
function pick<V extends string>(values: readonly V[], asked: string | null): V | undefined {
  return (values as readonly string[]).includes(asked ?? '') ? (asked as V) : undefined;
}

/**
 * What the daily reconciliation found between bKash / Nagad deposits and the providers' own
 * records (issue 37, item 6; docs/payments.md): paid there but not credited here (settled once by
 * the job, or open when the order was rejected here), credited here but unknown or failed there,
 * another amount there. An operator with `money.deposits` closes one with a note of what was done
 * (audited); the note moves no money: a correction goes through an adjustment.
 */
export default function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {};
  const state = pick(reconciliationStates, params.get('state') ?? 'open');
  const provider = pick(reconciliationProviders, params.get('provider'));
  const kind = pick(reconciliationKinds, params.get('kind'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (state) filters.state = state;
  if (provider) filters.provider = provider;
  if (kind) filters.kind = kind;
  if (dayPattern.test(from)) filters.from = from;
  if (dayPattern.test(to)) filters.to = to;
  const list = useCall(operatorReconciliation, { ...filters, limit: 200 });
  const mayResolve = useCan()('money.deposits');
  const resolve = useMutationCall(operatorResolveReconciliation, { invalidates: [operatorReconciliation] });
  const notice = useNotice();
  const [resolving, setResolving] = useState<Row | null>(null);

  // "Any state" is `state=all` in the address: without a state the page shows the open ones.
  const current = { state: params.get('state') ?? 'open', provider, kind, from, to };
  const setFilter = (name: keyof typeof current, value: string) =>
    setParams({ ...current, [name]: name === 'state' && value === '' ? 'all' : value });

  const columns: Column<Row>[] = [
    { key: 'day', header: t('money_recon_day'), wide: true, cell: (row) => row.businessDay },
    {
      key: 'provider',
      header: t('money_numbers_provider'),
      cell: (row) => walletProviderNames[row.provider],
    },
    { key: 'order', header: t('money_recon_order'), cell: (row) => `#${row.orderId}` },
    { key: 'member', header: t('money_member'), wide: true, cell: (row) => row.username },
    {
      key: 'kind',
      header: t('money_recon_kind'),
      cell: (row) => t(`money_recon_kind_${row.kind}`),
    },
    {
      key: 'ours',
      header: t('money_recon_ours'),
      align: 'end',
      cell: (row) => (
        <span className="money-state">
          <span className="money-state__line">{formatMoney(row.orderAmount)}</span>
          <span className="money-state__line">{t(`money_status_${row.orderStatus}`)}</span>
        </span>
      ),
    },
    {
      key: 'theirs',
      header: t('money_recon_theirs'),
      align: 'end',
      cell: (row) => (
        <span className="money-state">
          <span className="money-state__line">{formatMoney(row.providerAmount)}</span>
          <span className="money-state__line">
            {row.providerStatus === 'unknown' ? t('money_recon_provider_unknown') : row.providerStatus}
          </span>
          {row.providerTransactionId ? (
            <span className="money-state__line">
              {t('money_recon_trx', { trxId: row.providerTransactionId })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'state',
      header: t('money_status'),
      cell: (row) => (
        <span className="money-state">
          <span className="money-state__line">{t(`money_recon_state_${row.state}`)}</span>
          {row.note ? (
            <span className="money-state__line">
              {t('money_recon_note_by', {
                note: row.note,
                by: row.resolvedBy ?? '',
                at: row.resolvedAt ? formatTime(row.resolvedAt) : '',
              })}
            </span>
          ) : null}
          <span className="money-state__line">{t('money_recon_found', { at: formatTime(row.foundAt) })}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('money_actions'),
      cell: (row) =>
        mayResolve && row.state !== 'resolved' ? (
          <button type="button" className="button button--ghost" onClick={() => setResolving(row)}>
            {t('money_recon_resolve')}
          </button>
        ) : null,
    },
  ];

  return (
    <Page title={t('money_recon_title')}>
      <Section>
        <p className="money-note">{t('money_recon_lead')}</p>
        <div className="money-filters" role="search" aria-label={t('money_recon_filters')}>
          <SelectField
            label={t('money_status')}
            emptyLabel={t('money_recon_any')}
            value={state ?? ''}
            onChange={(event) => setFilter('state', event.target.value)}
            options={reconciliationStates.map((value) => ({
              value,
              label: t(`money_recon_state_${value}`),
            }))}
          />
          <SelectField
            label={t('money_numbers_provider')}
            emptyLabel={t('money_recon_any')}
            value={provider ?? ''}
            onChange={(event) => setFilter('provider', event.target.value)}
            options={reconciliationProviders.map((value) => ({ value, label: walletProviderNames[value] }))}
          />
          <SelectField
            label={t('money_recon_kind')}
            emptyLabel={t('money_recon_any')}
            value={kind ?? ''}
            onChange={(event) => setFilter('kind', event.target.value)}
            options={reconciliationKinds.map((value) => ({ value, label: t(`money_recon_kind_${value}`) }))}
          />
          <TextField
            label={t('money_recon_from')}
            type="date"
            value={from}
            onChange={(event) => setFilter('from', event.target.value)}
          />
          <TextField
            label={t('money_recon_to')}
            type="date"
            value={to}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </div>
        {notice.alert}
        <Table
          label={t('money_recon_title')}
          columns={columns}
          rows={list.data}
          rowKey={(row) => row.itemId}
          {...listState(list)}
          emptyText={t('money_recon_empty')}
        />
      </Section>
      <ConfirmWithReason
        open={resolving !== null}
        onOpenChange={(open) => !open && setResolving(null)}
        title={t('money_recon_resolve_title', { order: resolving?.orderId })}
        message={t('money_recon_resolve_message')}
        confirmLabel={t('money_recon_resolve')}
        onConfirm={async (note) => {
          if (!resolving) return;
          await resolve.mutateAsync({ body: { itemId: resolving.itemId, note } });
          notice.setNotice(t('money_recon_resolved', { order: resolving.orderId }));
        }}
      />
    </Page>
  );
}
