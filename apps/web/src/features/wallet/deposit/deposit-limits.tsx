import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { limitPeriods, type LimitPeriod } from '@khela/contract';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { useDepositLimits, useSetDepositLimits, type LimitsBody } from './deposit-api.ts';
import { compareAmounts } from '@khela/contract/money';
import { amountProblemText, checkAmount, useMoney } from './money.ts';
import '../../../shared/ui/card.css';

export const periodLabelKeys: Record<LimitPeriod, string> = {
  day: 'label_limit_day',
  week: 'label_limit_week',
  month: 'label_limit_month',
};

type LimitValues = Record<LimitPeriod, string>;

/** The player's own deposit limits (responsible gaming): lower at once, higher after 24 hours. */
export function DepositLimits() {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const limits = useDepositLimits();

  return (
    <section className="card card--compact wallet-section" aria-labelledby="deposit-limits-title">
      <h3 className="wallet-section__title" id="deposit-limits-title">
        {t('title_deposit_limits')}
      </h3>
      <p className="wallet-section__text">{t('text_deposit_limits_rule')}</p>
      {limits.isPending ? (
        <Skeleton rows={3} height="2rem" />
      ) : limits.isError ? (
        <FormAlert textKey={errorTextKey(limits.error)} />
      ) : (
        <>
          <table className="wallet-limits">
            <thead>
              <tr>
                <th scope="col">{t('label_period')}</th>
                <th scope="col">{t('label_limit_current')}</th>
                <th scope="col">{t('label_limit_used')}</th>
              </tr>
            </thead>
            <tbody>
              {limitPeriods.map((period) => {
                const state = limits.data[period];
                return (
                  <tr key={period}>
                    <th scope="row">{t(periodLabelKeys[period])}</th>
                    <td>
                      {state.current === null ? t('label_no_limit') : money(state.current)}
                      {state.pending ? (
                        <span className="wallet-limits__pending">
                          {t('text_limit_pending', {
                            value:
                              state.pending.amount === null
                                ? t('label_no_limit')
                                : money(state.pending.amount),
                            date: formatDateTime(state.pending.from, formatOptions),
                          })}
                        </span>
                      ) : null}
                    </td>
                    <td>{money(state.used)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <LimitsForm
            current={{
              day: limits.data.day.current ?? '',
              week: limits.data.week.current ?? '',
              month: limits.data.month.current ?? '',
            }}
          />
        </>
      )}
    </section>
  );
}

function LimitsForm({ current }: { current: LimitValues }) {
  const { t } = useTranslation();
  const { money, precision } = useMoney();
  const save = useSetDepositLimits();
  const [notice, setNotice] = useState<string | null>(null);
  const limitField = z.string().superRefine((value, context) => {
    // Empty takes the limit away; anything else is an amount by the one rule (nothing trimmed).
    if (value === '') return;
    const problem = checkAmount(value, { precision });
    if (problem)
      context.addIssue({ code: 'custom', message: amountProblemText(problem, t, money, { precision }) });
  });
  const { form, alert, setAlert, submit, fieldError } = useServerForm<LimitValues>({
    schema: z.object({ day: limitField, week: limitField, month: limitField }),
    defaultValues: current,
    fields: limitPeriods,
    action: async (values) => {
      setNotice(null);
      const body: LimitsBody = {};
      for (const period of limitPeriods) {
        const next = values[period];
        const before = current[period];
        const same = next === '' ? before === '' : before !== '' && compareAmounts(next, before) === 0;
        if (!same) body[period] = next === '' ? null : next;
      }
      if (Object.keys(body).length === 0) {
        setAlert('text_limits_unchanged');
        return;
      }
      await save.mutateAsync(body);
      setNotice('text_limits_saved');
    },
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="wallet-limit-fields">
        {limitPeriods.map((period) => (
          <TextField
            key={period}
            label={t(periodLabelKeys[period])}
            placeholder={t('label_no_limit')}
            inputMode="decimal"
            autoComplete="off"
            error={fieldError(period)}
            {...form.register(period)}
          />
        ))}
      </div>
      <p className="wallet-section__text">{t('text_limit_empty_hint')}</p>
      <FormAlert textKey={alert} />
      <FormAlert tone="notice" textKey={notice} />
      <div className="form__actions">
        <SubmitButton tone="outline" isBusy={form.formState.isSubmitting} busyLabel={t('state_saving')}>
          {t('action_save_limits')}
        </SubmitButton>
      </div>
    </form>
  );
}
