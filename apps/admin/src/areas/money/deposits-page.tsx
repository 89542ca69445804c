import './money.css';
import { useState } from 'react';
import { depositStatuses, type DepositStatus, type ValueOf } from '@khela/contract';
import { operatorDecideDeposit, operatorDepositReceipt, operatorDeposits } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useSearchParams } from '../../app/router.tsx';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { errorText } from '../../shared/forms/api-errors.ts';
import { FormAlert, SelectField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { ImageDialog } from './proof-dialog.tsx';

type Row = ValueOf<typeof operatorDeposits>[number];
const statuses = depositStatuses;

/** The deposit queue: bank transfers to approve (credit) or reject, with the receipts the member sent. */
export default function DepositsPage() {
  const [params, setParams] = useSearchParams();
  const status = (statuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as DepositStatus)
    : 'pending';
  const list = useCall(operatorDeposits, { status, limit: 100 });
  const mayAct = useCan()('money.deposits');
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [receipt, setReceipt] = useState<{ orderId: number; index: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const decide = useMutationCall(operatorDecideDeposit, { invalidates: [operatorDeposits] });

  const approve = async (row: Row) => {
    setNotice(null);
    try {
      await decide.mutateAsync({ body: { orderId: row.orderId, decision: 'approve' } });
      setNotice(t('money_approve_done'));
    } catch (error) {
      setNotice(errorText(error));
    }
  };

  const columns: Column<Row>[] = [
    { key: 'id', header: t('money_id'), cell: (row) => row.orderId },
    { key: 'member', header: t('money_member'), cell: (row) => row.username },
    {
      key: 'amount',
      header: t('money_amount'),
      align: 'end',
      cell: (row) => formatMoney(row.amount, row.currency),
    },
    { key: 'method', header: t('money_method'), wide: true, cell: (row) => row.methodCode },
    { key: 'reference', header: t('money_reference'), cell: (row) => row.reference ?? '—' },
    { key: 'created', header: t('money_created'), wide: true, cell: (row) => formatTime(row.createdAt) },
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
        mayAct && row.status === 'pending' && row.kind === 'bank_transfer' ? (
          <div className="money-actions">
            <button type="button" className="button button--primary" onClick={() => void approve(row)}>
              {t('money_approve')}
            </button>
            <button type="button" className="button button--danger" onClick={() => setRejecting(row)}>
              {t('money_reject')}
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <Page title={t('money_deposits_title')}>
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
          label={t('money_deposits_title')}
          columns={columns}
          rows={list.data}
          rowKey={(row) => row.orderId}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('money_deposits_empty')}
        />
      </Section>
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
    </Page>
  );
}
