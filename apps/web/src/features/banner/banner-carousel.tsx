import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { Banner } from '@khela/contract';
import { paths } from '../../shared/config/paths.ts';
import { selectHasOverlay, useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useGameMenus, vendorPath } from '../games/index.ts';
import { useBanners } from './api/get-banners.ts';
import type { BannerGroup } from './banner-group.ts';
import './banner-carousel.css';

/** Spec 9: the banner carousel moves on every 5000 ms. */
export const BANNER_AUTOPLAY_MS = 5000;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function scrollTrack(track: HTMLElement | null, index: number) {
  track?.scrollTo?.({ left: index * track.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

/** The banner's linkage (spec 2: a click opens it when it has a linkageType). */
function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const { data: menus } = useGameMenus();
  const target = banner.linkageTarget ?? '';
  switch (banner.linkageType) {
    case 'route':
      return <Link to={target}>{children}</Link>;
    case 'promotion':
      return <Link to={`${paths.promoDetail}?id=${encodeURIComponent(target)}`}>{children}</Link>;
    case 'game': {
      const menu = menus?.find((entry) => entry.vendors.some((vendor) => vendor.vassalage === target));
      return <Link to={menu ? vendorPath(menu.category, target) : paths.home}>{children}</Link>;
    }
    case 'url':
      return (
        <a href={target} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    default:
      return <>{children}</>;
  }
}

/**
 * The carousel above a page: only its group's banners, CSS scroll-snap for swiping, autoplay every
 * 5 s (paused on hover or focus, while an overlay is open, in a hidden tab, and off under
 * prefers-reduced-motion), clickable dots when there is more than one. The first picture loads at
 * once, the others lazily; phones get the mobile picture.
 */
export function BannerCarousel({ group }: { group: BannerGroup }) {
  const { t } = useTranslation();
  const { data: banners, isPending } = useBanners(group);
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const hasOverlay = useOverlayStore(selectHasOverlay);
  const count = banners?.length ?? 0;

  const show = (index: number) => {
    scrollTrack(trackRef.current, index);
    setCurrent(index);
  };

  useEffect(() => {
    if (count < 2 || paused || hasOverlay || reducedMotion()) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      const next = (current + 1) % count;
      scrollTrack(trackRef.current, next);
      setCurrent(next);
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, current, paused, hasOverlay]);

  if (isPending) return <div className="banner banner--loading" aria-hidden="true" />;
  if (!banners || count === 0) return null;

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('label_banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="banner__track"
        ref={trackRef}
        onScroll={(event) => {
          const track = event.currentTarget;
          if (track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
        }}
      >
        {banners.map((banner, index) => (
          <div
            key={banner.bannerId}
            className="banner__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('label_slide_of', { value: index + 1, total: count })}
            inert={index !== current}
            data-banner-id={banner.bannerId}
          >
            <BannerLink banner={banner}>
              <picture>
                {banner.mobileUrl ? <source media="(max-width: 767px)" srcSet={banner.mobileUrl} /> : null}
                <img
                  className="banner__image"
                  src={banner.url}
                  alt={banner.title}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              </picture>
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="banner__dots">
          {banners.map((banner, index) => (
            <button
              key={banner.bannerId}
              type="button"
              className="banner__dot"
              aria-label={t('label_slide_of', { value: index + 1, total: count })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
