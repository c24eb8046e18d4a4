// Increasing delays after failures, per key (an identifier or an IP): after FREE_ATTEMPTS
// failures within the window, each further attempt waits twice as long as the last, up to
// MAX_DELAY. In memory: one node. With several nodes, the same counters move to Redis (DESIGN §8).
const WINDOW_MS = 15 * 60 * 1000;
const FREE_ATTEMPTS = 5;
const MAX_DELAY_MS = 15 * 60 * 1000;

export function createAttemptLimiter({ now = () => Date.now() }: { now?: () => number } = {}) {
  const entries = new Map<string, { failures: number; first: number; lockedUntil: number }>();

  function sweep(at: number) {
    if (entries.size < 10_000) return;
    for (const [key, entry] of entries) if (at - entry.first > WINDOW_MS && entry.lockedUntil < at) entries.delete(key);
  }

  return {
    /** Seconds to wait before the next attempt; 0 when it may go ahead. */
    retryAfter(key: string): number {
      const entry = entries.get(key);
      const at = now();
      if (!entry) return 0;
      return entry.lockedUntil > at ? Math.ceil((entry.lockedUntil - at) / 1000) : 0;
    },
    fail(key: string): void {
      const at = now();
      sweep(at);
      const entry = entries.get(key);
      const fresh = !entry || at - entry.first > WINDOW_MS;
      const next = fresh ? { failures: 1, first: at, lockedUntil: 0 } : { ...entry, failures: entry.failures + 1 };
      if (next.failures >= FREE_ATTEMPTS) next.lockedUntil = at + Math.min(MAX_DELAY_MS, 1000 * 2 ** (next.failures - FREE_ATTEMPTS));
      entries.set(key, next);
    },
    succeed(key: string): void {
      entries.delete(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
