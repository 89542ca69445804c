import { useMemo, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '@khela/contract';
import {
  bdMobilePattern,
  isTrxIdOf,
  normalizeTrxId,
  normalizeWalletNumber,
  walletProviderNames,
  type DepositMethod,
  type DepositOrder,
  type DepositWalletNumber,
  type DepositWalletProvider,
} from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { amountSchema } from '../components/money-fields.tsx';
import { useCreateDeposit, useDepositWalletNumber } from './deposit-api.ts';
import { issueFields, setAmountRangeError, useMoney, useRequestId } from './money.ts';
import { DepositFormEnd, useDepositAmountField } from './wallet-ui.tsx';

/**
 * A manual wallet deposit (issue 37, item 3): the amount first, then the brand's receiving number
 * to send it to (chosen by rotation on the server), then the member's own number and the TrxID of
 * the provider's confirmation SMS. The back office checks it against the statement and credits it.
 */

const trxHintKeys: Record<DepositWalletProvider, string> = {
  bkash: 'text_trx_id_hint_bkash',
  nagad: 'text_trx_id_hint_nagad',
  rocket: 'text_trx_id_hint_rocket',
};

export function WalletDepositForm({ method }: { method: DepositMethod }) {
  const [target, setTarget] = useState<{ amount: string; number: DepositWalletNumber } | null>(null);
  const [created, setCreated] = useState<DepositOrder | null>(null);
  const provider = method.walletProvider ?? 'bkash';
  return target ? (
    <TransferForm
      method={method}
      provider={provider}
      amount={target.amount}
      number={target.number}
      onBack={() => setTarget(null)}
      onDone={(order) => {
        setCreated(order);
        setTarget(null);
      }}
    />
  ) : (
    <AmountStep method={method} provider={provider} created={created} onNumber={setTarget} />
  );
}

function AmountStep({
  method,
  provider,
  created,
  onNumber,
}: {
  method: DepositMethod;
  provider: DepositWalletProvider;
  created: DepositOrder | null;
  onNumber: (target: { amount: string; number: DepositWalletNumber }) => void;
}) {
  const { t } = useTranslation();
  const { money, precision } = useMoney();
  const pick = useDepositWalletNumber();
  const amountField = useDepositAmountField(method);
  const schema = useMemo(
    () => z.object({ amount: amountSchema({ precision, min: method.min, max: method.max }, t, money) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the method or language changes
    [method.code, t, precision],
  );
  const { form, alert, submit, fieldError } = useServerForm<{ amount: string }>({
    schema,
    defaultValues: { amount: '' },
    fields: ['amount'],
    action: async ({ amount }) => {
      const number = await pick.mutateAsync({ methodCode: method.code, amount });
      onNumber({ amount, number });
    },
    onError: (error, current) => setAmountRangeError(error, current.setError, t, money),
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="wallet-section__text">
        {t('text_wallet_send_steps', { provider: walletProviderNames[provider] })}
      </p>
      <TextField {...amountField} error={fieldError('amount')} {...form.register('amount')} />
      <DepositFormEnd alert={alert} created={created} isBusy={form.formState.isSubmitting}>
        {t('action_show_number')}
      </DepositFormEnd>
    </form>
  );
}

interface TransferValues {
  senderNumber: string;
  trxId: string;
}

function TransferForm({
  method,
  provider,
  amount,
  number,
  onBack,
  onDone,
}: {
  method: DepositMethod;
  provider: DepositWalletProvider;
  amount: string;
  number: DepositWalletNumber;
  onBack: () => void;
  onDone: (order: DepositOrder) => void;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const requestId = useRequestId();
  const create = useCreateDeposit();
  const providerName = walletProviderNames[provider];
  const schema = useMemo(
    () =>
      z.object({
        senderNumber: z
          .string()
          .refine(
            (value) => bdMobilePattern.test(normalizeWalletNumber(value)),
            t('text_wallet_number_invalid'),
          ),
        trxId: z
          .string()
          .refine(
            (value) => isTrxIdOf(provider, value),
            t('text_trx_id_invalid', { provider: providerName }),
          ),
      }),
    [provider, providerName, t],
  );
  const { form, alert, submit, fieldError } = useServerForm<TransferValues>({
    schema,
    defaultValues: { senderNumber: '', trxId: '' },
    fields: ['senderNumber', 'trxId'],
    codeFields: { TRX_ID_USED: 'trxId' },
    action: async (values) => {
      const body = {
        methodCode: method.code,
        amount,
        wallet: {
          numberId: number.numberId,
          senderNumber: normalizeWalletNumber(values.senderNumber),
          trxId: normalizeTrxId(values.trxId),
        },
      };
      const order = await create.mutateAsync({ ...body, requestId: requestId.idFor(body) });
      requestId.settle();
      onDone(order);
    },
    onError: (error) => {
      // A TrxID already used is said as such (codeFields), not as a mistyped one.
      if (error instanceof ApiError && error.code === 'TRX_ID_USED') return false;
      const fields = issueFields(error);
      if (fields.includes('wallet.trxId')) {
        form.setError('trxId', {
          type: 'server',
          message: t('text_trx_id_invalid', { provider: providerName }),
        });
      } else if (fields.includes('wallet.senderNumber')) {
        form.setError('senderNumber', { type: 'server', message: t('text_wallet_number_invalid') });
      } else {
        return false;
      }
      return true;
    },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <dl className="wallet-bank" aria-label={t('label_send_to_number', { provider: providerName })}>
        <div className="wallet-bank__row">
          <dt>{t('label_send_to_number', { provider: providerName })}</dt>
          <dd>
            <span data-testid="receiving-number">{number.number}</span>
            <CopyButton
              text={number.number}
              label={t('label_send_to_number', { provider: providerName })}
              className="wallet-copy"
              iconSize={14}
            />
          </dd>
        </div>
      </dl>
      <p className="wallet-section__text">{t('text_send_exact_amount', { value: money(amount) })}</p>
      <TextField
        label={t('label_sender_number', { provider: providerName })}
        placeholder={t('placeholder_wallet_number')}
        isRequired
        inputMode="tel"
        autoComplete="tel-national"
        error={fieldError('senderNumber')}
        {...form.register('senderNumber')}
      />
      <TextField
        label={t('label_trx_id')}
        placeholder={t('label_trx_id')}
        isRequired
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t(trxHintKeys[provider])}
        error={fieldError('trxId')}
        {...form.register('trxId')}
      />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton tone="gold" isBusy={form.formState.isSubmitting} busyLabel={t('state_sending')}>
          {t('action_submit_trx')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('action_change_amount')}
        </button>
      </div>
    </form>
  );
}
