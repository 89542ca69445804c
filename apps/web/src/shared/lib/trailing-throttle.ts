/**
 * Runs `action` at most once every `ms`, and always once after the last call (trailing): a burst of
 * calls runs it at once when it has not run for `ms`, else once `ms` after its last run. `cancel`
 * drops a run still waiting. Used to re-read the member's rank after balance pushes (every bet
 * pushes one) without a read per bet.
 */
export function trailingThrottle(action: () => void, ms: number, now: () => number = Date.now) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = Number.NEGATIVE_INFINITY;
  return {
    call(): void {
      if (timer !== null) return;
      const wait = Math.max(0, lastRun + ms - now());
      timer = setTimeout(() => {
        timer = null;
        lastRun = now();
        action();
      }, wait);
    },
    cancel(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
