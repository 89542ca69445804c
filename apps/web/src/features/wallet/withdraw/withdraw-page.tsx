import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { isAccountCentreType, useSessionStore } from '../../../shared/stores/session-store.ts';
import type { PayoutAccount } from '@khela/contract';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import {
  amountSchema,
  PaymentPasswordField,
  paymentPasswordSchema,
  showMoneyError,
} from '../components/money-fields.tsx';
import { useMoney, useRequestId } from '../deposit/money.ts';
import { HistorySection, StatusBadge } from '../deposit/wallet-ui.tsx';
import { BonusForfeitWarning, forfeitRequiredBonus, type WageredBonus } from './bonus-forfeit.tsx';
import { accountText, BindAccountForm, maxPayoutAccounts, PayoutAccountList } from './payout-accounts.tsx';
import { ReceiptConfirmation } from './receipt-confirmation.tsx';
import {
  useCreateWithdrawal,
  usePayoutAccounts,
  useWithdrawHistory,
  useWithdrawInfo,
} from './withdraw-api.ts';
import '../deposit/wallet-pages.css';
import '../../../shared/ui/card.css';

const historyPageSize = 10;

/** withdraw (spec 2, 4): what can be withdrawn, bound accounts, a request, the history and receipts. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const info = useWithdrawInfo();
  const accounts = usePayoutAccounts();
  const [binding, setBinding] = useState(false);

  if (info.isPending) return <Skeleton rows={4} height="4rem" />;
  if (info.isError) {
    return <FormAlert textKey={errorTextKey(info.error)} />;
  }
  const list = accounts.data ?? [];

  return (
    <div className="wallet-page">
      <section className="card card--compact wallet-section" aria-labelledby="withdraw-balance-title">
        <div className="wallet-balance">
          <h3 className="wallet-balance__label" id="withdraw-balance-title">
            {t('label_withdrawable')}
          </h3>
          <span className="wallet-balance__value">{money(info.data.available)}</span>
        </div>
        <p className="wallet-section__text">
          {t('text_withdraw_limits', { min: money(info.data.min), max: money(info.data.max) })}
        </p>
        {info.data.hasPaymentPassword ? null : (
          <FormAlert>
            <p>{t('text_no_payment_password')}</p>
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => {
                // My account in the centre this account uses: an agent's stays in the agent centre.
                const overlays = useOverlayStore.getState();
                if (isAccountCentreType(useSessionStore.getState().isAgent)) {
                  overlays.openAgentCentre('securityCenter');
                } else overlays.openMemberCentre('securityCenter');
              }}
            >
              {t('action_set_payment_password')}
            </button>
          </FormAlert>
        )}
      </section>

      <section className="card card--compact wallet-section" aria-labelledby="payout-accounts-title">
        <h3 className="wallet-section__title" id="payout-accounts-title">
          {t('title_payout_accounts')}
        </h3>
        {accounts.isPending ? (
          <Skeleton rows={1} height="3rem" />
        ) : accounts.isError ? (
          <FormAlert textKey={errorTextKey(accounts.error)} />
        ) : (
          <PayoutAccountList accounts={list} />
        )}
        {binding ? (
          <BindAccountForm onDone={() => setBinding(false)} />
        ) : list.length >= maxPayoutAccounts ? (
          <p className="wallet-section__text">{t('text_bind_conflict', { value: maxPayoutAccounts })}</p>
        ) : info.data.hasPaymentPassword ? (
          <button type="button" className="button button--outline" onClick={() => setBinding(true)}>
            {t('action_add_account')}
          </button>
        ) : null}
      </section>

      {info.data.hasPaymentPassword && list.length > 0 ? (
        <section className="card card--compact wallet-section" aria-labelledby="withdraw-request-title">
          <h3 className="wallet-section__title" id="withdraw-request-title">
            {t('title_withdraw_request')}
          </h3>
          <WithdrawForm
            accounts={list}
            limits={{ min: info.data.min, max: info.data.max, available: info.data.available }}
            bonus={info.data.bonus ?? null}
          />
        </section>
      ) : null}

      <WithdrawHistory />
    </div>
  );
}

interface WithdrawValues {
  accountId: string;
  amount: string;
  paymentPassword: string;
  forfeitBonus: boolean;
}

function WithdrawForm({
  accounts,
  limits,
  bonus,
}: {
  accounts: PayoutAccount[];
  limits: { min: string; max: string; available: string };
  /** A bonus being wagered: the request must say it forfeits it. */
  bonus: WageredBonus | null;
}) {
  const { t } = useTranslation();
  const { money, precision } = useMoney();
  const requestId = useRequestId();
  const create = useCreateWithdrawal();
  const [notice, setNotice] = useState<string | null>(null);
  // A bonus the server named (BONUS_FORFEIT_REQUIRED) that this page's info did not have yet.
  const [serverBonus, setServerBonus] = useState<WageredBonus | null>(null);
  const wageredBonus = bonus ?? serverBonus;
  const mustForfeit = wageredBonus !== null;
  const rules = { precision, ...limits };
  const schema = useMemo(
    () =>
      z.object({
        accountId: z.string().min(1, t('text_choose_account')),
        amount: amountSchema(rules, t, money),
        paymentPassword: paymentPasswordSchema(t),
        forfeitBonus: mustForfeit
          ? z.boolean().refine((checked) => checked, t('bonus_forfeit_unchecked'))
          : z.boolean(),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the limits, bonus or language change
    [t, precision, limits.min, limits.max, limits.available, mustForfeit],
  );
  const { form, alert, submit, fieldError } = useServerForm<WithdrawValues>({
    schema,
    defaultValues: {
      accountId: String(accounts[0]?.accountId ?? ''),
      amount: '',
      paymentPassword: '',
      forfeitBonus: false,
    },
    fields: ['amount', 'accountId'],
    action: async (values) => {
      setNotice(null);
      const body = {
        accountId: Number(values.accountId),
        amount: values.amount,
        paymentPassword: values.paymentPassword,
        ...(mustForfeit && values.forfeitBonus ? { forfeitBonus: true } : {}),
      };
      const withdrawal = await create.mutateAsync({ ...body, requestId: requestId.idFor(body) });
      requestId.settle();
      setServerBonus(null);
      form.reset({ accountId: values.accountId, amount: '', paymentPassword: '', forfeitBonus: false });
      setNotice(
        t('text_withdraw_submitted', { id: withdrawal.withdrawalId, value: money(withdrawal.amount) }),
      );
    },
    onError: (error) => {
      const named = forfeitRequiredBonus(error);
      if (named) {
        setServerBonus(named);
        return true;
      }
      return showMoneyError(
        error,
        (field, message) => form.setError(field, { type: 'server', message }),
        t,
        money,
      );
    },
  });
  const accountError = fieldError('accountId');

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label className="field__label" htmlFor="withdraw-account">
          {t('label_withdraw_to')}
        </label>
        <select id="withdraw-account" className="wallet-select" {...form.register('accountId')}>
          {accounts.map((account) => (
            <option key={account.accountId} value={account.accountId}>
              {accountText(account)}
            </option>
          ))}
        </select>
        {accountError ? (
          <p className="field__error" role="alert">
            {accountError}
          </p>
        ) : null}
      </div>
      <TextField
        label={t('label_amount')}
        placeholder={t('placeholder_amount_range', { min: money(limits.min), max: money(limits.max) })}
        isRequired
        inputMode="decimal"
        autoComplete="off"
        hint={t('text_available_hint', { value: money(limits.available) })}
        error={fieldError('amount')}
        {...form.register('amount')}
      />
      <PaymentPasswordField error={fieldError('paymentPassword')} {...form.register('paymentPassword')} />
      {wageredBonus ? (
        <BonusForfeitWarning
          bonus={wageredBonus}
          isNews={bonus === null}
          error={fieldError('forfeitBonus')}
          {...form.register('forfeitBonus')}
        />
      ) : null}
      <p className="wallet-section__text">{t('text_withdraw_hold')}</p>
      <FormAlert textKey={alert} />
      <FormAlert tone="notice">{notice}</FormAlert>
      <div className="form__actions">
        <SubmitButton tone="gold" isBusy={form.formState.isSubmitting} busyLabel={t('state_sending')}>
          {t('action_request_withdrawal')}
        </SubmitButton>
      </div>
    </form>
  );
}

function WithdrawHistory() {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const history = useWithdrawHistory(pageNo, historyPageSize);
  return (
    <HistorySection
      id="withdraw-history-title"
      titleKey="title_withdraw_history"
      emptyKey="empty_withdraw_history"
      history={history}
      pageNo={pageNo}
      onPage={setPageNo}
      renderItem={(withdrawal) => (
        <li key={withdrawal.withdrawalId} className="wallet-item" data-withdrawal={withdrawal.withdrawalId}>
          <div className="wallet-item__head">
            <span className="wallet-item__title">
              {withdrawal.account.providerName} · #{withdrawal.withdrawalId}
            </span>
            <StatusBadge status={withdrawal.status} />
          </div>
          <div className="wallet-item__head">
            <span className="wallet-item__meta">
              {formatDateTime(withdrawal.createdAt, formatOptions)} · {withdrawal.account.accountNumber}
            </span>
            <span className="wallet-item__amount">{money(withdrawal.amount)}</span>
          </div>
          {withdrawal.receivedAmount !== null && withdrawal.receipt === 'partial' ? (
            <span className="wallet-item__meta">
              {t('text_received_amount', { value: money(withdrawal.receivedAmount) })}
            </span>
          ) : null}
          {withdrawal.refunded !== null ? (
            <span className="wallet-item__meta">
              {t('text_refunded_amount', { value: money(withdrawal.refunded) })}
            </span>
          ) : null}
          {withdrawal.reason ? <span className="wallet-item__meta">{withdrawal.reason}</span> : null}
          {withdrawal.status === 'disbursed' ? <ReceiptConfirmation withdrawal={withdrawal} /> : null}
        </li>
      )}
    />
  );
}
