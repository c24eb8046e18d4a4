// What anonymous readers see is read far more often than it changes, and PGlite queries run on
// the main thread (DESIGN §2). A small memo with a time-to-live, cleared by writes.

export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
}

export function createReadCache({ ttlMs, maxEntries = 2000 }: { ttlMs: number; maxEntries?: number }): ReadCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = load();
      // A failed load must not be remembered.
      value.catch(() => entries.delete(key));
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: now + ttlMs, value });
      return value;
    },
    invalidate() {
      entries.clear();
    },
  };
}
