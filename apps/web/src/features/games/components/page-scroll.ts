/**
 * Scrolls a horizontal track by a share of its visible width (the vendor rows' arrows), smoothly
 * unless the visitor asks for reduced motion.
 */
export function scrollTrackByPage(track: HTMLElement | null, direction: 1 | -1, share = 1) {
  if (!track) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  track.scrollBy({ left: direction * track.clientWidth * share, behavior: reduceMotion ? 'auto' : 'smooth' });
}
