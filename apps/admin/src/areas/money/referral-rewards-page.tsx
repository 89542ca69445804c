import './money.css';
import { useState } from 'react';
import { rewardStates, type RewardState, type ValueOf } from '@khela/contract';
import { operatorReferralRewardVoid, operatorReferralRewards } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { Link } from '../../app/router.tsx';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { SelectField } from '../../shared/forms/fields.tsx';
import { hasText, t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { listState, MemberListFilters, useNotice } from './money-kit.tsx';
import referralTexts from './referral-rewards-texts.en.json';
import { addTexts } from '../../shared/i18n/i18n.ts';

// This page's texts come with its chunk, not with the back office's entry.
addTexts(referralTexts);

type Rewards = ValueOf<typeof operatorReferralRewards>;
type Reward = Rewards['items'][number];

const stateTone: Record<RewardState, string> = {
  waiting: 'badge',
  claimed: 'badge badge--ok',
  expired: 'badge badge--muted',
  void: 'badge badge--muted',
};

function isRewardState(value: string): value is RewardState {
  return (rewardStates as readonly string[]).includes(value);
}

/** A signal in words ("Same IP as the referrer"); one without a text is shown as written. */
function signalText(signal: string): string {
  const key = `money_referral_signal_${signal}`;
  return hasText(key) ? t(key) : signal;
}

/** The line under a reward's state: when it expires, expired, was claimed or voided (by whom, why). */
function StateLines({ reward }: { reward: Reward }) {
  switch (reward.state) {
    case 'claimed':
      return reward.claimedAt === null ? null : (
        <span className="money-state__line">
          {t('money_referral_claimed_at', { at: formatTime(reward.claimedAt) })}
        </span>
      );
    case 'void':
      return (
        <>
          {reward.voidedAt !== null ? (
            <span className="money-state__line">
              {t('money_referral_voided_at', { at: formatTime(reward.voidedAt), by: reward.voidedBy ?? '' })}
            </span>
          ) : null}
          {reward.voidReason ? (
            <span className="money-state__line">
              {t('money_referral_void_reason', { reason: reward.voidReason })}
            </span>
          ) : null}
        </>
      );
    case 'expired':
      return (
        <span className="money-state__line">
          {t('money_referral_expired_at', { at: formatTime(reward.expiresAt) })}
        </span>
      );
    case 'waiting':
      return (
        <span className="money-state__line">
          {t('money_referral_expires', { at: formatTime(reward.expiresAt) })}
        </span>
      );
  }
}

/** A member as the list names them: the username and, muted, the id. */
function MemberCell({ username, id }: { username: string; id: number }) {
  return (
    <span className="money-account">
      {username} <span className="money-account__number">#{id}</span>
    </span>
  );
}

/**
 * Referral rewards (issue 39; docs/back-office-promotions.md): what each friend's first qualifying
 * deposit earned the member who invited them: the referrer and the friend (username and id), the
 * friend's deposit order, the reward, its state (waiting, claimed, expired, with when), the bonus
 * claim it became, and what registration noticed about the referral ("Same IP as the referrer") as
 * a warning; the count and sums of every reward the filters match. Permission money.read; voiding a
 * waiting reward (with a reason, audited; it never becomes a bonus) money.adjust.approve.
 */
export default function ReferralRewardsPage() {
  const [days, setDays] = useState<number>(7);
  const [state, setState] = useState<RewardState | ''>('');
  const [flagged, setFlagged] = useState(false);
  const [username, setUsername] = useState('');
  const [voiding, setVoiding] = useState<Reward | null>(null);
  const mayVoid = useCan()('money.adjust.approve');
  const notice = useNotice();
  const voidReward = useMutationCall(operatorReferralRewardVoid, { invalidates: [operatorReferralRewards] });
  const rewards = useCall(operatorReferralRewards, {
    days,
    ...(state ? { state } : {}),
    ...(username ? { username } : {}),
    ...(flagged ? { flagged: 'true' as const } : {}),
  });
  const data = rewards.data;
  const columns: Column<Reward>[] = [
    {
      key: 'earned',
      header: t('money_referral_earned'),
      wide: true,
      cell: (reward) => formatTime(reward.createdAt),
    },
    {
      key: 'referrer',
      header: t('money_referral_referrer'),
      cell: (reward) => <MemberCell username={reward.referrer} id={reward.referrerId} />,
    },
    {
      key: 'friend',
      header: t('money_referral_friend'),
      cell: (reward) => (
        <span className="money-state">
          {reward.invitee !== null && reward.inviteeId !== null ? (
            <MemberCell username={reward.invitee} id={reward.inviteeId} />
          ) : (
            <span className="muted">{t('money_referral_friend_gone')}</span>
          )}
          {reward.registeredAt !== null ? (
            <span className="money-state__line">
              {t('money_referral_registered', { at: formatTime(reward.registeredAt) })}
            </span>
          ) : null}
          {reward.signals.map((signal) => (
            <span key={signal} className="money-state__line">
              <span className="badge badge--danger">{signalText(signal)}</span>
            </span>
          ))}
        </span>
      ),
    },
    {
      key: 'deposit',
      header: t('money_referral_deposit'),
      wide: true,
      cell: (reward) =>
        reward.depositOrderId === null
          ? '—'
          : t('money_referral_deposit_order', { id: reward.depositOrderId }),
    },
    {
      key: 'amount',
      header: t('money_referral_amount'),
      align: 'end',
      cell: (reward) => formatMoney(reward.amount, reward.currency),
    },
    {
      key: 'state',
      header: t('money_referral_state'),
      cell: (reward) => (
        <span className="money-state">
          <span className={stateTone[reward.state]}>{t(`money_referral_state_${reward.state}`)}</span>
          <StateLines reward={reward} />
        </span>
      ),
    },
    ...(mayVoid
      ? [
          {
            key: 'action',
            header: t('money_referral_action'),
            cell: (reward: Reward) =>
              reward.state === 'waiting' ? (
                <button type="button" className="button button--danger" onClick={() => setVoiding(reward)}>
                  {t('money_referral_void')}
                </button>
              ) : null,
          },
        ]
      : []),
    {
      key: 'bonus',
      header: t('money_referral_bonus'),
      wide: true,
      cell: (reward) =>
        reward.bonusClaimId === null ? (
          '—'
        ) : (
          <Link
            to={`/money/bonus-claims?promotionId=${reward.promotionId}`}
            aria-label={t('money_referral_bonus_link', { id: reward.bonusClaimId })}
          >
            #{reward.bonusClaimId}
          </Link>
        ),
    },
    {
      key: 'promotion',
      header: t('money_referral_promotion'),
      wide: true,
      cell: (reward) => reward.title,
    },
  ];
  return (
    <Page title={t('money_referral_title')}>
      <Section>
        <p>{t('money_referral_intro')}</p>
        <MemberListFilters
          days={days}
          onDays={setDays}
          memberLabel={t('money_referral_member')}
          searchLabel={t('money_referral_search')}
          onMember={setUsername}
        >
          <SelectField
            label={t('money_referral_state')}
            value={state}
            emptyLabel={t('money_referral_any')}
            onChange={(event) => setState(isRewardState(event.target.value) ? event.target.value : '')}
            options={rewardStates.map((value) => ({ value, label: t(`money_referral_state_${value}`) }))}
          />
          <SelectField
            label={t('money_referral_signals')}
            value={flagged ? 'flagged' : ''}
            emptyLabel={t('money_referral_any')}
            onChange={(event) => setFlagged(event.target.value === 'flagged')}
            options={[{ value: 'flagged', label: t('money_referral_flagged_only') }]}
          />
        </MemberListFilters>
        {data ? (
          <p role="status" data-testid="referral-rewards-sum">
            {t('money_referral_sum', {
              count: data.count,
              flagged: data.flagged,
              waitingCount: data.waiting.count,
              waiting: formatMoney(data.waiting.amount),
              claimedCount: data.claimed.count,
              claimed: formatMoney(data.claimed.amount),
              expiredCount: data.expired.count,
              expired: formatMoney(data.expired.amount),
              voidCount: data.voided.count,
              voided: formatMoney(data.voided.amount),
            })}
          </p>
        ) : null}
        {notice.alert}
        <Table<Reward>
          label={t('money_referral_title')}
          rows={data?.items}
          rowKey={(reward) => String(reward.id)}
          columns={columns}
          {...listState(rewards)}
          emptyText={t('money_referral_empty')}
        />
      </Section>
      <ConfirmWithReason
        open={voiding !== null}
        onOpenChange={(open) => !open && setVoiding(null)}
        title={t('money_referral_void_title', {
          amount: voiding ? formatMoney(voiding.amount, voiding.currency) : '',
          name: voiding?.referrer ?? '',
        })}
        message={t('money_referral_void_message')}
        confirmLabel={t('money_referral_void')}
        tone="danger"
        onConfirm={async (reason) => {
          if (!voiding) return;
          await voidReward.mutateAsync({ body: { id: voiding.id, reason } });
          notice.setNotice(t('money_referral_voided', { name: voiding.referrer }));
        }}
      />
    </Page>
  );
}
