/**
 * Per key, at most one run per window (issue 12: coalesce balance pushes). The first raise of a key
 * runs at once (one bet shows without delay); raises within the next `windowMs` only mark the key,
 * and one more run follows at the window's end, which reads the state then (the latest balance).
 * A burst of N movements for one member costs about one push per window instead of N.
 */
export interface Coalescer<Key> {
  raise(key: Key): void;
  /** Drops the pending runs (the app is closing). */
  stop(): void;
}

export function coalescePerKey<Key>(windowMs: number, run: (key: Key) => void): Coalescer<Key> {
  const open = new Map<Key, { again: boolean; timer: NodeJS.Timeout }>();

  function openWindow(key: Key) {
    const window = {
      again: false,
      timer: setTimeout(() => {
        open.delete(key);
        if (window.again) {
          run(key);
          openWindow(key);
        }
      }, windowMs),
    };
    window.timer.unref();
    open.set(key, window);
  }

  return {
    raise(key) {
      const window = open.get(key);
      if (window) {
        window.again = true;
        return;
      }
      run(key);
      openWindow(key);
    },
    stop() {
      for (const window of open.values()) clearTimeout(window.timer);
      open.clear();
    },
  };
}
