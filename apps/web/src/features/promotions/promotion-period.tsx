import { useTranslation } from '../../shared/i18n/use-translation.ts';
import CalendarDays from 'lucide-react/icons/calendar-days';
import { formatDate } from '../../shared/lib/format.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';

/** "1 Jan 2027 – 31 Mar 2027", "from 1 Jan 2027" or "ongoing". */
export function PromotionPeriod({ startsAt, endsAt }: { startsAt: number | null; endsAt: number | null }) {
  const { t } = useTranslation();
  const options = useFormatOptions();
  const start = startsAt === null ? null : formatDate(startsAt, options);
  const end = endsAt === null ? null : formatDate(endsAt, options);
  const text =
    start && end
      ? `${start} – ${end}`
      : start
        ? t('promo_period_from', { value: start })
        : end
          ? t('promo_period_until', { value: end })
          : t('promo_period_ongoing');
  return (
    <span className="promo-period">
      <CalendarDays size={16} aria-hidden="true" />
      {text}
    </span>
  );
}
