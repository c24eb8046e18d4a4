// Splitting a change message that would not fit one NOTIFY, and the bus of one process.
import { describe, expect, it } from 'vitest';
import { localChangeBus, MAX_PAYLOAD_BYTES, splitToFit } from './change-bus.ts';

const manyPaths = (n: number) => Array.from({ length: n }, (_, i) => `/articles/a-story-with-a-long-enough-slug-number-${i}/`);

describe('splitting a change message', () => {
  it('keeps a small message whole', () => {
    const parts = splitToFit('me', 'pages', { paths: ['/', '/rss.xml'] });
    expect(parts.map((part) => JSON.parse(part) as unknown)).toEqual([
      { from: 'me', topic: 'pages', message: { paths: ['/', '/rss.xml'] } },
    ]);
  });

  it('splits a long list into parts that each fit, keeping every path once and in order', () => {
    const paths = manyPaths(1_000);
    const parts = splitToFit('me', 'pages', { paths });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(parts.flatMap((part) => (JSON.parse(part) as { message: { paths: string[] } }).message.paths)).toEqual(paths);
  });

  it('refuses a single key too big for a notification of its own', () => {
    expect(() => splitToFit('me', 'pages', { paths: [`/${'x'.repeat(MAX_PAYLOAD_BYTES)}`] })).toThrow(/too big/);
  });
});

describe('the bus of one process', () => {
  it('gives each subscriber of the topic the message once, whole, and nothing after it unsubscribes', async () => {
    const bus = localChangeBus();
    const pages: (string[] | null)[] = [];
    const sessions: string[][] = [];
    const stop = bus.subscribe('pages', (message) => pages.push(message.paths));
    bus.subscribe('sessions', (message) => sessions.push(message.ids));
    const paths = manyPaths(1_000);
    await bus.publish('pages', { paths });
    await bus.publish('pages', { paths: null });
    stop();
    await bus.publish('pages', { paths: ['/'] });
    expect(pages).toEqual([paths, null]);
    expect(sessions).toEqual([]);
  });

  it('refuses a path that is not one', async () => {
    await expect(localChangeBus().publish('pages', { paths: ['articles/no-slash/'] })).rejects.toThrow();
  });
});
