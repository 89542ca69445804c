import { z } from 'zod';
import {
  playerSearchKindSchema,
  playerSearchKinds,
  playerSearchTextSchema,
  type PlayerSummary,
} from '@khela/contract';
import { operatorPlayerSearch } from '@khela/contract/call-routes';
import { Link, useSearchParams } from '../../app/router.tsx';
import { useCall } from '../../shared/api/hooks.ts';
import { SelectField, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatTime, orDash } from './format.ts';
import { StatusBadge } from './status-badge.tsx';

const searchForm = z.object({
  by: playerSearchKindSchema,
  q: playerSearchTextSchema,
});
type SearchForm = z.infer<typeof searchForm>;

const pageSize = 20;

function kindOf(value: string | null): SearchForm['by'] {
  const parsed = playerSearchKindSchema.safeParse(value);
  return parsed.success ? parsed.data : 'username';
}

/** Players and agents: search by username, mobile, id or IP; the query lives in the address. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const by = kindOf(params.get('by'));
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Math.min(100_000, Number(params.get('page')) || 1));
  const results = useCall(operatorPlayerSearch, { by, q, page, pageSize }, { enabled: q.length > 0 });

  const { form, submit, fieldError, isSubmitting } = useServerForm<SearchForm>({
    schema: searchForm,
    defaultValues: { by, q },
    fields: ['by', 'q'],
    action: async (values) => {
      setParams({ by: values.by, q: values.q.trim() });
    },
  });

  const columns: Column<PlayerSummary>[] = [
    {
      key: 'account',
      header: t('players_col_account'),
      cell: (row) => <Link to={`/players/${row.id}`}>{row.account}</Link>,
    },
    { key: 'nickname', header: t('players_col_nickname'), cell: (row) => row.nickname, wide: true },
    { key: 'kind', header: t('players_col_kind'), cell: (row) => t(`players_kind_${row.kind}`) },
    { key: 'status', header: t('players_col_status'), cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'mobile', header: t('players_col_mobile'), cell: (row) => orDash(row.mobile), wide: true },
    {
      key: 'registered',
      header: t('players_col_registered'),
      cell: (row) => formatTime(row.registeredAt),
      wide: true,
    },
    {
      key: 'login',
      header: t('players_col_last_login'),
      cell: (row) => formatTime(row.lastLoginAt),
      wide: true,
    },
    {
      key: 'balance',
      header: t('players_col_balance'),
      align: 'end',
      cell: (row) => <span className="nowrap">{`${row.balance} ${row.currency}`}</span>,
    },
  ];

  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const goTo = (next: number) => setParams({ by, q, page: next > 1 ? String(next) : undefined });

  return (
    <Page title={t('players_search_title')}>
      <Section>
        <form
          className="form players-search"
          role="search"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <SelectField
            label={t('players_search_by')}
            options={playerSearchKinds.map((kind) => ({
              value: kind,
              label: t(`players_search_by_${kind}`),
            }))}
            error={fieldError('by')}
            {...form.register('by')}
          />
          <TextField
            label={t('players_search_query')}
            type="search"
            maxLength={64}
            autoComplete="off"
            error={fieldError('q')}
            {...form.register('q')}
          />
          <div className="players-search__submit">
            <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
              {t('players_search_submit')}
            </SubmitButton>
          </div>
        </form>
      </Section>
      {q ? (
        <Section title={t('players_search_results', { count: total })}>
          <Table
            label={t('players_search_results', { count: total })}
            columns={columns}
            rows={results.data?.items}
            rowKey={(row) => row.id}
            isLoading={results.isLoading}
            error={results.error}
            onRetry={() => void results.refetch()}
            emptyText={t('players_search_none')}
          />
          {pages > 1 ? (
            <div className="players-pager">
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                {t('players_page_previous')}
              </button>
              <span className="muted">{t('players_page_of', { page, pages })}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              >
                {t('players_page_next')}
              </button>
            </div>
          ) : null}
        </Section>
      ) : (
        <p className="muted">{t('players_search_hint')}</p>
      )}
    </Page>
  );
}
