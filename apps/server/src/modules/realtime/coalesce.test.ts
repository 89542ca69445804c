import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescePerKey } from './coalesce.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('coalescePerKey', () => {
  it('runs the first raise at once and a burst once more at the window’s end', () => {
    const runs: number[] = [];
    const pushes = coalescePerKey(200, (key: number) => runs.push(key));
    pushes.raise(7);
    expect(runs).toEqual([7]);
    for (let index = 0; index < 50; index += 1) pushes.raise(7);
    expect(runs).toEqual([7]);
    vi.advanceTimersByTime(199);
    expect(runs).toEqual([7]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([7, 7]);
    // The trailing run opened a window of its own; nothing was raised in it: no more runs.
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual([7, 7]);
    // Quiet again: the next raise runs at once.
    pushes.raise(7);
    expect(runs).toEqual([7, 7, 7]);
  });

  it('keeps keys apart, and a steady stream costs one run per window', () => {
    const runs: number[] = [];
    const pushes = coalescePerKey(200, (key: number) => runs.push(key));
    pushes.raise(1);
    pushes.raise(2);
    expect(runs).toEqual([1, 2]);
    // One raise of key 1 every 10 ms for a second: 1 at once + 5 window ends.
    for (let elapsed = 0; elapsed < 1_000; elapsed += 10) {
      pushes.raise(1);
      vi.advanceTimersByTime(10);
    }
    expect(runs.filter((key) => key === 1)).toHaveLength(6);
    expect(runs.filter((key) => key === 2)).toHaveLength(1);
  });

  it('drops pending runs when stopped', () => {
    const runs: number[] = [];
    const pushes = coalescePerKey(200, (key: number) => runs.push(key));
    pushes.raise(1);
    pushes.raise(1);
    pushes.stop();
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual([1]);
  });
});
