// A write-behind buffer (issue 15 "writes off the read path", decision 031): a page hands it a
// row to store and goes on; the buffer stores what it holds in one batch every `intervalMs`, or
// at once when `maxBatch` items wait. A batch that fails is kept and retried (with a growing
// pause), up to `maxPending` items; beyond that the oldest are dropped and the loss is logged.
// `close()` — the module's onClose, which app.close() runs on SIGTERM after the server stopped
// taking requests and before the database closes — stores everything still held.
import type { Logger } from './module.ts';

export interface WriteBehindOptions<T> {
  /** Stores one batch (at most maxBatch items, oldest first); a rejection keeps the items for a retry. */
  flush: (items: T[]) => Promise<void>;
  /** How long an item may wait before its batch is stored. */
  intervalMs?: number;
  /** A batch this big is stored at once, without waiting for the interval. */
  maxBatch?: number;
  /** At most this many items are held while the store fails; the oldest go first. */
  maxPending?: number;
  /** Pause after the first failure; doubled after each further one, up to maxRetryMs. */
  maxRetryMs?: number;
  /** Attempts close() makes before it reports what could not be stored. */
  closeAttempts?: number;
  /** The module's logger; failures and losses are logged here. */
  log: Pick<Logger, 'error' | 'warn'>;
  /** Names the buffer in log lines (e.g. "story reads"). */
  name?: string;
}

export interface WriteBehind<T> {
  /** Holds the item; it is stored with the next batch. Never throws, never waits. */
  add(item: T): void;
  /** Stores everything held now; rejects when the store fails (the items stay held for a retry). */
  flush(): Promise<void>;
  /** Stops the timer and stores everything held (retrying closeAttempts times); logs what it could not store. */
  close(): Promise<void>;
  /** The items held and not yet stored, oldest first (those being stored included): for reads that must see them. */
  pending(): readonly T[];
}

export function createWriteBehind<T>({
  flush: store,
  intervalMs = 250,
  maxBatch = 500,
  maxPending = 100_000,
  maxRetryMs = 30_000,
  closeAttempts = 3,
  log,
  name = 'write-behind',
}: WriteBehindOptions<T>): WriteBehind<T> {
  let queue: T[] = [];
  /** The batch being stored right now. */
  let inFlight: T[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let dropped = 0;
  let closed = false;

  function arm(delayMs: number) {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void run().catch(() => {});
    }, delayMs);
    // A pending write never keeps the process alive on its own: shutdown flushes through close().
    timer.unref();
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight = batch;
      try {
        await store(batch);
        failures = 0;
      } catch (error) {
        // Kept in front of what came since, so batches still go out oldest first.
        queue = [...batch, ...queue];
        failures += 1;
        trim();
        log.error(
          { err: error, buffer: name, held: queue.length, failures, ...(dropped > 0 ? { dropped } : {}) },
          'write-behind: storing a batch failed; its items are kept and retried',
        );
        dropped = 0;
        if (!closed) arm(Math.min(intervalMs * 2 ** failures, maxRetryMs));
        throw error;
      } finally {
        inFlight = [];
      }
    }
  }

  /** One drain at a time; a caller during a drain shares it (the drain takes what arrives meanwhile). */
  function run(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  /** Drops the oldest items beyond maxPending (only while the store keeps failing). */
  function trim() {
    const excess = queue.length - maxPending;
    if (excess <= 0) return;
    queue.splice(0, excess);
    dropped += excess;
  }

  return {
    add(item) {
      queue.push(item);
      if (queue.length > maxPending) {
        trim();
        log.warn(
          { buffer: name, held: queue.length, dropped },
          'write-behind: too many items held while storing fails; dropped the oldest',
        );
        dropped = 0;
      }
      if (closed || (queue.length >= maxBatch && failures === 0)) void run().catch(() => {});
      else arm(failures === 0 ? intervalMs : Math.min(intervalMs * 2 ** failures, maxRetryMs));
    },

    async flush() {
      if (running) await running.catch(() => {});
      if (queue.length > 0) await run();
    },

    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      for (let attempt = 1; attempt <= closeAttempts; attempt++) {
        if (running) await running.catch(() => {});
        if (queue.length === 0) return;
        try {
          await run();
          return;
        } catch {
          if (attempt < closeAttempts) await new Promise((resolve) => setTimeout(resolve, intervalMs));
        }
      }
      if (queue.length > 0) log.error({ buffer: name, lost: queue.length }, 'write-behind: closing without storing these items');
    },

    pending: () => [...inFlight, ...queue],
  };
}
