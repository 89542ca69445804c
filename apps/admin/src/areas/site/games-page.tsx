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
  const columns: Column<Vendor>[] = [
    { key: 'name', header: t('site_vendor_name'), cell: (row) => row.displayName },
    { key: 'code', header: t('site_vendor_code'), cell: (row) => <code>{row.vassalage}</code>, wide: true },
    {
      key: 'category',
      header: t('site_category'),
      cell: (row) =>
        mayManage ? (
          <select
            className="field__control site-inline-select"
            aria-label={`${t('site_category')}: ${row.displayName}`}
            value={row.gameType}
            onChange={(event) => change(row.vassalage, { gameType: event.target.value as GameCategory })}
          >
            {gameCategories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        ) : (
          row.gameType
        ),
    },
    {
      key: 'games',
      header: t('site_vendor_games'),
      cell: (row) => `${row.enabledGames} / ${row.games}`,
      align: 'end',
      wide: true,
    },
    {
      key: 'order',
      header: t('site_order'),
      cell: (row) =>
        mayManage ? (
          <OrderCell
            key={row.sortOrder}
            value={row.sortOrder}
            label={`${t('site_order')}: ${row.displayName}`}
            onSave={(sortOrder) => change(row.vassalage, { sortOrder })}
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
          label={`${t('site_hot')}: ${row.displayName}`}
          onChange={(isHot) => change(row.vassalage, { isHot })}
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
          label={`${t('site_enabled')}: ${row.displayName}`}
          onChange={(enabled) => change(row.vassalage, { enabled })}
        />
      ),
    },
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
  const columns: Column<Game>[] = [
    {
      key: 'icon',
      header: '',
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
    {
      key: 'category',
      header: t('site_category'),
      cell: (row) =>
        mayManage ? (
          <select
            className="field__control site-inline-select"
            aria-label={`${t('site_category')}: ${row.name}`}
            value={row.gameType}
            onChange={(event) => change(row.nodeId, { gameType: event.target.value as GameCategory })}
          >
            {gameCategories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        ) : (
          row.gameType
        ),
    },
    {
      key: 'classify',
      header: t('site_classify'),
      cell: (row) =>
        mayManage ? (
          <select
            className="field__control site-inline-select"
            aria-label={`${t('site_classify')}: ${row.name}`}
            value={row.classify ?? ''}
            onChange={(event) =>
              change(row.nodeId, { classify: (event.target.value || null) as SlotClassify | null })
            }
          >
            <option value="">—</option>
            {slotClassifies.map((classify) => (
              <option key={classify} value={classify}>
                {classify}
              </option>
            ))}
          </select>
        ) : (
          (row.classify ?? '—')
        ),
      wide: true,
    },
    {
      key: 'order',
      header: t('site_order'),
      cell: (row) =>
        mayManage ? (
          <OrderCell
            key={row.sortOrder}
            value={row.sortOrder}
            label={`${t('site_order')}: ${row.name}`}
            onSave={(sortOrder) => change(row.nodeId, { sortOrder })}
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
          label={`${t('site_hot')}: ${row.name}`}
          onChange={(isHot) => change(row.nodeId, { isHot })}
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
          label={`${t('site_enabled')}: ${row.name}`}
          onChange={(on) => change(row.nodeId, { enabled: on })}
        />
      ),
    },
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
          options={gameCategories.map((category) => ({ value: category, label: category }))}
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
