import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkTimeoutMs, loadChunk } from './chunk-load.ts';

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module', async () => {
    await expect(loadChunk(() => Promise.resolve({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('turns an import failure into a missing ChunkLoadError', async () => {
    const failure = loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({ type: 'missing' });
  });

  it('times out after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const assertion = expect(pending).rejects.toMatchObject({ type: 'timeout' });
    await vi.advanceTimersByTimeAsync(chunkTimeoutMs);
    await assertion;
    expect(chunkTimeoutMs).toBe(120_000);
  });
});
