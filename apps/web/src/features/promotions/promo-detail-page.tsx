import { Link, useSearchParams } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Gift from 'lucide-react/icons/gift';
import type { ActivityState, RaffleValue } from '@khela/contract';
import { paths } from '../../shared/config/paths.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { errorTextKey } from '../../shared/forms/api-errors.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { usePromotion } from './api/get-promotions.ts';
import { isNoOffer, useBonusOffer } from './bonus/bonus-api.ts';
import { promotionRulesAnchor } from './bonus/bonus-application.tsx';
import { BonusOfferPanel } from './bonus/bonus-offer-panel.tsx';
import { activityStateLabelKeys, promotionTypeLabelKeys } from './promotion-labels.ts';
import { isNoRaffle, useRaffle } from './raffle/raffle-api.ts';
import { RafflePanel } from './raffle/raffle-panel.tsx';
import { PromotionPeriod } from './promotion-period.tsx';
import './promotions.css';

/** Why the button cannot act yet: taking part online arrives with the promotions issue (claims). */
function actionNoteKey(status: ActivityState): string | null {
  switch (status) {
    case 'join':
    case 'claim':
      return 'promo_note_online_soon';
    case 'coming_soon':
      return 'promo_note_not_started';
    case 'closed':
      return 'promo_note_closed';
    case 'process':
      return 'promo_note_nothing_to_do';
    default:
      return null;
  }
}

/** A raffle's state as the page's badge says it (joined, join, counting the tickets, drawn). */
function raffleActivity(raffle: RaffleValue): ActivityState {
  switch (raffle.state) {
    case 'coming':
      return 'coming_soon';
    case 'open':
      return raffle.joined ? 'joined' : 'join';
    case 'counting':
    case 'locked':
      return raffle.joined ? 'process' : 'closed';
    case 'drawn':
      return 'closed';
  }
}

/** /promoDetail?id=: the promotion's picture, period, state and rules (sanitised HTML). */
export function PromoDetailPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [searchParams] = useSearchParams();
  const idText = searchParams.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const { data: promotion, isPending, isError, error } = usePromotion(id);
  // Asked beside the promotion: a bonus promotion's panel replaces the plain state button.
  const offer = useBonusOffer(id);
  const raffle = useRaffle(id);
  const back = (
    <Link className="button button--ghost promo-back" to={paths.promotions}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('page_promotions')}
    </Link>
  );

  if (id === null || (isError && (error as { status?: number }).status === 404)) {
    return (
      <Page title={t('page_promo_detail')}>
        <EmptyState icon={Gift} title={t('empty_promotion_not_found')} action={back} />
      </Page>
    );
  }
  if (isPending) {
    return (
      <Page title={t('page_promo_detail')}>
        <div className="promo-detail__image promo-card--skeleton" aria-hidden="true" />
        <Skeleton rows={6} />
      </Page>
    );
  }
  if (isError || !promotion) {
    return (
      <Page title={t('page_promo_detail')}>
        <EmptyState icon={Gift} title={t('err_network')} action={back} />
      </Page>
    );
  }

  const noteKey = actionNoteKey(promotion.status);
  // A bonus promotion's badge says where the viewing member stands (claimed, being wagered …); a
  // referral or cash-back promotion has nothing to claim: a visitor is invited to join.
  const noClaim = offer.data?.rule.kind === 'referral' || offer.data?.rule.kind === 'cashback';
  const offerState = noClaim && offer.data?.state === 'claim' ? 'join' : offer.data?.state;
  const shownState: ActivityState =
    offerState ?? (raffle.data ? raffleActivity(raffle.data) : promotion.status);
  return (
    <Page title={promotion.title} subtitle={t(promotionTypeLabelKeys[promotion.type])}>
      {back}
      <article className="promo-detail">
        {promotion.imageUrl ? <img className="promo-detail__image" src={promotion.imageUrl} alt="" /> : null}
        <div className="promo-detail__facts">
          <span className="promo-state" data-state={shownState}>
            {t(activityStateLabelKeys[shownState])}
          </span>
          <PromotionPeriod startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
        </div>
        <p className="promo-detail__summary">{promotion.summary}</p>
        {/* The rules a bonus application agrees to (its form links here). */}
        <div id={promotionRulesAnchor} className="promo-detail__rules" tabIndex={-1}>
          <SafeHtml html={promotion.content} />
        </div>
        {raffle.data ? (
          <RafflePanel raffle={raffle.data} />
        ) : offer.data ? (
          <BonusOfferPanel offer={offer.data} />
        ) : offer.isPending || raffle.isPending ? (
          <Skeleton rows={2} height="2.75rem" />
        ) : offer.isError && !isNoOffer(offer.error) ? (
          <FormAlert textKey={errorTextKey(offer.error)} />
        ) : raffle.isError && !isNoRaffle(raffle.error) ? (
          <FormAlert textKey={errorTextKey(raffle.error)} />
        ) : promotion.type === 'rebate' && promotion.status === 'process' && brand.features.manualRebate ? (
          // The manual rebate is claimed on its member centre page (a visitor logs in first).
          <div className="promo-detail__action">
            <Link className="button button--gold button--large" to="/index?centre=manualRebate">
              {t('promo_open_rebate')}
            </Link>
          </div>
        ) : (
          <div className="promo-detail__action">
            <button type="button" className="button button--gold button--large" disabled>
              {t(activityStateLabelKeys[promotion.status])}
            </button>
            {noteKey ? <p className="promo-detail__note">{t(noteKey)}</p> : null}
          </div>
        )}
      </article>
    </Page>
  );
}
