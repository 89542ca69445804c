import { Link, useSearchParams } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Gift from 'lucide-react/icons/gift';
import { promotionTypes, type PromotionType } from '@khela/contract';
import { paths } from '../../shared/config/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { usePromotions } from './api/get-promotions.ts';
import { activityStateLabelKeys, promotionTypeLabelKeys } from './promotion-labels.ts';
import { PromotionPeriod } from './promotion-period.tsx';
import './promotions.css';

function isPromotionType(value: string | null): value is PromotionType {
  return value !== null && (promotionTypes as readonly string[]).includes(value);
}

/** /promotions: the brand's promotions with type filters (`?type=`), running ones first. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('type');
  const type = isPromotionType(requested) ? requested : undefined;
  const { data: promotions, isPending, isError, refetch } = usePromotions(type);

  const filters: { value: PromotionType | undefined; labelKey: string }[] = [
    { value: undefined, labelKey: 'promo_type_all' },
    ...promotionTypes.map((value) => ({ value, labelKey: promotionTypeLabelKeys[value] })),
  ];

  return (
    <Page title={t('page_promotions')}>
      <div className="promo-filters" role="group" aria-label={t('label_filter_by_type')}>
        {filters.map((filter) => (
          <button
            key={filter.labelKey}
            type="button"
            className="promo-filter"
            aria-pressed={filter.value === type}
            onClick={() => setSearchParams(filter.value ? { type: filter.value } : {}, { replace: true })}
          >
            {t(filter.labelKey)}
          </button>
        ))}
      </div>
      {isPending ? (
        <ul className="promo-grid" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <li key={key} className="promo-card promo-card--skeleton" />
          ))}
        </ul>
      ) : isError ? (
        <EmptyState
          icon={Gift}
          title={t('err_network')}
          action={
            <button type="button" className="button button--outline" onClick={() => void refetch()}>
              {t('action_retry')}
            </button>
          }
        />
      ) : promotions.length === 0 ? (
        <EmptyState icon={Gift} title={t('empty_no_promotions')} />
      ) : (
        <ul className="promo-grid">
          {promotions.map((promotion) => (
            <li key={promotion.id} className="promo-card" data-type={promotion.type}>
              <Link className="promo-card__link" to={`${paths.promoDetail}?id=${promotion.id}`}>
                {promotion.imageUrl ? (
                  <img className="promo-card__image" src={promotion.imageUrl} alt="" loading="lazy" />
                ) : (
                  <span className="promo-card__image" aria-hidden="true" />
                )}
                <span className="promo-card__body">
                  <span className="promo-card__meta">
                    <span className="promo-card__type">{t(promotionTypeLabelKeys[promotion.type])}</span>
                    <span className="promo-state" data-state={promotion.status}>
                      {t(activityStateLabelKeys[promotion.status])}
                    </span>
                  </span>
                  <span className="promo-card__title">{promotion.title}</span>
                  <span className="promo-card__summary">{promotion.summary}</span>
                  <PromotionPeriod startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
