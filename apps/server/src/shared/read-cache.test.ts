import { describe, expect, it, vi } from 'vitest';
import { createReadCache } from './read-cache.ts';

describe('createReadCache', () => {
  it('loads once per TTL and shares a load between concurrent callers', async () => {
    vi.useFakeTimers();
    try {
      const sut = createReadCache<object, number>(1_000);
      const owner = {};
      let loads = 0;
      const load = async () => ++loads;
      expect(await Promise.all([sut.get(owner, 'k', load), sut.get(owner, 'k', load)])).toEqual([1, 1]);
      vi.advanceTimersByTime(999);
      expect(await sut.get(owner, 'k', load)).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await sut.get(owner, 'k', load)).toBe(2);
      sut.invalidate(owner, 'k');
      expect(await sut.get(owner, 'k', load)).toBe(3);
      expect(await sut.get({}, 'k', load)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed load', async () => {
    const sut = createReadCache<object, string>(60_000);
    const owner = {};
    await expect(sut.get(owner, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await sut.get(owner, 'k', async () => 'up')).toBe('up');
  });
});
