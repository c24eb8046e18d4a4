import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

/** A load that counts its calls and answers `value` (or rejects with it when it is an Error). */
function counted<T>(answer: () => T) {
  const load = async () => {
    load.calls++;
    const value = answer();
    if (value instanceof Error) throw value;
    return value;
  };
  load.calls = 0;
  return load;
}

describe('read cache (lru-cache)', () => {
  it('loads a key once while it is fresh, and once for callers that ask at the same time', async () => {
    const cache = createReadCache({ ttlMs: 30_000 });
    const load = counted(() => ['topics']);
    const [a, b] = await Promise.all([cache.get('topics', load), cache.get('topics', load)]);
    expect(await cache.get('topics', load)).toEqual(['topics']);
    expect(a).toBe(b);
    expect(load.calls).toBe(1);
  });

  it('peeks at a fresh answer without loading, and at nothing once it is stale or loading', async () => {
    let clock = 1_000;
    const cache = createReadCache({ ttlMs: 30_000, now: () => clock });
    let finish = (_value: string) => {};
    const loading = cache.get('story:a', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.peek('story:a')).toBeUndefined();
    finish('the story');
    await loading;
    expect(cache.peek('story:a')).toEqual({ value: 'the story' });
    await cache.get('story:none', async () => null);
    expect(cache.peek('story:none')).toEqual({ value: null });
    clock += 30_001;
    expect(cache.peek('story:a')).toBeUndefined();
    expect(cache.peek('story:never-read')).toBeUndefined();
  });

  it('remembers an empty answer (null: no such story)', async () => {
    const cache = createReadCache({ ttlMs: 30_000 });
    const load = counted(() => null);
    expect(await cache.get('story:nope', load)).toBeNull();
    expect(await cache.get('story:nope', load)).toBeNull();
    expect(load.calls).toBe(1);
  });

  it('does not remember a failed load', async () => {
    const cache = createReadCache({ ttlMs: 30_000 });
    let fail = true;
    const load = counted(() => (fail ? new Error('database away') : 'home'));
    await expect(cache.get('home', load)).rejects.toThrow('database away');
    fail = false;
    expect(await cache.get('home', load)).toBe('home');
    expect(await cache.get('home', load)).toBe('home');
    expect(load.calls).toBe(2);
  });

  it('loads again once the time to live has passed', async () => {
    let clock = 1_000;
    const cache = createReadCache({ ttlMs: 30_000, now: () => clock });
    const load = counted(() => clock);
    expect(await cache.get('latest', load)).toBe(1_000);
    clock += 29_999;
    expect(await cache.get('latest', load)).toBe(1_000);
    clock += 2;
    expect(await cache.get('latest', load)).toBe(31_001);
    expect(load.calls).toBe(2);
  });

  it('holds at most maxEntries keys, dropping the least recently read', async () => {
    const cache = createReadCache({ ttlMs: 30_000, maxEntries: 2 });
    const loads = { a: counted(() => 'a'), b: counted(() => 'b'), c: counted(() => 'c') };
    await cache.get('a', loads.a);
    await cache.get('b', loads.b);
    await cache.get('a', loads.a); // a is now the most recent
    await cache.get('c', loads.c); // drops b
    await cache.get('a', loads.a);
    await cache.get('b', loads.b);
    expect([loads.a.calls, loads.b.calls, loads.c.calls]).toEqual([1, 2, 1]);
  });

  it('invalidate() drops everything; a load under way still answers its reader and is not kept', async () => {
    const cache = createReadCache({ ttlMs: 30_000 });
    let version = 1;
    let release!: () => void;
    const slow = counted(() => version);
    const gated = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return slow();
    };
    const pending = cache.get('home', gated);
    cache.invalidate();
    version = 2;
    release();
    expect(await pending).toBe(2);
    version = 3;
    expect(await cache.get('home', slow)).toBe(3);
    cache.invalidate();
    version = 4;
    expect(await cache.get('home', slow)).toBe(4);
  });
});
