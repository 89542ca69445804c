/**
 * A small per-owner (per database handle) read cache with a time to live, for data that every
 * page load reads and an operator changes rarely: settings, countries, game menus. Each server
 * instance keeps its own; the TTL bounds how long another instance's change takes to show.
 */
export function createReadCache<Owner extends object, Value>(ttlMs: number) {
  const entries = new WeakMap<Owner, Map<string, { value: Promise<Value>; expiresAt: number }>>();

  function mapFor(owner: Owner) {
    let map = entries.get(owner);
    if (!map) {
      map = new Map();
      entries.set(owner, map);
    }
    return map;
  }

  return {
    /** Loads once per TTL; concurrent callers share one load, a failed load is not kept. */
    get(owner: Owner, key: string, load: () => Promise<Value>): Promise<Value> {
      const map = mapFor(owner);
      const hit = map.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.value;
      const value = load();
      map.set(key, { value, expiresAt: Date.now() + ttlMs });
      value.catch(() => map.delete(key));
      return value;
    },
    invalidate(owner: Owner, key?: string) {
      if (key === undefined) entries.delete(owner);
      else mapFor(owner).delete(key);
    },
  };
}
