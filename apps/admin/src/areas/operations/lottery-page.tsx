import { useState } from 'react';
import { type z } from 'zod';
import { lotteryCalls } from '@khela/contract';
import {
  lotteryGameMenu,
  lotteryOpenNumero,
  operatorLotteryVoidRequests,
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
import { Page, Section } from '../../shared/ui/page.tsx';
import './operations.css';
import { ExposureSection } from './lottery-exposure.tsx';
import { OddsRequestsSection, OddsSection, useRtpCeiling } from './lottery-odds.tsx';
import { OfficialSection } from './lottery-official.tsx';
import { VoidRequestsSection } from './lottery-voids.tsx';

/**
 * The lottery's odds and stake limits with their RTP, the odds waiting for a second operator
 * (lottery-odds.tsx), the voiding of a draw that is not settled (issue 13) and the voids after the
 * lock waiting for a second operator (lottery-voids.tsx), and the official results: each regional
 * game's source and the sheets typed by two operators (lottery-official.tsx).
 */
export default function LotteryPage() {
  const canManage = useOperator().permissions.includes('lottery.manage');
  const ceiling = useRtpCeiling();
  return (
    <Page title={t('operations_lottery_title')}>
      {canManage ? <VoidNumeroSection /> : null}
      <VoidRequestsSection />
      <OfficialSection canManage={canManage} />
      <OddsSection ceiling={ceiling} />
      <OddsRequestsSection />
      <ExposureSection />
    </Page>
  );
}

const voidSchema = bodySchema(lotteryCalls.operatorVoidNumero);
type VoidValues = z.infer<typeof voidSchema>;

function VoidNumeroSection() {
  const menu = useCall(lotteryGameMenu, {});
  const games = (menu.data?.gameMenus ?? []).flatMap((tab) => tab.games);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<VoidValues | null>(null);
  const voidNumero = useMutationCall(operatorVoidNumero, { invalidates: [operatorLotteryVoidRequests] });
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
      setDone(
        answer.pending
          ? t('operations_void_requested', { numero: answer.numero.numero })
          : t('operations_void_done', { numero: answer.numero.numero, count: answer.refundedBets }),
      );
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
