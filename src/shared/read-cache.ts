// What anonymous readers see is read far more often than it changes, and PGlite queries run on
// the main thread (DESIGN §2). A small memo with a time-to-live, cleared by writes: lru-cache's
// `fetch` (one load per key at a time, a rejected load not stored, LRU bound and TTL), with the
// load handed in as the fetch context so each call site keeps its own query.
import { LRUCache } from 'lru-cache';

export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** What `get` would answer from memory now, boxed; undefined when it would have to load. No promise, no await. */
  peek<T>(key: string): { value: T } | undefined;
  invalidate(): void;
}

type Load = () => Promise<unknown>;

export function createReadCache({
  ttlMs,
  maxEntries = 2000,
  now,
}: {
  ttlMs: number;
  maxEntries?: number;
  /** The clock for the time to live (tests). */
  now?: () => number;
}): ReadCache {
  // Boxed: lru-cache stores no undefined (a fetch answering undefined stores nothing), and a
  // story that does not exist (null) is an answer worth remembering too.
  const entries = new LRUCache<string, { value: unknown }, Load>({
    max: maxEntries,
    ttl: ttlMs,
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    // A write's invalidate() aborts the loads under way: their readers still get what was read,
    // and it is not stored (by then it may be old).
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
  });
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const box = await entries.fetch(key, { context: load });
      return box!.value as T;
    },
    peek<T>(key: string) {
      // get(), not peek(): a hit counts as a use for the LRU order, and a stale entry is not answered.
      return entries.get(key) as { value: T } | undefined;
    },
    invalidate() {
      entries.clear();
    },
  };
}
