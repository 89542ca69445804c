import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useMemberInfo } from '../../account/index.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import {
  amountSchema,
  PaymentPasswordField,
  paymentPasswordSchema,
  showMoneyError,
} from '../components/money-fields.tsx';
import { errorCode, useMoney, useRequestId } from '../deposit/money.ts';
import { useTransferUpline, useWallets } from './use-wallets.ts';
import '../deposit/wallet-pages.css';
import '../../../shared/ui/card.css';

interface TransferValues {
  amount: string;
  paymentPassword: string;
}

/** transferUpline (spec 2): send money from the main wallet to the member's own upline agent. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const { money, precision } = useMoney();
  const member = useMemberInfo();
  const wallets = useWallets();
  const transfer = useTransferUpline();
  const requestId = useRequestId();
  const [notice, setNotice] = useState<string | null>(null);
  const [noUpline, setNoUpline] = useState(false);
  const main = wallets.data?.wallets.find((wallet) => wallet.kind === 'main')?.balance;
  const rules = { precision, ...(main === undefined ? {} : { available: main }) };

  const schema = useMemo(
    () =>
      z.object({
        amount: amountSchema(rules, t, money),
        paymentPassword: paymentPasswordSchema(t),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the balance or language changes
    [t, precision, main],
  );
  const { form, alert, setAlert, submit, fieldError } = useServerForm<TransferValues>({
    schema,
    defaultValues: { amount: '', paymentPassword: '' },
    fields: ['amount', 'paymentPassword'],
    action: async (values) => {
      setNotice(null);
      const body = { amount: values.amount, paymentPassword: values.paymentPassword };
      const result = await transfer.mutateAsync({ ...body, requestId: requestId.idFor(body) });
      requestId.settle();
      form.reset({ amount: '', paymentPassword: '' });
      setNotice(
        t('text_transfer_done', { value: money(body.amount), to: result.to, balance: money(result.balance) }),
      );
    },
    onError: (error) => {
      if (
        showMoneyError(error, (field, message) => form.setError(field, { type: 'server', message }), t, money)
      )
        return true;
      const code = errorCode(error);
      if (code === 'NOT_FOUND') {
        setNoUpline(true);
      } else if (code === 'PAYMENT_PASSWORD_NOT_SET') {
        setAlert('text_no_payment_password');
      } else {
        return false;
      }
      return true;
    },
  });

  if (member.isPending) return <Skeleton rows={3} height="3rem" />;
  const upline = member.data?.toUpline ?? null;

  if (!upline || noUpline) {
    return (
      <div className="wallet-page">
        <FormAlert tone="notice" textKey="text_no_upline" />
      </div>
    );
  }

  return (
    <div className="wallet-page">
      <section className="card card--compact wallet-section" aria-labelledby="transfer-upline-title">
        <h3 className="wallet-section__title" id="transfer-upline-title">
          {t('title_transfer_to', { name: upline })}
        </h3>
        <dl className="wallet-bank">
          <div className="wallet-bank__row">
            <dt>{t('label_upline')}</dt>
            <dd>{upline}</dd>
          </div>
          <div className="wallet-bank__row">
            <dt>{t('wallet_main')}</dt>
            <dd>{main === undefined ? '…' : money(main)}</dd>
          </div>
        </dl>
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('label_amount')}
            placeholder={t('label_amount')}
            isRequired
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('amount')}
            {...form.register('amount')}
          />
          <PaymentPasswordField error={fieldError('paymentPassword')} {...form.register('paymentPassword')} />
          <FormAlert textKey={alert} />
          <FormAlert tone="notice">{notice}</FormAlert>
          <div className="form__actions">
            <SubmitButton tone="gold" isBusy={form.formState.isSubmitting} busyLabel={t('state_sending')}>
              {t('action_transfer')}
            </SubmitButton>
          </div>
        </form>
      </section>
    </div>
  );
}
