import './money.css';
import { useState } from 'react';
import { depositStatuses, walletProviderNames, type ValueOf } from '@khela/contract';
import { operatorDecideDeposit, operatorDepositReceipt, operatorDeposits } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import type { Column } from '../../shared/ui/table.tsx';
import {
  ApproveReject,
  StatusQueue,
  amountColumn,
  createdColumn,
  memberColumn,
  useNotice,
  useStatusParam,
} from './money-kit.tsx';
import { ImageDialog } from './proof-dialog.tsx';

type Row = ValueOf<typeof operatorDeposits>[number];
const statuses = depositStatuses;

/**
 * The deposit queue: bank transfers and manual wallet deposits (TrxID, sender and receiving number
 * to match against the provider's statement) to approve (credit) or reject, with the receipts the
 * member sent.
 */
export default function DepositsPage() {
  const [status, setStatus] = useStatusParam(statuses, 'pending');
  const list = useCall(operatorDeposits, { status, limit: 100 });
  const mayAct = useCan()('money.deposits');
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [receipt, setReceipt] = useState<{ orderId: number; index: number } | null>(null);
  const notice = useNotice();
  const decide = useMutationCall(operatorDecideDeposit, { invalidates: [operatorDeposits] });

  const approve = (row: Row) =>
    notice.run(async () => {
      await decide.mutateAsync({ body: { orderId: row.orderId, decision: 'approve' } });
      return t('money_approve_done');
    });

  const columns: Column<Row>[] = [
    { key: 'id', header: t('money_id'), cell: (row) => row.orderId },
    memberColumn(),
    amountColumn(),
    { key: 'method', header: t('money_method'), wide: true, cell: (row) => row.methodCode },
    { key: 'reference', header: t('money_reference'), cell: (row) => row.reference ?? '—' },
    {
      key: 'wallet',
      header: t('money_wallet_transfer'),
      wide: true,
      cell: (row) =>
        row.wallet
          ? t('money_wallet_transfer_text', {
              provider: walletProviderNames[row.wallet.provider],
              trxId: row.wallet.trxId,
              sender: row.wallet.senderNumber,
              receiver: row.wallet.receivingNumber,
            })
          : '—',
    },
    createdColumn(),
    {
      key: 'state',
      header: t('money_status'),
      cell: (row) => (
        <span className="money-state">
          <span className="money-state__line">{t(`money_status_${row.status}`)}</span>
          {row.reason ? (
            <span className="money-state__line">{`${t('money_reason')}: ${row.reason}`}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'receipts',
      header: t('money_receipts'),
      cell: (row) =>
        row.receiptCount === 0 ? (
          t('money_no_receipts')
        ) : (
          <div className="money-actions">
            {Array.from({ length: row.receiptCount }, (_, index) => (
              <button
                key={index}
                type="button"
                className="button button--ghost"
                onClick={() => setReceipt({ orderId: row.orderId, index })}
              >
                {t('money_receipt_n', { n: index + 1 })}
              </button>
            ))}
          </div>
        ),
    },
    {
      key: 'actions',
      header: t('money_actions'),
      cell: (row) =>
        mayAct &&
        row.status === 'pending' &&
        (row.kind === 'bank_transfer' || row.kind === 'wallet_manual') ? (
          <ApproveReject onApprove={() => void approve(row)} onReject={() => setRejecting(row)} />
        ) : null,
    },
  ];

  return (
    <StatusQueue
      title={t('money_deposits_title')}
      statuses={statuses}
      status={status}
      onStatus={setStatus}
      notice={notice.alert}
      columns={columns}
      list={list}
      rowKey={(row) => row.orderId}
      emptyText={t('money_deposits_empty')}
    >
      <ConfirmWithReason
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('money_deposit_reject_title', { id: rejecting?.orderId })}
        message={t('money_deposit_reject_message')}
        confirmLabel={t('money_reject')}
        tone="danger"
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await decide.mutateAsync({ body: { orderId: rejecting.orderId, decision: 'reject', reason } });
        }}
      />
      <ImageDialog
        call={operatorDepositReceipt}
        query={{ orderId: receipt?.orderId ?? 1, index: receipt?.index ?? 0 }}
        open={receipt !== null}
        onOpenChange={(open) => !open && setReceipt(null)}
        title={t('money_receipt_n', { n: (receipt?.index ?? 0) + 1 })}
      />
    </StatusQueue>
  );
}
