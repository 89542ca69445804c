import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import ReceiptText from 'lucide-react/icons/receipt-text';
import type { AccountRecordLine, RecordKind } from '@khela/contract';
import { recordKinds } from '@khela/contract/record-kinds';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { formatAmountText, formatDateTime } from '../../shared/lib/format.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Pager } from '../../shared/ui/pager.tsx';
import { FilterSelect, PeriodButtons } from '../../shared/ui/record-filters.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { useRecordPaging } from '../../shared/hooks/use-record-paging.ts';
import { useAccountRecord } from './api/get-account-record.ts';
import { recordKindLabelKeys, walletKindLabelKeys } from './record-labels.ts';
import { useGameWallets } from './transfer/use-wallets.ts';
import './account-record-page.css';

const pageSize = 20;

/**
 * One line per movement the member made: a withdrawal's hold (or its release) moves money between the
 * main wallet and the hold wallet in one entry, booked as two lines; the main wallet's line says it
 * (Held, −amount, the balance left), so the hold wallet's twin is not shown again (issue 38).
 */
export function shownLines(list: readonly AccountRecordLine[]): AccountRecordLine[] {
  const entriesWithOtherWallet = new Set(
    list.filter((line) => line.wallet !== 'hold').map((line) => line.entryId),
  );
  return list.filter(
    (line) =>
      !(
        line.wallet === 'hold' &&
        (line.type === 'hold' || line.type === 'release') &&
        entriesWithOtherWallet.has(line.entryId)
      ),
  );
}
/** transactionHistory (spec 2 member centre): every ledger line of the member, with the running balance. */
export function AccountRecordPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const formatOptions = useFormatOptions();
  const [type, setType] = useState<RecordKind | ''>('');
  const { pageNo, setPageNo, from, filterChanged, periodButtons } = useRecordPaging();
  const record = useAccountRecord({
    ...(type ? { type } : {}),
    ...(from === undefined ? {} : { from }),
    pageNo,
    pageSize,
  });
  const amount = (text: string) => formatAmountText(text, formatOptions, brand.currencyPrecision);
  const lines = record.data ? shownLines(record.data.list) : [];
  // A game wallet by its game's name (the lobby's), not its code: asked only when one is listed.
  const gameWallets = useGameWallets(lines.some((line) => line.wallet === 'vendor'));
  const walletName = (line: AccountRecordLine): string =>
    line.wallet === 'vendor' && line.vendor
      ? (gameWallets.data?.wallets.find((wallet) => wallet.vendorCode === line.vendor)?.name ?? line.vendor)
      : t(walletKindLabelKeys[line.wallet]);

  return (
    <div className="account-record">
      <div className="record-filters">
        <FilterSelect
          label={t('label_record_type')}
          value={type}
          onChange={(value) => {
            setType(value as RecordKind | '');
            filterChanged();
          }}
        >
          <option value="">{t('label_all_types')}</option>
          {recordKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(recordKindLabelKeys[kind])}
            </option>
          ))}
        </FilterSelect>
        <PeriodButtons {...periodButtons} />
      </div>

      {record.isPending ? (
        <Skeleton rows={5} height="3.25rem" />
      ) : record.isError ? (
        <FormAlert textKey="err_network" />
      ) : record.data.list.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title={t('empty_account_record')}
          text={t('empty_account_record_text')}
        />
      ) : (
        <>
          <ul className="record-list" aria-busy={record.isFetching || undefined}>
            {lines.map((line) => {
              const isCredit = !line.amount.startsWith('-');
              return (
                <li key={`${line.entryId}-${line.wallet}-${line.vendor ?? ''}`} className="record-line">
                  <div className="record-line__main">
                    <span className="account-record__type">{t(recordKindLabelKeys[line.type])}</span>
                    <span className="account-record__meta">
                      {formatDateTime(line.time, formatOptions)} · {walletName(line)}
                    </span>
                    {line.remark ? <span className="account-record__remark">{line.remark}</span> : null}
                  </div>
                  <div className="record-line__money">
                    <span
                      className={`account-record__amount account-record__amount--${isCredit ? 'in' : 'out'}`}
                    >
                      {isCredit ? '+' : ''}
                      {amount(line.amount)}
                    </span>
                    <span className="account-record__balance">
                      {t('label_balance_after', {
                        value: `${brand.currencySymbol}${amount(line.balanceAfter)}`,
                      })}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager pageNo={pageNo} totalPages={record.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </div>
  );
}
