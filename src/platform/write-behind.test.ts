import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWriteBehind } from './write-behind.ts';

function quietLog() {
  return { error: vi.fn(), warn: vi.fn() };
}

/** A store that remembers every batch, and fails while `failing` is set. */
function recordingStore() {
  const batches: number[][] = [];
  const state = { failing: false };
  return {
    batches,
    state,
    stored: () => batches.flat(),
    flush: vi.fn(async (items: number[]) => {
      await Promise.resolve();
      if (state.failing) throw new Error('database unavailable');
      batches.push([...items]);
    }),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createWriteBehind', () => {
  it('stores what was added in one batch after the interval, not before', async () => {
    const store = recordingStore();
    const buffer = createWriteBehind({ flush: store.flush, intervalMs: 250, log: quietLog() });
    buffer.add(1);
    buffer.add(2);
    buffer.add(3);
    expect(store.batches).toEqual([]);
    expect(buffer.pending()).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(250);
    expect(store.batches).toEqual([[1, 2, 3]]);
    expect(buffer.pending()).toEqual([]);
  });

  it('stores a full batch at once, and never more than maxBatch items in one call', async () => {
    const store = recordingStore();
    const buffer = createWriteBehind({ flush: store.flush, intervalMs: 60_000, maxBatch: 3, log: quietLog() });
    for (let i = 1; i <= 7; i++) buffer.add(i);
    await buffer.flush();
    expect(store.batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('keeps the items of a failed batch, logs it, and stores them once when the store is back', async () => {
    const store = recordingStore();
    const log = quietLog();
    const buffer = createWriteBehind({ flush: store.flush, intervalMs: 100, log });
    store.state.failing = true;
    buffer.add(1);
    buffer.add(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(buffer.pending()).toEqual([1, 2]);
    buffer.add(3);
    await expect(buffer.flush()).rejects.toThrow('database unavailable');
    expect(buffer.pending()).toEqual([1, 2, 3]);

    store.state.failing = false;
    // The retry comes by itself, after a pause.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.stored()).toEqual([1, 2, 3]);
    expect(buffer.pending()).toEqual([]);
  });

  it('holds at most maxPending items while the store fails, dropping the oldest and saying so', async () => {
    const store = recordingStore();
    const log = quietLog();
    const buffer = createWriteBehind({ flush: store.flush, intervalMs: 100, maxPending: 3, log });
    store.state.failing = true;
    for (let i = 1; i <= 5; i++) buffer.add(i);
    expect(buffer.pending()).toEqual([3, 4, 5]);
    expect(log.warn).toHaveBeenCalled();
    store.state.failing = false;
    await buffer.flush();
    expect(store.stored()).toEqual([3, 4, 5]);
  });

  it('close() stores everything still held and stops the timer', async () => {
    const store = recordingStore();
    const buffer = createWriteBehind({ flush: store.flush, intervalMs: 60_000, maxBatch: 2, log: quietLog() });
    for (let i = 1; i <= 5; i++) buffer.add(i);
    await buffer.close();
    expect(store.stored()).toEqual([1, 2, 3, 4, 5]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('close() waits for a batch being stored and retries a failing one before it gives up', async () => {
    const store = recordingStore();
    const log = quietLog();
    const buffer = createWriteBehind({ flush: store.flush, intervalMs: 10, log });
    buffer.add(1);
    // The drain flush() starts also takes 2, whose first attempt fails: flush() hears of it, close() retries.
    const storing = buffer.flush().catch(() => 'failed');
    buffer.add(2);
    let calls = 0;
    store.flush.mockImplementation(async (items: number[]) => {
      calls += 1;
      if (calls === 1) throw new Error('connection reset');
      store.batches.push([...items]);
    });
    const closing = buffer.close();
    await vi.advanceTimersByTimeAsync(10);
    await closing;
    expect(await storing).toBe('failed');
    expect(store.stored().sort()).toEqual([1, 2]);
    expect(buffer.pending()).toEqual([]);
  });

  it('close() reports what it could not store when the store keeps failing', async () => {
    const store = recordingStore();
    const log = quietLog();
    const buffer = createWriteBehind({ flush: store.flush, intervalMs: 10, closeAttempts: 2, log });
    store.state.failing = true;
    buffer.add(1);
    const closing = buffer.close();
    await vi.advanceTimersByTimeAsync(10);
    await closing;
    expect(log.error).toHaveBeenLastCalledWith(expect.objectContaining({ lost: 1 }), expect.any(String));
  });
});
