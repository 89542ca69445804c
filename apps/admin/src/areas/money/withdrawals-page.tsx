import './money.css';
import { useState } from 'react';
import { z } from 'zod';
import { type ValueOf, withdrawalStatuses } from '@khela/contract';
import {
  operatorDecideWithdrawal,
  operatorResolveWithdrawal,
  operatorWithdrawalProof,
  operatorWithdrawals,
} from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { NumberField, TextAreaField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import type { Column } from '../../shared/ui/table.tsx';
import { fileToUpload, formatMoney, formatTime } from './format.ts';
import {
  DialogActions,
  StatusQueue,
  amountColumn,
  createdColumn,
  memberColumn,
  useNotice,
  useStatusParam,
} from './money-kit.tsx';
import { ImageDialog } from './proof-dialog.tsx';
import { ResolvePayoutDialog, SendPayoutDialog, isUncertain, payoutLines } from './withdrawal-payout.tsx';
import { amountField, precisionShownBy } from './amount-field.ts';

type Row = ValueOf<typeof operatorWithdrawals>[number];

/** The withdrawal queue: approve, reject with a reason, disburse with a proof, resolve disputes. */
export default function WithdrawalsPage() {
  const [status, setStatus] = useStatusParam(withdrawalStatuses, 'pending');
  const list = useCall(operatorWithdrawals, { status, limit: 100 });
  const can = useCan();
  const mayAct = can('money.withdrawals');
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [disbursing, setDisbursing] = useState<Row | null>(null);
  const [resolving, setResolving] = useState<Row | null>(null);
  const [proof, setProof] = useState<{ id: number; kind: 'receipt' | 'payout' } | null>(null);
  const [approving, setApproving] = useState<Row | null>(null);
  const [sending, setSending] = useState<Row | null>(null);
  const [resolvingPayout, setResolvingPayout] = useState<Row | null>(null);
  const notice = useNotice();
  const decide = useMutationCall(operatorDecideWithdrawal, { invalidates: [operatorWithdrawals] });

  const columns: Column<Row>[] = [
    { key: 'id', header: t('money_id'), wide: true, cell: (row) => row.withdrawalId },
    memberColumn(),
    amountColumn(),
    {
      key: 'account',
      header: t('money_payout_account'),
      cell: (row) => (
        <span className="money-account">
          <span>{row.account.providerName}</span> ·{' '}
          <span className="money-account__name">{row.account.accountName}</span>
          <br />
          <span className="money-account__number">{row.fullAccountNumber}</span>
        </span>
      ),
    },
    createdColumn(),
    {
      key: 'state',
      header: t('money_status'),
      cell: (row) => <WithdrawalState row={row} />,
    },
    {
      key: 'actions',
      header: t('money_actions'),
      cell: (row) => (
        <div className="money-actions">
          {mayAct && row.status === 'pending' && !row.approvedBy ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                notice.setNotice(null);
                setApproving(row);
              }}
            >
              {t('money_approve')}
            </button>
          ) : null}
          {/* bKash B2C: only where the server says it can be sent now (approved, a bKash wallet, set up). */}
          {mayAct && row.payoutMethods.includes('bkash_b2c') ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                notice.setNotice(null);
                setSending(row);
              }}
            >
              {t('money_payout_send')}
            </button>
          ) : null}
          {mayAct && isUncertain(row.payoutAttempt) ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                notice.setNotice(null);
                setResolvingPayout(row);
              }}
            >
              {t('money_payout_resolve')}
            </button>
          ) : null}
          {/* Paid out only once approved: one operator approves, then the payout is made. While a
              payout by bKash's API may have paid, nothing else pays it out or rejects it. */}
          {mayAct && row.status === 'pending' && row.approvedBy && !isHeld(row) ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                notice.setNotice(null);
                setDisbursing(row);
              }}
            >
              {t('money_disburse')}
            </button>
          ) : null}
          {mayAct && row.status === 'pending' && !isHeld(row) ? (
            <button type="button" className="button button--danger" onClick={() => setRejecting(row)}>
              {t('money_reject')}
            </button>
          ) : null}
          {mayAct && row.status === 'disputed' ? (
            <button type="button" className="button button--primary" onClick={() => setResolving(row)}>
              {t('money_resolve')}
            </button>
          ) : null}
          {row.hasProof && mayAct ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setProof({ id: row.withdrawalId, kind: 'receipt' })}
            >
              {t('money_view_member_proof')}
            </button>
          ) : null}
          {row.hasPayoutProof && mayAct ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setProof({ id: row.withdrawalId, kind: 'payout' })}
            >
              {t('money_view_payout_proof')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <StatusQueue
      title={t('money_withdrawals_title')}
      tableLabel={t('money_withdrawals_table')}
      statuses={withdrawalStatuses}
      status={status}
      onStatus={setStatus}
      notice={notice.alert}
      columns={columns}
      list={list}
      rowKey={(row) => row.withdrawalId}
      emptyText={t('money_withdrawals_empty')}
    >
      <ConfirmWithReason
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('money_reject_title', { id: rejecting?.withdrawalId })}
        message={t('money_reject_message')}
        confirmLabel={t('money_reject')}
        tone="danger"
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await decide.mutateAsync({
            body: { withdrawalId: rejecting.withdrawalId, decision: 'reject', reason },
          });
        }}
      />
      {approving ? (
        <ApproveDialog
          row={approving}
          onClose={() => setApproving(null)}
          onDone={() => notice.setNotice(t('money_approve_done'))}
        />
      ) : null}
      {disbursing ? <DisburseDialog row={disbursing} onClose={() => setDisbursing(null)} /> : null}
      {sending ? (
        <SendPayoutDialog row={sending} onClose={() => setSending(null)} onDone={notice.setNotice} />
      ) : null}
      {resolvingPayout?.payoutAttempt ? (
        <ResolvePayoutDialog
          row={resolvingPayout}
          attempt={resolvingPayout.payoutAttempt}
          onClose={() => setResolvingPayout(null)}
          onDone={notice.setNotice}
        />
      ) : null}
      {resolving ? <ResolveDialog row={resolving} onClose={() => setResolving(null)} /> : null}
      <ImageDialog
        call={operatorWithdrawalProof}
        query={{ withdrawalId: proof?.id ?? 1, kind: proof?.kind ?? 'receipt' }}
        open={proof !== null}
        onOpenChange={(open) => !open && setProof(null)}
        title={t(proof?.kind === 'payout' ? 'money_view_payout_proof' : 'money_view_member_proof')}
      />
    </StatusQueue>
  );
}

/** The state with who approved it and the member's receipt confirmation or dispute. */
function WithdrawalState({ row }: { row: Row }) {
  const lines: string[] = [t(`money_status_${row.status}`)];
  if (row.status === 'pending') {
    lines.push(
      row.approvedBy
        ? t('money_approved_by', { name: operatorName(row.approvedBy) })
        : t('money_not_approved'),
    );
  }
  if (row.status === 'disbursed' && row.receipt === null) {
    lines.push(t('money_receipt_waiting', { time: formatTime(row.confirmBy) }));
  }
  if (row.receipt) {
    lines.push(t(`money_receipt_${row.receipt}`, { amount: formatMoney(row.receivedAmount, row.currency) }));
  }
  lines.push(...payoutLines(row));
  if (row.refunded !== null)
    lines.push(t('money_refunded', { amount: formatMoney(row.refunded, row.currency) }));
  if (row.reason) lines.push(`${t('money_reason')}: ${row.reason}`);
  return (
    <span className="money-state">
      {lines.map((line, index) => (
        <span key={index} className="money-state__line">
          {line}
        </span>
      ))}
    </span>
  );
}

/** A payout by bKash's API is sending or its outcome is unknown: the server refuses anything else. */
function isHeld(row: Row): boolean {
  const status = row.payoutAttempt?.status;
  return status === 'sending' || status === 'uncertain';
}

/**
 * An operator as people know them: the account name the server records as "account#id"
 * ("operator#4" is the account operator), without the number.
 */
export function operatorName(recorded: string): string {
  return recorded.replace(/#\d+$/, '');
}

/** "Approve withdrawal 12?": an approval is a step of the four eyes, never one stray click. */
function ApproveDialog({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  const decide = useMutationCall(operatorDecideWithdrawal, { invalidates: [operatorWithdrawals] });
  const { alert, submit, isSubmitting } = useServerForm({
    schema: z.object({}),
    defaultValues: {},
    fields: [],
    action: async () => {
      await decide.mutateAsync({ body: { withdrawalId: row.withdrawalId, decision: 'approve' } });
      onDone();
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('money_approve_title', { id: row.withdrawalId })}
      description={t('money_approve_message', {
        amount: formatMoney(row.amount, row.currency),
        account: `${row.account.providerName} · ${row.account.accountName}`,
      })}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogActions alert={alert} onClose={onClose} isSubmitting={isSubmitting}>
          {t('money_approve')}
        </DialogActions>
      </form>
    </Dialog>
  );
}

const disburseForm = z.object({ reason: z.string().trim().max(200) });

function DisburseDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const decide = useMutationCall(operatorDecideWithdrawal, { invalidates: [operatorWithdrawals] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm({
    schema: disburseForm,
    defaultValues: { reason: '' },
    fields: ['reason'],
    action: async ({ reason }) => {
      if (!file) {
        setFileError(t('money_proof_required'));
        return;
      }
      await decide.mutateAsync({
        body: {
          withdrawalId: row.withdrawalId,
          decision: 'disburse',
          proof: await fileToUpload(file),
          ...(reason ? { reason } : {}),
        },
      });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('money_disburse_title', { id: row.withdrawalId })}
      description={t('money_disburse_message', { amount: formatMoney(row.amount, row.currency) })}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className={`field${fileError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="money-proof-file">
            {t('money_proof_file')}
          </label>
          <input
            id="money-proof-file"
            name="proof"
            type="file"
            accept="image/png,image/jpeg"
            className="field__control"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
            }}
          />
          {fileError ? (
            <p className="field__error" role="alert">
              {fileError}
            </p>
          ) : null}
        </div>
        <TextAreaField
          label={t('money_disburse_note')}
          hint={t('money_disburse_note_hint')}
          maxLength={200}
          error={fieldError('reason')}
          {...form.register('reason')}
        />
        <DialogActions alert={alert} onClose={onClose} isSubmitting={isSubmitting}>
          {t('money_disburse_confirm')}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The refund of a disputed withdrawal: zero or more, in the withdrawal's currency. */
function resolveForm(precision: number | null) {
  return z.object({
    refund: amountField({ precision, allowZero: true }),
    reason: z.string().trim().min(3, 'at least 3 characters').max(200),
  });
}

function ResolveDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const resolve = useMutationCall(operatorResolveWithdrawal, { invalidates: [operatorWithdrawals] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm({
    schema: resolveForm(precisionShownBy(row.amount)),
    defaultValues: { refund: '0', reason: '' },
    fields: ['refund', 'reason'],
    action: async (values) => {
      await resolve.mutateAsync({ body: { withdrawalId: row.withdrawalId, ...values } });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('money_resolve_title', { id: row.withdrawalId })}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <NumberField
          label={t('money_refund')}
          hint={t('money_refund_hint')}
          isRequired
          error={fieldError('refund')}
          {...form.register('refund')}
        />
        <TextAreaField
          label={t('money_reason')}
          isRequired
          maxLength={200}
          error={fieldError('reason')}
          {...form.register('reason')}
        />
        <DialogActions alert={alert} onClose={onClose} isSubmitting={isSubmitting}>
          {t('money_resolve_confirm')}
        </DialogActions>
      </form>
    </Dialog>
  );
}
