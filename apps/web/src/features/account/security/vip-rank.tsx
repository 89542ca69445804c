import Crown from 'lucide-react/icons/crown';
import Headset from 'lucide-react/icons/headset';
import type { VipProgress } from '@khela/contract';
import { amountOrNull, MAX_PRECISION } from '@khela/contract/money';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatAmountText, formatDate, formatNumber } from '../../../shared/lib/format.ts';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { ZoneNote } from '../../../shared/ui/zone-note.tsx';
import { ContactChannels } from '../../help/index.ts';
import { useVipProgress } from '../api/get-vip-progress.ts';
import './vip-rank.css';

/** The brand's sign before the amount, in the visitor's digits, at the currency's precision. */
function useBrandMoney(): (text: string) => string {
  const brand = useBrand();
  const formatOptions = useFormatOptions();
  return (text) => `${brand.currencySymbol}${formatAmountText(text, formatOptions, brand.currencyPrecision)}`;
}

const minorOf = (text: string) => amountOrNull(text, { precision: MAX_PRECISION, allowZero: true }) ?? 0n;

/** How much of `needed` is `done`, in whole percent from 0 to 100 (bigint: no float touches money). */
export function percentOf(done: string, needed: string): number {
  const want = minorOf(needed);
  if (want <= 0n) return 100;
  const have = minorOf(done);
  return have >= want ? 100 : Number((have * 100n) / want);
}

function Meter({ label, done, needed }: { label: string; done: string; needed: string }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const money = useBrandMoney();
  const percent = percentOf(done, needed);
  const figures = t('vip_figure_of', { done: money(done), needed: money(needed) });
  return (
    <div className="vip-rank__meter">
      <div className="vip-rank__meter-head">
        <span>{label}</span>
        <span className="vip-rank__meter-figures">{figures}</span>
      </div>
      <div
        className="vip-rank__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${figures} (${formatNumber(percent, formatOptions)}%)`}
      >
        <span className="vip-rank__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Details({ progress }: { progress: VipProgress }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const money = useBrandMoney();
  const level = formatNumber(progress.level, formatOptions);
  return (
    <>
      <p className="vip-rank__level">
        <strong className="vip-rank__name">{progress.name}</strong>
        <span className="vip-rank__number">{t('vip_level', { level })}</span>
      </p>
      {progress.next ? (
        <>
          <p className="vip-rank__next">
            {t('vip_next', {
              name: progress.next.name,
              level: formatNumber(progress.next.level, formatOptions),
            })}
          </p>
          <Meter label={t('vip_turnover')} done={progress.turnover} needed={progress.next.turnover} />
          <Meter label={t('vip_deposits')} done={progress.deposits} needed={progress.next.deposits} />
        </>
      ) : (
        <p className="vip-rank__next">{t('vip_top_level')}</p>
      )}
      <p className="vip-rank__note">
        {t('vip_period', {
          count: progress.periodDays,
          from: formatDate(progress.periodFrom, formatOptions),
        })}
      </p>
      <p className="vip-rank__note">
        {progress.dailyWithdrawalLimit === null
          ? t('vip_withdraw_unlimited')
          : t('vip_withdraw_limit', { amount: money(progress.dailyWithdrawalLimit) })}
      </p>
      {progress.reviewAt !== null && (
        <p className="vip-rank__note">
          {t('vip_review', {
            date: formatDate(progress.reviewAt, formatOptions),
            turnover: money(progress.keep.turnover),
            deposits: money(progress.keep.deposits),
          })}
        </p>
      )}
      <ZoneNote />
      {progress.vipService && (
        <div className="vip-rank__service" data-testid="vip-service">
          <h4 className="vip-rank__service-title">
            <Headset size={18} aria-hidden="true" />
            {t('vip_service_title')}
          </h4>
          <p>{t('vip_service_text')}</p>
          <ContactChannels />
        </div>
      )}
    </>
  );
}

/**
 * The member's VIP rank in the security centre (docs/vip.md): the level and its name, the turnover
 * and deposits of the rolling period against the next level's thresholds, the next review and what
 * keeps the level; above level 4 the VIP service's contact (the brand's channels, spec 6).
 */
export function VipRank() {
  const { t } = useTranslation();
  const { data: progress, isError } = useVipProgress();
  return (
    <section className="card vip-rank" aria-labelledby="vip-rank-title">
      <h3 id="vip-rank-title" className="security__card-title">
        <Crown size={20} aria-hidden="true" />
        {t('vip_title')}
      </h3>
      {progress ? (
        <Details progress={progress} />
      ) : isError ? (
        <p className="vip-rank__note">{t('vip_load_failed')}</p>
      ) : (
        <Skeleton height="6rem" />
      )}
    </section>
  );
}
