import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { Badge, type BadgeTone } from '../../../shared/ui/badge.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
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
