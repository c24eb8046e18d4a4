import { describe, expect, it, vi } from 'vitest';
import { EVENTS } from '../../shared/analytics/events.ts';
import {
  collectorEndpoint,
  createSnowplowDestination,
  postWithGetFallback,
  trackerConfiguration,
  type SnowplowOptions,
} from './snowplow-destination.ts';

describe('the tracker configuration (§9)', () => {
  it('posts batches of one, within 40000 bytes and 5 s, with a local queue of 1000 and no retry on refusals', () => {
    expect(trackerConfiguration({ appId: 'production-global-9.36.0', secure: true })).toMatchObject({
      appId: 'production-global-9.36.0',
      eventMethod: 'post',
      postPath: '/com.snowplowanalytics.snowplow/tp2',
      bufferSize: 1,
      maxPostBytes: 40_000,
      connectionTimeout: 5000,
      maxLocalStorageQueueSize: 1000,
      dontRetryStatusCodes: [400, 401, 403, 410, 422],
    });
  });

  it('starts a new session after 30 minutes and keeps the visitor cookie 2 years, Lax, Secure over https', () => {
    expect(trackerConfiguration({ appId: 'a', secure: true })).toMatchObject({
      sessionCookieTimeout: 1800,
      cookieLifetime: 63_072_000,
      cookieSameSite: 'Lax',
      cookieSecure: true,
    });
    expect(trackerConfiguration({ appId: 'a', secure: false }).cookieSecure).toBe(false);
  });

  it('resolves the collector against the page', () => {
    expect(collectorEndpoint('/', 'http://127.0.0.1:4540/articles/x/')).toBe('http://127.0.0.1:4540');
    expect(collectorEndpoint('https://collector.example.com/', 'https://atelier.test/')).toBe('https://collector.example.com');
  });

  it('refuses to start without an app id or a collector (§5)', () => {
    expect(() => createSnowplowDestination({ appId: '', collectorUrl: '/', pageUrl: 'https://atelier.test/' })).toThrow('app id');
    expect(() => createSnowplowDestination({ appId: 'a', collectorUrl: '', pageUrl: 'https://atelier.test/' })).toThrow('collector');
  });
});

describe('POST with GET as fallback (§7)', () => {
  const body = JSON.stringify({
    schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
    data: [
      { e: 'pv', url: 'https://atelier.test/' },
      { e: 'pp', url: 'https://atelier.test/' },
    ],
  });
  const post = () =>
    new Request('https://atelier.test/com.snowplowanalytics.snowplow/tp2', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json; charset=UTF-8', 'SP-Anonymous': '*' },
    });

  it('returns the POST answer when there is one, even a refusal', async () => {
    const fetch = vi.fn(async () => new Response('bad', { status: 400 }));
    const response = await postWithGetFallback(fetch as typeof globalThis.fetch, 'https://atelier.test')(post());
    expect(response.status).toBe(400);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends each event as GET /i when the POST cannot be made', async () => {
    const urls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request) throw new TypeError('Failed to fetch');
      urls.push(String(input));
      expect(new Headers(init?.headers).get('sp-anonymous')).toBe('*');
      expect(new Headers(init?.headers).has('content-type')).toBe(false);
      return new Response('', { status: 200 });
    });
    const response = await postWithGetFallback(fetch as typeof globalThis.fetch, 'https://atelier.test')(post());
    expect(response.ok).toBe(true);
    expect(urls).toEqual([
      'https://atelier.test/i?e=pv&url=https%3A%2F%2Fatelier.test%2F',
      'https://atelier.test/i?e=pp&url=https%3A%2F%2Fatelier.test%2F',
    ]);
  });

  it('rethrows the POST failure when GET fails too, so the tracker keeps the events', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postWithGetFallback(fetch as typeof globalThis.fetch, 'https://atelier.test')(post())).rejects.toThrow('Failed to fetch');
  });
});

describe('the Snowplow destination', () => {
  function fakeSnowplow() {
    const calls: [string, ...unknown[]][] = [];
    const record =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
      };
    const sp = {
      newTracker: vi.fn((...args: unknown[]) => {
        calls.push(['newTracker', ...args]);
        return {};
      }),
      setCookiePath: record('setCookiePath'),
      enableActivityTracking: record('enableActivityTracking'),
      disableActivityTracking: record('disableActivityTracking'),
      enableAnonymousTracking: record('enableAnonymousTracking'),
      disableAnonymousTracking: record('disableAnonymousTracking'),
      clearUserData: record('clearUserData'),
      setReferrerUrl: record('setReferrerUrl'),
      setCustomUrl: record('setCustomUrl'),
      trackPageView: record('trackPageView'),
      trackSelfDescribingEvent: record('trackSelfDescribingEvent'),
      setUserId: record('setUserId'),
    };
    return { sp, calls };
  }

  function destination(extra: Partial<SnowplowOptions> = {}) {
    const { sp, calls } = fakeSnowplow();
    const store = new Map([
      ['snowplowOutQueue_atelier_post2', '[]'],
      ['bof-auth-redirect-to', 'x'],
    ]);
    const storage = {
      get length() {
        return store.size;
      },
      key: (i: number) => [...store.keys()][i] ?? null,
      removeItem: (key: string) => void store.delete(key),
    };
    const load = vi.fn(async () => sp as never);
    const dest = createSnowplowDestination({
      appId: 'test-global-9.36.0',
      collectorUrl: '/',
      pageUrl: 'https://atelier.test/',
      load,
      storage,
      ...extra,
    });
    return { dest, calls, load, store };
  }

  it('loads the library only on activation, with activity tracking of 10 s and 10 s', async () => {
    const { dest, calls, load } = destination();
    expect(load).not.toHaveBeenCalled();
    expect(dest.isReady()).toBe(false);
    await dest.activate();
    expect(dest.isReady()).toBe(true);
    expect(calls[0]).toEqual([
      'newTracker',
      'atelier',
      'https://atelier.test',
      expect.objectContaining({ appId: 'test-global-9.36.0', cookieSecure: true }),
    ]);
    expect(calls).toContainEqual(['setCookiePath', '/', ['atelier']]);
    expect(calls).toContainEqual(['enableActivityTracking', { minimumVisitLength: 10, heartbeatDelay: 10 }, ['atelier']]);
  });

  it('sends page calls with the page URL and referrer, and track calls as self-describing events', async () => {
    const { dest, calls } = destination();
    await dest.activate();
    dest.page({ pagePath: '/a/', pageUrl: 'https://atelier.test/a/', pageReferrer: 'https://atelier.test/', pageTitle: 'Atelier' }, 1000);
    dest.track({ name: 'user_view_article', schema: EVENTS.user_view_article.schema, wire: { article_id: 's1' } }, 2000);
    expect(calls.slice(-4)).toEqual([
      ['setReferrerUrl', 'https://atelier.test/', ['atelier']],
      ['setCustomUrl', 'https://atelier.test/a/', ['atelier']],
      ['trackPageView', { title: 'Atelier', timestamp: { type: 'dtm', value: 1000 } }, ['atelier']],
      [
        'trackSelfDescribingEvent',
        { event: { schema: EVENTS.user_view_article.schema, data: { article_id: 's1' } }, timestamp: { type: 'dtm', value: 2000 } },
        ['atelier'],
      ],
    ]);
  });

  it('keeps a user set before the library has loaded and gives it to the new tracker', async () => {
    const { dest, calls } = destination();
    dest.setUser!('1234');
    await dest.activate();
    const created = calls.findIndex(([name]) => name === 'newTracker');
    expect(calls.findIndex(([name, id]) => name === 'setUserId' && id === '1234')).toBeGreaterThan(created);
    dest.setUser!(null);
    expect(calls.at(-1)).toEqual(['setUserId', null, ['atelier']]);
  });

  it('on withdrawal stops activity tracking, anonymises, clears ids and the local queue; a new yes resumes', async () => {
    const { dest, calls, store, load } = destination();
    await dest.activate();
    dest.deactivate();
    expect(dest.isReady()).toBe(false);
    expect(calls.map(([name]) => name).slice(-3)).toEqual(['disableActivityTracking', 'enableAnonymousTracking', 'clearUserData']);
    expect(calls).toContainEqual([
      'enableAnonymousTracking',
      { options: { withServerAnonymisation: true, withSessionTracking: false }, stateStorageStrategy: 'none' },
      ['atelier'],
    ]);
    expect([...store.keys()]).toEqual(['bof-auth-redirect-to']);
    await dest.activate();
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls.map(([name]) => name).slice(-2)).toEqual(['disableAnonymousTracking', 'enableActivityTracking']);
  });
});
