import './money.css';
import { useState } from 'react';
import { vendorTransferStatusSchema, type ValueOf } from '@khela/contract';
import { operatorVendorTransferSettle, operatorVendorTransfers } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useSearchParams } from '../../app/router.tsx';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { FormAlert, SelectField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';

type Row = ValueOf<typeof operatorVendorTransfers>[number];
const statuses = vendorTransferStatusSchema.options;

/** Game wallet transfers a vendor has not answered yet, with "ask the vendor and settle". */
export default function VendorTransfersPage() {
  const [params, setParams] = useSearchParams();
  const status = (statuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Row['status'])
    : 'pending';
  const list = useCall(operatorVendorTransfers, { status, limit: 100 });
  const maySettle = useCan()('money.vendorTransfers');
  const settle = useMutationCall(operatorVendorTransferSettle, { invalidates: [operatorVendorTransfers] });
  const [settling, setSettling] = useState<Row | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<Row>[] = [
    { key: 'id', header: t('money_id'), cell: (row) => row.transferId },
    { key: 'member', header: t('money_member'), cell: (row) => row.username },
    { key: 'vendor', header: t('money_vendor'), cell: (row) => row.vendorCode },
    {
      key: 'direction',
      header: t('money_direction'),
      wide: true,
      cell: (row) => t(`money_direction_${row.direction}`),
    },
    {
      key: 'amount',
      header: t('money_amount'),
      align: 'end',
      cell: (row) => formatMoney(row.amount, row.currency),
    },
    { key: 'created', header: t('money_created'), wide: true, cell: (row) => formatTime(row.createdAt) },
    { key: 'attempts', header: t('money_attempts'), wide: true, align: 'end', cell: (row) => row.attempts },
    {
      key: 'state',
      header: t('money_status'),
      cell: (row) =>
        `${t(`money_status_${row.status}`)}${row.failureCode ? ` · ${row.failureCode}` : ''}${row.lastError ? ` · ${row.lastError}` : ''}`,
    },
    {
      key: 'actions',
      header: t('money_actions'),
      cell: (row) =>
        maySettle && row.status === 'pending' ? (
          <button type="button" className="button button--primary" onClick={() => setSettling(row)}>
            {t('money_settle')}
          </button>
        ) : null,
    },
  ];

  return (
    <Page title={t('money_vendor_title')}>
      <Section>
        <div className="money-filters">
          <SelectField
            label={t('money_status')}
            value={status}
            onChange={(event) => setParams({ status: event.target.value })}
            options={statuses.map((value) => ({ value, label: t(`money_status_${value}`) }))}
          />
        </div>
        <FormAlert tone="notice">{notice}</FormAlert>
        <Table
          label={t('money_vendor_title')}
          columns={columns}
          rows={list.data}
          rowKey={(row) => row.transferId}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('money_vendor_empty')}
        />
      </Section>
      <ConfirmWithReason
        open={settling !== null}
        onOpenChange={(open) => !open && setSettling(null)}
        title={t('money_settle_title', { id: settling?.transferId })}
        message={t('money_settle_message')}
        confirmLabel={t('money_settle')}
        onConfirm={async (reason) => {
          if (!settling) return;
          const value = await settle.mutateAsync({ body: { transferId: settling.transferId, reason } });
          setNotice(
            t('money_settle_result', { id: value.transferId, status: t(`money_status_${value.status}`) }),
          );
        }}
      />
    </Page>
  );
}
