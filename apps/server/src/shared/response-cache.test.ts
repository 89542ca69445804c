import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache, type ResponseCache } from './response-cache.ts';

/** An answer's text (the cache answers UTF-8 bytes). */
const text = async (answer: Promise<Buffer>) => (await answer).toString('utf8');

describe('createResponseCache without Redis', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once per TTL and shares a load between concurrent callers', async () => {
    vi.useFakeTimers();
    const sut = createResponseCache({ redis: null, prefix: 't:', localTtlMs: 1_000 });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(
      await Promise.all([text(sut.get('k', ['games'], load)), text(sut.get('k', ['games'], load))]),
    ).toEqual(['answer 1', 'answer 1']);
    vi.advanceTimersByTime(999);
    expect(await text(sut.get('k', ['games'], load))).toBe('answer 1');
    vi.advanceTimersByTime(2);
    expect(await text(sut.get('k', ['games'], load))).toBe('answer 2');
  });

  it('answers the text as UTF-8 bytes, encoded once per TTL', async () => {
    const sut = createResponseCache({ redis: null, prefix: 't:', localTtlMs: 60_000 });
    const answer = '{"name":"খেলা ৯"}';
    const first = await sut.get('k', ['games'], async () => answer);
    expect(first.equals(Buffer.from(answer, 'utf8'))).toBe(true);
    // A hit answers the same bytes, not a new encoding of the text.
    expect(await sut.get('k', ['games'], async () => answer)).toBe(first);
  });

  it('holds an answer under a request address while the answer it came from lasts', async () => {
    vi.useFakeTimers();
    const sut = createResponseCache({ redis: null, prefix: 't:', localTtlMs: 1_000 });
    const body = await sut.get('k', ['games'], async () => 'answer');
    sut.remember('GET /list?a=1', 'k', ['games'], { body, encoding: null });
    expect(sut.peek('GET /list?a=1')).toEqual({ body, encoding: null });
    expect(sut.peek('GET /list?a=2')).toBeUndefined();
    // It ends with the answer: at its TTL, and at a change of its tags.
    vi.advanceTimersByTime(1_001);
    expect(sut.peek('GET /list?a=1')).toBeUndefined();
    const again = await sut.get('k', ['games'], async () => 'answer 2');
    sut.remember('GET /list?a=1', 'k', ['games'], { body: again, encoding: null });
    expect(sut.peek('GET /list?a=1')?.body.toString()).toBe('answer 2');
    await sut.changed('games');
    expect(sut.peek('GET /list?a=1')).toBeUndefined();
  });

  it('holds nothing for an answer that went or was replaced, or for a long address', async () => {
    const sut = createResponseCache({ redis: null, prefix: 't:', localTtlMs: 60_000 });
    const old = await sut.get('k', ['games'], async () => 'old');
    // Changed between the load and the remember: the old bytes are not held.
    await sut.changed('games');
    sut.remember('a', 'k', ['games'], { body: old, encoding: null });
    expect(sut.peek('a')).toBeUndefined();
    const fresh = await sut.get('k', ['games'], async () => 'fresh');
    sut.remember('a', 'k', ['games'], { body: old, encoding: null });
    expect(sut.peek('a')).toBeUndefined();
    sut.remember('x'.repeat(1025), 'k', ['games'], { body: fresh, encoding: null });
    expect(sut.peek('x'.repeat(1025))).toBeUndefined();
    // A compressed answer is held against the compressed entry it came from.
    const packed = await sut.compressed('k', ['games'], 'gzip', fresh);
    sut.remember('z', 'k', ['games'], { body: packed, encoding: 'gzip' });
    expect(sut.peek('z')).toEqual({ body: packed, encoding: 'gzip' });
  });

  it('drops the answers of a changed tag only', async () => {
    const sut = createResponseCache({ redis: null, prefix: 't:', localTtlMs: 60_000 });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await text(sut.get('menus', ['games'], load))).toBe('answer 1');
    expect(await text(sut.get('banners', ['settings', 'content'], load))).toBe('answer 2');
    await sut.changed('content');
    expect(await text(sut.get('menus', ['games'], load))).toBe('answer 1');
    expect(await text(sut.get('banners', ['settings', 'content'], load))).toBe('answer 3');
  });

  it('does not keep a failed load', async () => {
    const sut = createResponseCache({ redis: null, prefix: 't:' });
    await expect(sut.get('k', ['games'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await text(sut.get('k', ['games'], async () => 'up'))).toBe('up');
  });

  it('holds at most its bound of answers (many distinct searches)', async () => {
    const sut = createResponseCache({ redis: null, prefix: 't:', localTtlMs: 60_000, maxLocalEntries: 10 });
    for (let index = 0; index < 100; index += 1) await sut.get(`search ${index}`, ['games'], async () => 'x');
    let loads = 0;
    // The newest are still there, the oldest went.
    await sut.get('search 99', ['games'], async () => `${++loads}`);
    await sut.get('search 0', ['games'], async () => `${++loads}`);
    expect(loads).toBe(1);
  });
});

describe.runIf(process.env.REDIS_URL)('createResponseCache on one Redis', () => {
  const opened: Redis[] = [];
  const caches: ResponseCache[] = [];
  afterEach(async () => {
    for (const cache of caches.splice(0)) await cache.stop();
    for (const redis of opened.splice(0)) await redis.quit();
  });
  async function instance(prefix: string) {
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 2 });
    opened.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    const cache = createResponseCache({ redis, prefix, localTtlMs: 60_000, sharedTtlMs: 60_000 });
    caches.push(cache);
    await cache.start();
    return { redis, cache };
  }

  it('shares an answer, and a change on one instance drops it on the other', async () => {
    const prefix = `khela-test-${randomBytes(6).toString('hex')}:`;
    const a = await instance(prefix);
    const b = await instance(prefix);
    const heard: string[] = [];
    b.cache.onRemoteChange((tag) => heard.push(tag));
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await text(a.cache.get('menus', ['games'], load))).toBe('answer 1');
    // Wait for the fire-and-forget write to land, then B answers A's load from Redis.
    await vi.waitFor(async () => expect(await a.redis.keys(`${prefix}read-cache:games*`)).toHaveLength(1));
    expect(await text(b.cache.get('menus', ['games'], load))).toBe('answer 1');
    expect(loads).toBe(1);

    await a.cache.changed('games');
    await vi.waitFor(() => expect(heard).toEqual(['games']));
    expect(await text(b.cache.get('menus', ['games'], load))).toBe('answer 2');
    expect(await text(a.cache.get('menus', ['games'], load))).toBe('answer 2');
    // A later instance starts at the current generation: it never reads the old answer.
    const c = await instance(prefix);
    await vi.waitFor(async () => expect(await a.redis.keys(`${prefix}read-cache:games.1*`)).toHaveLength(1));
    expect(await text(c.cache.get('menus', ['games'], load))).toBe('answer 2');
  });

  it('keeps sites (prefixes) apart', async () => {
    const a = await instance(`khela-test-${randomBytes(6).toString('hex')}:`);
    const b = await instance(`khela-test-${randomBytes(6).toString('hex')}:`);
    expect(await text(a.cache.get('k', ['games'], async () => 'site a'))).toBe('site a');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await text(b.cache.get('k', ['games'], async () => 'site b'))).toBe('site b');
  });
});
