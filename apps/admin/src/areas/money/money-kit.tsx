import { useState, type ReactNode } from 'react';
import { useSearchParams } from '../../app/router.tsx';
import { errorText } from '../../shared/forms/api-errors.ts';
import { FormAlert, SelectField, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';

// What the money queues (deposits, withdrawals, adjustments, vendor transfers) share: the status
// filter, the member and amount columns, approve/reject buttons with their notice, dialog buttons.

/** The list's status from the page's `?status=` when it is one of `statuses`, else `fallback`. */
export function useStatusParam<S extends string>(
  statuses: readonly S[],
  fallback: S,
): [S, (status: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = (statuses as readonly string[]).includes(asked) ? (asked as S) : fallback;
  return [status, (value) => setParams({ status: value })];
}

/** The status select above a queue. */
export function StatusFilter<S extends string>({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly S[];
  value: S;
  onChange: (status: string) => void;
}) {
  return (
    <div className="money-filters">
      <SelectField
        label={t('money_status')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={statuses.map((status) => ({ value: status, label: t(`money_status_${status}`) }))}
      />
    </div>
  );
}

/** The member column of a queue. */
export function memberColumn<Row extends { username: string }>(): Column<Row> {
  return { key: 'member', header: t('money_member'), cell: (row) => row.username };
}

/** The amount column of a queue (with the currency). */
export function amountColumn<Row extends { amount: string; currency: string }>(): Column<Row> {
  return {
    key: 'amount',
    header: t('money_amount'),
    align: 'end',
    cell: (row) => formatMoney(row.amount, row.currency),
  };
}

/** When the row was made. */
export function createdColumn<Row extends { createdAt: number }>(): Column<Row> {
  return { key: 'created', header: t('money_created'), wide: true, cell: (row) => formatTime(row.createdAt) };
}

/** A table's loading, error and retry from the call that lists its rows. */
export function listState(list: { isLoading: boolean; error: unknown; refetch: () => unknown }) {
  return { isLoading: list.isLoading, error: list.error, onRetry: () => void list.refetch() };
}

/**
 * The notice above a queue, and `run`: clears it, runs an action, and shows what the action
 * returns or the error's text.
 */
export function useNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (action: () => Promise<string>) => {
    setNotice(null);
    try {
      setNotice(await action());
    } catch (error) {
      setNotice(errorText(error));
    }
  };
  return { notice, setNotice, run, alert: <FormAlert tone="notice">{notice}</FormAlert> };
}

/** Approve and reject buttons of a waiting row. */
export function ApproveReject({ onApprove, onReject }: { onApprove: () => void; onReject: () => void }) {
  return (
    <div className="money-actions">
      <button type="button" className="button button--primary" onClick={onApprove}>
        {t('money_approve')}
      </button>
      <button type="button" className="button button--danger" onClick={onReject}>
        {t('money_reject')}
      </button>
    </div>
  );
}

/** The end of a dialog's form: its alert, cancel and submit. */
export function DialogActions({
  alert,
  onClose,
  isSubmitting,
  children,
}: {
  alert: ReactNode;
  onClose: () => void;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('money_cancel')}
        </button>
        <SubmitButton isBusy={isSubmitting} busyLabel={t('money_working')}>
          {children}
        </SubmitButton>
      </div>
    </>
  );
}

/**
 * A queue page: the status filter, the notice and the table of the rows in that status; `children`
 * (the dialogs) after the section.
 */
export function StatusQueue<Row, S extends string>({
  title,
  tableLabel = title,
  statuses,
  status,
  onStatus,
  notice,
  columns,
  list,
  rowKey,
  emptyText,
  children,
}: {
  title: string;
  tableLabel?: string;
  statuses: readonly S[];
  status: S;
  onStatus: (status: string) => void;
  notice: ReactNode;
  columns: Column<Row>[];
  list: { data: readonly Row[] | undefined; isLoading: boolean; error: unknown; refetch: () => unknown };
  rowKey: (row: Row) => string | number;
  emptyText: string;
  children?: ReactNode;
}) {
  return (
    <Page title={title}>
      <Section>
        <StatusFilter statuses={statuses} value={status} onChange={onStatus} />
        {notice}
        <Table
          label={tableLabel}
          columns={columns}
          rows={list.data}
          rowKey={rowKey}
          {...listState(list)}
          emptyText={emptyText}
        />
      </Section>
      {children}
    </Page>
  );
}

/** A money form's outcome above its buttons: its failure, then what it did. */
export function FormOutcome({ alert, result }: { alert: ReactNode; result: ReactNode }) {
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <FormAlert tone="notice">{result}</FormAlert>
    </>
  );
}

/** The last 7, 30 or 90 days: the period of the alert and rebate lists. */
export const listPeriods = [7, 30, 90] as const;

export function PeriodSelect({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <SelectField
      label={t('money_alerts_days')}
      value={String(days)}
      onChange={(event) => onChange(Number(event.target.value))}
      options={listPeriods.map((period) => ({
        value: String(period),
        label: t('money_alerts_days_option', { days: period }),
      }))}
    />
  );
}

/**
 * The filter row of the member lists (rebates, bonus claims, referral rewards, bonus applications):
 * the page's own selects, the period, and a member's username, applied by the search button (the
 * selects apply at once).
 */
export function MemberListFilters({
  days,
  onDays,
  memberLabel,
  searchLabel,
  onMember,
  children,
}: {
  days: number;
  onDays: (days: number) => void;
  memberLabel: string;
  searchLabel: string;
  onMember: (username: string) => void;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  return (
    <form
      className="money-filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onMember(typed.trim());
      }}
    >
      {children}
      <PeriodSelect days={days} onChange={onDays} />
      <TextField
        label={memberLabel}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="button button--primary">
        {searchLabel}
      </button>
    </form>
  );
}
