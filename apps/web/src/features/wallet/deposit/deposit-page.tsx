import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { useQueryClient } from '@tanstack/react-query';
import Landmark from 'lucide-react/icons/landmark';
import type { DepositMethod, DepositOrder } from '@khela/contract';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { formatDateTime, formatNumber } from '../../../shared/lib/format.ts';
import { ImagePicker, type PickedImage } from '../components/image-picker.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { balanceQueryKey } from '../../account/index.ts';
import { useCreateDeposit, useDepositHistory, useDepositMethods } from './deposit-api.ts';
import { amountSchema } from '../components/money-fields.tsx';
import { DepositLimits, periodLabelKeys } from './deposit-limits.tsx';
import { compareAmounts } from '@khela/contract/money';
import { errorCode, errorValue, issueFields, setAmountRangeError, useMoney, useRequestId } from './money.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { DepositFormEnd, HistorySection, StatusBadge, useDepositAmountField } from './wallet-ui.tsx';
import { WalletDepositForm } from './wallet-deposit-form.tsx';
import './wallet-pages.css';
import '../../../shared/ui/card.css';

const historyPageSize = 10;

/** depositv2 (spec 2): methods, a deposit form, the deposit history and the player's own limits. */
export function DepositPage() {
  const { t } = useTranslation();
  const methods = useDepositMethods();
  const [selected, setSelected] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const returnedOrder = Number(searchParams.get('depositOrder')) || null;

  const list = methods.data ?? [];
  const method = list.find((item) => item.code === selected) ?? list[0] ?? null;

  return (
    <div className="wallet-page">
      {returnedOrder ? <ReturnedOrder orderId={returnedOrder} /> : null}
      <section className="card card--compact wallet-section" aria-labelledby="deposit-methods-title">
        <h3 className="wallet-section__title" id="deposit-methods-title">
          {t('title_deposit_methods')}
        </h3>
        {methods.isPending ? (
          <Skeleton rows={2} height="4rem" />
        ) : methods.isError ? (
          <FormAlert textKey={errorTextKey(methods.error)} />
        ) : list.length === 0 ? (
          <EmptyState icon={Landmark} title={t('empty_deposit_methods')} text={t('text_contact_service')} />
        ) : (
          <>
            <MethodCards methods={list} selected={method?.code ?? null} onSelect={setSelected} />
            {method?.kind === 'wallet_manual' ? (
              <WalletDepositForm key={method.code} method={method} />
            ) : method ? (
              <DepositForm key={method.code} method={method} />
            ) : null}
          </>
        )}
      </section>
      <DepositHistory highlight={returnedOrder} methods={list} />
      <DepositLimits />
    </div>
  );
}

function feeText(feeBps: number, formatOptions: ReturnType<typeof useMoney>['formatOptions']): string {
  const digits = feeBps % 100 === 0 ? 0 : feeBps % 10 === 0 ? 1 : 2;
  // A rate, not money: basis points to a percentage.
  return `${formatNumber(feeBps / 100, formatOptions, digits)} %`;
}

function MethodCards({
  methods,
  selected,
  onSelect,
}: {
  methods: DepositMethod[];
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  return (
    <div className="wallet-cards" role="radiogroup" aria-label={t('title_deposit_methods')}>
      {methods.map((method) => (
        <button
          key={method.code}
          type="button"
          role="radio"
          aria-checked={method.code === selected}
          className="wallet-card"
          onClick={() => onSelect(method.code)}
        >
          <span className="wallet-card__name">{method.name}</span>
          <span className="wallet-card__meta">
            {t('label_limits_range', { min: money(method.min), max: money(method.max) })}
          </span>
          <span className="wallet-card__meta">
            {method.feeBps > 0
              ? t('label_fee_value', { value: feeText(method.feeBps, formatOptions) })
              : t('label_no_fee')}
          </span>
        </button>
      ))}
    </div>
  );
}

function BankDetails({ bank }: { bank: NonNullable<DepositMethod['bank']> }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('label_bank_name'), value: bank.bankName },
    { label: t('label_account_holder'), value: bank.accountName },
    { label: t('label_account_number'), value: bank.accountNumber },
  ];
  return (
    <dl className="wallet-bank" aria-label={t('title_pay_to')}>
      {rows.map((row) => (
        <div className="wallet-bank__row" key={row.label}>
          <dt>{row.label}</dt>
          <dd>
            <span>{row.value}</span>
            <CopyButton text={row.value} label={row.label} className="wallet-copy" iconSize={14} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface DepositValues {
  amount: string;
  reference: string;
}

function DepositForm({ method }: { method: DepositMethod }) {
  const { t } = useTranslation();
  const { money, precision, formatOptions } = useMoney();
  const amountField = useDepositAmountField(method);
  const requestId = useRequestId();
  const create = useCreateDeposit();
  const [created, setCreated] = useState<DepositOrder | null>(null);
  const [receipts, setReceipts] = useState<PickedImage[]>([]);
  const [receiptsError, setReceiptsError] = useState<string | null>(null);
  const isBank = method.kind === 'bank_transfer';
  const rules = { precision, min: method.min, max: method.max };

  const schema = useMemo(
    () =>
      z.object({
        amount: amountSchema(rules, t, money),
        reference: z
          .string()
          .trim()
          .max(64, t('text_max_characters', { value: 64 }))
          .refine((value) => !isBank || value.length > 0, t('text_reference_required')),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the method or language changes
    [method.code, t, precision],
  );
  const { form, alert, submit, fieldError } = useServerForm<DepositValues>({
    schema,
    defaultValues: { amount: '', reference: '' },
    fields: ['amount', 'reference'],
    action: async (values) => {
      setReceiptsError(null);
      const body = {
        methodCode: method.code,
        amount: values.amount,
        ...(isBank ? { reference: values.reference.trim() } : {}),
        ...(isBank && receipts.length > 0
          ? { receipts: receipts.map(({ contentType, data }) => ({ contentType, data })) }
          : {}),
      };
      const order = await create.mutateAsync({ ...body, requestId: requestId.idFor(body) });
      requestId.settle();
      if (order.payUrl && order.kind !== 'bank_transfer') {
        // The gateway's hosted page; it sends the player back to /index?depositOrder=<id>.
        window.location.assign(order.payUrl);
        return;
      }
      setCreated(order);
      setReceipts([]);
      form.reset({ amount: '', reference: '' });
    },
    onError: (error) => {
      if (setAmountRangeError(error, form.setError, t, money)) return true;
      if (errorCode(error) === 'DEPOSIT_LIMIT_EXCEEDED') {
        const value = errorValue(error);
        const period = typeof value.period === 'string' ? value.period : 'day';
        form.setError('amount', {
          type: 'server',
          message: t('text_deposit_limit_exceeded', {
            period: t(periodLabelKeys[period as keyof typeof periodLabelKeys] ?? 'label_limit_day'),
            limit: money(typeof value.limit === 'string' ? value.limit : '0'),
            used: money(typeof value.used === 'string' ? value.used : '0'),
          }),
        });
      } else if (issueFields(error).some((field) => field.startsWith('receipts'))) {
        setReceiptsError(t('text_receipt_refused'));
      } else {
        return false;
      }
      return true;
    },
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {isBank && method.bank ? (
        <>
          <p className="wallet-section__text">{t('text_bank_transfer_steps')}</p>
          <BankDetails bank={method.bank} />
        </>
      ) : (
        <p className="wallet-section__text">{t('text_gateway_steps')}</p>
      )}
      <TextField
        {...amountField}
        hint={
          method.feeBps > 0 ? t('text_fee_hint', { value: feeText(method.feeBps, formatOptions) }) : undefined
        }
        error={fieldError('amount')}
        {...form.register('amount')}
      />
      {isBank ? (
        <TextField
          label={t('label_transfer_reference')}
          placeholder={t('placeholder_transfer_reference')}
          isRequired
          autoComplete="off"
          hint={t('text_reference_hint')}
          error={fieldError('reference')}
          {...form.register('reference')}
        />
      ) : null}
      {isBank ? (
        <ImagePicker
          label={t('label_transfer_receipts')}
          hint={t('text_transfer_receipts_hint')}
          max={3}
          images={receipts}
          onChange={(images) => {
            setReceiptsError(null);
            setReceipts(images);
          }}
          error={receiptsError}
        />
      ) : null}
      <DepositFormEnd alert={alert} created={created} isBusy={form.formState.isSubmitting}>
        {isBank ? t('action_submit_deposit') : t('action_pay_now')}
      </DepositFormEnd>
    </form>
  );
}

/** After the gateway: the order the player came back for, polled while the gateway's word is due. */
function ReturnedOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const queryClient = useQueryClient();
  const history = useDepositHistory({ pageNo: 1, pageSize: 20 }, (orders) =>
    orders?.find((order) => order.orderId === orderId)?.status === 'pending' ? 3000 : false,
  );
  const order = history.data?.list.find((item) => item.orderId === orderId) ?? null;
  const status = order?.status;
  useEffect(() => {
    if (status && status !== 'pending') void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [status, queryClient]);
  if (!order) return null;
  const key =
    order.status === 'approved'
      ? 'text_deposit_return_approved'
      : order.status === 'pending'
        ? 'text_deposit_return_pending'
        : 'text_deposit_return_failed';
  return (
    <p className={order.status === 'rejected' ? 'form__alert' : 'form__notice'} role="status">
      {t(key, { id: order.orderId, value: money(order.credited), amount: money(order.amount) })}
    </p>
  );
}

function DepositHistory({ highlight, methods }: { highlight: number | null; methods: DepositMethod[] }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const history = useDepositHistory({ pageNo, pageSize: historyPageSize });
  const nameOf = (code: string) => methods.find((method) => method.code === code)?.name ?? code;

  return (
    <HistorySection
      id="deposit-history-title"
      titleKey="title_deposit_history"
      emptyKey="empty_deposit_history"
      history={history}
      pageNo={pageNo}
      onPage={setPageNo}
      renderItem={(order) => (
        <li
          key={order.orderId}
          className={`wallet-item${order.orderId === highlight ? ' wallet-item--highlight' : ''}`}
          data-order={order.orderId}
        >
          <div className="wallet-item__head">
            <span className="wallet-item__title">
              {nameOf(order.methodCode)} · #{order.orderId}
            </span>
            <StatusBadge status={order.status} />
          </div>
          <div className="wallet-item__head">
            <span className="wallet-item__meta">{formatDateTime(order.createdAt, formatOptions)}</span>
            <span className="wallet-item__amount">{money(order.amount)}</span>
          </div>
          {order.status === 'approved' ? (
            <span className="wallet-item__meta">
              {compareAmounts(order.fee, '0') === 0
                ? t('text_deposit_credited_no_fee', { value: money(order.credited) })
                : t('text_deposit_credited', { value: money(order.credited), fee: money(order.fee) })}
            </span>
          ) : null}
          {order.reference ? (
            <span className="wallet-item__meta">
              {t('label_transfer_reference')}: {order.reference}
            </span>
          ) : null}
          {order.wallet ? (
            <span className="wallet-item__meta">
              {t('text_wallet_deposit_meta', {
                trxId: order.wallet.trxId,
                sender: order.wallet.senderNumber,
                receiver: order.wallet.receivingNumber,
              })}
            </span>
          ) : null}
          {order.status === 'rejected' && order.reason ? (
            <span className="wallet-item__meta">{order.reason}</span>
          ) : null}
          {order.status === 'pending' && order.payUrl ? (
            <a className="form__link" href={order.payUrl}>
              {t('action_continue_payment')}
            </a>
          ) : null}
        </li>
      )}
    />
  );
}
