import { z } from 'zod';
import { normalizeTrxId, trxIdPatterns, type PayoutAttempt, type ValueOf } from '@khela/contract';
import {
  operatorResolveWithdrawalPayout,
  operatorSendWithdrawal,
  operatorWithdrawals,
} from '@khela/contract/call-routes';
import { useOperator } from '../../app/operator.ts';
import { useMutationCall } from '../../shared/api/hooks.ts';
import { SelectField, TextAreaField, TextField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { formatMoney } from './format.ts';
import { DialogActions } from './money-kit.tsx';

// Payouts by bKash B2C (issue 37, item 4): sending an approved withdrawal by bKash's payout API,
// the attempt's state on the withdrawal, and the resolution of an attempt whose outcome is unknown.

type Row = ValueOf<typeof operatorWithdrawals>[number];

/** What the queue says of a withdrawal's payout by API: the newest attempt, or the paid trxID. */
export function payoutLines(row: Row): string[] {
  const attempt = row.payoutAttempt;
  const lines: string[] = [];
  if (attempt) {
    lines.push(
      t(`money_payout_attempt_${attempt.status}`, {
        reference: attempt.reference,
        trx: attempt.transactionId ?? '',
      }),
    );
    if (attempt.outcome && attempt.status !== 'paid') lines.push(attempt.outcome);
    if (attempt.resolvedBy) {
      lines.push(t('money_payout_resolved_by', { name: attempt.resolvedBy.replace(/#\d+$/, '') }));
    }
  } else if (row.payoutReference) {
    lines.push(t('money_payout_paid_trx', { trx: row.payoutReference }));
  }
  return lines;
}

/** Whether this attempt waits for a person: its outcome is unknown, so the withdrawal is held. */
export function isUncertain(attempt: PayoutAttempt | null): attempt is PayoutAttempt {
  return attempt?.status === 'uncertain';
}

/** The outcome of a send, as the notice above the queue says it. */
function sentNotice(attempt: PayoutAttempt): string {
  switch (attempt.status) {
    case 'paid':
      return t('money_payout_sent_paid', { trx: attempt.transactionId ?? '' });
    case 'failed':
      return t('money_payout_sent_failed', { outcome: attempt.outcome ?? '' });
    case 'uncertain':
    case 'sending':
      return t('money_payout_sent_uncertain', { outcome: attempt.outcome ?? '' });
  }
}

/**
 * "Send withdrawal 12 by bKash?": says what will be sent where, and what happens if bKash does not
 * answer. The answer (paid, refused, unknown) is the queue's notice.
 */
export function SendPayoutDialog({
  row,
  onClose,
  onDone,
}: {
  row: Row;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const send = useMutationCall(operatorSendWithdrawal, { invalidates: [operatorWithdrawals] });
  const { alert, submit, isSubmitting } = useServerForm({
    schema: z.object({}),
    defaultValues: {},
    fields: [],
    action: async () => {
      const answer = await send.mutateAsync({
        body: { withdrawalId: row.withdrawalId, method: 'bkash_b2c' },
      });
      onDone(sentNotice(answer.attempt));
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('money_payout_send_title', { id: row.withdrawalId })}
      description={t('money_payout_send_message', {
        amount: formatMoney(row.amount, row.currency),
        number: row.fullAccountNumber,
        name: row.account.accountName,
      })}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="money-note">{t('money_payout_send_rule')}</p>
        <DialogActions alert={alert} onClose={onClose} isSubmitting={isSubmitting}>
          {t('money_payout_send_confirm')}
        </DialogActions>
      </form>
    </Dialog>
  );
}

const resolveForm = z
  .object({
    outcome: z.enum(['paid', 'not_paid']),
    transactionId: z.string().trim(),
    note: z.string().trim().min(3, 'at least 3 characters').max(200),
  })
  .refine(
    (values) => values.outcome !== 'paid' || trxIdPatterns.bkash.test(normalizeTrxId(values.transactionId)),
    {
      message: 'money_payout_trx_invalid',
      path: ['transactionId'],
    },
  );
type ResolveValues = z.infer<typeof resolveForm>;

/**
 * Resolving an uncertain attempt after checking bKash's merchant portal: paid (with the trxID,
 * which the server checks with bKash) or not paid. Another operator than the sender decides it;
 * the sender is told so instead of the form.
 */
export function ResolvePayoutDialog({
  row,
  attempt,
  onClose,
  onDone,
}: {
  row: Row;
  attempt: PayoutAttempt;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const operator = useOperator();
  const isSender = attempt.sentBy === `${operator.account}#${operator.id}`;
  const resolve = useMutationCall(operatorResolveWithdrawalPayout, { invalidates: [operatorWithdrawals] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<ResolveValues>({
    schema: resolveForm,
    defaultValues: { outcome: 'not_paid', transactionId: '', note: '' },
    fields: ['outcome', 'transactionId', 'note'],
    action: async (values) => {
      const answer = await resolve.mutateAsync({
        body: {
          attemptId: attempt.attemptId,
          outcome: values.outcome,
          note: values.note,
          ...(values.outcome === 'paid' ? { transactionId: values.transactionId } : {}),
        },
      });
      onDone(
        answer.attempt.status === 'paid'
          ? t('money_payout_resolved_paid', { id: row.withdrawalId, trx: answer.attempt.transactionId ?? '' })
          : t('money_payout_resolved_not_paid', { id: row.withdrawalId }),
      );
      onClose();
    },
  });
  const isPaid = form.watch('outcome') === 'paid';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('money_payout_resolve_title', { id: row.withdrawalId })}
      description={t('money_payout_resolve_message', {
        reference: attempt.reference,
        amount: formatMoney(attempt.amount, attempt.currency),
        number: attempt.receiver,
      })}
    >
      {isSender ? (
        <div className="form">
          <p className="money-note" role="status">
            {t('money_payout_resolve_not_sender')}
          </p>
          <div className="form__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('money_cancel')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <SelectField
            label={t('money_payout_resolve_outcome')}
            isRequired
            error={fieldError('outcome')}
            options={[
              { value: 'not_paid', label: t('money_payout_outcome_not_paid') },
              { value: 'paid', label: t('money_payout_outcome_paid') },
            ]}
            {...form.register('outcome')}
          />
          {isPaid ? (
            <TextField
              label={t('money_payout_trx')}
              hint={t('money_payout_trx_hint')}
              isRequired
              autoComplete="off"
              maxLength={20}
              error={fieldError('transactionId')}
              {...form.register('transactionId')}
            />
          ) : null}
          <TextAreaField
            label={t('money_payout_resolve_note')}
            hint={t('money_payout_resolve_note_hint')}
            isRequired
            maxLength={200}
            error={fieldError('note')}
            {...form.register('note')}
          />
          <DialogActions alert={alert} onClose={onClose} isSubmitting={isSubmitting}>
            {t('money_payout_resolve_confirm')}
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
