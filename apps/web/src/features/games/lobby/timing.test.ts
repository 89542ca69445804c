import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDebouncer,
  createLoadGuard,
  createThrottle,
  scrollThrottleMs,
  searchDebounceMs,
} from './timing.ts';

describe('spec constants', () => {
  it('debounces the search by 500 ms and throttles scrolling to 200 ms', () => {
    expect(searchDebounceMs).toBe(500);
    expect(scrollThrottleMs).toBe(200);
  });
});

describe('createDebouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, with the last value, 500 ms after the last call', () => {
    const task = vi.fn();
    const debouncer = createDebouncer(task, searchDebounceMs);
    debouncer.call('t');
    vi.advanceTimersByTime(300);
    debouncer.call('ti');
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(task).toHaveBeenCalledWith('ti');
  });

  it('drops a pending call when cancelled', () => {
    const task = vi.fn();
    const debouncer = createDebouncer(task, searchDebounceMs);
    debouncer.call('x');
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled();
  });
});

describe('createThrottle', () => {
  it('runs at most once per 200 ms', () => {
    let now = 1000;
    const task = vi.fn();
    const throttled = createThrottle(task, scrollThrottleMs, () => now);
    throttled();
    now += 100;
    throttled();
    now += 99;
    throttled();
    expect(task).toHaveBeenCalledTimes(1);
    now += 1;
    throttled();
    expect(task).toHaveBeenCalledTimes(2);
  });
});

describe('createLoadGuard', () => {
  it('refuses a second load while one runs, and allows the next one after', async () => {
    const guard = createLoadGuard();
    let finish: () => void = () => undefined;
    const first = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = vi.fn(async () => undefined);
    const running = guard.run(first);
    expect(guard.isLoading).toBe(true);
    expect(await guard.run(second)).toBe(false);
    expect(second).not.toHaveBeenCalled();
    finish();
    expect(await running).toBe(true);
    expect(guard.isLoading).toBe(false);
    expect(await guard.run(second)).toBe(true);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('is free again after a failed load', async () => {
    const guard = createLoadGuard();
    await expect(guard.run(() => Promise.reject(new Error('network')))).rejects.toThrow('network');
    expect(guard.isLoading).toBe(false);
  });
});
