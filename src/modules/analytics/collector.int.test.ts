// The collector over HTTP (inject) on a fresh copy of the migrated template database.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { eq, inArray, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { EVENTS } from '../../shared/analytics/events.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createAnalyticsService } from './analytics-service.ts';
import { CONTEXTS_SCHEMA, PAYLOAD_DATA_SCHEMA, UNSTRUCT_EVENT_SCHEMA } from './collector.ts';
import { COLLECTOR_GET_PATH, COLLECTOR_POST_PATH, registerCollectorRoutes, type CollectorRoutesOptions } from './collector-routes.ts';
import { analyticsBadRows, analyticsEvents } from './schema.ts';

const ORIGIN = 'https://atelier.test';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ARTICLE_SCHEMA = EVENTS.user_view_article.schema;
const WEB_PAGE = {
  schema: 'iglu:com.snowplowanalytics.snowplow/web_page/jsonschema/1-0-0',
  data: { id: '6a1f5e1c-9d0b-4f43-9a51-3e0f4c5a7b21' },
};
const DUID = '0d5c1e0a-6b8f-4c1e-9b52-6a1f3d2e4c5b';
const SID = 'b4c3d2e1-f0a9-4b8c-8d7e-6f5a4b3c2d1e';

let database: Database;
let app: FastifyInstance;

async function buildCollector(options: Partial<CollectorRoutesOptions> = {}): Promise<FastifyInstance> {
  const instance = Fastify({ trustProxy: true });
  await registerCollectorRoutes(instance, { analytics: createAnalyticsService({ db: database.db }), allowedOrigins: [ORIGIN], ...options });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildCollector();
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(analyticsEvents);
  await database.db.delete(analyticsBadRows);
});

/** Common fields @snowplow/browser-tracker v4 puts on every event. */
function trackerFields(eid: string, dtm: number) {
  return {
    eid,
    tv: 'js-4.5.0',
    tna: 'sp',
    aid: 'test-global-9.36.0',
    p: 'web',
    cookie: '1',
    cs: 'UTF-8',
    lang: 'en-GB',
    res: '1920x1080',
    cd: '24',
    tz: 'Europe/London',
    dtm: String(dtm),
    vp: '1280x720',
    ds: '1265x4210',
    vid: '2',
    sid: SID,
    duid: DUID,
    uid: '1234567',
    url: 'https://atelier.test/articles/the-new-luxury/?utm_source=newsletter&utm_medium=email',
    refr: 'https://www.google.com/',
    co: JSON.stringify({ schema: CONTEXTS_SCHEMA, data: [WEB_PAGE] }),
  };
}

/** A batch of a page view and a self-describing event, exactly as the v4 tracker POSTs them. */
function batch(pageViewId = randomUUID(), articleViewId = randomUUID()) {
  const stm = '1795000000500';
  return {
    schema: PAYLOAD_DATA_SCHEMA,
    data: [
      { e: 'pv', page: 'The new luxury | Atelier', ...trackerFields(pageViewId, 1795000000000), stm },
      {
        e: 'ue',
        ue_pr: JSON.stringify({
          schema: UNSTRUCT_EVENT_SCHEMA,
          data: { schema: ARTICLE_SCHEMA, data: { article_id: 'story-1', topic_id: 'luxury', wall_variant: 'pay' } },
        }),
        ...trackerFields(articleViewId, 1795000000200),
        stm,
      },
    ],
  };
}

function post(body: unknown, headers: Record<string, string> = {}, on: FastifyInstance = app) {
  return on.inject({
    method: 'POST',
    url: COLLECTOR_POST_PATH,
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      origin: ORIGIN,
      'user-agent': USER_AGENT,
      'x-forwarded-for': '203.0.113.9',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A POST on a connection of its own (no keep-alive), so closing the server waits only for requests under way. */
function postOnItsOwnConnection(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sending = request(
      url,
      { method: 'POST', agent: false, headers: { connection: 'close', 'content-type': 'application/json', origin: ORIGIN } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sending.on('error', reject);
    sending.end(body);
  });
}

const storedEvents = () => database.db.select().from(analyticsEvents).orderBy(analyticsEvents.deviceTstamp);
const storedBadRows = () => database.db.select().from(analyticsBadRows);

describe('POST /com.snowplowanalytics.snowplow/tp2', () => {
  it('stores a v4 batch decoded, answers 200 ok with CORS headers and sets the sp cookie', async () => {
    const [pageViewId, articleViewId] = [randomUUID(), randomUUID()];
    const response = await post(batch(pageViewId, articleViewId), { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const cookie = String(response.headers['set-cookie']);
    const nuid = /^sp=([0-9a-f-]{36});/.exec(cookie)?.[1];
    expect(nuid).toBeDefined();
    expect(cookie).toContain('Max-Age=63072000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=None; Secure');

    const [pageView, articleView] = await storedEvents();
    expect(pageView).toMatchObject({
      eventId: pageViewId,
      appId: 'test-global-9.36.0',
      platform: 'web',
      event: 'pv',
      eventName: 'page_view',
      schema: EVENTS.page_view.schema,
      data: {
        page_path: '/articles/the-new-luxury/',
        page_url: 'https://atelier.test/articles/the-new-luxury/?utm_source=newsletter&utm_medium=email',
        page_title: 'The new luxury | Atelier',
        page_referrer: 'https://www.google.com/',
        page_query: 'utm_source=newsletter&utm_medium=email',
        utm_source: 'newsletter',
        utm_medium: 'email',
      },
      contexts: [WEB_PAGE],
      trackerVersion: 'js-4.5.0',
      trackerName: 'sp',
      userId: '1234567',
      domainUserid: DUID,
      domainSessionid: SID,
      domainSessionidx: 2,
      networkUserid: nuid,
      pageUrl: 'https://atelier.test/articles/the-new-luxury/?utm_source=newsletter&utm_medium=email',
      pageTitle: 'The new luxury | Atelier',
      pageReferrer: 'https://www.google.com/',
      useragent: USER_AGENT,
      ip: '203.0.113.9',
      fields: { cookie: '1', cs: 'UTF-8', lang: 'en-GB', res: '1920x1080', cd: '24', tz: 'Europe/London', vp: '1280x720', ds: '1265x4210' },
      deviceTstamp: new Date(1795000000000),
      sentTstamp: new Date(1795000000500),
    });
    expect(Date.now() - pageView!.collectorTstamp.getTime()).toBeLessThan(60_000);
    expect(articleView).toMatchObject({
      eventId: articleViewId,
      event: 'ue',
      eventName: 'user_view_article',
      schema: ARTICLE_SCHEMA,
      data: { article_id: 'story-1', topic_id: 'luxury', wall_variant: 'pay' },
      pageTitle: null,
      deviceTstamp: new Date(1795000000200),
    });
    expect(await storedBadRows()).toEqual([]);
  });

  it('stores an event sent twice once', async () => {
    const body = batch();
    expect((await post(body)).statusCode).toBe(200);
    expect((await post(body)).statusCode).toBe(200);
    const twiceInOneBatch = { ...body, data: [body.data[0], body.data[0]] };
    expect((await post(twiceInOneBatch)).statusCode).toBe(200);
    expect(await storedEvents()).toHaveLength(2);
  });

  it('keeps a bad event of a batch as a bad row and stores the rest', async () => {
    const body = batch();
    const bad = {
      ...body.data[1],
      ue_pr: JSON.stringify({ schema: UNSTRUCT_EVENT_SCHEMA, data: { schema: ARTICLE_SCHEMA, data: { topic_id: 'luxury' } } }),
    };
    const response = await post({
      ...body,
      data: [body.data[0], bad, { e: 'pv', tv: 'js-4.5.0', p: 'web', url: 'https://atelier.test/', extra: 'x' }],
    });
    expect(response.statusCode).toBe(200);
    expect(await storedEvents()).toHaveLength(1);
    const badRows = await storedBadRows();
    expect(badRows.map((row) => [row.source, row.reason])).toEqual([
      ['post', expect.stringMatching(/^iglu:com\.atelier\/user_view_article\/jsonschema\/1-0-0: article_id: /)],
      ['post', 'unknown keys: extra'],
    ]);
    expect(JSON.parse(badRows[0]!.raw)).toEqual(bad);
  });

  it.each([
    ['half of a surrogate pair in a field', { page: 'Beaut\uD83C' }, 'half of a surrogate pair in: page'],
    [
      'half of a surrogate pair in an entity',
      { co: JSON.stringify({ schema: CONTEXTS_SCHEMA, data: [{ ...WEB_PAGE, data: { id: '\uDC00' } }] }) },
      'co: contains half of a surrogate pair',
    ],
    ['a NUL character in a field', { page: 'a\u0000b' }, 'a NUL character in: page'],
  ])('stores 49 good events beside one with %s, which becomes a bad row (200, nothing to retry)', async (_case, change, reason) => {
    const good = Array.from({ length: 49 }, () => batch().data[0]!);
    const bad = { ...batch().data[0]!, ...change };
    const response = await post({ schema: PAYLOAD_DATA_SCHEMA, data: [...good.slice(0, 20), bad, ...good.slice(20)] });
    expect(response.statusCode).toBe(200);
    expect((await storedEvents()).map((event) => event.eventId).sort()).toEqual(good.map((event) => event.eid).sort());
    const badRows = await storedBadRows();
    expect(badRows.map((row) => row.reason)).toEqual([reason]);
    expect(JSON.parse(badRows[0]!.raw)).toEqual(bad);
  });

  it.each([
    ['not JSON', '{"schema": "iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4", "data": [', 'body is not JSON'],
    ['a wrong schema', JSON.stringify({ schema: 'iglu:com.acme/payload/jsonschema/1-0-0', data: [{}] }), 'schema must be'],
    ['no events', JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [] }), 'data is empty'],
    ['an event that is not an object', JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: ['e=pv'] }), 'data[0] is not an object'],
    ['a raw NUL byte', '{"a":"\u0000"}', 'body is not JSON'],
    ['an escaped NUL character in its schema', '{"schema":"\\u0000"}', 'schema must be'],
  ])('keeps a payload with %s as one bad row and answers 400', async (_case, body, reason) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    const rows = await storedBadRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'post', raw: body.replaceAll('\u0000', '\\u0000') });
    expect(rows[0]!.reason).toContain(reason);
    expect(await storedEvents()).toEqual([]);
  });

  it('reads a body whatever its content type, and keeps an empty one as a bad row', async () => {
    expect((await post(batch(), { 'content-type': 'text/plain;charset=UTF-8' })).statusCode).toBe(200);
    const empty = await app.inject({ method: 'POST', url: COLLECTOR_POST_PATH });
    expect(empty.statusCode).toBe(400);
    expect((await storedBadRows()).map((row) => row.reason)).toEqual(['empty body']);
  });

  it('accepts the tracker’s largest batch and refuses bodies over 64 KB with 413', async () => {
    const body = batch();
    const padded = { ...body, data: [{ ...body.data[0], page: 'x'.repeat(1000) }] };
    const events = Array.from({ length: 36 }, () => ({ ...padded.data[0], eid: randomUUID() }));
    const largest = JSON.stringify({ ...body, data: events });
    expect(largest.length).toBeGreaterThan(40_088);
    expect((await post(largest)).statusCode).toBe(200);
    const tooBig = JSON.stringify({ ...body, data: [...events, ...events].map((event) => ({ ...event, eid: randomUUID() })) });
    expect(tooBig.length).toBeGreaterThan(65_536);
    expect((await post(tooBig)).statusCode).toBe(413);
  });

  it('answers 5xx and stores nothing when the database fails, so the tracker retries', async () => {
    await database.db.execute(sql`alter table analytics_events rename to analytics_events_away`);
    try {
      const body = batch();
      const response = await post({ ...body, data: [body.data[0], { e: 'xx' }] });
      expect(response.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`alter table analytics_events_away rename to analytics_events`);
    }
    // One transaction: the bad row of the failed batch was not kept either; the resend will bring it.
    expect(await storedBadRows()).toEqual([]);
  });
});

describe('group commit: concurrent requests stored together', () => {
  /** The tracker's batch with its own event ids and app id. */
  function batchOf(appId: string, size = 10) {
    const body = batch();
    return {
      ...body,
      data: Array.from({ length: size }, (_, i) => ({ ...body.data[i % 2]!, eid: randomUUID(), aid: appId })),
    };
  }
  const idsOf = (body: { data: { eid: string }[] }) => body.data.map((event) => event.eid);
  const storedIds = async (ids: string[]) =>
    (await database.db.select({ id: analyticsEvents.eventId }).from(analyticsEvents).where(inArray(analyticsEvents.eventId, ids))).map(
      (row) => row.id,
    );

  it('stores every event of many requests at once exactly once, each answered only after its events are stored', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => batchOf(`app-${i}`));
    // Ten of them sent again at the same time (a tracker retrying while the first try is under way).
    const sent = [...bodies, ...bodies.slice(0, 10)];
    const answers = await Promise.all(
      sent.map(async (body) => {
        const response = await post(body);
        // Acknowledged means stored: looked at the moment the answer arrives.
        return { status: response.statusCode, stored: (await storedIds(idsOf(body))).length };
      }),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.stored === 10)).toBe(true);
    const [counts] = await database.db
      .select({ rows: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${analyticsEvents.eventId})::int` })
      .from(analyticsEvents);
    expect(counts).toEqual({ rows: 400, distinct: 400 });
  });

  it('answers 5xx to the one request the database refuses and stores the others of its batch', async () => {
    // A row the database refuses (as a value a column rejects would be): a trigger that fails on one app id.
    await database.db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.app_id = 'poison' then raise exception 'refused a row of poison'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_poison before insert on analytics_events for each row execute function refuse_poison()`,
    );
    try {
      const good = Array.from({ length: 6 }, (_, i) => batchOf(`app-${i}`, 5));
      const poison = batchOf('poison', 5);
      const [refused, ...answers] = await Promise.all([poison, ...good].map((body) => post(body)));
      expect(refused!.statusCode).toBe(500);
      expect(answers.map((answer) => answer.statusCode)).toEqual(good.map(() => 200));
      expect(await storedIds(good.flatMap(idsOf))).toHaveLength(30);
      expect(await storedIds(idsOf(poison))).toEqual([]);
    } finally {
      await database.db.execute(sql`drop trigger refuse_poison on analytics_events`);
      await database.db.execute(sql`drop function refuse_poison()`);
    }
  });

  it('stores text with quotes, backslashes, braces, NULL and line breaks exactly, beside the bad events of the same batch', async () => {
    const awkward = ['say "NULL"', 'NULL', 'back\\slash \\" {braces}, commas', 'line\nbreak\ttab', '“Ünïcödé” 👗'];
    const bodies = awkward.map((text, i) => {
      const body = batchOf(`awkward-${i}`, 4);
      const good = body.data.map((event) => ({
        ...event,
        page: text,
        lang: text,
        refr: `https://example.test/?q=${encodeURIComponent(text)}`,
      }));
      return { ...body, data: [...good, { ...good[0]!, eid: randomUUID(), e: 'zz' }] };
    });
    // Sent together: one batch holds every request's good and bad events.
    const answers = await Promise.all(bodies.map((body) => post(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 200));
    const stored = await database.db
      .select({
        id: analyticsEvents.eventId,
        title: analyticsEvents.pageTitle,
        fields: analyticsEvents.fields,
        contexts: analyticsEvents.contexts,
      })
      .from(analyticsEvents);
    const sent = bodies.flatMap((body) => body.data.slice(0, 4));
    expect(new Map(stored.map((row) => [row.id, row.title]))).toEqual(new Map(sent.map((event) => [event.eid, event.page])));
    expect(new Map(stored.map((row) => [row.id, row.fields.lang]))).toEqual(new Map(sent.map((event) => [event.eid, event.lang])));
    expect(stored.map((row) => row.contexts)).toEqual(stored.map(() => [WEB_PAGE]));
    const badRows = await storedBadRows();
    expect(badRows).toHaveLength(awkward.length);
    expect(badRows.every((row) => row.reason.startsWith('e must be one of'))).toBe(true);
    expect(badRows.map((row) => (JSON.parse(row.raw) as { page: string }).page).sort()).toEqual([...awkward].sort());
  });

  it('loses no acknowledged event when the app closes while requests are under way', async () => {
    const analytics = createAnalyticsService({ db: database.db });
    const server = Fastify();
    await registerCollectorRoutes(server, { analytics, allowedOrigins: [ORIGIN] });
    // As the module wires it (module.ts): the batches under way finish before the app has closed.
    server.addHook('onClose', () => analytics.close());
    const url = `${await server.listen({ host: '127.0.0.1', port: 0 })}${COLLECTOR_POST_PATH}`;
    const bodies = Array.from({ length: 40 }, (_, i) => batchOf(`closing-${i}`));
    let closing: Promise<void> | undefined;
    const answers = await Promise.all(
      bodies.map(async (body) => {
        try {
          const status = await postOnItsOwnConnection(url, JSON.stringify(body));
          // The first answer starts the shutdown (what SIGTERM does in main.ts); the others are under way or refused.
          closing ??= server.close();
          // Acknowledged means stored: looked at the moment the answer arrives, and again once closed.
          return { status, stored: (await storedIds(idsOf(body))).length };
        } catch {
          return { status: 0, stored: 0 };
        }
      }),
    );
    await closing;
    const acknowledged = bodies.filter((_, i) => answers[i]!.status === 200);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(answers.every(({ status, stored }) => (status === 200 && stored === 10) || status === 503 || status === 0)).toBe(true);
    expect(await storedIds(acknowledged.flatMap(idsOf))).toHaveLength(acknowledged.length * 10);
  });

  it('waits at close for the batches under way', async () => {
    const analytics = createAnalyticsService({ db: database.db });
    const body = batchOf('closing');
    const collecting = analytics.collect(body.data, { source: 'post', ip: null, userAgent: null, anonymous: true, networkUserId: null });
    await analytics.close();
    expect(await storedIds(idsOf(body))).toHaveLength(10);
    expect(await collecting).toEqual({ stored: 10, duplicates: 0, bad: 0 });
  });

  it('counts each request’s new events and resends when they share a batch', async () => {
    const analytics = createAnalyticsService({ db: database.db });
    const options = { source: 'post', ip: null, userAgent: null, anonymous: true, networkUserId: null } as const;
    const earlier = batchOf('earlier', 4);
    await analytics.collect(earlier.data, options);
    const fresh = batchOf('fresh', 6);
    // Called in one turn, so they join one batch: a new request, its resend, one mixing old and new events, and one repeating an event.
    const answers = await Promise.all([
      analytics.collect(fresh.data, options),
      analytics.collect(fresh.data, options),
      analytics.collect([...earlier.data.slice(0, 2), ...batchOf('mixed', 3).data], options),
      analytics.collect([fresh.data[0], ...batchOf('repeated', 1).data], options),
    ]);
    expect(answers).toEqual([
      { stored: 6, duplicates: 0, bad: 0 },
      { stored: 0, duplicates: 6, bad: 0 },
      { stored: 3, duplicates: 2, bad: 0 },
      { stored: 1, duplicates: 1, bad: 0 },
    ]);
    // Every event new: each request stored all its own.
    const alone = await Promise.all([analytics.collect(batchOf('a', 2).data, options), analytics.collect(batchOf('b', 5).data, options)]);
    expect(alone.map((answer) => answer.stored)).toEqual([2, 5]);
    expect(await storedIds([...idsOf(earlier), ...idsOf(fresh)])).toHaveLength(10);
  });

  it('stores a batch sent to two collector processes at once exactly once, both answered', async () => {
    // Two services on one database, as two worker processes are: on PostgreSQL their transactions race.
    const [first, second] = [createAnalyticsService({ db: database.db }), createAnalyticsService({ db: database.db })];
    const options = { source: 'post', ip: null, userAgent: null, anonymous: true, networkUserId: null } as const;
    const bodies = Array.from({ length: 8 }, (_, i) => batchOf(`race-${i}`));
    const answers = await Promise.all(bodies.flatMap((body) => [first.collect(body.data, options), second.collect(body.data, options)]));
    expect(answers.reduce((sum, answer) => sum + answer.stored, 0)).toBe(80);
    expect(answers.reduce((sum, answer) => sum + answer.duplicates, 0)).toBe(80);
    expect(await storedIds(bodies.flatMap(idsOf))).toHaveLength(80);
  });
});

describe('GET /i', () => {
  it('stores one event from the query string (ue_px, cx base64url) and answers a no-cache GIF', async () => {
    const eid = randomUUID();
    const uePx = Buffer.from(
      JSON.stringify({
        schema: UNSTRUCT_EVENT_SCHEMA,
        data: { schema: ARTICLE_SCHEMA, data: { article_id: 'story-2', topic_label: 'Beauté >>> ?' } },
      }),
    ).toString('base64url');
    const cx = Buffer.from(JSON.stringify({ schema: CONTEXTS_SCHEMA, data: [WEB_PAGE] })).toString('base64url');
    const query = new URLSearchParams({
      e: 'ue',
      eid,
      tv: 'js-4.5.0',
      p: 'web',
      aid: 'test-global-9.36.0',
      ue_px: uePx,
      cx,
      url: 'https://atelier.test/a/',
      stm: '1795000000900',
    });
    const nuid = randomUUID();
    const response = await app.inject({
      method: 'GET',
      url: `${COLLECTOR_GET_PATH}?${query}`,
      headers: { origin: ORIGIN, cookie: `other=1; sp=${nuid}`, 'user-agent': USER_AGENT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(response.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    expect([response.rawPayload.readUInt16LE(6), response.rawPayload.readUInt16LE(8)]).toEqual([1, 1]);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    // The existing cookie is renewed, not replaced; plain http gets SameSite=Lax.
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^sp=${nuid};.*SameSite=Lax$`));
    const [row] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, eid));
    expect(row).toMatchObject({
      eventName: 'user_view_article',
      data: { article_id: 'story-2', topic_label: 'Beauté >>> ?' },
      contexts: [WEB_PAGE],
      networkUserid: nuid,
      sentTstamp: new Date(1795000000900),
    });
  });

  it('keeps a bad query string as a bad row and still answers the GIF', async () => {
    const response = await app.inject({ method: 'GET', url: `${COLLECTOR_GET_PATH}?e=pv&e=pp&tv=js&p=web` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    const rows = await storedBadRows();
    expect(rows.map((row) => [row.source, row.reason])).toEqual([['get', 'values must be strings: e']]);
  });
});

describe('CORS preflight', () => {
  it.each([COLLECTOR_POST_PATH, COLLECTOR_GET_PATH])('echoes an allowed origin with credentials on %s', async (url) => {
    const response = await app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,sp-anonymous' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-headers']).toBe('Content-Type, SP-Anonymous');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers.vary).toContain('Origin');
  });

  it('gives another origin no CORS headers (never *)', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: COLLECTOR_POST_PATH,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('SP-Anonymous', () => {
  it('stores no IP and no network user id, and sets no cookie', async () => {
    const body = batch();
    const response = await post(body, { 'sp-anonymous': '*', cookie: `sp=${randomUUID()}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const rows = await storedEvents();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ ip: null, networkUserid: null, useragent: USER_AGENT });
  });
});

describe('rate limit', () => {
  it('answers 429 with CORS headers past the limit per IP, and leaves preflights alone', async () => {
    const limited = await buildCollector({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const fromA = { 'x-forwarded-for': '198.51.100.1' };
      expect((await post(batch(), fromA, limited)).statusCode).toBe(200);
      expect(
        (await limited.inject({ method: 'OPTIONS', url: COLLECTOR_POST_PATH, headers: { origin: ORIGIN, ...fromA } })).statusCode,
      ).toBe(204);
      expect((await post(batch(), fromA, limited)).statusCode).toBe(200);
      const refused = await post(batch(), fromA, limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await limited.inject({ method: 'GET', url: `${COLLECTOR_GET_PATH}?e=pv`, headers: fromA })).statusCode).toBe(429);
      expect((await post(batch(), { 'x-forwarded-for': '198.51.100.2' }, limited)).statusCode).toBe(200);
      expect(await storedEvents()).toHaveLength(6);
    } finally {
      await limited.close();
    }
  });
});

describe('request logging', () => {
  it('logs nothing for a stored batch at LOG_LEVEL=info, and a warning for a refused payload', async () => {
    const lines: { level: number; msg: string }[] = [];
    const server = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
    await registerCollectorRoutes(server, { analytics: createAnalyticsService({ db: database.db }), allowedOrigins: [ORIGIN] });
    const post = (payload: string) =>
      server.inject({ method: 'POST', url: COLLECTOR_POST_PATH, headers: { 'content-type': 'application/json' }, payload });

    expect((await post(JSON.stringify(batch()))).statusCode).toBe(200);
    expect((await server.inject({ method: 'OPTIONS', url: COLLECTOR_POST_PATH, headers: { origin: ORIGIN } })).statusCode).toBe(204);
    expect(lines).toEqual([]);

    expect((await post('not json')).statusCode).toBe(400);
    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([{ level: 40, msg: 'analytics payload refused' }]);
    await server.close();
  });
});
