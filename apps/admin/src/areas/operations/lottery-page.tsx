import { useState } from 'react';
import { type z } from 'zod';
import { lotteryCalls, type OddsLine } from '@khela/contract';
import {
  lotteryGameMenu,
  lotteryOpenNumero,
  operatorLotteryOdds,
  operatorSetLotteryOdds,
  operatorVoidNumero,
} from '@khela/contract/call-routes';
import { useOperator } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { bodySchema } from '../../shared/api/schemas.ts';
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import './operations.css';
import { Table, type Column } from '../../shared/ui/table.tsx';

/** The lottery's odds and stake limits, and the voiding of a draw that is not settled (issue 13). */
export default function LotteryPage() {
  const canManage = useOperator().permissions.includes('lottery.manage');
  const odds = useCall(operatorLotteryOdds);
  const [editing, setEditing] = useState<OddsLine | null>(null);
  const columns: Column<OddsLine>[] = [
    { key: 'mode', header: t('operations_odds_mode'), cell: (line) => line.prizeMode },
    { key: 'region', header: t('operations_odds_region'), cell: (line) => line.region },
    { key: 'play', header: t('operations_odds_play'), cell: (line) => line.playType },
    { key: 'odds', header: t('operations_odds_odds'), align: 'end', cell: (line) => line.odds },
    { key: 'min', header: t('operations_odds_min'), align: 'end', wide: true, cell: (line) => line.minStake },
    { key: 'max', header: t('operations_odds_max'), align: 'end', wide: true, cell: (line) => line.maxStake },
    ...(canManage
      ? [
          {
            key: 'edit',
            header: '',
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
    <Page title={t('operations_lottery_title')}>
      {canManage ? <VoidNumeroSection /> : null}
      <Section title={t('operations_odds_title')}>
        <p className="muted">{t('operations_odds_lead')}</p>
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
      </Section>
      {editing ? <OddsDialog key={editing.playType} line={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

const oddsSchema = bodySchema(lotteryCalls.operatorSetLotteryOdds).pick({
  odds: true,
  minStake: true,
  maxStake: true,
});
type OddsValues = z.infer<typeof oddsSchema>;

function OddsDialog({ line, onClose }: { line: OddsLine; onClose: () => void }) {
  const save = useMutationCall(operatorSetLotteryOdds, { invalidates: [operatorLotteryOdds] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<OddsValues>({
    schema: oddsSchema,
    defaultValues: { odds: line.odds, minStake: line.minStake, maxStake: line.maxStake },
    fields: ['odds', 'minStake', 'maxStake'],
    action: async (values) => {
      await save.mutateAsync({
        body: { prizeMode: line.prizeMode, region: line.region, playType: line.playType, ...values },
      });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('operations_odds_edit_title', {
        play: line.playType,
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
          error={fieldError('odds')}
          {...form.register('odds')}
        />
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
        <FormAlert>{alert}</FormAlert>
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('shell_cancel')}
          </button>
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
            {t('operations_odds_save')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

const voidSchema = bodySchema(lotteryCalls.operatorVoidNumero);
type VoidValues = z.infer<typeof voidSchema>;

function VoidNumeroSection() {
  const menu = useCall(lotteryGameMenu, {});
  const games = (menu.data?.gameMenus ?? []).flatMap((tab) => tab.games);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<VoidValues | null>(null);
  const voidNumero = useMutationCall(operatorVoidNumero);
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<VoidValues>({
    schema: voidSchema,
    defaultValues: { gameCode: '', numero: '', reason: '' },
    fields: ['gameCode', 'numero', 'reason'],
    action: async (values) => {
      // Asked twice: the form, then a confirmation naming the game and the numero.
      if (!pending) {
        setPending(values);
        return;
      }
      const answer = await voidNumero.mutateAsync({ body: values });
      setPending(null);
      setDone(t('operations_void_done', { numero: answer.numero.numero, count: answer.refundedBets }));
      form.reset();
    },
  });
  const gameCode = form.watch('gameCode');
  const open = useCall(lotteryOpenNumero, { gameCode }, { enabled: Boolean(gameCode) });
  const openNumero = open.data?.numero ?? null;
  return (
    <Section title={t('operations_void_title')}>
      <p className="muted">{t('operations_void_lead')}</p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          setDone(null);
          void submit(event);
        }}
      >
        <div className="form__grid operations-top">
          <SelectField
            label={t('operations_void_game')}
            options={[
              { value: '', label: t('operations_void_pick_game') },
              ...games.map((game) => ({
                value: game.gameCode,
                label: `${game.gameName} (${game.gameCode})`,
              })),
            ]}
            isRequired
            error={fieldError('gameCode')}
            {...form.register('gameCode', {
              onChange: () => setPending(null),
            })}
          />
          <TextField
            label={t('operations_void_numero')}
            autoComplete="off"
            maxLength={20}
            isRequired
            hint={t('operations_void_numero_hint')}
            placeholder={openNumero ?? ''}
            error={fieldError('numero')}
            {...form.register('numero', { onChange: () => setPending(null) })}
          />
        </div>
        {openNumero && !form.getValues('numero') ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => form.setValue('numero', openNumero)}
          >
            {openNumero}
          </button>
        ) : null}
        <TextAreaField
          label={t('operations_void_reason')}
          maxLength={200}
          isRequired
          error={fieldError('reason')}
          {...form.register('reason')}
        />
        {pending ? (
          <FormAlert tone="notice">
            {t('operations_void_confirm', { numero: pending.numero, game: pending.gameCode })}
          </FormAlert>
        ) : null}
        <FormAlert>{alert}</FormAlert>
        {done ? <FormAlert tone="notice">{done}</FormAlert> : null}
        <div className="form__actions">
          {pending ? (
            <button type="button" className="button button--ghost" onClick={() => setPending(null)}>
              {t('shell_cancel')}
            </button>
          ) : null}
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')} tone="danger">
            {t('operations_void_submit')}
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}
