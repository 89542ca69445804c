import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trailingThrottle } from './trailing-throttle.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('trailingThrottle', () => {
  it('runs at once after a quiet spell, then once per window for a burst, the last call never lost', () => {
    const action = vi.fn();
    const throttled = trailingThrottle(action, 15_000);
    throttled.call();
    vi.advanceTimersByTime(0);
    expect(action).toHaveBeenCalledTimes(1);
    // A burst within the window: one run, 15 s after the first.
    throttled.call();
    vi.advanceTimersByTime(5_000);
    throttled.call();
    throttled.call();
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(2);
    // Quiet for longer than the window: at once again.
    vi.advanceTimersByTime(60_000);
    throttled.call();
    vi.advanceTimersByTime(0);
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('drops a waiting run when cancelled', () => {
    const action = vi.fn();
    const throttled = trailingThrottle(action, 15_000);
    throttled.call();
    vi.advanceTimersByTime(0);
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(30_000);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
