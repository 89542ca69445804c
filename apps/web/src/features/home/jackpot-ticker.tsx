import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatMoney } from '../../shared/lib/format.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { JACKPOT_INTERVAL_MS, JACKPOT_STEP_CENTS, jackpotCentsAt } from './jackpot.ts';

/**
 * The jackpot ticker (spec 4): starts from a figure derived from the time and grows by 165.11 every
 * 3 s while it is on screen and the tab is visible; it holds still otherwise.
 */
export function JackpotTicker() {
  const { t } = useTranslation();
  const brand = useBrand();
  const formatOptions = useFormatOptions();
  const [cents, setCents] = useState(() => jackpotCentsAt(Date.now()));
  const [onScreen, setOnScreen] = useState(true);
  const [tabVisible, setTabVisible] = useState(() => document.visibilityState !== 'hidden');
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const onVisibility = () => setTabVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    const element = ref.current;
    const observer =
      element && 'IntersectionObserver' in window
        ? new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true), {
            threshold: 0.1,
          })
        : null;
    if (element) observer?.observe(element);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      observer?.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!onScreen || !tabVisible) return;
    const timer = window.setInterval(
      () => setCents((value) => value + JACKPOT_STEP_CENTS),
      JACKPOT_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [onScreen, tabVisible]);

  return (
    <section className="jackpot" ref={ref} aria-labelledby="jackpot-title">
      <h2 id="jackpot-title" className="jackpot__title">
        {t('home_jackpot')}
      </h2>
      <p className="jackpot__value" data-cents={cents}>
        {formatMoney(cents / 100, {
          ...formatOptions,
          symbol: brand.currencySymbol,
          precision: 2,
        })}
      </p>
    </section>
  );
}
