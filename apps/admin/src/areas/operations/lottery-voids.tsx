import { useState } from 'react';
import type { LotteryVoidRequest } from '@khela/contract';
import {
  lotteryNumeros,
  operatorLotteryVoidRequests,
  operatorRejectLotteryVoid,
  operatorVoidNumero,
} from '@khela/contract/call-routes';
import { useOperator } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { FormAlert } from '../../shared/forms/fields.tsx';
import { formatTime } from '../../shared/lib/format.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';

/**
 * Voids after the lock waiting for a second operator (issue 36, four eyes; docs/lottery.md
 * "Settlement and voiding"): the game, numero, requester, reason and time of each, oldest first.
 * Another operator confirms one (it is voided and every bet refunded) or rejects it with a reason;
 * the requester sees their own marked, may withdraw it, and is never offered its confirmation (the
 * server refuses it too: SECOND_APPROVER_REQUIRED).
 */
export function VoidRequestsSection() {
  const operator = useOperator();
  const canManage = operator.permissions.includes('lottery.manage');
  const requests = useCall(operatorLotteryVoidRequests, { limit: 100 }, { refetchInterval: 15_000 });
  const [deciding, setDeciding] = useState<{
    row: LotteryVoidRequest;
    decision: 'confirm' | 'reject';
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirm = useMutationCall(operatorVoidNumero, {
    invalidates: [operatorLotteryVoidRequests, lotteryNumeros],
  });
  const reject = useMutationCall(operatorRejectLotteryVoid, { invalidates: [operatorLotteryVoidRequests] });
  const isOwn = (row: LotteryVoidRequest) => row.requestedBy === operator.account;
  const actions = (row: LotteryVoidRequest) => (
    <span className="operations-actions">
      {isOwn(row) ? <span className="muted">{t('operations_void_own_request')}</span> : null}
      {canManage && !isOwn(row) ? (
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setDeciding({ row, decision: 'confirm' })}
        >
          {t('operations_void_confirm_request')}
        </button>
      ) : null}
      {canManage ? (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setDeciding({ row, decision: 'reject' })}
        >
          {isOwn(row) ? t('operations_void_withdraw') : t('operations_void_reject')}
        </button>
      ) : null}
    </span>
  );
  // Two columns, so that a 360 px phone shows all of a request without scrolling sideways: the draw
  // (game, numero, its state), and the request (reason, who asked and when, what one may do).
  const columns: Column<LotteryVoidRequest>[] = [
    {
      key: 'draw',
      header: t('operations_void_draw'),
      cell: (row) => (
        <span className="void-request__stack">
          <span>
            {row.gameName} <span className="muted">{row.gameCode}</span>
          </span>
          <span>{row.numero}</span>
          <span className="muted">{t(`operations_void_status_${row.numeroStatus}`)}</span>
        </span>
      ),
    },
    {
      key: 'request',
      header: t('operations_void_request'),
      cell: (row) => (
        <span className="void-request__stack">
          <span className="void-request__reason">{row.reason}</span>
          <span className="muted">
            {t('operations_void_asked_by')} <strong className="void-request__by">{row.requestedBy}</strong>
            {' · '}
            {formatTime(row.requestedAt)}
          </span>
          {actions(row)}
        </span>
      ),
    },
  ];
  const title = (row: LotteryVoidRequest, decision: 'confirm' | 'reject') =>
    t(decision === 'confirm' ? 'operations_void_confirm_title' : 'operations_void_reject_title', {
      numero: row.numero,
      game: row.gameName,
      by: row.requestedBy,
    });
  return (
    <Section title={t('operations_void_requests_title')}>
      <p className="muted">{t('operations_void_requests_lead')}</p>
      {done ? <FormAlert tone="notice">{done}</FormAlert> : null}
      <Table
        label={t('operations_void_requests_title')}
        columns={columns}
        rows={requests.data?.items}
        rowKey={(row) => row.requestId}
        isLoading={requests.isPending}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        emptyText={t('operations_void_requests_empty')}
      />
      <ConfirmWithReason
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={deciding ? title(deciding.row, deciding.decision) : ''}
        {...(deciding
          ? {
              message:
                deciding.decision === 'confirm'
                  ? t('operations_void_confirm_message', { reason: deciding.row.reason })
                  : t('operations_void_reject_message'),
            }
          : {})}
        confirmLabel={
          deciding?.decision === 'confirm'
            ? t('operations_void_confirm_request')
            : deciding && isOwn(deciding.row)
              ? t('operations_void_withdraw')
              : t('operations_void_reject')
        }
        tone={deciding?.decision === 'confirm' ? 'danger' : 'primary'}
        onConfirm={async (reason) => {
          if (!deciding) return;
          const { row, decision } = deciding;
          if (decision === 'confirm') {
            const answer = await confirm.mutateAsync({
              body: { gameCode: row.gameCode, numero: row.numero, reason },
            });
            setDone(t('operations_void_done', { numero: row.numero, count: answer.refundedBets }));
          } else {
            await reject.mutateAsync({ body: { requestId: row.requestId, reason } });
            setDone(t('operations_void_rejected', { numero: row.numero }));
          }
          setDeciding(null);
        }}
      />
    </Section>
  );
}
