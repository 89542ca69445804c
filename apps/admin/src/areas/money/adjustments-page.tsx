import './money.css';
import { useState } from 'react';
import { type z } from 'zod';
import { walletAdjustBodySchema, type ValueOf } from '@khela/contract';
import { operatorAdjust, operatorAdjustmentDecide, operatorAdjustments } from '@khela/contract/call-routes';
import { useCan, useOperator } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { NumberField, SubmitButton, TextAreaField, TextField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime, newRequestKey } from './format.ts';
import {
  ApproveReject,
  FormOutcome,
  amountColumn,
  listState,
  memberColumn,
  useNotice,
} from './money-kit.tsx';
import { amountField, precisionShownBy } from './amount-field.ts';

type Row = ValueOf<typeof operatorAdjustments>['items'][number];

/** The call's body without its key; the amount signed, at the currency's precision when known. */
function adjustForm(precision: number | null) {
  return walletAdjustBodySchema
    .omit({ idempotencyKey: true })
    .extend({ amount: amountField({ precision, allowNegative: true }) });
}
type AdjustValues = z.infer<ReturnType<typeof adjustForm>>;

/** Manual adjustments: the form (with a reason), and the requests waiting for a second operator. */
export default function AdjustmentsPage() {
  const can = useCan();
  const operator = useOperator();
  const pending = useCall(operatorAdjustments, { status: 'pending', limit: 100 });
  const approved = useCall(operatorAdjustments, { status: 'approved', limit: 20 });
  const rejected = useCall(operatorAdjustments, { status: 'rejected', limit: 20 });
  const decide = useMutationCall(operatorAdjustmentDecide, { invalidates: [operatorAdjustments] });
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const notice = useNotice();
  const mayDecide = can('money.adjust.approve');

  const approve = (row: Row) =>
    notice.run(async () => {
      const value = await decide.mutateAsync({
        body: { adjustmentId: row.adjustmentId, decision: 'approve' },
      });
      return t('money_adjust_posted', { entry: value.entryId, balance: '' });
    });

  const columns = (withActions: boolean): Column<Row>[] => [
    { key: 'id', header: t('money_id'), cell: (row) => row.adjustmentId },
    memberColumn(),
    amountColumn(),
    {
      key: 'reason',
      header: t('money_reason'),
      cell: (row) =>
        row.heldBecause ? (
          <>
            {row.reason}
            <span className="money-held">{t('money_adjust_held_because', { because: row.heldBecause })}</span>
          </>
        ) : (
          row.reason
        ),
    },
    {
      key: 'requested',
      header: t('money_requested_by'),
      wide: true,
      cell: (row) => `${row.requestedBy} · ${formatTime(row.requestedAt)}`,
    },
    withActions
      ? {
          key: 'actions',
          header: t('money_actions'),
          cell: (row) =>
            row.requestedBy === operator.account ? (
              <span className="money-note">{t('money_own_request')}</span>
            ) : mayDecide ? (
              <ApproveReject onApprove={() => void approve(row)} onReject={() => setRejecting(row)} />
            ) : null,
        }
      : {
          key: 'decided',
          header: t('money_decided_by'),
          cell: (row) =>
            `${t(`money_status_${row.status}`)} · ${row.decidedBy ?? ''}${row.decisionReason ? ` · ${row.decisionReason}` : ''}${row.entryId ? ` · ${t('money_entry')} ${row.entryId}` : ''}`,
        },
  ];

  const decidedRows = [...(approved.data?.items ?? []), ...(rejected.data?.items ?? [])].sort(
    (a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0),
  );

  return (
    <Page title={t('money_adjustments_title')}>
      {can('money.adjust.request') ? (
        <Section title={t('money_adjust_new')}>
          <AdjustForm threshold={pending.data?.threshold ?? null} />
        </Section>
      ) : null}
      <Section title={t('money_adjustments_pending')}>
        {notice.alert}
        <Table
          label={t('money_adjustments_pending')}
          columns={columns(true)}
          rows={pending.data?.items}
          rowKey={(row) => row.adjustmentId}
          {...listState(pending)}
          emptyText={t('money_adjustments_empty')}
        />
      </Section>
      <Section title={t('money_adjustments_decided')}>
        <Table
          label={t('money_adjustments_decided')}
          columns={columns(false)}
          rows={decidedRows}
          rowKey={(row) => row.adjustmentId}
          isLoading={approved.isLoading || rejected.isLoading}
          error={approved.error ?? rejected.error}
          emptyText={t('money_adjustments_empty')}
        />
      </Section>
      <ConfirmWithReason
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('money_adjust_reject_title', { id: rejecting?.adjustmentId })}
        message={t('money_adjust_reject_message')}
        confirmLabel={t('money_reject')}
        tone="danger"
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await decide.mutateAsync({
            body: { adjustmentId: rejecting.adjustmentId, decision: 'reject', reason },
          });
        }}
      />
    </Page>
  );
}

function AdjustForm({ threshold }: { threshold: string | null }) {
  const [result, setResult] = useState<string | null>(null);
  const adjust = useMutationCall(operatorAdjust, { invalidates: [operatorAdjustments] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<AdjustValues>({
    schema: adjustForm(precisionShownBy(threshold)),
    defaultValues: { username: '', amount: '', reason: '' },
    fields: ['username', 'amount', 'reason'],
    action: async (values) => {
      setResult(null);
      const value = await adjust.mutateAsync({
        body: { ...values, idempotencyKey: newRequestKey('bo-adjust') },
      });
      setResult(
        value.status === 'pending'
          ? value.heldBecause
            ? t('money_adjust_held', { id: value.adjustmentId, because: value.heldBecause })
            : t('money_adjust_pending', { id: value.adjustmentId })
          : t('money_adjust_posted', {
              entry: value.entryId,
              balance: formatMoney(value.balance, value.currency),
            }),
      );
      form.reset();
    },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {threshold ? (
        <p className="money-note">{t('money_adjust_threshold', { threshold: formatMoney(threshold) })}</p>
      ) : null}
      <TextField
        label={t('money_adjust_username')}
        isRequired
        maxLength={64}
        autoComplete="off"
        error={fieldError('username')}
        {...form.register('username')}
      />
      <NumberField
        label={t('money_adjust_amount')}
        isRequired
        error={fieldError('amount')}
        {...form.register('amount')}
      />
      <TextAreaField
        label={t('money_adjust_reason')}
        isRequired
        maxLength={200}
        error={fieldError('reason')}
        {...form.register('reason')}
      />
      <FormOutcome alert={alert} result={result} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('money_working')}>
          {t('money_adjust_submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
