import './money.css';
import { useState } from 'react';
import { vendorTransferStatusSchema, type ValueOf } from '@khela/contract';
import { operatorVendorTransferSettle, operatorVendorTransfers } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import type { Column } from '../../shared/ui/table.tsx';
import {
  StatusQueue,
  amountColumn,
  createdColumn,
  memberColumn,
  useNotice,
  useStatusParam,
} from './money-kit.tsx';

type Row = ValueOf<typeof operatorVendorTransfers>[number];
const statuses = vendorTransferStatusSchema.options;

/** Game wallet transfers a vendor has not answered yet, with "ask the vendor and settle". */
export default function VendorTransfersPage() {
  const [status, setStatus] = useStatusParam(statuses, 'pending');
  const list = useCall(operatorVendorTransfers, { status, limit: 100 });
  const maySettle = useCan()('money.vendorTransfers');
  const settle = useMutationCall(operatorVendorTransferSettle, { invalidates: [operatorVendorTransfers] });
  const [settling, setSettling] = useState<Row | null>(null);
  const notice = useNotice();

  const columns: Column<Row>[] = [
    { key: 'id', header: t('money_id'), cell: (row) => row.transferId },
    memberColumn(),
    { key: 'vendor', header: t('money_vendor'), cell: (row) => row.vendorCode },
    {
      key: 'direction',
      header: t('money_direction'),
      wide: true,
      cell: (row) => t(`money_direction_${row.direction}`),
    },
    amountColumn(),
    createdColumn(),
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
    <StatusQueue
      title={t('money_vendor_title')}
      statuses={statuses}
      status={status}
      onStatus={setStatus}
      notice={notice.alert}
      columns={columns}
      list={list}
      rowKey={(row) => row.transferId}
      emptyText={t('money_vendor_empty')}
    >
      <ConfirmWithReason
        open={settling !== null}
        onOpenChange={(open) => !open && setSettling(null)}
        title={t('money_settle_title', { id: settling?.transferId })}
        message={t('money_settle_message')}
        confirmLabel={t('money_settle')}
        onConfirm={async (reason) => {
          if (!settling) return;
          const value = await settle.mutateAsync({ body: { transferId: settling.transferId, reason } });
          notice.setNotice(
            t('money_settle_result', { id: value.transferId, status: t(`money_status_${value.status}`) }),
          );
        }}
      />
    </StatusQueue>
  );
}
