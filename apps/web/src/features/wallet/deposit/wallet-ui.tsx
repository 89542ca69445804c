import type { ReactNode } from 'react';
import type { DepositMethod, DepositOrder } from '@khela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { Badge, type BadgeTone } from '../../../shared/ui/badge.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from './money.ts';
import '../../../shared/ui/card.css';

/** Small pieces shared by the wallet pages. */

const statusLabelKeys: Record<string, string> = {
  pending: 'status_pending',
  approved: 'status_approved',
  rejected: 'status_rejected',
  expired: 'status_expired',
  disbursed: 'status_disbursed',
  completed: 'status_completed',
  disputed: 'status_disputed',
};

const statusTones: Record<string, BadgeTone> = {
  pending: 'gold',
  disbursed: 'gold',
  approved: 'blue',
  completed: 'blue',
  rejected: 'danger',
  disputed: 'danger',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status] ?? 'muted'}>{t(statusLabelKeys[status] ?? status)}</Badge>;
}

/**
 * A paged history (deposits, withdrawals): its title, a skeleton while it loads, the failure, an
 * empty text, or the items and the pager.
 */
export function HistorySection<Item>({
  id,
  titleKey,
  emptyKey,
  history,
  pageNo,
  onPage,
  renderItem,
}: {
  id: string;
  titleKey: string;
  emptyKey: string;
  history: UseQueryResult<{ list: Item[]; totalPages: number }>;
  pageNo: number;
  onPage: (page: number) => void;
  /** One `<li className="wallet-item">` with its key. */
  renderItem: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card card--compact wallet-section" aria-labelledby={id}>
      <h3 className="wallet-section__title" id={id}>
        {t(titleKey)}
      </h3>
      {history.isPending ? (
        <Skeleton rows={3} height="3.5rem" />
      ) : history.isError ? (
        <FormAlert textKey={errorTextKey(history.error)} />
      ) : history.data.list.length === 0 ? (
        <p className="wallet-section__text">{t(emptyKey)}</p>
      ) : (
        <>
          <ul className="wallet-list" aria-busy={history.isFetching || undefined}>
            {history.data.list.map(renderItem)}
          </ul>
          <Pager pageNo={pageNo} totalPages={history.data.totalPages} onPage={onPage} />
        </>
      )}
    </section>
  );
}

/** A deposit amount field's fixed props: its label with the currency and the method's range. */
export function useDepositAmountField(method: DepositMethod) {
  const { t } = useTranslation();
  const { money } = useMoney();
  return {
    label: t('label_amount_currency', { currency: method.currency }),
    placeholder: t('placeholder_amount_range', { min: money(method.min), max: money(method.max) }),
    isRequired: true,
    inputMode: 'decimal',
    autoComplete: 'off',
  } as const;
}

/** The end of a deposit form: its failure, the order it created, and the send button. */
export function DepositFormEnd({
  alert,
  created,
  isBusy,
  children,
}: {
  alert: string | null;
  created: DepositOrder | null;
  isBusy: boolean;
  /** The button's label. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  return (
    <>
      <FormAlert textKey={alert} />
      {created ? (
        <FormAlert tone="notice">
          {t('text_deposit_submitted', { id: created.orderId, value: money(created.amount) })}
        </FormAlert>
      ) : null}
      <div className="form__actions">
        <SubmitButton tone="gold" isBusy={isBusy} busyLabel={t('state_sending')}>
          {children}
        </SubmitButton>
      </div>
    </>
  );
}
