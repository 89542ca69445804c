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

/** Wraps a dynamic import: rejects with ChunkLoadError on failure or after the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
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
