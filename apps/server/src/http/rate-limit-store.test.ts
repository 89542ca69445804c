import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { batchedRedisStore } from './rate-limit-store.ts';

type Result = { current: number; ttl: number };

function incr(
  store: {
    incr: (
      key: string,
      answer: (error: Error | null, result?: Result) => void,
      window: number,
      max: number,
    ) => void;
  },
  key: string,
  window = 60_000,
) {
  return new Promise<Result>((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      window,
      100,
    );
  });
}

describe.runIf(process.env.REDIS_URL)('the batched rate-limit store', () => {
  let redis: Redis;
  const prefix = `khela-rl-test:${randomBytes(4).toString('hex')}:`;

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('gives each of many simultaneous calls its own place in the count, in a few round trips', async () => {
    const Store = batchedRedisStore(redis, prefix);
    const store = new Store({});
    const pipelines = vi.spyOn(redis, 'pipeline');
    const results = await Promise.all(Array.from({ length: 50 }, () => incr(store, '10.0.0.1')));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    // The first call goes alone, the 49 that came while it was on its way go together.
    expect(pipelines.mock.calls.length).toBeLessThanOrEqual(2);
    pipelines.mockRestore();
    expect(await redis.get(`${prefix}10.0.0.1`)).toBe('50');
    const ttl = await redis.pttl(`${prefix}10.0.0.1`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    for (const result of results) expect(result.ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts keys and routes apart, and starts a key again when its window has passed', async () => {
    const Store = batchedRedisStore(redis, prefix);
    const store = new Store({});
    const route = store.child({ routeInfo: { method: 'POST', url: '/wps/session/login' } } as never);
    const [a, b, c] = await Promise.all([
      incr(store, 'a', 100),
      incr(store, 'b', 100),
      incr(route, 'a', 100),
    ]);
    expect([a?.current, b?.current, c?.current]).toEqual([1, 1, 1]);
    expect(await redis.get(`${prefix}POST/wps/session/login-a`)).toBe('1');
    expect((await incr(store, 'a', 100)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await incr(store, 'a', 100)).current).toBe(1);
  });

  it('answers every waiting call with the error when Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const Store = batchedRedisStore(down, prefix);
    const store = new Store({});
    const outcomes = await Promise.allSettled([incr(store, 'x'), incr(store, 'x'), incr(store, 'y')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    down.disconnect();
  });

  it('refuses the window kinds it does not count', () => {
    const Store = batchedRedisStore(redis, prefix);
    expect(() => new Store({ continueExceeding: true })).toThrow(/plain fixed window/);
  });
});
