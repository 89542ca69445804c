import './money.css';
import { useState } from 'react';
import type { ValueOf } from '@khela/contract';
import {
  operatorLedgerAccounts,
  operatorLedgerEntries,
  operatorLedgerEntry,
} from '@khela/contract/call-routes';
import { useSearchParams } from '../../app/router.tsx';
import { useCall } from '../../shared/api/hooks.ts';
import { TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime, jsonText } from './format.ts';

type Account = ValueOf<typeof operatorLedgerAccounts>[number];
type Line = ValueOf<typeof operatorLedgerEntries>['items'][number];
type Posting = ValueOf<typeof operatorLedgerEntry>['postings'][number];

const pageSize = 50;

/** The ledger browser: accounts (by address or member) → their postings → an entry's postings and metadata. */
export default function LedgerPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const address = params.get('address') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [text, setText] = useState(q);
  const [entryId, setEntryId] = useState<number | null>(null);

  const accounts = useCall(operatorLedgerAccounts, { q, limit: 50 }, { enabled: q.trim().length > 0 });
  const entries = useCall(
    operatorLedgerEntries,
    { address, page, pageSize },
    { enabled: address.length > 0 },
  );
  const pages = entries.data ? Math.max(1, Math.ceil(entries.data.total / pageSize)) : 1;

  return (
    <Page title={t('money_ledger_title')}>
      <Section>
        <form
          className="money-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setParams({ q: text.trim() || undefined });
          }}
        >
          <TextField
            label={t('money_ledger_search')}
            hint={t('money_ledger_search_hint')}
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            {t('money_ledger_search_submit')}
          </button>
        </form>
      </Section>
      {q ? (
        <Section title={t('money_ledger_accounts')}>
          <Table<Account>
            label={t('money_ledger_accounts')}
            rows={accounts.data}
            rowKey={(account) => account.accountId}
            isLoading={accounts.isLoading}
            error={accounts.error}
            onRetry={() => void accounts.refetch()}
            emptyText={t('money_ledger_accounts_empty')}
            columns={[
              {
                key: 'address',
                header: t('money_address'),
                cell: (account) => (
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => setParams({ q, address: account.address })}
                  >
                    {account.address}
                  </button>
                ),
              },
              { key: 'member', header: t('money_member'), cell: (account) => account.username ?? '—' },
              { key: 'kind', header: t('money_kind'), wide: true, cell: (account) => account.kind },
              {
                key: 'balance',
                header: t('money_balance'),
                align: 'end',
                cell: (account) => formatMoney(account.balance, account.currency),
              },
            ]}
          />
        </Section>
      ) : null}
      {address ? (
        <Section
          title={t('money_ledger_entries', { address })}
          actions={
            <div className="money-pager">
              <button
                type="button"
                className="button button--ghost"
                disabled={page <= 1}
                onClick={() => setParams({ q, address, page: String(page - 1) })}
              >
                {t('money_previous')}
              </button>
              <span>{t('money_page', { page, pages })}</span>
              <button
                type="button"
                className="button button--ghost"
                disabled={page >= pages}
                onClick={() => setParams({ q, address, page: String(page + 1) })}
              >
                {t('money_next')}
              </button>
            </div>
          }
        >
          {entries.data ? (
            <p className="money-note">
              {`${entries.data.account.address} · ${t('money_balance')}: ${formatMoney(entries.data.account.balance, entries.data.account.currency)}`}
            </p>
          ) : null}
          <Table<Line>
            label={t('money_ledger_entries', { address })}
            rows={entries.data?.items}
            rowKey={(line) => line.postingId}
            isLoading={entries.isLoading}
            error={entries.error}
            onRetry={() => void entries.refetch()}
            emptyText={t('money_ledger_entries_empty')}
            columns={[
              {
                key: 'entry',
                header: t('money_entry'),
                cell: (line) => (
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => setEntryId(line.entryId)}
                  >
                    {line.entryId}
                  </button>
                ),
              },
              {
                key: 'time',
                header: t('money_time'),
                wide: true,
                cell: (line) => formatTime(line.createdAt),
              },
              { key: 'kind', header: t('money_kind'), cell: (line) => line.kind },
              {
                key: 'amount',
                header: t('money_amount'),
                align: 'end',
                cell: (line) => formatMoney(line.amount),
              },
              {
                key: 'after',
                header: t('money_balance_after'),
                align: 'end',
                cell: (line) => formatMoney(line.balanceAfter),
              },
            ]}
          />
        </Section>
      ) : null}
      {entryId !== null ? <EntryDialog entryId={entryId} onClose={() => setEntryId(null)} /> : null}
    </Page>
  );
}

function EntryDialog({ entryId, onClose }: { entryId: number; onClose: () => void }) {
  const entry = useCall(operatorLedgerEntry, { entryId });
  const value = entry.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('money_entry_title', { id: entryId })}
      size="wide"
    >
      {entry.isLoading ? <Loading rows={3} /> : null}
      {entry.error ? <ErrorState error={entry.error} onRetry={() => void entry.refetch()} /> : null}
      {value ? (
        <div className="money-entry">
          <p className="money-note">
            {`${value.kind} · ${formatTime(value.createdAt)} · ${t('money_entry_key')}: ${value.idempotencyKey}`}
            {value.reversesEntryId ? ` · ${t('money_entry_reverses', { id: value.reversesEntryId })}` : ''}
          </p>
          <h3 className="section__title">{t('money_entry_postings')}</h3>
          <Table<Posting>
            label={t('money_entry_postings')}
            rows={value.postings}
            rowKey={(posting) => posting.postingId}
            columns={[
              { key: 'address', header: t('money_address'), cell: (posting) => posting.address },
              {
                key: 'amount',
                header: t('money_amount'),
                align: 'end',
                cell: (posting) => formatMoney(posting.amount, posting.currency),
              },
              {
                key: 'after',
                header: t('money_balance_after'),
                align: 'end',
                cell: (posting) => formatMoney(posting.balanceAfter),
              },
            ]}
          />
          <h3 className="section__title">{t('money_entry_metadata')}</h3>
          <pre className="money-json">{jsonText(value.metadata)}</pre>
        </div>
      ) : null}
    </Dialog>
  );
}
