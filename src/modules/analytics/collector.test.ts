import { describe, expect, it } from 'vitest';
import { EVENTS } from '../../shared/analytics/events.ts';
import {
  CONTEXTS_SCHEMA,
  decodeBase64Url,
  decodeEvent,
  decodePayload,
  PAYLOAD_DATA_SCHEMA,
  UNSTRUCT_EVENT_SCHEMA,
  type CollectorRequest,
} from './collector.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const REQUEST: CollectorRequest = {
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (test)',
  anonymous: false,
  networkUserId: '0b3f3f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  collectorTstamp: NOW,
};
const EID = '5f0f1a2b-3c4d-4e5f-9a0b-1c2d3e4f5a6b';
const WEB_PAGE = {
  schema: 'iglu:com.snowplowanalytics.snowplow/web_page/jsonschema/1-0-0',
  data: { id: '8c8a1d2e-0000-4000-8000-000000000001' },
};
const ARTICLE_SCHEMA = EVENTS.user_view_article.schema;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unstruct = (schema: string, data: unknown) => ({ schema: UNSTRUCT_EVENT_SCHEMA, data: { schema, data } });
const contexts = (...entities: unknown[]) => ({ schema: CONTEXTS_SCHEMA, data: entities });
/** Overrides set to undefined remove the key, as if the tracker had not sent it. */
const defined = (event: Record<string, unknown>) => Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined));

/** A page view as @snowplow/browser-tracker v4 sends it. */
function pageView(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return defined({
    e: 'pv',
    url: 'https://atelier.test/articles/the-new-luxury/?utm_source=newsletter&utm_medium=email&ref=home',
    page: 'The new luxury | Atelier',
    refr: 'https://www.google.com/',
    eid: EID,
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
    dtm: '1795000000000',
    vp: '1280x720',
    ds: '1265x4200',
    vid: '3',
    sid: '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d',
    duid: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
    uid: '1234567',
    co: JSON.stringify(contexts(WEB_PAGE)),
    stm: '1795000000123',
    ...overrides,
  });
}

function selfDescribing(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return defined({
    e: 'ue',
    eid: EID,
    tv: 'js-4.5.0',
    p: 'web',
    ue_pr: JSON.stringify(unstruct(ARTICLE_SCHEMA, { article_id: 'story-1', topic_id: 'luxury', currency: 'EUR' })),
    ...overrides,
  });
}

function good(raw: unknown, request: CollectorRequest = REQUEST) {
  const result = decodeEvent(raw, request);
  if (!result.ok) throw new Error(`expected a good event, got: ${result.reason}`);
  return result.row;
}

function reason(raw: unknown, request: CollectorRequest = REQUEST): string {
  const result = decodeEvent(raw, request);
  if (result.ok) throw new Error('expected a bad row');
  return result.reason;
}

describe('decodePayload', () => {
  it('accepts the tracker envelope and hands back its events', () => {
    const result = decodePayload(JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [pageView(), selfDescribing()] }));
    expect(result).toEqual({ ok: true, events: [pageView(), selfDescribing()] });
  });

  it('accepts earlier 1-0-x revisions of payload_data', () => {
    expect(
      decodePayload(JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-0', data: [{}] })).ok,
    ).toBe(true);
  });

  it.each([
    [undefined, 'empty body'],
    ['', 'empty body'],
    ['{"schema":', 'body is not JSON'],
    ['[1,2]', 'body is not a JSON object'],
    [JSON.stringify({ data: [{}] }), 'schema must be'],
    [JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/2-0-0', data: [{}] }), 'schema must be'],
    [JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [{}], extra: 1 }), 'unknown envelope keys: extra'],
    [JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: {} }), 'data is not an array'],
    [JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [] }), 'data is empty'],
    [JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [{}, 'e=pv'] }), 'data[1] is not an object'],
    [JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [null] }), 'data[0] is not an object'],
  ])('refuses %j (%s)', (body, expected) => {
    const result = decodePayload(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(expected);
  });
});

describe('decodeEvent: a page view', () => {
  it('decodes every column the notes list', () => {
    const row = good(pageView({ tnuid: undefined, ttm: '1795000000100' }));
    expect(row).toEqual({
      eventId: EID,
      appId: 'test-global-9.36.0',
      platform: 'web',
      event: 'pv',
      eventName: 'page_view',
      schema: EVENTS.page_view.schema,
      data: {
        page_path: '/articles/the-new-luxury/',
        page_url: 'https://atelier.test/articles/the-new-luxury/?utm_source=newsletter&utm_medium=email&ref=home',
        page_title: 'The new luxury | Atelier',
        page_referrer: 'https://www.google.com/',
        page_query: 'utm_source=newsletter&utm_medium=email&ref=home',
        utm_source: 'newsletter',
        utm_medium: 'email',
      },
      contexts: [WEB_PAGE],
      trackerVersion: 'js-4.5.0',
      trackerName: 'sp',
      userId: '1234567',
      domainUserid: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
      domainSessionid: '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d',
      domainSessionidx: 3,
      networkUserid: REQUEST.networkUserId,
      pageUrl: 'https://atelier.test/articles/the-new-luxury/?utm_source=newsletter&utm_medium=email&ref=home',
      pageTitle: 'The new luxury | Atelier',
      pageReferrer: 'https://www.google.com/',
      useragent: 'Mozilla/5.0 (test)',
      ip: '203.0.113.9',
      fields: { cookie: '1', cs: 'UTF-8', lang: 'en-GB', res: '1920x1080', cd: '24', tz: 'Europe/London', vp: '1280x720', ds: '1265x4200' },
      deviceTstamp: new Date(1795000000000),
      sentTstamp: new Date(1795000000123),
      trueTstamp: new Date(1795000000100),
      collectorTstamp: NOW,
    });
  });

  it('keeps the other protocol fields (f_*, fp, ctype, mac, tid, ue_na …) as sent, and drops empty ones', () => {
    const extra = {
      f_pdf: '1',
      f_java: '0',
      fp: '123456',
      ctype: 'wifi',
      mac: '00:00:5e:00:53:af',
      tid: '42',
      sa: 'x',
      sn: 'y',
      st: 'z',
      sp: 'w',
      ad_ba: 'b',
    };
    const row = good(pageView({ ...extra, lang: '' }));
    expect(row.fields).toMatchObject(extra);
    expect(row.fields).not.toHaveProperty('lang');
  });

  it('leaves out fields the tracker did not send', () => {
    const row = good({ e: 'pv', tv: 'js-4.5.0', p: 'web', url: 'https://atelier.test/' });
    expect(row).toMatchObject({
      eventId: undefined,
      appId: null,
      userId: null,
      domainSessionidx: null,
      pageTitle: null,
      deviceTstamp: null,
      contexts: [],
      fields: {},
    });
    expect(row.data).toEqual({ page_path: '/', page_url: 'https://atelier.test/' });
  });

  it('lowercases the event id', () => {
    expect(good(pageView({ eid: EID.toUpperCase() })).eventId).toBe(EID);
  });

  it('needs an absolute url within the page view limits', () => {
    expect(reason(pageView({ url: undefined }))).toBe('page view needs url');
    expect(reason(pageView({ url: '/relative' }))).toBe('url is not an absolute URL');
    expect(reason(pageView({ page: 'x'.repeat(1025) }))).toMatch(/^page view: page_title: /);
  });
});

describe('decodeEvent: who sent it', () => {
  it('prefers the ip and ua fields over the request', () => {
    const row = good(pageView({ ip: '198.51.100.7', ua: 'Server-side tracker' }));
    expect(row.ip).toBe('198.51.100.7');
    expect(row.useragent).toBe('Server-side tracker');
  });

  it('keeps no IP and no network user id when anonymous', () => {
    const row = good(pageView({ ip: '198.51.100.7', nuid: '11111111-1111-4111-8111-111111111111' }), {
      ...REQUEST,
      ip: '203.0.113.9',
      anonymous: true,
      networkUserId: null,
    });
    expect(row.ip).toBeNull();
    expect(row.networkUserid).toBeNull();
  });

  it('takes the network user id from tnuid, then the cookie, then nuid', () => {
    const tnuid = '22222222-2222-4222-8222-222222222222';
    const nuid = '33333333-3333-4333-8333-333333333333';
    expect(good(pageView({ tnuid, nuid })).networkUserid).toBe(tnuid);
    expect(good(pageView({ nuid })).networkUserid).toBe(REQUEST.networkUserId);
    expect(good(pageView({ nuid }), { ...REQUEST, networkUserId: null }).networkUserid).toBe(nuid);
    expect(good(pageView({ tnuid }), { ...REQUEST, anonymous: true }).networkUserid).toBe(tnuid);
  });
});

describe('decodeEvent: self-describing events', () => {
  it('validates ue_pr against the catalogue and stores the snake_case data', () => {
    const row = good(selfDescribing());
    expect(row).toMatchObject({
      event: 'ue',
      eventName: 'user_view_article',
      schema: ARTICLE_SCHEMA,
      data: { article_id: 'story-1', topic_id: 'luxury', currency: 'EUR' },
    });
  });

  it('decodes ue_px and cx from base64url (no padding, - and _ characters)', () => {
    const data = { article_id: '>>>???~~~', topic_label: 'Mode & beauté' };
    const uePx = base64url(unstruct(ARTICLE_SCHEMA, data));
    const cx = base64url(contexts(WEB_PAGE, { schema: 'iglu:com.acme/thing/jsonschema/1-0-0', data: { a: '>>>???' } }));
    expect(uePx + cx).toMatch(/[-_]/);
    expect(uePx + cx).not.toMatch(/[+/=]/);
    const row = good(selfDescribing({ ue_pr: undefined, ue_px: uePx, cx }));
    expect(row.data).toEqual(data);
    expect(row.contexts).toEqual([WEB_PAGE, { schema: 'iglu:com.acme/thing/jsonschema/1-0-0', data: { a: '>>>???' } }]);
  });

  it('also reads padded standard base64', () => {
    const uePx = Buffer.from(JSON.stringify(unstruct(ARTICLE_SCHEMA, { article_id: 'a' }))).toString('base64');
    expect(good(selfDescribing({ ue_pr: undefined, ue_px: uePx })).data).toEqual({ article_id: 'a' });
  });

  it.each([
    [{ ue_pr: undefined }, 'self-describing event needs ue_pr or ue_px'],
    [{ ue_px: base64url(unstruct(ARTICLE_SCHEMA, { article_id: 'a' })) }, 'send one of ue_pr and ue_px, not both'],
    [{ ue_pr: '{not json' }, 'ue_pr is not JSON'],
    [{ ue_pr: undefined, ue_px: 'eyJz!!' }, 'ue_px is not base64url-encoded UTF-8'],
    [{ ue_pr: undefined, ue_px: 'a' }, 'ue_px is not base64url-encoded UTF-8'],
    [{ ue_pr: undefined, ue_px: Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url') }, 'ue_px is not base64url-encoded UTF-8'],
    [{ ue_pr: undefined, ue_px: Buffer.from('{"a":').toString('base64url') }, 'ue_px is not JSON'],
    [
      { ue_pr: JSON.stringify({ schema: ARTICLE_SCHEMA, data: { article_id: 'a' } }) },
      `self-describing event must be wrapped in ${UNSTRUCT_EVENT_SCHEMA}`,
    ],
    [{ ue_pr: JSON.stringify({ schema: UNSTRUCT_EVENT_SCHEMA, data: 'x' }) }, 'self-describing event has no inner schema'],
    [
      { ue_pr: JSON.stringify(unstruct('iglu:com.atelier/no_such_event/jsonschema/1-0-0', {})) },
      'Unknown analytics schema "iglu:com.atelier/no_such_event/jsonschema/1-0-0"',
    ],
    [{ ue_pr: JSON.stringify(unstruct(ARTICLE_SCHEMA, { topic_id: 'x' })) }, `${ARTICLE_SCHEMA}: article_id: `],
    [{ ue_pr: JSON.stringify(unstruct(ARTICLE_SCHEMA, { article_id: 'a', articleId: 'a' })) }, 'articleId'],
    [{ ue_pr: JSON.stringify(unstruct(ARTICLE_SCHEMA, { article_id: 'x'.repeat(256) })) }, `${ARTICLE_SCHEMA}: article_id: `],
    [{ ue_pr: JSON.stringify(unstruct(ARTICLE_SCHEMA, { article_id: 'a\u0000b' })) }, 'ue_pr: contains a NUL character'],
    [{ ue_pr: JSON.stringify(unstruct(ARTICLE_SCHEMA, { article_id: 'a\uD800b' })) }, 'ue_pr: contains half of a surrogate pair'],
  ])('refuses %j', (overrides, expected) => {
    expect(reason(selfDescribing(overrides))).toContain(expected);
  });

  it('refuses ue_pr on another event type', () => {
    expect(reason(pageView({ ue_pr: selfDescribing().ue_pr }))).toBe('ue_pr/ue_px sent with e=pv');
  });
});

describe('decodeEvent: contexts', () => {
  it('validates catalogued entities and keeps others as sent', () => {
    const pageEntity = { schema: EVENTS.page_view.schema, data: { page_path: '/', page_url: 'https://atelier.test/' } };
    expect(good(pageView({ co: JSON.stringify(contexts(WEB_PAGE, pageEntity)) })).contexts).toEqual([WEB_PAGE, pageEntity]);
    expect(reason(pageView({ co: JSON.stringify(contexts({ schema: EVENTS.page_view.schema, data: { page_path: '/' } })) }))).toMatch(
      /^context 0 iglu:com\.atelier\/page_view\/jsonschema\/1-0-0: page_url: /,
    );
  });

  it.each([
    [{ co: 'nope' }, 'co is not JSON'],
    [{ co: undefined, cx: '%%%' }, 'cx is not base64url-encoded UTF-8'],
    [{ cx: base64url(contexts()) }, 'send one of co and cx, not both'],
    [
      { co: JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/9-0-0', data: [] }) },
      'contexts must be wrapped in',
    ],
    [{ co: JSON.stringify({ schema: CONTEXTS_SCHEMA, data: {} }) }, 'contexts must be wrapped in'],
    [{ co: JSON.stringify(contexts({ schema: 'not-iglu', data: {} })) }, 'context 0 is not'],
    [{ co: JSON.stringify(contexts(WEB_PAGE, { schema: WEB_PAGE.schema, data: [] })) }, 'context 1 is not'],
  ])('refuses %j', (overrides, expected) => {
    expect(reason(pageView(overrides))).toContain(expected);
  });

  it('refuses JSON nested deeper than PostgreSQL would store', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100; i++) deep = { a: deep };
    expect(reason(pageView({ co: JSON.stringify(contexts({ schema: WEB_PAGE.schema, data: deep })) }))).toContain(
      'co: nested deeper than 64 levels',
    );
  });
});

describe('decodeEvent: page pings, structured and ecommerce events', () => {
  it('decodes a page ping', () => {
    const row = good({
      e: 'pp',
      tv: 'js-4.5.0',
      p: 'web',
      url: 'https://atelier.test/a/',
      pp_mix: '0',
      pp_max: '10',
      pp_miy: '-5',
      pp_may: '2400',
    });
    expect(row).toMatchObject({
      eventName: 'page_ping',
      schema: null,
      data: { min_x: 0, max_x: 10, min_y: -5, max_y: 2400 },
      pageUrl: 'https://atelier.test/a/',
      fields: {},
    });
    expect(reason({ e: 'pp', tv: 'js-4.5.0', p: 'web', pp_mix: '1.5' })).toBe('pp_mix is not an integer');
  });

  it('decodes a structured event', () => {
    const row = good({ e: 'se', tv: 'js-4.5.0', p: 'web', se_ca: 'video', se_ac: 'play', se_la: 'hero', se_pr: 'autoplay', se_va: '12.5' });
    expect(row).toMatchObject({
      eventName: 'structured',
      data: { category: 'video', action: 'play', label: 'hero', property: 'autoplay', value: 12.5 },
      fields: {},
    });
    expect(reason({ e: 'se', tv: 'js-4.5.0', p: 'web', se_ca: 'video' })).toBe('structured event needs se_ca and se_ac');
    expect(reason({ e: 'se', tv: 'js-4.5.0', p: 'web', se_ca: 'video', se_ac: 'play', se_va: 'lots' })).toBe('se_va is not a number');
  });

  it('keeps in fields what another event type’s data would take', () => {
    const row = good({ e: 'se', tv: 't', p: 'web', se_ca: 'video', se_ac: 'play', pp_mix: '0', tr_id: 'o-1', ti_sk: 'sku' });
    expect(row.fields).toEqual({ pp_mix: '0', tr_id: 'o-1', ti_sk: 'sku' });
    expect(good({ e: 'pp', tv: 't', p: 'web', pp_max: '4', se_ca: 'video' }).fields).toEqual({ se_ca: 'video' });
  });

  it('decodes transactions and their items', () => {
    expect(good({ e: 'tr', tv: 't', p: 'web', tr_id: 'o-1', tr_tt: '120.00', tr_cu: 'EUR' })).toMatchObject({
      eventName: 'transaction',
      data: { tr_id: 'o-1', tr_tt: '120.00', tr_cu: 'EUR' },
      fields: {},
    });
    expect(good({ e: 'ti', tv: 't', p: 'web', ti_id: 'o-1', ti_sk: 'sku', ti_pr: '60', ti_qu: '2' })).toMatchObject({
      eventName: 'transaction_item',
      data: { ti_id: 'o-1', ti_sk: 'sku', ti_pr: '60', ti_qu: '2' },
    });
    expect(reason({ e: 'tr', tv: 't', p: 'web', tr_id: 'o-1' })).toBe('transaction needs tr_tt');
  });
});

describe('decodeEvent: bad rows', () => {
  it.each([
    [null, 'event is not an object'],
    [['e', 'pv'], 'event is not an object'],
    ['e=pv', 'event is not an object'],
    [{ ...pageView(), foo: '1', Url: 'x' }, 'unknown keys: foo, Url'],
    [{ ...pageView(), se_ca_x: '1' }, 'unknown keys: se_ca_x'],
    [{ ...pageView(), vid: 3, dtm: null, co: { schema: CONTEXTS_SCHEMA }, res: ['1', '2'] }, 'values must be strings: res, dtm, vid, co'],
    [{ ...pageView(), foo: 1 }, 'unknown keys: foo; values must be strings: foo'],
    [pageView({ e: undefined, p: '' }), 'missing required: e, p'],
    [pageView({ tv: undefined }), 'missing required: tv'],
    [pageView({ e: 'xx' }), 'e must be one of pv, pp, ue, se, tr, ti, got "xx"'],
    [pageView({ p: 'desktop' }), 'p must be one of web, mob, pc, srv, app, tv, cnsl, iot, got "desktop"'],
    [pageView({ eid: 'not-a-uuid' }), 'eid is not a UUID'],
    [pageView({ vid: '-1' }), 'vid is not a non-negative integer'],
    [pageView({ dtm: '2026-11-21T12:00:00Z' }), 'dtm is not a timestamp in milliseconds'],
    [pageView({ stm: '1e12' }), 'stm is not a timestamp in milliseconds'],
    [pageView({ page: 'a\u0000b' }), 'a NUL character in: page'],
    [pageView({ page: 'a\uD800b' }), 'half of a surrogate pair in: page'],
  ])('%j → %s', (raw, expected) => {
    expect(reason(raw)).toBe(expected);
  });
});

describe('decodeBase64Url', () => {
  it('decodes url-safe and standard alphabets, with or without padding', () => {
    expect(decodeBase64Url(Buffer.from('ÿþ?>').toString('base64url'))).toBe('ÿþ?>');
    expect(decodeBase64Url(Buffer.from('ÿþ?>').toString('base64'))).toBe('ÿþ?>');
  });
  it('refuses characters outside the alphabet and invalid UTF-8', () => {
    expect(decodeBase64Url('ab cd')).toBeNull();
    expect(decodeBase64Url('abcde')).toBeNull();
    expect(decodeBase64Url(Buffer.from([0xc3]).toString('base64url'))).toBeNull();
  });
});
