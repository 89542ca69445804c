import { useState } from 'react';
import Gift from 'lucide-react/icons/gift';
import UserPlus from 'lucide-react/icons/user-plus';
import type { BonusOffer } from '@khela/contract';
import { compareAmounts } from '@khela/contract/money';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { memberCentreHref } from '../../../shared/config/centre-pages.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useMoney } from '../../wallet/index.ts';
import { useClaimBonus } from './bonus-api.ts';
import { ApplicationStatus, ApplyAction } from './bonus-application.tsx';
import { reasonTextKey, refusalReason } from './bonus-labels.ts';
import { BonusRuleFacts, BonusRulesHelp } from './bonus-rule.tsx';
import { WageringProgress } from './wagering-progress.tsx';
import './bonus.css';

/** `claim`: the button (a visitor is asked to log in first); a refusal says why beside it. */
function ClaimAction({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const claim = useClaimBonus(promotionId);
  const loginCheck = useLoginCheck();
  const showToast = useOverlayStore((state) => state.showToast);
  const [failure, setFailure] = useState<string | null>(null);

  const claimNow = async () => {
    setFailure(null);
    try {
      await claim.mutateAsync();
      showToast('bonus_claimed_toast');
    } catch (error) {
      const reason = refusalReason(error);
      setFailure(reason === null ? errorTextKey(error) : reasonTextKey(reason));
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--gold button--large"
        disabled={claim.isPending}
        onClick={() => loginCheck(() => void claimNow())}
      >
        {claim.isPending ? t('bonus_claiming') : t('bonus_claim')}
      </button>
      <FormAlert textKey={failure} />
    </>
  );
}

/** `process`: claimed, the bonus comes with the next deposit of at least the minimum. */
function WaitingAction({ offer }: { offer: BonusOffer }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const { rule, bonus } = offer;
  const days = { count: rule.depositWithinDays };
  return (
    <>
      <p className="bonus-offer__status">
        {compareAmounts(rule.minDeposit, '0') > 0
          ? t('bonus_process_text', { ...days, amount: money(rule.minDeposit) })
          : t('bonus_process_text_any', days)}
      </p>
      {bonus?.expiresAt ? (
        <p className="bonus-offer__note">
          {t('bonus_deposit_by', { time: formatDateTime(bonus.expiresAt, formatOptions, false) })}
        </p>
      ) : null}
      <Link className="button button--gold button--large" to={memberCentreHref('depositv2')}>
        {t('bonus_go_deposit')}
      </Link>
    </>
  );
}

/** `issued`: the bonus is being wagered; its progress, and the way to the member centre's list. */
function IssuedAction({ offer }: { offer: BonusOffer }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { bonus } = offer;
  return (
    <>
      {bonus ? (
        <>
          <p className="bonus-offer__status">{t('bonus_issued_text', { amount: money(bonus.amount) })}</p>
          <WageringProgress
            done={bonus.wageringDone}
            required={bonus.wageringRequired}
            left={bonus.wageringLeft}
          />
        </>
      ) : null}
      <Link className="button button--outline" to={memberCentreHref('bonusDetails')}>
        {t('bonus_open_details')}
      </Link>
    </>
  );
}

/**
 * A referral promotion (`joined`, and `claim` for a visitor): nothing to claim, the member takes part
 * by inviting friends. The button opens the member centre's Invite friends page (a visitor logs in
 * first); a member also finds the rewards already earned in the reward centre.
 */
function InviteAction({ isMember }: { isMember: boolean }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const loginCheck = useLoginCheck();
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  if (!brand.features.referral) return <p className="bonus-offer__status">{t('ref_error_off')}</p>;
  return (
    <>
      <p className="bonus-offer__status">{t('bonus_invite_text')}</p>
      <div className="bonus-offer__buttons">
        <button
          type="button"
          className="button button--gold button--large"
          onClick={() => loginCheck(() => openMemberCentre('referral'))}
        >
          <UserPlus size={20} aria-hidden="true" />
          {t('bonus_invite_friends')}
        </button>
        {isMember ? (
          <Link className="button button--outline" to={memberCentreHref('rewardCenter')}>
            {t('bonus_open_rewards')}
          </Link>
        ) : null}
      </div>
    </>
  );
}

/**
 * A cash-back promotion (`joined`, and `claim` for a visitor): nothing to claim, every player takes
 * part by playing and the cash-back comes to the reward centre after each period. A member sees the
 * current period's loss so far and what it would pay back; a visitor is asked to log in to join.
 */
function CashbackAction({ offer, isMember }: { offer: BonusOffer; isMember: boolean }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const loginCheck = useLoginCheck();
  if (!isMember) {
    return (
      <>
        <p className="bonus-offer__status">{t('bonus_cashback_guest_text')}</p>
        <button
          type="button"
          className="button button--gold button--large"
          onClick={() => loginCheck(() => undefined)}
        >
          {t('promo_state_join')}
        </button>
      </>
    );
  }
  const progress = offer.cashback ?? null;
  const weekly = offer.rule.claimPeriod === 'week';
  return (
    <>
      <p className="bonus-offer__status">{t('bonus_cashback_joined_text')}</p>
      {progress ? (
        <p className="bonus-offer__note" data-testid="cashback-progress">
          {t(weekly ? 'bonus_cashback_progress_week' : 'bonus_cashback_progress_day', {
            period: progress.period,
            loss: money(progress.netLoss),
            amount: money(progress.amount),
          })}
        </p>
      ) : null}
      <Link className="button button--outline" to={memberCentreHref('rewardCenter')}>
        {t('bonus_open_rewards')}
      </Link>
    </>
  );
}

function OfferAction({ offer }: { offer: BonusOffer }) {
  const { t } = useTranslation();
  switch (offer.state) {
    case 'claim':
      return offer.rule.kind === 'referral' ? (
        <InviteAction isMember={false} />
      ) : offer.rule.kind === 'cashback' ? (
        <CashbackAction offer={offer} isMember={false} />
      ) : offer.rule.obtain === 'apply' ? (
        <ApplyAction offer={offer} />
      ) : (
        <ClaimAction promotionId={offer.promotionId} />
      );
    case 'applying':
    case 'rejected':
      return <ApplicationStatus offer={offer} />;
    case 'joined':
      return offer.rule.kind === 'cashback' ? (
        <CashbackAction offer={offer} isMember />
      ) : (
        <InviteAction isMember />
      );
    case 'process':
      return <WaitingAction offer={offer} />;
    case 'issued':
      return <IssuedAction offer={offer} />;
    case 'claimed':
      return <p className="bonus-offer__status">{t('bonus_claimed_text')}</p>;
    case 'closed':
      return <p className="bonus-offer__status">{t(reasonTextKey(offer.reason))}</p>;
    case 'coming_soon':
      return (
        <>
          <button type="button" className="button button--gold button--large" disabled>
            {t('promo_state_coming_soon')}
          </button>
          <p className="bonus-offer__note">{t('promo_note_not_started')}</p>
        </>
      );
  }
}

/**
 * /promoDetail's bonus (issue 39): the promotion's rule in plain words and what the viewer can do
 * now (claim, apply with pictures, deposit, follow the wagering, invite friends), by the offer's
 * state.
 */
export function BonusOfferPanel({ offer }: { offer: BonusOffer }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  return (
    <section className="bonus-offer" aria-labelledby="bonus-offer-title" data-state={offer.state}>
      <h2 id="bonus-offer-title" className="bonus-offer__title">
        <Gift size={20} aria-hidden="true" />
        {t(
          offer.rule.kind === 'referral'
            ? 'bonus_offer_title_referral'
            : offer.rule.kind === 'cashback'
              ? 'bonus_offer_title_cashback'
              : 'bonus_offer_title',
        )}
      </h2>
      <BonusRuleFacts rule={offer.rule} />
      <div className="bonus-offer__action">
        <OfferAction offer={offer} />
      </div>
      {offer.bonus && offer.state !== 'claim' ? (
        <p className="bonus-offer__note">
          {t('bonus_claimed_on', { time: formatDateTime(offer.bonus.claimedAt, formatOptions, false) })}
        </p>
      ) : null}
      <BonusRulesHelp />
    </section>
  );
}
