// The Snowplow destination (SPEC §7, §9; DESIGN §6): @snowplow/browser-tracker, loaded as its own
// chunk only once analytics consent is given, posting to our collector (or any Snowplow one).
import type * as SnowplowModule from '@snowplow/browser-tracker';
import type { BrowserTracker, TrackerConfiguration } from '@snowplow/browser-tracker';
import { activityTrackingSchema, type ActivityTrackingSettings } from '../../shared/validation/formats.ts';
import type { AnalyticsDestination, PageView, TrackedEvent } from './tracker-proxy.ts';

type Snowplow = typeof SnowplowModule;

export const TRACKER_NAMESPACE = 'atelier';
export const COLLECTOR_POST_PATH = '/com.snowplowanalytics.snowplow/tp2';
export const COLLECTOR_GET_PATH = '/i';
/** §9: status codes the collector uses for "this payload will never be accepted". */
export const DONT_RETRY_STATUS_CODES = [400, 401, 403, 410, 422];
/** §9 activity tracking, in seconds; §5 says whole numbers. */
export const ACTIVITY_TRACKING: ActivityTrackingSettings = activityTrackingSchema.parse({ minimumVisitLength: 10, heartbeatDelay: 10 });

export interface SnowplowOptions {
  /** production-global-9.36.0 in prod (config.analytics.appId). */
  appId: string;
  /** The collector's base URL: absolute, or a path on this origin (default config: /). */
  collectorUrl: string;
  /** The page's own URL, to resolve a relative collector URL and decide on Secure cookies. */
  pageUrl: string;
  load?: () => Promise<Snowplow>;
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'length' | 'key' | 'removeItem'>;
}

/** The tracker configuration, §9 constant by constant. */
export function trackerConfiguration({
  appId,
  secure,
  customFetch,
}: {
  appId: string;
  secure: boolean;
  customFetch?: TrackerConfiguration['customFetch'];
}): TrackerConfiguration {
  return {
    appId,
    platform: 'web',
    eventMethod: 'post',
    postPath: COLLECTOR_POST_PATH,
    bufferSize: 1,
    // The tracker counts the 88-byte payload envelope into this limit itself.
    maxPostBytes: 40_000,
    connectionTimeout: 5000,
    maxLocalStorageQueueSize: 1000,
    dontRetryStatusCodes: DONT_RETRY_STATUS_CODES,
    sessionCookieTimeout: 1800,
    cookieLifetime: 63_072_000,
    cookieSameSite: 'Lax',
    cookieSecure: secure,
    stateStorageStrategy: 'cookieAndLocalStorage',
    contexts: { webPage: true },
    credentials: 'include',
    customFetch,
  };
}

/** The collector base without a trailing slash; the tracker appends its paths. */
export function collectorEndpoint(collectorUrl: string, pageUrl: string): string {
  return new URL(collectorUrl, pageUrl).href.replace(/\/+$/, '');
}

/**
 * POST first; when the POST cannot be made at all (a network or CORS failure, not an HTTP
 * answer), each event of the batch goes again as GET /i (§7 "GET as fallback"). An HTTP answer is
 * returned as it is, so the tracker's retry rules (§9) apply to it.
 */
export function postWithGetFallback(baseFetch: typeof fetch, endpoint: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.method === 'POST' ? await request.clone().text() : null;
    try {
      return await baseFetch(request);
    } catch (postError) {
      if (body === null || request.signal.aborted) throw postError;
      const events = eventsOf(body);
      if (events.length === 0) throw postError;
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      try {
        const answers = await Promise.all(
          events.map((event) =>
            baseFetch(`${endpoint}${COLLECTOR_GET_PATH}?${new URLSearchParams(event)}`, {
              method: 'GET',
              headers,
              credentials: request.credentials,
              signal: request.signal,
            }),
          ),
        );
        return answers.find((answer) => !answer.ok) ?? new Response('ok', { status: 200 });
      } catch {
        throw postError;
      }
    }
  };
}

function eventsOf(body: string): Record<string, string>[] {
  try {
    const parsed = JSON.parse(body) as { data?: unknown };
    return Array.isArray(parsed.data) ? (parsed.data as Record<string, string>[]) : [];
  } catch {
    return [];
  }
}

export function createSnowplowDestination(options: SnowplowOptions): AnalyticsDestination {
  // §5: the tracker refuses to start without its app id or collector.
  if (!options.appId) throw new Error('The tracker needs an app id');
  if (!options.collectorUrl) throw new Error('The tracker needs a collector URL');
  const load = options.load ?? (() => import('@snowplow/browser-tracker'));
  const endpoint = collectorEndpoint(options.collectorUrl, options.pageUrl);
  const secure = new URL(options.pageUrl).protocol === 'https:';
  let snowplow: Snowplow | null = null;
  let tracker: BrowserTracker | null | undefined;
  let ready = false;
  let anonymised = false;
  /** Kept so a user set before the library has loaded (the proxy does so on activation) is not lost. */
  let userId: string | null = null;
  const trackers = [TRACKER_NAMESPACE];

  function startActivityTracking(sp: Snowplow) {
    sp.enableActivityTracking(
      { minimumVisitLength: ACTIVITY_TRACKING.minimumVisitLength, heartbeatDelay: ACTIVITY_TRACKING.heartbeatDelay },
      trackers,
    );
  }

  return {
    name: 'snowplow',
    async activate() {
      if (!snowplow) {
        const sp = await load();
        const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
        tracker = sp.newTracker(
          TRACKER_NAMESPACE,
          endpoint,
          trackerConfiguration({ appId: options.appId, secure, customFetch: postWithGetFallback(baseFetch, endpoint) }),
        );
        if (!tracker) throw new Error('Snowplow did not create the tracker');
        sp.setCookiePath('/', trackers);
        snowplow = sp;
      } else if (anonymised) {
        // Consent given again after a withdrawal in the same page: back to cookies and ids.
        snowplow.disableAnonymousTracking({ stateStorageStrategy: 'cookieAndLocalStorage' }, trackers);
        anonymised = false;
      }
      if (userId !== null) snowplow.setUserId(userId, trackers);
      startActivityTracking(snowplow);
      ready = true;
    },
    deactivate() {
      ready = false;
      if (!snowplow) return;
      // Stop, then forget: no more pings, no identifiers kept, nothing left queued to send.
      snowplow.disableActivityTracking(trackers);
      snowplow.enableAnonymousTracking(
        { options: { withServerAnonymisation: true, withSessionTracking: false }, stateStorageStrategy: 'none' },
        trackers,
      );
      snowplow.clearUserData({ preserveSession: false, preserveUser: false }, trackers);
      anonymised = true;
      const storage = options.storage ?? safeLocalStorage();
      if (storage) {
        const keys: string[] = [];
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i);
          if (key?.startsWith('snowplowOutQueue_')) keys.push(key);
        }
        for (const key of keys) storage.removeItem(key);
      }
    },
    isReady: () => ready,
    page(page: PageView, at: number) {
      if (!snowplow) return;
      snowplow.setReferrerUrl(page.pageReferrer ?? '', trackers);
      snowplow.setCustomUrl(page.pageUrl, trackers);
      snowplow.trackPageView({ title: page.pageTitle, timestamp: { type: 'dtm', value: at } }, trackers);
    },
    track(event: TrackedEvent, at: number) {
      snowplow?.trackSelfDescribingEvent(
        { event: { schema: event.schema, data: event.wire as Record<string, unknown> }, timestamp: { type: 'dtm', value: at } },
        trackers,
      );
    },
    setUser(next) {
      userId = next;
      snowplow?.setUserId(next, trackers);
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
