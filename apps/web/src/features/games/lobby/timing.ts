/** Spec 5 and 9: the name search waits 500 ms after the last key; infinite scroll fires at most every 200 ms. */
export const searchDebounceMs = 500;
export const scrollThrottleMs = 200;

/** Calls `task` once `waitMs` have passed without another call; `cancel` drops a pending call. */
export function createDebouncer<Args extends unknown[]>(task: (...args: Args) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call(...args: Args) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        task(...args);
      }, waitMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Runs `task` at most once per `intervalMs`; calls in between are dropped (the next one counts). */
export function createThrottle<Args extends unknown[]>(
  task: (...args: Args) => void,
  intervalMs: number,
  now: () => number = () => Date.now(),
) {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: Args) => {
    const time = now();
    if (time - last < intervalMs) return;
    last = time;
    task(...args);
  };
}

/**
 * Spec 4: a loading guard so that game-list fetches never overlap. While one runs, another asked
 * for is refused (and not queued): the scroll sentinel asks again when it is still in view.
 */
export function createLoadGuard() {
  let isLoading = false;
  return {
    get isLoading() {
      return isLoading;
    },
    async run(task: () => Promise<unknown>): Promise<boolean> {
      if (isLoading) return false;
      isLoading = true;
      try {
        await task();
        return true;
      } finally {
        isLoading = false;
      }
    },
  };
}
