import { useEffect, useRef, type RefObject } from 'react';
import { createThrottle, scrollThrottleMs } from './timing.ts';

/** Spec 9: lazy loading fires when a tenth of the sentinel is visible. */
export const scrollThreshold = 0.1;

/**
 * Calls `onReach` when the sentinel below a list comes into view (IntersectionObserver, threshold
 * 0.1), throttled to once per 200 ms. A new observer per loaded page reports at once whether the
 * sentinel is still in view, so a short page keeps loading. Without IntersectionObserver the list
 * shows its "more" button.
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  onReach: () => void,
  options: {
    enabled: boolean;
    /** Changes when a page arrived: observing again re-checks a sentinel still in view. */ version: number;
  },
) {
  const { enabled, version } = options;
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  }, [onReach]);

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const reach = createThrottle(() => latest.current(), scrollThrottleMs);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach();
      },
      { threshold: scrollThreshold, rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled, version]);
}
