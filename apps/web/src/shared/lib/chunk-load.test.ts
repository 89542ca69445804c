import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkTimeoutMs, loadChunk } from './chunk-load.ts';

const texts = vi.hoisted(() => {
  let release: () => void = () => undefined;
  let ready = Promise.resolve();
  return {
    hold() {
      ready = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    ready: () => ready,
  };
});
vi.mock('../i18n/i18n.ts', () => ({ allTextsLoaded: () => texts.ready() }));

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

  it('waits for the rest of the text catalogue unless the chunk needs only the start-up texts', async () => {
    texts.hold();
    let settled = false;
    const page = loadChunk(() => Promise.resolve('page')).then((value) => {
      settled = true;
      return value;
    });
    await expect(loadChunk(() => Promise.resolve('home'), { texts: 'start' })).resolves.toBe('home');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    texts.release();
    await expect(page).resolves.toBe('page');
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
