import { useState } from 'react';
import { gameCategories, slotClassifies, type GameCategory, type SlotClassify } from '@khela/contract';
import {
  operatorGameUpdate,
  operatorGames,
  operatorSyncGames,
  operatorVendorUpdate,
  operatorVendors,
} from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall, type BodyOf, type ValueOf } from '../../shared/api/hooks.ts';
import { FormAlert, SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { OnOff, formatTime, serverErrors } from './site-kit.tsx';

type Vendor = ValueOf<typeof operatorVendors>[number];
type Game = ValueOf<typeof operatorGames>['games'][number];
type SyncResult = ValueOf<typeof operatorSyncGames>['vendors'][number];

/** An order typed in a cell, saved when it leaves the field with another value. */
function OrderCell({
  value,
  label,
  onSave,
}: {
  value: number;
  label: string;
  onSave: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <input
      className="field__control site-order"
      inputMode="numeric"
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        const next = Number(text);
        if (Number.isInteger(next) && next >= 0 && next !== value) onSave(next);
        else setText(String(value));
      }}
    />
  );
}

function Switch({
  on,
  label,
  disabled,
  onChange,
}: {
  on: boolean;
  label: string;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="site-switch">
      <input
        type="checkbox"
        checked={on}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="visually-hidden">{label}</span>
      <OnOff on={on} />
    </label>
  );
}

/** A select inside a table cell (a row's category or class), named after its row. */
function InlineSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <select
      className="field__control site-inline-select"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const categoryOptions = gameCategories.map((category) => ({ value: category, label: category }));

/** What vendors and games both change from their rows. */
interface RowChanges {
  gameType?: GameCategory;
  sortOrder?: number;
  isHot?: boolean;
  enabled?: boolean;
}

/**
 * The columns vendors and games share: the category (a select for an operator who manages games),
 * and the order, hot and enabled cells; `name` names the row in each control's label.
 */
function managedColumns<
  Row extends { gameType: string; sortOrder: number; isHot: boolean; enabled: boolean },
>(
  mayManage: boolean,
  name: (row: Row) => string,
  change: (row: Row, changes: RowChanges) => void,
): { category: Column<Row>; settings: Column<Row>[] } {
  return {
    category: {
      key: 'category',
      header: t('site_category'),
      cell: (row) =>
        mayManage ? (
          <InlineSelect
            label={`${t('site_category')}: ${name(row)}`}
            value={row.gameType}
            options={categoryOptions}
            onChange={(value) => change(row, { gameType: value as GameCategory })}
          />
        ) : (
          row.gameType
        ),
    },
    settings: [
      {
        key: 'order',
        header: t('site_order'),
        cell: (row) =>
          mayManage ? (
            <OrderCell
              key={row.sortOrder}
              value={row.sortOrder}
              label={`${t('site_order')}: ${name(row)}`}
              onSave={(sortOrder) => change(row, { sortOrder })}
            />
          ) : (
            row.sortOrder
          ),
      },
      {
        key: 'hot',
        header: t('site_hot'),
        cell: (row) => (
          <Switch
            on={row.isHot}
            disabled={!mayManage}
            label={`${t('site_hot')}: ${name(row)}`}
            onChange={(isHot) => change(row, { isHot })}
          />
        ),
      },
      {
        key: 'enabled',
        header: t('site_enabled'),
        cell: (row) => (
          <Switch
            on={row.enabled}
            disabled={!mayManage}
            label={`${t('site_enabled')}: ${name(row)}`}
            onChange={(enabled) => change(row, { enabled })}
          />
        ),
      },
    ],
  };
}

function VendorsSection({ mayManage }: { mayManage: boolean }) {
  const vendors = useCall(operatorVendors);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<readonly SyncResult[] | null>(null);
  const update = useMutationCall(operatorVendorUpdate, { invalidates: [operatorVendors, operatorGames] });
  const sync = useMutationCall(operatorSyncGames, { invalidates: [operatorVendors, operatorGames] });
  const change = (vassalage: string, changes: Omit<BodyOf<typeof operatorVendorUpdate>, 'vassalage'>) => {
    setError(null);
    update
      .mutateAsync({ body: { vassalage, ...changes } })
      .catch((failure: unknown) => setError(serverErrors(failure).alert));
  };
  const managed = managedColumns<Vendor>(
    mayManage,
    (row) => row.displayName,
    (row, changes) => change(row.vassalage, changes),
  );
  const columns: Column<Vendor>[] = [
    { key: 'name', header: t('site_vendor_name'), cell: (row) => row.displayName },
    { key: 'code', header: t('site_vendor_code'), cell: (row) => <code>{row.vassalage}</code>, wide: true },
    managed.category,
    {
      key: 'games',
      header: t('site_vendor_games'),
      cell: (row) => `${row.enabledGames} / ${row.games}`,
      align: 'end',
      wide: true,
    },
    ...managed.settings,
    {
      key: 'sync',
      header: t('site_vendor_last_sync'),
      cell: (row) =>
        row.lastSyncError ? (
          <span className="badge badge--danger">{row.lastSyncError}</span>
        ) : (
          formatTime(row.lastSyncAt)
        ),
      wide: true,
    },
    {
      // A transfer-mode vendor's bet records, pulled by a job: how fresh they are, or why not.
      key: 'records',
      header: t('site_vendor_records'),
      cell: (row) =>
        row.walletMode !== 'transfer' ? (
          t('site_vendor_records_seamless')
        ) : row.recordsError ? (
          <span className="badge badge--danger">{row.recordsError}</span>
        ) : row.recordsPulledAt === null ? (
          t('site_vendor_records_never')
        ) : (
          formatTime(row.recordsPulledAt)
        ),
      wide: true,
    },
  ];
  return (
    <Section
      title={t('site_vendors_title')}
      actions={
        mayManage ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={sync.isPending}
            onClick={() => {
              setError(null);
              sync
                .mutateAsync({ body: {} })
                .then((value) => setResults(value.vendors))
                .catch((failure: unknown) => setError(serverErrors(failure).alert));
            }}
          >
            {sync.isPending ? t('site_syncing') : t('site_sync_now')}
          </button>
        ) : null
      }
    >
      <p className="muted">{t('site_vendors_lead')}</p>
      <FormAlert>{error}</FormAlert>
      {results ? (
        <FormAlert tone="notice">
          {results
            .map((result) =>
              result.ok
                ? t('site_sync_result', {
                    vendor: result.vendorCode,
                    listed: result.listed,
                    added: result.added,
                    disabled: result.disabled,
                  })
                : t('site_sync_failed', { vendor: result.vendorCode, error: result.error ?? '' }),
            )
            .join(' · ') || t('site_sync_none')}
        </FormAlert>
      ) : null}
      <Table
        label={t('site_vendors_title')}
        columns={columns}
        rows={vendors.data}
        rowKey={(row) => row.vassalage}
        isLoading={vendors.isLoading}
        error={vendors.error}
        onRetry={() => void vendors.refetch()}
        emptyText={t('site_empty')}
      />
    </Section>
  );
}

function GamesSection({ mayManage }: { mayManage: boolean }) {
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [gameType, setGameType] = useState<GameCategory | ''>('');
  const [enabled, setEnabled] = useState<'all' | 'on' | 'off'>('all');
  const [pageNo, setPageNo] = useState(1);
  const pageSize = 25;
  const query = {
    ...(search ? { search } : {}),
    ...(gameType ? { gameType } : {}),
    enabled,
    pageNo,
    pageSize,
  };
  const list = useCall(operatorGames, query);
  const [error, setError] = useState<string | null>(null);
  const update = useMutationCall(operatorGameUpdate, { invalidates: [operatorGames, operatorVendors] });
  const change = (nodeId: number, changes: Omit<BodyOf<typeof operatorGameUpdate>, 'nodeId'>) => {
    setError(null);
    update
      .mutateAsync({ body: { nodeId, ...changes } })
      .catch((failure: unknown) => setError(serverErrors(failure).alert));
  };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const managed = managedColumns<Game>(
    mayManage,
    (row) => row.name,
    (row, changes) => change(row.nodeId, changes),
  );
  const columns: Column<Game>[] = [
    {
      key: 'icon',
      header: t('shell_table_picture'),
      hideHeader: true,
      cell: (row) =>
        row.icon ? <img className="site-game-icon" src={row.icon} alt="" loading="lazy" /> : null,
      wide: true,
    },
    {
      key: 'name',
      header: t('site_game_name'),
      cell: (row) => (
        <span>
          {row.name}
          <br />
          <code className="muted">
            {row.vassalage} · {row.gameCode}
          </code>
        </span>
      ),
    },
    managed.category,
    {
      key: 'classify',
      header: t('site_classify'),
      cell: (row) =>
        mayManage ? (
          <InlineSelect
            label={`${t('site_classify')}: ${row.name}`}
            value={row.classify ?? ''}
            options={[
              { value: '', label: '—' },
              ...slotClassifies.map((classify) => ({ value: classify, label: classify })),
            ]}
            onChange={(value) => change(row.nodeId, { classify: (value || null) as SlotClassify | null })}
          />
        ) : (
          (row.classify ?? '—')
        ),
      wide: true,
    },
    ...managed.settings,
  ];
  return (
    <Section title={t('site_games_title')}>
      <form
        className="site-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setPageNo(1);
          setSearch(typed.trim());
        }}
      >
        <TextField
          label={t('site_games_search')}
          value={typed}
          maxLength={60}
          onChange={(event) => setTyped(event.target.value)}
        />
        <SelectField
          label={t('site_category')}
          value={gameType}
          emptyLabel={t('site_any')}
          options={categoryOptions}
          onChange={(event) => {
            setPageNo(1);
            setGameType(event.target.value as GameCategory | '');
          }}
        />
        <SelectField
          label={t('site_enabled')}
          value={enabled}
          options={[
            { value: 'all', label: t('site_any') },
            { value: 'on', label: t('site_on') },
            { value: 'off', label: t('site_off') },
          ]}
          onChange={(event) => {
            setPageNo(1);
            setEnabled(event.target.value as 'all' | 'on' | 'off');
          }}
        />
        <button type="submit" className="button button--primary site-filters__submit">
          {t('site_search')}
        </button>
      </form>
      <FormAlert>{error}</FormAlert>
      <Table
        label={t('site_games_title')}
        columns={columns}
        rows={list.data?.games}
        rowKey={(row) => row.nodeId}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('site_games_empty')}
      />
      <div className="site-pager">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={pageNo <= 1}
          onClick={() => setPageNo(pageNo - 1)}
        >
          {t('site_previous')}
        </button>
        <span className="muted">{t('site_page_of', { page: pageNo, pages, total })}</span>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={pageNo >= pages}
          onClick={() => setPageNo(pageNo + 1)}
        >
          {t('site_next')}
        </button>
      </div>
    </Section>
  );
}

export default function GamesPage() {
  const can = useCan();
  const mayManage = can('games.manage');
  return (
    <Page title={t('site_nav_games')}>
      <VendorsSection mayManage={mayManage} />
      <GamesSection mayManage={mayManage} />
    </Page>
  );
}
