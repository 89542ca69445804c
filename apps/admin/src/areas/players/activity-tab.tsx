import { useState, type ReactNode } from 'react';
import type { PlayerActivity, PlayerActivityKind } from '@khela/contract';
import { operatorPlayerActivity } from '@khela/contract/call-routes';
import { useCall } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatTime, orDash } from './format.ts';

export type ActivityKind = PlayerActivityKind;
type Row = PlayerActivity['items'][number];

const pageSize = 20;

function money(amount: string, currency?: string) {
  return <span className="nowrap">{currency ? `${amount} ${currency}` : amount}</span>;
}

/** Game categories in words (the member site's names), the code itself for one not listed. */
const categoryKeys: Readonly<Record<string, string>> = {
  LIVE: 'players_category_live',
  RNG: 'players_category_rng',
  FISH: 'players_category_fish',
  SPORTS: 'players_category_sports',
  ESPORTS: 'players_category_esports',
  PVP: 'players_category_poker',
  COCKFIGHT: 'players_category_cockfight',
  LOTT: 'players_category_lott',
  ELOTT: 'players_category_elott',
};

const roundStatusKeys: Readonly<Record<string, string>> = {
  open: 'players_round_open',
  settled: 'players_round_settled',
  rolled_back: 'players_round_rolled_back',
};

/** "Fast 1 minute · Fast Lottery · Fast lottery": the game, its vendor and category in words. */
export function roundGameText(row: {
  gameName: string | null;
  vendorName: string;
  gameType: string;
}): string {
  const category = categoryKeys[row.gameType];
  return [row.gameName, row.vendorName, category ? t(category) : row.gameType]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** A lottery bet's round ("L320") as the bet it is: "Lottery bet 320". */
export function roundIdText(row: { roundId: string; vendor: string }): string {
  const bet = /^L(\d+)$/.exec(row.roundId);
  return bet && (row.vendor === 'TCG_SEA' || row.vendor === 'TCG_LOTTO_VN')
    ? t('players_lottery_bet', { id: bet[1] })
    : row.roundId;
}

/** Every row's cells are text: strings a member typed (references, user agents) render escaped. */
function columnsOf(kind: ActivityKind): Column<Row>[] {
  const col = (
    key: string,
    header: string,
    cell: (row: never) => ReactNode,
    extra: Partial<Column<Row>> = {},
  ) => ({ key, header: t(header), cell: cell as (row: Row) => ReactNode, ...extra }) as Column<Row>;
  type Of<K extends ActivityKind> = Extract<PlayerActivity, { kind: K }>['items'][number];
  switch (kind) {
    case 'sessions':
      return [
        col('created', 'players_col_started', (row: Of<'sessions'>) => formatTime(row.createdAt)),
        col('live', 'players_col_state', (row: Of<'sessions'>) =>
          row.live ? (
            <span className="badge badge--ok">{t('players_session_live')}</span>
          ) : (
            <span className="badge badge--muted">{t('players_session_ended')}</span>
          ),
        ),
        col('site', 'players_col_site', (row: Of<'sessions'>) => row.site),
        col('ip', 'players_col_ip', (row: Of<'sessions'>) => orDash(row.ip)),
        col('seen', 'players_col_last_seen', (row: Of<'sessions'>) => formatTime(row.lastSeenAt), {
          wide: true,
        }),
        col('ended', 'players_col_ended', (row: Of<'sessions'>) => formatTime(row.endedAt), { wide: true }),
        col(
          'agent',
          'players_col_device',
          (row: Of<'sessions'>) => <span className="players-ua">{orDash(row.userAgent)}</span>,
          { wide: true },
        ),
      ];
    case 'logins':
      return [
        col('at', 'players_col_login_at', (row: Of<'logins'>) => formatTime(row.at)),
        col('ip', 'players_col_ip', (row: Of<'logins'>) => orDash(row.ip)),
        col('site', 'players_col_site', (row: Of<'logins'>) => row.site, { wide: true }),
        col('agent', 'players_col_device', (row: Of<'logins'>) => (
          <span className="players-ua">{orDash(row.userAgent)}</span>
        )),
      ];
    case 'deposits':
      return [
        col('at', 'players_col_created', (row: Of<'deposits'>) => formatTime(row.createdAt)),
        col('amount', 'players_col_amount', (row: Of<'deposits'>) => money(row.amount, row.currency), {
          align: 'end',
        }),
        col('status', 'players_col_status', (row: Of<'deposits'>) => row.status),
        col('method', 'players_col_method', (row: Of<'deposits'>) => row.method, { wide: true }),
        col('reference', 'players_col_reference', (row: Of<'deposits'>) => orDash(row.reference), {
          wide: true,
        }),
        col('reason', 'players_col_reason', (row: Of<'deposits'>) => orDash(row.reason), { wide: true }),
        col(
          'decided',
          'players_col_decided',
          (row: Of<'deposits'>) =>
            `${formatTime(row.decidedAt)}${row.decidedBy ? ` · ${row.decidedBy}` : ''}`,
          { wide: true },
        ),
      ];
    case 'withdrawals':
      return [
        col('at', 'players_col_created', (row: Of<'withdrawals'>) => formatTime(row.createdAt)),
        col('amount', 'players_col_amount', (row: Of<'withdrawals'>) => money(row.amount, row.currency), {
          align: 'end',
        }),
        col('status', 'players_col_status', (row: Of<'withdrawals'>) => row.status),
        col('reason', 'players_col_reason', (row: Of<'withdrawals'>) => orDash(row.reason), { wide: true }),
        col(
          'decided',
          'players_col_decided',
          (row: Of<'withdrawals'>) =>
            `${formatTime(row.decidedAt)}${row.decidedBy ? ` · ${row.decidedBy}` : ''}`,
          { wide: true },
        ),
      ];
    case 'rounds':
      return [
        col('at', 'players_col_started', (row: Of<'rounds'>) => formatTime(row.startedAt)),
        col('game', 'players_col_game', (row: Of<'rounds'>) => roundGameText(row)),
        col('bet', 'players_col_bet', (row: Of<'rounds'>) => money(row.bet, row.currency), { align: 'end' }),
        col('win', 'players_col_win', (row: Of<'rounds'>) => money(row.win, row.currency), { align: 'end' }),
        col(
          'status',
          'players_col_status',
          (row: Of<'rounds'>) => (roundStatusKeys[row.status] ? t(roundStatusKeys[row.status]!) : row.status),
          { wide: true },
        ),
        col('round', 'players_col_round', (row: Of<'rounds'>) => roundIdText(row), { wide: true }),
      ];
    case 'bonuses':
      return [
        col('at', 'players_col_created', (row: Of<'bonuses'>) => formatTime(row.at)),
        col('amount', 'players_col_amount', (row: Of<'bonuses'>) => money(row.amount), { align: 'end' }),
        col('wallet', 'players_col_wallet', (row: Of<'bonuses'>) => row.wallet),
        col('after', 'players_col_balance_after', (row: Of<'bonuses'>) => money(row.balanceAfter), {
          align: 'end',
          wide: true,
        }),
        col('remark', 'players_col_remark', (row: Of<'bonuses'>) => orDash(row.remark), { wide: true }),
      ];
  }
}

function keyOf(row: Row, index: number): string | number {
  if ('id' in row) return row.id;
  if ('entryId' in row) return row.entryId;
  return `${row.at}-${index}`;
}

/** One kind of the member's activity, newest first, a page at a time. */
export function ActivityTab({ id, kind }: { id: number; kind: ActivityKind }) {
  const [page, setPage] = useState(1);
  const [shownKind, setShownKind] = useState(kind);
  if (shownKind !== kind) {
    setShownKind(kind);
    setPage(1);
  }
  const answer = useCall(operatorPlayerActivity, { id, kind, page, pageSize });
  const rows = answer.data?.kind === kind ? answer.data.items : undefined;
  const total = answer.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const indexed = (rows ?? []).map((row, index) => ({ row, key: keyOf(row, index) }));
  return (
    <Section title={t(`players_tab_${kind}`)}>
      {kind === 'bonuses' ? <p className="muted">{t('players_bonuses_note')}</p> : null}
      <Table
        label={t(`players_tab_${kind}`)}
        columns={columnsOf(kind).map((column) => ({
          ...column,
          cell: (entry: { row: Row }) => column.cell(entry.row),
        }))}
        rows={rows ? indexed : undefined}
        rowKey={(entry) => entry.key}
        isLoading={answer.isLoading}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        emptyText={t(`players_empty_${kind}`)}
      />
      {pages > 1 ? (
        <div className="players-pager">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('players_page_previous')}
          </button>
          <span className="muted">{t('players_page_of', { page, pages })}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('players_page_next')}
          </button>
        </div>
      ) : null}
    </Section>
  );
}
