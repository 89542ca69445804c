import type { Redis } from 'ioredis';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * A store for @fastify/rate-limit that counts in Redis like its own RedisStore (a fixed window per
 * key: the first count of a window sets its expiry), but sends the counts in batches: while one
 * batch is on its way to Redis, the calls that arrive wait, and then go together in one pipeline
 * (one write, one read), the counts of one key added in one INCRBY.
 *
 * Issue 12: with one Lua call per API call, the socket write to Redis was a third of a cached
 * read's time. Nothing is counted late or guessed: every call is answered only after Redis has
 * counted it, with its own place in the count (a batch of n for a key that Redis brought to c
 * answers c-n+1 … c), so the limit is as exact as before. Under load a batch holds the calls of a
 * whole turn of the event loop; a lone call goes at once (a batch of one).
 *
 * Only the plugin's plain fixed window is supported (no continueExceeding, no exponentialBackoff:
 * the constructor refuses them), and only `incr` (no `{ increment: false }` reads).
 */

/** INCRBY, and the window's expiry when this batch opened it (or when a key has none). */
const countScript = `
  local n = tonumber(ARGV[1])
  local window = tonumber(ARGV[2])
  local current = redis.call('INCRBY', KEYS[1], n)
  local ttl
  if current == n then
    redis.call('PEXPIRE', KEYS[1], window)
    ttl = window
  else
    ttl = redis.call('PTTL', KEYS[1])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[1], window)
      ttl = window
    end
  end
  return {current, ttl}
`;

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Waiting {
  key: string;
  timeWindow: number;
  answer: Answer;
}

interface CountingRedis extends Redis {
  khelaRateCount?: (key: string, count: number, window: number) => Promise<[number, number]>;
}

/** One queue per Redis connection: every store (the global one and each route's) shares it. */
class Batcher {
  private waiting: Waiting[] = [];
  private sending = false;

  constructor(private readonly redis: CountingRedis) {
    if (!redis.khelaRateCount) redis.defineCommand('khelaRateCount', { numberOfKeys: 1, lua: countScript });
  }

  count(key: string, timeWindow: number, answer: Answer): void {
    this.waiting.push({ key, timeWindow, answer });
    if (!this.sending) this.send();
  }

  private send(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.sending = true;
    const byKey = new Map<string, Waiting[]>();
    for (const call of batch) {
      const calls = byKey.get(call.key);
      if (calls) calls.push(call);
      else byKey.set(call.key, [call]);
    }
    const keys = [...byKey.keys()];
    const pipeline = this.redis.pipeline();
    for (const key of keys) {
      const calls = byKey.get(key)!;
      // One key, one window: the first call's (a route's calls share theirs).
      (pipeline as unknown as { khelaRateCount: (...args: unknown[]) => void }).khelaRateCount(
        key,
        calls.length,
        calls[0]!.timeWindow,
      );
    }
    const done = (error: Error | null, results: [Error | null, unknown][] | null | undefined) => {
      keys.forEach((key, index) => {
        const calls = byKey.get(key)!;
        const [failure, value] = results?.[index] ?? [error ?? new Error('no answer from redis'), null];
        if (error || failure || !Array.isArray(value)) {
          const reason = error ?? failure ?? new Error('unexpected answer from redis');
          for (const call of calls) call.answer(reason);
          return;
        }
        const current = Number(value[0]);
        const ttl = Number(value[1]);
        calls.forEach((call, place) =>
          call.answer(null, { current: current - calls.length + 1 + place, ttl }),
        );
      });
      this.sending = false;
      if (this.waiting.length > 0) this.send();
    };
    pipeline.exec().then(
      (results) => done(null, results),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  }
}

const batchers = new WeakMap<Redis, Batcher>();

/** What the plugin passes to a store's constructor and to `child` (its types name less of it). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method: string; url: string };
}

class BatchedRedisStore implements FastifyRateLimitStore {
  constructor(
    private readonly batcher: Batcher,
    private readonly prefix: string,
    params: StoreParams,
  ) {
    if (params.continueExceeding || params.exponentialBackoff)
      throw new Error('the batched rate-limit store counts a plain fixed window only');
  }

  incr(key: string, answer: Answer, timeWindow: number): void {
    this.batcher.count(this.prefix + key, timeWindow, answer);
  }

  /** A route with its own limit counts under its own keys (named as RedisStore names them). */
  child(routeOptions: object): FastifyRateLimitStore {
    const params = routeOptions as StoreParams;
    const route = params.routeInfo ? `${params.routeInfo.method}${params.routeInfo.url}-` : '';
    return new BatchedRedisStore(this.batcher, `${this.prefix}${route}`, params);
  }
}

/** The class @fastify/rate-limit's `store` option takes (it calls `new Store(globalParams)`). */
export function batchedRedisStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  let batcher = batchers.get(redis);
  if (!batcher) {
    batcher = new Batcher(redis);
    batchers.set(redis, batcher);
  }
  const shared = batcher;
  return class extends BatchedRedisStore {
    constructor(params: object) {
      super(shared, prefix, params as StoreParams);
    }
  };
}
