import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Redis } from 'ioredis';
import { cacheTags, type CacheTag } from './read-cache.ts';

/**
 * Whole serialised answers of the member-independent read calls (home data, game lists, lobbies),
 * shared by the server instances: a short per-instance memory level (one load per key at a time:
 * concurrent callers share it) in front of Redis when REDIS_URL is set.
 *
 * Invalidation: each tag has a generation (a Redis counter, kept a week after its last change);
 * keys carry the generations of their tags. A change increments the counter and publishes it;
 * every instance drops its local answers of that tag and from then on reads keys of the new
 * generation, so an answer loaded before the change (even one written to Redis after it) is never
 * read again. A lost message (or a counter that expired and started again) costs at most the TTLs:
 * every key expires, and the per-module caches have TTLs of their own.
 */
export interface ResponseCacheOptions {
  redis: Redis | null;
  /** Prefixes every Redis key and the change channel (REDIS_PREFIX; one per site, one per test app). */
  prefix: string;
  /** The memory level's time to live. */
  localTtlMs?: number;
  /** Redis's time to live. */
  sharedTtlMs?: number;
  /** The memory level never holds more (expired entries go first, then the oldest). */
  maxLocalEntries?: number;
  onError?: (error: unknown, what: string) => void;
}

export interface ResponseCache {
  /**
   * The answer of `key` as UTF-8 bytes, loaded by `load` (its text) when neither level has it; a
   * failed load is not kept. Bytes, encoded once per key and TTL: a text with any character past
   * Latin-1 (a Bengali game name) is two bytes a character in V8, and Node measured and encoded it
   * to UTF-8 again on every answer (bench/README.md, read path, 30 Nov).
   */
  get(key: string, tags: readonly CacheTag[], load: () => Promise<string>): Promise<Buffer>;
  /**
   * The answer `body` of `key` compressed (as a browser asks for it), kept beside it in this
   * instance's memory: compressed once per key and TTL instead of once per answer.
   */
  compressed(key: string, tags: readonly CacheTag[], encoding: Encoding, body: Buffer): Promise<Buffer>;
  /**
   * Holds `answer` (the bytes sent for `key`, compressed by `answer.encoding` or not) under the
   * request's own address `alias` (the raw request and the headers its answer depends on) for as
   * long as the answer of `key` it was made from stays: a later request with the same address is
   * answered by `peek`, before its route parses, validates or loads anything. Nothing is held when
   * that answer went meanwhile (a change of its tags) or the address is longer than 1 KB.
   */
  remember(alias: string, key: string, tags: readonly CacheTag[], answer: AliasedAnswer): void;
  /** The answer held under `alias` (remember), while it lasts. */
  peek(alias: string): AliasedAnswer | undefined;
  /** Data under `tag` changed here: drop this instance's answers and tell the other instances. */
  changed(tag: CacheTag): Promise<void>;
  /** Another instance changed data under a tag (Redis only): e.g. forget this instance's reads. */
  onRemoteChange(listener: (tag: CacheTag) => void): void;
  /** Subscribes to the other instances' changes and reads the current generations. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type Encoding = 'br' | 'gzip';

/** An answer as sent: its bytes and how they are compressed (null: not). */
export interface AliasedAnswer {
  body: Buffer;
  encoding: Encoding | null;
}

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // The quality @fastify/compress uses for brotli; gzip at zlib's default.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => promisify(gzip)(body),
};

interface LocalEntry {
  body: Promise<Buffer>;
  /** The body once loaded: an alias is held only for the very bytes this entry holds. */
  loaded?: Buffer;
  expiresAt: number;
  tags: readonly CacheTag[];
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { redis, prefix } = options;
  const localTtlMs = options.localTtlMs ?? 1_000;
  const sharedTtlMs = options.sharedTtlMs ?? 5_000;
  const maxLocalEntries = options.maxLocalEntries ?? 5_000;
  const onError = options.onError ?? (() => {});
  const channel = `${prefix}read-cache:changes`;
  const generationKey = (tag: CacheTag) => `${prefix}read-cache:generation:${tag}`;
  const generationTtlMs = 7 * 24 * 3600 * 1000;
  const generations = new Map<CacheTag, number>(cacheTags.map((tag) => [tag, 0]));
  const local = new Map<string, LocalEntry>();
  const aliases = new Map<string, { answer: AliasedAnswer; expiresAt: number; tags: readonly CacheTag[] }>();
  const remoteListeners = new Set<(tag: CacheTag) => void>();
  let subscriber: Redis | null = null;

  /** Redis is used only while connected: a Redis that is down costs a read nothing. */
  const usable = () => (redis && redis.status === 'ready' ? redis : null);

  function dropLocal(tag: CacheTag) {
    for (const [key, entry] of local) if (entry.tags.includes(tag)) local.delete(key);
    for (const [alias, entry] of aliases) if (entry.tags.includes(tag)) aliases.delete(alias);
  }

  /** Reads keys of `generation` from now on; the answers of the tag held here go. */
  function adopt(tag: CacheTag, generation: number) {
    generations.set(tag, generation);
    dropLocal(tag);
  }

  function sweep(now: number, entries: Map<string, { expiresAt: number }>) {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    // Still full (many distinct keys within one TTL, e.g. searches): the oldest half goes.
    if (entries.size >= maxLocalEntries) {
      let excess = entries.size - Math.floor(maxLocalEntries / 2);
      for (const key of entries.keys()) {
        if (excess-- <= 0) break;
        entries.delete(key);
      }
    }
  }

  async function loadShared(sharedKey: string, load: () => Promise<string>): Promise<string> {
    const client = usable();
    if (client) {
      try {
        const hit = await client.get(sharedKey);
        if (hit !== null) return hit;
      } catch (error) {
        onError(error, 'read');
      }
    }
    const body = await load();
    usable()
      ?.set(sharedKey, body, 'PX', sharedTtlMs)
      .catch((error: unknown) => onError(error, 'write'));
    return body;
  }

  const fullKeyOf = (key: string, tags: readonly CacheTag[]) =>
    `${tags.map((tag) => `${tag}.${generations.get(tag) ?? 0}`).join(',')}|${key}`;

  /** The memory level: one load per key at a time, kept for the TTL, a failed load not kept. */
  function fromLocal(
    localKey: string,
    tags: readonly CacheTag[],
    make: () => Promise<Buffer>,
  ): Promise<Buffer> {
    const now = Date.now();
    const hit = local.get(localKey);
    if (hit && hit.expiresAt > now) return hit.body;
    if (local.size >= maxLocalEntries) sweep(now, local);
    const body = make();
    const entry: LocalEntry = { body, expiresAt: now + localTtlMs, tags };
    local.set(localKey, entry);
    body.then(
      (loaded) => {
        entry.loaded = loaded;
      },
      () => {
        if (local.get(localKey) === entry) local.delete(localKey);
      },
    );
    return body;
  }

  return {
    get(key, tags, load) {
      const fullKey = fullKeyOf(key, tags);
      return fromLocal(fullKey, tags, async () =>
        Buffer.from(await loadShared(`${prefix}read-cache:${fullKey}`, load), 'utf8'),
      );
    },

    compressed(key, tags, encoding, body) {
      return fromLocal(`${encoding}:${fullKeyOf(key, tags)}`, tags, () => compressors[encoding](body));
    },

    remember(alias, key, tags, answer) {
      if (alias.length > 1024) return;
      const fullKey = fullKeyOf(key, tags);
      const made = local.get(answer.encoding ? `${answer.encoding}:${fullKey}` : fullKey);
      const now = Date.now();
      if (!made || made.loaded !== answer.body || made.expiresAt <= now) return;
      if (aliases.size >= maxLocalEntries) sweep(now, aliases);
      aliases.set(alias, { answer, expiresAt: made.expiresAt, tags });
    },

    peek(alias) {
      const held = aliases.get(alias);
      if (!held) return undefined;
      if (held.expiresAt > Date.now()) return held.answer;
      aliases.delete(alias);
      return undefined;
    },

    async changed(tag) {
      dropLocal(tag);
      const client = usable();
      if (!client) return;
      try {
        const generation = await client.incr(generationKey(tag));
        adopt(tag, generation);
        await client.pexpire(generationKey(tag), generationTtlMs);
        await client.publish(channel, JSON.stringify({ tag, generation }));
      } catch (error) {
        onError(error, 'change');
      }
    },

    onRemoteChange(listener) {
      remoteListeners.add(listener);
    },

    async start() {
      if (!redis) return;
      const listener = redis.duplicate();
      subscriber = listener;
      // Without a listener ioredis reports "Unhandled error event" (docs/stack.md gotcha 10).
      listener.on('error', (error: unknown) => onError(error, 'listen'));
      listener.on('message', (from: string, message: string) => {
        if (from !== channel) return;
        const change = parseChange(message);
        if (!change) return;
        // A message is a change: always dropped and forgotten, even when it arrives after a later
        // one (two instances changing at once); the generation read is then the other's, which is
        // also after both changes.
        adopt(change.tag, change.generation);
        for (const heard of remoteListeners) heard(change.tag);
      });
      await listener.subscribe(channel);
      const stored = await redis.mget(cacheTags.map(generationKey));
      cacheTags.forEach((tag, index) => adopt(tag, Number(stored[index] ?? 0)));
    },

    async stop() {
      local.clear();
      aliases.clear();
      const listener = subscriber;
      subscriber = null;
      await listener?.quit().catch(() => listener.disconnect());
    },
  };
}

function parseChange(message: string): { tag: CacheTag; generation: number } | null {
  try {
    const parsed = JSON.parse(message) as { tag?: unknown; generation?: unknown };
    const tag = cacheTags.find((candidate) => candidate === parsed.tag);
    const generation = Number(parsed.generation);
    return tag && Number.isSafeInteger(generation) ? { tag, generation } : null;
  } catch {
    return null;
  }
}
