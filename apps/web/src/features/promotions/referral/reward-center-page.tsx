import { useState } from 'react';
import Gift from 'lucide-react/icons/gift';
import type { Reward } from '@khela/contract';
import { amountOrNull, formatAmount, MAX_PRECISION } from '@khela/contract/money';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, formatNumber } from '../../../shared/lib/format.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useMoney } from '../../wallet/index.ts';
import { refusalReason } from '../bonus/bonus-labels.ts';
import { useClaimReward, useRewards } from './referral-api.ts';
import { rewardClaimErrorKey, rewardStateLabels } from './referral-labels.ts';
import '../bonus/bonus.css';
import './referral.css';

/** The wagering a claimed reward asks: its amount times the multiple, in bigint (never floats). */
function wageringOf(reward: Reward): string {
  const amount = amountOrNull(reward.amount, { precision: MAX_PRECISION, allowZero: true }) ?? 0n;
  return formatAmount(amount * BigInt(reward.wageringMultiple), MAX_PRECISION);
}

/** What earned the reward, in words: "Friend ra****ix deposited". */
function detailKey(reward: Reward): string {
  switch (reward.source) {
    case 'referral':
      return 'reward_detail_referral';
    case 'cashback':
      return 'reward_detail_cashback';
    case 'raffle':
      return 'reward_detail_raffle';
    case 'vip':
      return 'reward_detail_vip';
  }
}

interface Failure {
  id: number;
  textKey: string;
  /** bonus_active: the way to the open bonus goes beside the sentence. */
  isBonusActive: boolean;
}

function RewardCard({
  reward,
  isClaiming,
  isBusy,
  failure,
  onClaim,
}: {
  reward: Reward;
  isClaiming: boolean;
  isBusy: boolean;
  failure: Failure | null;
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const state = rewardStateLabels[reward.state];
  const time = (ms: number) => formatDateTime(ms, formatOptions, false);
  const openBonuses = (
    <button
      type="button"
      className="button button--outline button--small"
      onClick={() => openMemberCentre('bonusDetails')}
    >
      {t('bonus_open_details')}
    </button>
  );

  return (
    <li className="reward-card" data-testid="reward-card" data-state={reward.state}>
      <div className="reward-card__head">
        <div className="reward-card__name">
          <h4 className="reward-card__title">{reward.title}</h4>
          {reward.detail ? (
            <p className="reward-card__detail">
              {t(detailKey(reward), {
                friend: reward.detail,
                period: reward.detail,
                place: reward.detail,
                level: reward.detail,
              })}
            </p>
          ) : null}
        </div>
        <Badge tone={state.tone}>{t(state.labelKey)}</Badge>
      </div>
      <p className="reward-card__amount" data-testid="reward-amount">
        {money(reward.amount)}
      </p>
      {reward.state === 'waiting' ? (
        <>
          <p className="reward-card__text">
            {t('reward_wagering', {
              multiple: reward.wageringMultiple,
              total: money(wageringOf(reward)),
              maxBet: money(reward.maxBet),
            })}
          </p>
          <p className="reward-card__time">{t('reward_claim_by', { time: time(reward.expiresAt) })}</p>
          <div className="reward-card__action">
            <button type="button" className="button button--gold" disabled={isBusy} onClick={onClaim}>
              {isClaiming ? t('bonus_claiming') : t('reward_claim')}
            </button>
          </div>
          {failure ? (
            <FormAlert>
              <span>{t(failure.textKey)}</span>
              {failure.isBonusActive ? (
                <span className="reward-card__alert-action">{openBonuses}</span>
              ) : null}
            </FormAlert>
          ) : null}
        </>
      ) : reward.state === 'claimed' ? (
        <>
          <p className="reward-card__text">
            {reward.claimedAt === null
              ? t('reward_became_bonus')
              : t('reward_became_bonus_at', { time: time(reward.claimedAt) })}
          </p>
          <div className="reward-card__action">{openBonuses}</div>
        </>
      ) : reward.state === 'void' ? (
        <p className="reward-card__text">{t('reward_voided')}</p>
      ) : (
        <p className="reward-card__time">{t('reward_expired_at', { time: time(reward.expiresAt) })}</p>
      )}
    </li>
  );
}

/**
 * rewardCenter (spec 2 member centre, issue 39): rewards earned (a friend's first qualifying
 * deposit), the waiting ones first, each claimed here to become a bonus with its wagering; then the
 * claimed ones (each leads to its bonus), the expired and those the operator voided (no claim).
 */
export function RewardCenterPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { formatOptions } = useMoney();
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const showToast = useOverlayStore((state) => state.showToast);
  const rewards = useRewards();
  const claim = useClaimReward();
  const [failure, setFailure] = useState<Failure | null>(null);

  if (rewards.isPending) {
    return (
      <div className="rewards" aria-busy="true">
        <Skeleton rows={1} height="5rem" />
        <Skeleton rows={2} height="9rem" />
      </div>
    );
  }
  if (rewards.isError) return <FormAlert textKey={errorTextKey(rewards.error)} />;
  const list = rewards.data.rewards;
  // The soonest to expire first: that is the one to claim first.
  const waiting = list
    .filter((reward) => reward.state === 'waiting')
    .sort((a, b) => a.expiresAt - b.expiresAt);
  const past = list.filter((reward) => reward.state !== 'waiting');

  const claimNow = async (id: number) => {
    setFailure(null);
    try {
      await claim.mutateAsync(id);
      showToast('reward_claimed_toast');
    } catch (error) {
      setFailure({
        id,
        textKey: rewardClaimErrorKey(error),
        isBonusActive: refusalReason(error) === 'bonus_active',
      });
    }
  };
  const card = (reward: Reward) => (
    <RewardCard
      key={reward.id}
      reward={reward}
      isClaiming={claim.isPending && claim.variables === reward.id}
      isBusy={claim.isPending}
      failure={failure?.id === reward.id ? failure : null}
      onClaim={() => void claimNow(reward.id)}
    />
  );

  return (
    <div className="rewards">
      <section className="bonus-wallet" aria-labelledby="rewards-waiting-label">
        <h3 id="rewards-waiting-label" className="bonus-wallet__label">
          {t('reward_waiting_label')}
        </h3>
        <p className="bonus-wallet__balance" data-testid="rewards-waiting">
          {formatNumber(rewards.data.waiting, formatOptions)}
        </p>
        <p className="bonus-wallet__note">{t('reward_summary_note')}</p>
      </section>

      {list.length === 0 ? (
        <EmptyState
          icon={Gift}
          title={t('reward_empty_title')}
          text={t('reward_empty_text')}
          action={
            brand.features.referral ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => openMemberCentre('referral')}
              >
                {t('bonus_invite_friends')}
              </button>
            ) : undefined
          }
        />
      ) : (
        <>
          <section className="referral-section" aria-labelledby="rewards-waiting-title">
            <h3 id="rewards-waiting-title" className="referral-section__title">
              {t('reward_waiting_title')}
            </h3>
            {waiting.length === 0 ? (
              <p className="referral__note">{t('reward_none_waiting')}</p>
            ) : (
              <ul className="reward-list">{waiting.map(card)}</ul>
            )}
          </section>
          {past.length > 0 ? (
            <section className="referral-section" aria-labelledby="rewards-past-title">
              <h3 id="rewards-past-title" className="referral-section__title">
                {t('reward_past_title')}
              </h3>
              <ul className="reward-list">{past.map(card)}</ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
