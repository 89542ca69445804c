import './money.css';
import { useState } from 'react';
import { bonusStates, type BonusState, type ValueOf } from '@khela/contract';
import { operatorBonusClaims } from '@khela/contract/call-routes';
import { Link, useSearchParams } from '../../app/router.tsx';
import { useCall } from '../../shared/api/hooks.ts';
import { SelectField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { listState, MemberListFilters } from './money-kit.tsx';
import bonusTexts from './bonus-claims-texts.en.json';
import { addTexts } from '../../shared/i18n/i18n.ts';

// This page's texts come with its chunk, not with the back office's entry.
addTexts(bonusTexts);

type Claims = ValueOf<typeof operatorBonusClaims>;
type Claim = Claims['items'][number];

const stateTone: Record<BonusState, string> = {
  waiting: 'badge',
  active: 'badge badge--ok',
  converted: 'badge badge--ok',
  forfeited: 'badge badge--danger',
  expired: 'badge badge--danger',
  lost: 'badge badge--muted',
  lapsed: 'badge badge--muted',
};

function isBonusState(value: string): value is BonusState {
  return (bonusStates as readonly string[]).includes(value);
}

/**
 * Members' bonus claims (issue 39 item 4; docs/back-office-promotions.md): who claimed which
 * promotion's bonus, its state, wagering, the bonus wallet of an active one, how it ended and the
 * journal entries that credited and ended it; the count and sums of every claim the filters match.
 * The promotion comes from the address (`?promotionId=`: Site → Bonus promotions links here).
 */
export default function BonusClaimsPage() {
  const [params, setParams] = useSearchParams();
  const promotionParam = params.get('promotionId') ?? '';
  const promotionId = /^[1-9][0-9]{0,9}$/.test(promotionParam) ? promotionParam : '';
  const [days, setDays] = useState<number>(7);
  const [state, setState] = useState<BonusState | ''>('');
  const [username, setUsername] = useState('');
  const claims = useCall(operatorBonusClaims, {
    days,
    ...(promotionId ? { promotionId: Number(promotionId) } : {}),
    ...(state ? { state } : {}),
    ...(username ? { username } : {}),
  });
  const data = claims.data;
  const columns: Column<Claim>[] = [
    { key: 'when', header: t('money_bonus_claimed'), cell: (claim) => formatTime(claim.claimedAt) },
    { key: 'member', header: t('money_bonus_member'), cell: (claim) => claim.username },
    {
      key: 'promotion',
      header: t('money_bonus_promotion'),
      wide: true,
      cell: (claim) => `${claim.title} · ${t(`money_bonus_kind_${claim.kind}`)}`,
    },
    {
      key: 'state',
      header: t('money_bonus_state'),
      cell: (claim) => (
        <span className="money-state">
          <span className={stateTone[claim.state]}>{t(`money_bonus_state_${claim.state}`)}</span>
          {claim.expiresAt !== null ? (
            <span className="money-state__line">
              {t(claim.state === 'waiting' ? 'money_bonus_lapses' : 'money_bonus_expires', {
                at: formatTime(claim.expiresAt),
              })}
            </span>
          ) : null}
          {claim.endedAt !== null ? (
            <span className="money-state__line">
              {t('money_bonus_ended', { at: formatTime(claim.endedAt) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('money_bonus_amount'),
      align: 'end',
      cell: (claim) => formatMoney(claim.amount),
    },
    {
      key: 'wagering',
      header: t('money_bonus_wagering'),
      align: 'end',
      wide: true,
      cell: (claim) =>
        t('money_bonus_wagering_of', {
          done: claim.wageringDone === null ? '—' : formatMoney(claim.wageringDone),
          required: formatMoney(claim.wageringRequired),
        }),
    },
    {
      key: 'maxBet',
      header: t('money_bonus_max_bet'),
      align: 'end',
      wide: true,
      cell: (claim) => formatMoney(claim.maxBet),
    },
    {
      key: 'balance',
      header: t('money_bonus_balance'),
      align: 'end',
      cell: (claim) =>
        claim.balance !== null
          ? formatMoney(claim.balance)
          : claim.endAmount !== null
            ? formatMoney(claim.endAmount)
            : '—',
    },
    {
      key: 'entries',
      header: t('money_bonus_entries'),
      wide: true,
      cell: (claim) => (
        <span className="money-actions">
          {claim.grantEntryId !== null ? (
            <Link
              to={`/money/ledger?q=${encodeURIComponent(claim.username)}`}
              aria-label={t('money_bonus_grant_entry', { entry: claim.grantEntryId })}
            >
              #{claim.grantEntryId}
            </Link>
          ) : null}
          {claim.endEntryId !== null ? (
            <Link
              to={`/money/ledger?q=${encodeURIComponent(claim.username)}`}
              aria-label={t('money_bonus_end_entry', { entry: claim.endEntryId })}
            >
              #{claim.endEntryId}
            </Link>
          ) : null}
          {claim.grantEntryId === null && claim.endEntryId === null ? '—' : null}
        </span>
      ),
    },
  ];
  return (
    <Page title={t('money_bonus_title')}>
      <Section>
        <p>{t('money_bonus_intro')}</p>
        <MemberListFilters
          days={days}
          onDays={setDays}
          memberLabel={t('money_bonus_member')}
          searchLabel={t('money_bonus_search')}
          onMember={setUsername}
        >
          <SelectField
            label={t('money_bonus_promotion')}
            value={promotionId}
            emptyLabel={t('money_bonus_any')}
            onChange={(event) => setParams({ promotionId: event.target.value || undefined })}
            options={(data?.promotions ?? []).map((promotion) => ({
              value: String(promotion.promotionId),
              label: `${promotion.title} (#${promotion.promotionId})`,
            }))}
          />
          <SelectField
            label={t('money_bonus_state')}
            value={state}
            emptyLabel={t('money_bonus_any')}
            onChange={(event) => setState(isBonusState(event.target.value) ? event.target.value : '')}
            options={bonusStates.map((value) => ({ value, label: t(`money_bonus_state_${value}`) }))}
          />
        </MemberListFilters>
        {data ? (
          <p role="status" data-testid="bonus-claims-sum">
            {t('money_bonus_sum', {
              count: data.count,
              granted: formatMoney(data.granted),
              outstanding: formatMoney(data.outstanding),
              converted: formatMoney(data.converted),
              returned: formatMoney(data.returned),
            })}
          </p>
        ) : null}
        <Table<Claim>
          label={t('money_bonus_title')}
          rows={data?.items}
          rowKey={(claim) => String(claim.id)}
          columns={columns}
          {...listState(claims)}
          emptyText={t('money_bonus_empty')}
        />
      </Section>
    </Page>
  );
}
