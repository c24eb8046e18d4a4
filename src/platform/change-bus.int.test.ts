// The change bus on a real database (decision 032): a message reaches each subscriber once, in
// this process (whose own NOTIFY comes back and is ignored) and, on PostgreSQL, in every other
// process on the database, split into parts a NOTIFY accepts when it is large.
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { CHANGES_CHANNEL, createChangeBus, MAX_PAYLOAD_BYTES, type ChangeBus } from './change-bus.ts';

const silent = { error: () => {}, warn: () => {} };
const manyPaths = (n: number) => Array.from({ length: n }, (_, i) => `/articles/a-story-with-a-long-enough-slug-number-${i}/`);

let database: Database & { url?: string };
let bus: ChangeBus;
/** Every payload on the channel, as the database carried it. */
const carried: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  bus = await createChangeBus({ database, log: silent });
  await database.listen(CHANGES_CHANNEL, (payload) => carried.push(payload));
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
  // Listeners of one notification run in turn: let the others run too.
  await new Promise((resolve) => setImmediate(resolve));
}

describe('the change bus in one process', () => {
  it('gives this process its own message once, not again when the database echoes it', async () => {
    const heard: (string[] | null)[] = [];
    const stop = bus.subscribe('pages', (message) => heard.push(message.paths));
    const before = carried.length;
    await bus.publish('pages', { paths: ['/articles/one/'] });
    expect(heard).toEqual([['/articles/one/']]);
    await until(() => carried.length > before);
    expect(heard).toEqual([['/articles/one/']]);
    stop();
  });

  it('sends an oversize message in parts a NOTIFY accepts, and this process gets it whole once', async () => {
    const heard: (string[] | null)[] = [];
    const stop = bus.subscribe('pages', (message) => heard.push(message.paths));
    const paths = manyPaths(800);
    const before = carried.length;
    await bus.publish('pages', { paths });
    await until(
      () =>
        carried.slice(before).flatMap((part) => (JSON.parse(part) as { message: { paths: string[] } }).message.paths).length ===
        paths.length,
    );
    const parts = carried.slice(before);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(heard).toEqual([paths]);
    stop();
  });
});

describe.skipIf(inject('databaseTemplate').kind !== 'postgres')('the change bus across processes on one PostgreSQL database', () => {
  let otherDatabase: Database;
  let other: ChangeBus;
  let third: ChangeBus;
  beforeAll(async () => {
    otherDatabase = await openDatabase({ kind: 'postgres', url: database.url!, max: 2 });
    other = await createChangeBus({ database: otherDatabase, log: silent });
    third = await createChangeBus({ database: otherDatabase, log: silent });
  });
  afterAll(async () => {
    await other.close();
    await third.close();
    await otherDatabase.close();
  });

  /** What each process's pages subscriber heard, and how to stop them. */
  function subscribeEverywhere() {
    const heard = { here: [] as (string[] | null)[], other: [] as (string[] | null)[], third: [] as (string[] | null)[] };
    const stops = [
      bus.subscribe('pages', (message) => heard.here.push(message.paths)),
      other.subscribe('pages', (message) => heard.other.push(message.paths)),
      third.subscribe('pages', (message) => heard.third.push(message.paths)),
    ];
    return { heard, stop: () => stops.forEach((stop) => stop()) };
  }
  /** Ends every process's listening connection (not this query's). */
  const terminateListeners = () =>
    otherDatabase.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
    );
  /** Each process drops its pages once it listens again; later tests need every one listening. */
  const untilEveryProcessListensAgain = (heard: ReturnType<typeof subscribeEverywhere>['heard']) =>
    until(() => heard.here.includes(null) && heard.other.includes(null) && heard.third.includes(null));

  it('a pages message with paths reaches every subscriber of every process once', async () => {
    const { heard, stop } = subscribeEverywhere();
    await bus.publish('pages', { paths: ['/', '/articles/two/'] });
    await other.publish('pages', { paths: null });
    await until(() => heard.here.length === 2 && heard.other.length === 2 && heard.third.length === 2);
    // A last message from the third: once it has arrived everywhere, nothing earlier is still on its way.
    await third.publish('pages', { paths: ['/rss.xml'] });
    await until(() => heard.here.length === 3 && heard.other.length === 3);
    // Each process hears its own message first, so the order differs between processes; the messages do not.
    const each = (messages: (string[] | null)[]) => messages.map((paths) => JSON.stringify(paths)).sort();
    const expected = each([['/', '/articles/two/'], null, ['/rss.xml']]);
    expect({ here: each(heard.here), other: each(heard.other), third: each(heard.third) }).toEqual({
      here: expected,
      other: expected,
      third: expected,
    });
    stop();
  });

  it('an oversize message arrives in parts that together carry every path once', async () => {
    const heard: string[][] = [];
    const stop = other.subscribe('pages', (message) => heard.push(message.paths ?? []));
    const paths = manyPaths(800);
    await bus.publish('pages', { paths });
    await until(() => heard.flat().length >= paths.length);
    expect(heard.length).toBeGreaterThan(1);
    expect(heard.flat()).toEqual(paths);
    stop();
  });

  it('drops every cached page when its listening connection was lost, as messages sent meanwhile never came', async () => {
    const { heard, stop } = subscribeEverywhere();
    await terminateListeners();
    await untilEveryProcessListensAgain(heard);
    // Listening again: a message from another process arrives as before, both ways.
    await other.publish('pages', { paths: ['/after/'] });
    await bus.publish('pages', { paths: ['/after-here/'] });
    await until(() => heard.here.some((paths) => paths?.[0] === '/after/'));
    await until(
      () => heard.other.some((paths) => paths?.[0] === '/after-here/') && heard.third.some((paths) => paths?.[0] === '/after-here/'),
    );
    stop();
  });

  it('keeps trying to listen while the database refuses connections, and listens once it takes them again', async () => {
    const { heard, stop } = subscribeEverywhere();
    const template = inject('databaseTemplate');
    const server = postgres(template.kind === 'postgres' ? template.serverUrl : '', { max: 1, onnotice: () => {} });
    const name = new URL(database.url!).pathname.slice(1);
    // As a restart does: the listening connections drop and the first tries to connect again fail.
    await server`alter database ${server(name)} allow_connections false`;
    try {
      await terminateListeners();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(heard.here).toEqual([]);
    } finally {
      await server`alter database ${server(name)} allow_connections true`;
      await server.end();
    }
    await untilEveryProcessListensAgain(heard);
    await other.publish('pages', { paths: ['/after-restart/'] });
    await until(() => heard.here.some((paths) => paths?.[0] === '/after-restart/'));
    stop();
  });

  it('a message another process publishes on another topic reaches only that topic', async () => {
    const pages: unknown[] = [];
    const sessions: string[][] = [];
    const stops = [
      other.subscribe('pages', (message) => pages.push(message)),
      other.subscribe('sessions', (message) => sessions.push(message.ids)),
    ];
    const id = '0b9a8c1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    await bus.publish('sessions', { ids: [id] });
    await until(() => sessions.length === 1);
    expect(sessions).toEqual([[id]]);
    expect(pages).toEqual([]);
    for (const stop of stops) stop();
  });
});
