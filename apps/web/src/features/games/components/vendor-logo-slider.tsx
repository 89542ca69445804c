import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { GameMenu } from '@khela/contract';
import { vendorPath } from '../game-categories.ts';
import { scrollTrackByPage } from './page-scroll.ts';
import './vendor-logo-slider.css';

interface VendorLogoSliderProps {
  menus: GameMenu;
}

/**
 * Footer vendor logos by game type and vendor (spec 2): 9 at a time with a 30 px gap on wide screens,
 * fewer on phones; hidden when there are no vendors.
 */
export function VendorLogoSlider({ menus }: VendorLogoSliderProps) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLUListElement>(null);
  const [canScroll, setCanScroll] = useState(false);
  const vendors = menus.flatMap((menu) =>
    menu.vendors.map((vendor) => ({ ...vendor, category: menu.category })),
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const measure = () => setCanScroll(track.scrollWidth > track.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [vendors.length]);

  if (vendors.length === 0) return null;

  function page(direction: 1 | -1) {
    scrollTrackByPage(trackRef.current, direction);
  }

  return (
    <section className="vendor-slider" aria-label={t('footer_vendors')}>
      {canScroll ? (
        <button
          type="button"
          className="vendor-slider__arrow icon-button"
          onClick={() => page(-1)}
          aria-label={t('action_previous')}
        >
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
      ) : null}
      <ul className="vendor-slider__track" ref={trackRef}>
        {vendors.map((vendor) => (
          <li className="vendor-slider__item" key={`${vendor.category}-${vendor.vassalage}`}>
            <Link
              className="vendor-slider__logo"
              to={vendorPath(vendor.category, vendor.vassalage)}
              title={vendor.displayName}
            >
              {vendor.smallIcon ? (
                <img src={vendor.smallIcon} alt={vendor.displayName} loading="lazy" decoding="async" />
              ) : (
                <span>{vendor.displayName}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      {canScroll ? (
        <button
          type="button"
          className="vendor-slider__arrow icon-button"
          onClick={() => page(1)}
          aria-label={t('action_next')}
        >
          <ChevronRight size={20} aria-hidden="true" />
        </button>
      ) : null}
    </section>
  );
}
