/**
 * What an operator can change under the read path, one tag per kind of data. A change of a tag
 * drops every cached read of it: this process's per-owner caches below, and the shared answers of
 * shared/response-cache.ts on every instance (through Redis when REDIS_URL is set).
 */
export const cacheTags = ['settings', 'content', 'games', 'ranks'] as const;
export type CacheTag = (typeof cacheTags)[number];

interface Forgettable {
  invalidate(owner: object): void;
}
const cachesByTag = new Map<CacheTag, Set<Forgettable>>();

/**
 * A small per-owner (per database handle) read cache with a time to live, for data that every
 * page load reads and an operator changes rarely: settings, countries, game menus. Each server
 * instance keeps its own; a cache with a `tag` is dropped by `dataChanged(owner, tag)` here and,
 * with Redis, on the other instances too; otherwise the TTL bounds how long a change takes to show.
 */
export function createReadCache<Owner extends object, Value>(
  ttlMs: number,
  options: { tag?: CacheTag } = {},
) {
  const entries = new WeakMap<Owner, Map<string, { value: Promise<Value>; expiresAt: number }>>();

  function mapFor(owner: Owner) {
    let map = entries.get(owner);
    if (!map) {
      map = new Map();
      entries.set(owner, map);
    }
    return map;
  }

  const cache = {
    /** Loads once per TTL; concurrent callers share one load, a failed load is not kept. */
    get(owner: Owner, key: string, load: () => Promise<Value>): Promise<Value> {
      const map = mapFor(owner);
      const hit = map.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.value;
      const value = load();
      const entry = { value, expiresAt: Date.now() + ttlMs };
      map.set(key, entry);
      value.catch(() => {
        if (map.get(key) === entry) map.delete(key);
      });
      return value;
    },
    invalidate(owner: Owner, key?: string) {
      if (key === undefined) entries.delete(owner);
      else mapFor(owner).delete(key);
    },
  };
  if (options.tag) {
    const caches = cachesByTag.get(options.tag) ?? new Set();
    caches.add(cache as Forgettable);
    cachesByTag.set(options.tag, caches);
  }
  return cache;
}

/** Drops this process's cached reads of `tag` for `owner` (the per-owner caches only). */
export function forgetTag(owner: object, tag: CacheTag) {
  for (const cache of cachesByTag.get(tag) ?? []) cache.invalidate(owner);
}

type ChangeListener = (tag: CacheTag) => Promise<void>;
const listenersByOwner = new WeakMap<object, Set<ChangeListener>>();

/**
 * Hears every `dataChanged` of `owner` (the app's response cache, which drops its answers and tells
 * the other instances). Returns the function that stops listening.
 */
export function onDataChanged(owner: object, listener: ChangeListener): () => void {
  const listeners = listenersByOwner.get(owner) ?? new Set();
  listeners.add(listener);
  listenersByOwner.set(owner, listeners);
  return () => listeners.delete(listener);
}

/**
 * Call after a write under `tag` has committed (an operator's change, a catalogue sync): this
 * process forgets at once (synchronously, before the first await), and the promise settles once
 * the other instances have been told, so the writer's next read on any instance is fresh.
 */
export async function dataChanged(owner: object, tag: CacheTag): Promise<void> {
  forgetTag(owner, tag);
  const listeners = listenersByOwner.get(owner);
  if (listeners) await Promise.all([...listeners].map((listener) => listener(tag)));
}
