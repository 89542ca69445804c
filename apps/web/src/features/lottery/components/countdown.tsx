import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { countdownDays, formatCountdown } from '../lib/clock.ts';

/** A live countdown (mm:ss or hh:mm:ss, days before it) in tabular figures; the caller re-renders it every second. */
export function Countdown({ ms, label }: { ms: number; label: string }) {
  const { t } = useTranslation();
  const days = countdownDays(ms);
  return (
    <span className="lottery-countdown">
      <span className="lottery-countdown__label">{label}</span>{' '}
      <time className="lottery-countdown__time" dateTime={`PT${Math.max(0, Math.ceil(ms / 1000))}S`}>
        {days > 0 ? `${t('lottery_days', { count: days })} ` : null}
        {formatCountdown(ms)}
      </time>
    </span>
  );
}
