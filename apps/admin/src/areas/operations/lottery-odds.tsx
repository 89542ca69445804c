import { useState } from 'react';
import { z } from 'zod';
import {
  lotteryCalls,
  maxOddsMilliFor,
  rtpAbove,
  rtpFraction,
  rtpText,
  type LotteryOddsRequest,
  type OddsLine,
} from '@khela/contract';
import {
  operatorDecideLotteryOdds,
  operatorLotteryOdds,
  operatorLotteryOddsRequests,
  operatorSetLotteryOdds,
} from '@khela/contract/call-routes';
import { useOperator } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { bodySchema } from '../../shared/api/schemas.ts';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { MarketName, marketNameOf } from './market-name.tsx';

/**
 * The lottery's odds with their return to player (issue 36 item 6): the RTP of every line, the RTP
 * of the odds as they are typed (the contract's lottery-rtp.ts, the very code the server refuses
 * with), and the odds above the brand's ceiling waiting for a second operator.
 */

/** "3.5" → 3500, or null when it is not a decimal with up to 3 decimals. */
function oddsMilliOf(text: string): number | null {
  const match = /^\s*([0-9]{1,7})(?:\.([0-9]{1,3}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

function oddsText(oddsMilli: number): string {
  const fraction = String(oddsMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.trunc(oddsMilli / 1000)}.${fraction}` : String(Math.trunc(oddsMilli / 1000));
}

export function OddsSection({ ceiling }: { ceiling: number | null }) {
  const canManage = useOperator().permissions.includes('lottery.manage');
  const odds = useCall(operatorLotteryOdds);
  const [editing, setEditing] = useState<OddsLine | null>(null);
  const columns: Column<OddsLine>[] = [
    { key: 'mode', header: t('operations_odds_mode'), cell: (line) => line.prizeMode },
    { key: 'region', header: t('operations_odds_region'), cell: (line) => line.region },
    {
      key: 'play',
      header: t('operations_odds_play'),
      cell: (line) => <MarketName playType={line.playType} region={line.region} />,
    },
    { key: 'odds', header: t('operations_odds_odds'), align: 'end', cell: (line) => line.odds },
    {
      key: 'rtp',
      header: t('operations_odds_rtp'),
      align: 'end',
      cell: (line) => t('operations_odds_rtp_value', { rtp: line.rtp }),
    },
    { key: 'min', header: t('operations_odds_min'), align: 'end', wide: true, cell: (line) => line.minStake },
    { key: 'max', header: t('operations_odds_max'), align: 'end', wide: true, cell: (line) => line.maxStake },
    ...(canManage
      ? [
          {
            key: 'edit',
            header: t('shell_table_actions'),
            hideHeader: true,
            cell: (line: OddsLine) => (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setEditing(line)}
              >
                {t('operations_odds_edit')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Section title={t('operations_odds_title')}>
      <p className="muted">{t('operations_odds_lead')}</p>
      {ceiling !== null ? (
        <p className="muted">{t('operations_odds_ceiling', { ceiling: String(ceiling) })}</p>
      ) : null}
      <Table
        label={t('operations_odds_title')}
        columns={columns}
        rows={odds.data?.list}
        rowKey={(line) => `${line.prizeMode}/${line.region}/${line.playType}`}
        isLoading={odds.isPending}
        error={odds.error}
        onRetry={() => void odds.refetch()}
        emptyText={t('operations_odds_empty')}
      />
      {editing ? (
        <OddsDialog
          key={`${editing.region}/${editing.playType}`}
          line={editing}
          ceiling={ceiling}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Section>
  );
}

const oddsSchema = bodySchema(lotteryCalls.operatorSetLotteryOdds)
  .pick({ odds: true, minStake: true, maxStake: true })
  .extend({ reason: z.string().trim().max(200) });
type OddsValues = z.infer<typeof oddsSchema>;

function OddsDialog({
  line,
  ceiling,
  onClose,
}: {
  line: OddsLine;
  ceiling: number | null;
  onClose: () => void;
}) {
  const [held, setHeld] = useState<string | null>(null);
  const save = useMutationCall(operatorSetLotteryOdds, {
    invalidates: [operatorLotteryOdds, operatorLotteryOddsRequests],
  });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<OddsValues>({
    schema: oddsSchema,
    defaultValues: { odds: line.odds, minStake: line.minStake, maxStake: line.maxStake, reason: '' },
    fields: ['odds', 'minStake', 'maxStake', 'reason'],
    action: async ({ reason, ...values }) => {
      const answer = await save.mutateAsync({
        body: {
          prizeMode: line.prizeMode,
          region: line.region,
          playType: line.playType,
          ...values,
          ...(reason ? { reason } : {}),
        },
      });
      if (answer.status === 'pending' && answer.request) {
        setHeld(t('operations_odds_held', { id: answer.request.requestId, rtp: answer.request.rtp }));
        return;
      }
      onClose();
    },
  });
  const typed = oddsMilliOf(form.watch('odds'));
  const rtp = typed === null ? null : rtpText(line.region, line.playType, typed);
  const aboveCeiling =
    typed !== null && ceiling !== null && rtpAbove(line.region, line.playType, typed, ceiling);
  const fraction = typed === null ? null : rtpFraction(line.region, line.playType, typed);
  const ruinous = fraction !== null && fraction.num >= fraction.den;
  const most = ceiling === null ? null : oddsText(maxOddsMilliFor(line.region, line.playType, ceiling));
  const rtpHint =
    rtp === null
      ? t('operations_odds_rtp_unknown')
      : ruinous
        ? t('operations_odds_rtp_ruinous', { rtp })
        : aboveCeiling
          ? t('operations_odds_rtp_above', { rtp, ceiling: String(ceiling), most: most ?? '' })
          : t('operations_odds_rtp_hint', { rtp, most: most ?? '' });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('operations_odds_edit_title', {
        play: marketNameOf(line.playType, line.region).en,
        mode: line.prizeMode,
        region: line.region,
      })}
      description={t('operations_odds_lead')}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('operations_odds_odds')}
          inputMode="decimal"
          maxLength={12}
          isRequired
          hint={rtpHint}
          error={fieldError('odds')}
          {...form.register('odds', { onChange: () => setHeld(null) })}
        />
        <p
          className={`operations-rtp${aboveCeiling ? ' operations-rtp--above' : ''}`}
          data-testid="odds-rtp"
          aria-live="polite"
        >
          {t('operations_odds_rtp')}: {rtp === null ? '–' : t('operations_odds_rtp_value', { rtp })}
        </p>
        <div className="form__grid">
          <TextField
            label={t('operations_odds_min')}
            inputMode="decimal"
            maxLength={20}
            isRequired
            error={fieldError('minStake')}
            {...form.register('minStake')}
          />
          <TextField
            label={t('operations_odds_max')}
            inputMode="decimal"
            maxLength={20}
            isRequired
            error={fieldError('maxStake')}
            {...form.register('maxStake')}
          />
        </div>
        {aboveCeiling && !ruinous ? (
          <TextAreaField
            label={t('operations_odds_reason')}
            hint={t('operations_odds_reason_hint')}
            maxLength={200}
            isRequired
            error={fieldError('reason')}
            {...form.register('reason')}
          />
        ) : null}
        <FormAlert>{alert}</FormAlert>
        {held ? <FormAlert tone="notice">{held}</FormAlert> : null}
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {held ? t('shell_close') : t('shell_cancel')}
          </button>
          {held ? null : (
            <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
              {aboveCeiling ? t('operations_odds_request') : t('operations_odds_save')}
            </SubmitButton>
          )}
        </div>
      </form>
    </Dialog>
  );
}

/** Odds above the ceiling waiting for a second operator, and the last decided. */
export function OddsRequestsSection() {
  const operator = useOperator();
  const canManage = operator.permissions.includes('lottery.manage');
  const pending = useCall(operatorLotteryOddsRequests, { status: 'pending', limit: 100 });
  const decide = useMutationCall(operatorDecideLotteryOdds, {
    invalidates: [operatorLotteryOdds, operatorLotteryOddsRequests],
  });
  const [deciding, setDeciding] = useState<{
    row: LotteryOddsRequest;
    decision: 'approve' | 'reject';
  } | null>(null);
  const columns: Column<LotteryOddsRequest>[] = [
    { key: 'id', header: t('operations_odds_request_id'), cell: (row) => row.requestId },
    {
      key: 'line',
      header: t('operations_odds_play'),
      cell: (row) => (
        <>
          <MarketName playType={row.playType} region={row.region} />
          <span className="muted">{row.region}</span>
        </>
      ),
    },
    { key: 'odds', header: t('operations_odds_odds'), align: 'end', cell: (row) => row.odds },
    {
      key: 'rtp',
      header: t('operations_odds_rtp'),
      align: 'end',
      cell: (row) => t('operations_odds_rtp_of_ceiling', { rtp: row.rtp, ceiling: row.ceiling }),
    },
    { key: 'reason', header: t('operations_odds_reason'), wide: true, cell: (row) => row.reason },
    { key: 'by', header: t('operations_odds_requested_by'), cell: (row) => row.requestedBy },
    {
      key: 'actions',
      header: t('shell_table_actions'),
      hideHeader: true,
      cell: (row) =>
        row.requestedBy === operator.account ? (
          <span className="muted">{t('operations_odds_own_request')}</span>
        ) : canManage ? (
          <span className="operations-actions">
            <button
              type="button"
              className="button button--small"
              onClick={() => setDeciding({ row, decision: 'approve' })}
            >
              {t('operations_odds_approve')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setDeciding({ row, decision: 'reject' })}
            >
              {t('operations_odds_reject')}
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <Section title={t('operations_odds_requests_title')}>
      <p className="muted">{t('operations_odds_requests_lead')}</p>
      <Table
        label={t('operations_odds_requests_title')}
        columns={columns}
        rows={pending.data?.items}
        rowKey={(row) => row.requestId}
        isLoading={pending.isPending}
        error={pending.error}
        onRetry={() => void pending.refetch()}
        emptyText={t('operations_odds_requests_empty')}
      />
      <ConfirmWithReason
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={
          deciding
            ? t(
                deciding.decision === 'approve'
                  ? 'operations_odds_approve_title'
                  : 'operations_odds_reject_title',
                {
                  id: deciding.row.requestId,
                  odds: deciding.row.odds,
                  rtp: deciding.row.rtp,
                },
              )
            : ''
        }
        confirmLabel={
          deciding?.decision === 'approve' ? t('operations_odds_approve') : t('operations_odds_reject')
        }
        tone={deciding?.decision === 'approve' ? 'primary' : 'danger'}
        onConfirm={async (reason) => {
          if (!deciding) return;
          await decide.mutateAsync({
            body: { requestId: deciding.row.requestId, decision: deciding.decision, reason },
          });
          setDeciding(null);
        }}
      />
    </Section>
  );
}

/** The brand's RTP ceiling (percent), as the requests list answers it. */
export function useRtpCeiling(): number | null {
  const requests = useCall(operatorLotteryOddsRequests, { status: 'pending', limit: 1 });
  return requests.data ? Number(requests.data.ceiling) : null;
}
