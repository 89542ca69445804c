import { useState } from 'react';
import type { RaffleState, ValueOf } from '@khela/contract';
import { operatorRaffles } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall } from '../../shared/api/hooks.ts';
import { FormAlert } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import {
  newRaffleDraft,
  raffleMoney,
  raffleRuleWords,
  type RaffleContext,
  type RaffleDraft,
} from './raffle-draft.ts';
import { RaffleForm } from './raffle-form.tsx';
import { formatTime } from './site-kit.tsx';

type Raffles = ValueOf<typeof operatorRaffles>;
type Row = Raffles['raffles'][number];

const stateTone: Record<RaffleState, string> = {
  coming: 'badge',
  open: 'badge badge--ok',
  counting: 'badge site-badge--warn',
  locked: 'badge site-badge--warn',
  drawn: 'badge badge--muted',
};

/** The promotion page's title and id. */
function pageCell(row: Row) {
  return (
    <span className="site-bonus-title">
      {`${row.title} `}
      <span className="muted">#{row.promotionId}</span>
    </span>
  );
}

/**
 * Raffles (issue 39 item 4; docs/back-office-promotions.md "Raffles"): every raffle with its state
 * as its promotion page shows it, its period, entries and tickets, the prizes in all; a row opens
 * the rule in words, the draw's proof fields and, once drawn, the winners with their rewards'
 * states. "New raffle" makes one on a promotion page with neither a raffle nor a bonus. A raffle is
 * never edited or removed: its published seed hash commits the draw to its terms. Reading needs
 * content.read, creating content.write; the server checks both.
 */
export default function RafflesPage() {
  const can = useCan();
  const mayWrite = can('content.write');
  const list = useCall(operatorRaffles);
  const [creating, setCreating] = useState<RaffleDraft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = list.data;
  const context: RaffleContext | null = data
    ? {
        currencySymbol: data.currencySymbol,
        currencyPrecision: data.currencyPrecision,
        smallestWageringMultiple: data.smallestWageringMultiple,
      }
    : null;
  const symbol = data?.currencySymbol ?? '';

  const columns: Column<Row>[] = [
    { key: 'promotion', header: t('site_raffle_col_promotion'), cell: pageCell },
    {
      key: 'state',
      header: t('site_raffle_col_state'),
      cell: (row) => <span className={stateTone[row.state]}>{t(`site_raffle_state_${row.state}`)}</span>,
    },
    {
      key: 'period',
      header: t('site_raffle_col_period'),
      wide: true,
      cell: (row) => `${formatTime(row.startsAt)} → ${formatTime(row.endsAt)}`,
    },
    {
      key: 'entries',
      header: t('site_raffle_col_entries'),
      align: 'end',
      cell: (row) =>
        row.ticketTotal === null
          ? t('site_raffle_entries', { count: row.entries })
          : t('site_raffle_entries_tickets', {
              count: row.entries,
              tickets: row.ticketTotal,
              holders: row.entriesWithTickets ?? 0,
            }),
    },
    {
      key: 'prizes',
      header: t('site_raffle_col_prizes'),
      align: 'end',
      cell: (row) =>
        t('site_raffle_prizes_total', { amount: raffleMoney(row.prizesTotal, symbol), places: row.places }),
    },
  ];

  return (
    <Page
      title={t('site_raffle_title')}
      actions={
        mayWrite && data && context ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setNotice(null);
              setCreating(newRaffleDraft(data.pages[0], context, Date.now()));
            }}
          >
            {t('site_raffle_new')}
          </button>
        ) : null
      }
    >
      <Section>
        <p className="muted">{t('site_raffle_lead')}</p>
        {data ? (
          <p className="site-bonus-bound" data-testid="raffle-bound">
            {data.smallestWageringMultiple === null
              ? t('site_raffle_bound_none')
              : t('site_raffle_bound', { multiple: data.smallestWageringMultiple })}
          </p>
        ) : null}
        <FormAlert tone="notice">{notice}</FormAlert>
        <Table
          label={t('site_raffle_title')}
          columns={columns}
          rows={data?.raffles}
          rowKey={(row) => row.raffleId}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('site_raffle_empty')}
          expand={(row) => (
            <RaffleDetails row={row} symbol={symbol} precision={data?.currencyPrecision ?? 2} />
          )}
        />
      </Section>
      <Dialog
        open={creating !== null}
        onOpenChange={(open) => {
          if (!open) setCreating(null);
        }}
        title={t('site_raffle_form_title')}
        size="wide"
      >
        {data && context && creating ? (
          data.pages.length === 0 ? (
            <p className="muted">{t('site_raffle_no_pages')}</p>
          ) : (
            <RaffleForm
              pages={data.pages}
              initial={creating}
              context={context}
              onClose={() => setCreating(null)}
              onCreated={(name) => {
                setCreating(null);
                setNotice(t('site_raffle_created', { name }));
              }}
            />
          )
        ) : null}
      </Dialog>
    </Page>
  );
}

/** A row's details: the rule in words, the draw's proof fields, the winners once drawn. */
function RaffleDetails({ row, symbol, precision }: { row: Row; symbol: string; precision: number }) {
  const notYet = t('site_raffle_not_yet');
  const proof: [string, string][] = [
    [t('site_raffle_seed_hash'), row.seedHash],
    [t('site_raffle_locked_at'), row.lockedAt === null ? notYet : formatTime(row.lockedAt)],
    [t('site_raffle_digest'), row.digest ?? notYet],
    [t('site_raffle_beacon_round'), row.beaconRound === null ? notYet : String(row.beaconRound)],
    [t('site_raffle_drawn_at'), row.drawnAt === null ? notYet : formatTime(row.drawnAt)],
  ];
  return (
    <div data-testid={`raffle-details-${row.raffleId}`}>
      <p>
        <strong>{t('site_raffle_rule')}: </strong>
        {raffleRuleWords(row.rule, { currencySymbol: symbol, currencyPrecision: precision })}
      </p>
      <p className="muted">
        {t('site_raffle_created_by', { by: row.createdBy, at: formatTime(row.createdAt) })}
      </p>
      <h3 className="field__label">{t('site_raffle_proof')}</h3>
      <dl>
        {proof.map(([label, value]) => (
          <div key={label}>
            <dt className="muted">{label}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
      {row.state === 'drawn' ? (
        <>
          <h3 className="field__label">{t('site_raffle_winners')}</h3>
          {row.winners.length === 0 ? (
            <p className="muted">{t('site_raffle_no_winners')}</p>
          ) : (
            <table className="table" aria-label={t('site_raffle_winners')}>
              <thead>
                <tr>
                  <th scope="col">{t('site_raffle_winner_place')}</th>
                  <th scope="col">{t('site_raffle_winner_member')}</th>
                  <th scope="col">{t('site_raffle_winner_amount')}</th>
                  <th scope="col">{t('site_raffle_winner_ticket')}</th>
                  <th scope="col">{t('site_raffle_winner_reward')}</th>
                </tr>
              </thead>
              <tbody>
                {row.winners.map((winner) => (
                  <tr key={winner.place}>
                    <td>{winner.place}</td>
                    <td>{winner.username}</td>
                    <td>{raffleMoney(winner.amount, symbol)}</td>
                    <td>{winner.ticket}</td>
                    <td>{t(`site_raffle_reward_${winner.rewardState ?? 'none'}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </div>
  );
}
