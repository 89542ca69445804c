import { allTextsLoaded } from '../i18n/i18n.ts';

/** Spec 9: a chunk that has not arrived after 120 s counts as failed. */
export const chunkTimeoutMs = 120_000;

export type ChunkFailure = 'missing' | 'timeout';

/** 'Loading chunk failed' (spec 8), with its type: the file is missing (e.g. after a deploy) or too slow. */
export class ChunkLoadError extends Error {
  readonly type: ChunkFailure;

  constructor(type: ChunkFailure, options?: { cause?: unknown }) {
    super(`Loading chunk failed (${type})`, options);
    this.name = 'ChunkLoadError';
    this.type = type;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

export interface LoadChunkOptions {
  timeoutMs?: number;
  /**
   * 'all' (the default): also wait for the whole text catalogue, so the chunk never shows a key.
   * 'start': the chunk's texts are in the start-up part (the home page), do not wait.
   */
  texts?: 'all' | 'start';
}

/** Wraps a dynamic import: rejects with ChunkLoadError on failure or after the timeout. */
export function loadChunk<T>(load: () => Promise<T>, options: LoadChunkOptions = {}): Promise<T> {
  const { timeoutMs = chunkTimeoutMs, texts = 'all' } = options;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    const loading =
      texts === 'all' ? Promise.all([load(), allTextsLoaded()]).then(([module]) => module) : load();
    loading.then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('missing', { cause: error }));
      },
    );
  });
}
