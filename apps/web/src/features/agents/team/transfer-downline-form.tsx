import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import {
  amountProblemText,
  checkAmount,
  errorCode,
  setAmountRangeError,
  useMoney,
  useRequestId,
  useWallets,
} from '../../wallet/index.ts';
import { useTransferDownline } from './team-api.ts';

interface TransferValues {
  amount: string;
  paymentPassword: string;
}

/**
 * Money from the agent's main wallet to one account of their team (walletTransferDownline, sealed
 * like the transfer to the upline): the amount is checked against the main wallet first, the
 * server's refusals land under their fields, a retry of the same body keeps its request id.
 */
export function TransferDownlineForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const { money, precision } = useMoney();
  const wallets = useWallets();
  const transfer = useTransferDownline();
  const requestId = useRequestId();
  const [notice, setNotice] = useState<string | null>(null);
  const main = wallets.data?.wallets.find((wallet) => wallet.kind === 'main')?.balance;

  const schema = useMemo(() => {
    const rules = { precision, ...(main === undefined ? {} : { available: main }) };
    return z.object({
      amount: z.string().superRefine((value, context) => {
        const problem = checkAmount(value, rules);
        if (problem)
          context.addIssue({ code: 'custom', message: amountProblemText(problem, t, money, rules) });
      }),
      paymentPassword: z.string().min(1, 'text_payment_password_required').max(64, 'text_too_long'),
    });
    // `money` follows the language, as `t` does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, precision, main]);

  const { form, alert, setAlert, submit, fieldError } = useServerForm<TransferValues>({
    schema,
    defaultValues: { amount: '', paymentPassword: '' },
    fields: ['amount', 'paymentPassword'],
    codeFields: { WRONG_PASSWORD: 'paymentPassword', INSUFFICIENT_FUNDS: 'amount' },
    action: async ({ amount, paymentPassword }) => {
      setNotice(null);
      const body = { username, amount, paymentPassword };
      const { to, balance } = await transfer.mutateAsync({ ...body, requestId: requestId.idFor(body) });
      requestId.settle();
      form.reset();
      setNotice(t('text_transfer_done', { value: money(body.amount), to, balance: money(balance) }));
    },
    onError: (error) => {
      if (setAmountRangeError(error, form.setError, t, money)) return true;
      if (errorCode(error) === 'PAYMENT_PASSWORD_NOT_SET') {
        setAlert('text_no_payment_password');
        return true;
      }
      return false;
    },
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="agent-section__text">
        {t('wallet_main')}: {main === undefined ? '…' : money(main)}
      </p>
      <TextField
        label={t('label_amount')}
        placeholder={t('label_amount')}
        isRequired
        inputMode="decimal"
        autoComplete="off"
        error={fieldError('amount')}
        {...form.register('amount')}
      />
      <TextField
        label={t('label_payment_password')}
        placeholder={t('label_payment_password')}
        type="password"
        isRequired
        autoComplete="off"
        error={fieldError('paymentPassword')}
        {...form.register('paymentPassword')}
      />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton tone="gold" isBusy={form.formState.isSubmitting} busyLabel={t('state_sending')}>
          {t('action_transfer')}
        </SubmitButton>
      </div>
      {/* After the button: the news of the transfer just made, where the eye is. */}
      <FormAlert tone="notice">{notice}</FormAlert>
    </form>
  );
}
