import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import {
  bdMobilePattern,
  normalizeWalletNumber,
  payoutWalletProviders,
  walletProviderNames,
  type PayoutAccount,
  type PayoutWalletProvider,
} from '@khela/contract';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { PaymentPasswordField, paymentPasswordSchema } from '../components/money-fields.tsx';
import { errorCode } from '../deposit/money.ts';
import { useBindPayoutAccount } from './withdraw-api.ts';
import { Badge } from '../../../shared/ui/badge.tsx';

export const maxPayoutAccounts = 5;

export const accountKindLabelKeys = { bank: 'label_kind_bank', ewallet: 'label_kind_ewallet' } as const;

/** "bKash · Demo Player · ******1234" */
export function accountText(account: PayoutAccount): string {
  return `${account.providerName} · ${account.accountName} · ${account.accountNumber}`;
}

export function PayoutAccountList({ accounts }: { accounts: PayoutAccount[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <p className="wallet-section__text">{t('empty_payout_accounts')}</p>;
  return (
    <ul className="wallet-list">
      {accounts.map((account) => (
        <li key={account.accountId} className="wallet-item">
          <div className="wallet-item__head">
            <span className="wallet-item__title">{account.providerName}</span>
            <Badge>{t(accountKindLabelKeys[account.kind])}</Badge>
          </div>
          <span className="wallet-item__meta">
            {account.accountName} · {account.accountNumber}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface BindValues {
  kind: 'bank' | 'ewallet';
  walletProvider: PayoutWalletProvider;
  providerName: string;
  accountName: string;
  accountNumber: string;
  paymentPassword: string;
}

/**
 * Binding a bank account or a mobile wallet for withdrawals (payment password; at most five). A
 * wallet is one of bKash, Nagad, Rocket and Upay, on a Bangladeshi mobile number (issue 37).
 */
export function BindAccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const bind = useBindPayoutAccount();
  const baseSchema = z.object({
    kind: z.enum(['bank', 'ewallet']),
    walletProvider: z.enum(payoutWalletProviders),
    providerName: z.string().trim().max(60),
    accountName: z
      .string()
      .trim()
      .min(2, t('text_min_characters', { value: 2 }))
      .max(80),
    accountNumber: z
      .string()
      .trim()
      .min(6, t('text_min_characters', { value: 6 }))
      .max(34, t('text_max_characters', { value: 34 }))
      .regex(/^\+?[A-Za-z0-9 -]+$/, t('text_account_number_chars')),
    paymentPassword: paymentPasswordSchema(t),
  });
  const schema = baseSchema.superRefine((values, context) => {
    if (values.kind === 'bank' && values.providerName.length < 2) {
      context.addIssue({
        code: 'custom',
        path: ['providerName'],
        message: t('text_min_characters', { value: 2 }),
      });
    }
    if (values.kind === 'ewallet' && !bdMobilePattern.test(normalizeWalletNumber(values.accountNumber))) {
      context.addIssue({ code: 'custom', path: ['accountNumber'], message: t('text_wallet_number_invalid') });
    }
  });
  const { form, alert, setAlert, submit, fieldError } = useServerForm<BindValues>({
    schema,
    defaultValues: {
      kind: 'ewallet',
      walletProvider: 'bkash',
      providerName: '',
      accountName: '',
      accountNumber: '',
      paymentPassword: '',
    },
    fields: ['providerName', 'accountName', 'accountNumber'],
    action: async (values) => {
      await bind.mutateAsync({
        kind: values.kind,
        ...(values.kind === 'ewallet'
          ? {
              walletProvider: values.walletProvider,
              accountNumber: normalizeWalletNumber(values.accountNumber),
            }
          : { providerName: values.providerName.trim(), accountNumber: values.accountNumber.trim() }),
        accountName: values.accountName.trim(),
        paymentPassword: values.paymentPassword,
      });
      form.reset();
      onDone();
    },
    onError: (error) => {
      if (errorCode(error) === 'WRONG_PASSWORD') {
        form.setError('paymentPassword', { type: 'server', message: t('err_wrong_password') });
      } else if (errorCode(error) === 'CONFLICT') {
        setAlert(t('text_bind_conflict', { value: maxPayoutAccounts }));
      } else {
        return false;
      }
      return true;
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const walletProvider = useWatch({ control: form.control, name: 'walletProvider' });

  return (
    <form
      className="form"
      noValidate
      aria-label={t('title_bind_account')}
      onSubmit={(event) => void submit(event)}
    >
      <fieldset className="wallet-choice">
        <legend>{t('label_account_kind')}</legend>
        <div className="form__tabs" role="radiogroup" aria-label={t('label_account_kind')}>
          {(['ewallet', 'bank'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={kind === option}
              className="form__tab"
              onClick={() => form.setValue('kind', option)}
            >
              {t(accountKindLabelKeys[option])}
            </button>
          ))}
        </div>
      </fieldset>
      {kind === 'bank' ? (
        <TextField
          label={t('label_bank_name')}
          placeholder={t('label_bank_name')}
          isRequired
          error={fieldError('providerName')}
          {...form.register('providerName')}
        />
      ) : (
        <fieldset className="wallet-choice">
          <legend>{t('label_wallet_provider')}</legend>
          <div className="form__tabs" role="radiogroup" aria-label={t('label_wallet_provider')}>
            {payoutWalletProviders.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={walletProvider === option}
                className="form__tab"
                onClick={() => form.setValue('walletProvider', option)}
              >
                {walletProviderNames[option]}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <TextField
        label={t('label_account_holder')}
        placeholder={t('label_account_holder')}
        isRequired
        autoComplete="name"
        hint={kind === 'ewallet' ? t('text_wallet_holder_hint') : undefined}
        error={fieldError('accountName')}
        {...form.register('accountName')}
      />
      <TextField
        label={kind === 'ewallet' ? t('label_wallet_number') : t('label_account_number')}
        placeholder={kind === 'ewallet' ? t('placeholder_wallet_number') : t('label_account_number')}
        isRequired
        inputMode={kind === 'ewallet' ? 'tel' : undefined}
        autoComplete="off"
        hint={
          kind === 'ewallet'
            ? t('text_wallet_payout_number_hint', { provider: walletProviderNames[walletProvider] })
            : undefined
        }
        error={fieldError('accountNumber')}
        {...form.register('accountNumber')}
      />
      <PaymentPasswordField error={fieldError('paymentPassword')} {...form.register('paymentPassword')} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={form.formState.isSubmitting} busyLabel={t('state_saving')}>
          {t('action_bind_account')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('action_cancel')}
        </button>
      </div>
    </form>
  );
}
