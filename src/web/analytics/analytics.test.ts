// The page's analytics entry points load the validating tracker (zod, the destinations) only once
// someone has decided on consent (issue 15); calls made before wait and keep their own time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentApi, ConsentChange, ConsentState } from '../../modules/consent/browser/cookie-consent.ts';
import type { startAnalytics } from './analytics.ts';
import type { TrackerOptions } from './tracker.ts';

const tracker = vi.hoisted(() => ({
  loaded: 0,
  calls: [] as unknown[][],
}));

vi.mock('./tracker.ts', () => ({
  createTracker: ({ now }: TrackerOptions) => {
    tracker.loaded += 1;
    return {
      setUser: (id: string | null) => tracker.calls.push(['setUser', id]),
      page: (page: unknown) => tracker.calls.push(['page', page, now()]),
      track: (name: string, payload: unknown) => tracker.calls.push(['track', name, payload, now()]),
      setConsent: (categories: unknown) => tracker.calls.push(['consent', categories]),
      state: 'pending',
    };
  },
}));

let consentState: ConsentState | null = null;
let changeListener: ((change: ConsentChange) => void) | null = null;
vi.mock('../consent/consent-service.ts', () => ({
  startConsent: async () =>
    ({
      getState: () => consentState,
      onChange: (listener: (change: ConsentChange) => void) => {
        changeListener = listener;
        return () => undefined;
      },
    }) as unknown as ConsentApi,
}));

const config = {
  endpoints: { staticAssets: '/static', apiBase: '/api', analyticsCollector: '/' },
  analytics: {},
} as unknown as Parameters<typeof startAnalytics>[0];

async function freshAnalytics() {
  vi.resetModules();
  return import('./analytics.ts');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  tracker.loaded = 0;
  tracker.calls = [];
  consentState = null;
  changeListener = null;
  vi.stubGlobal('window', { location: { href: 'https://atelier.test/articles/a/' }, addEventListener: () => undefined });
  vi.stubGlobal('document', { cookie: '', referrer: '', documentElement: { dataset: {} } });
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('analytics before and after the consent decision', () => {
  it('loads no tracker for a reader who has not decided, and hands it the waiting calls, with their time, once they accept', async () => {
    const analytics = await freshAnalytics();
    vi.setSystemTime(1000);
    analytics.trackPage({ pagePath: '/articles/a/', pageUrl: 'https://atelier.test/articles/a/' });
    await analytics.startAnalytics(config);
    await settle();
    expect(tracker.loaded).toBe(0);
    expect(document.documentElement.dataset.analytics).toBe('pending');

    vi.setSystemTime(5000);
    changeListener!({ state: { categories: ['nonessential'] }, variant: 'banner' } as unknown as ConsentChange);
    await settle();
    expect(tracker.loaded).toBe(1);
    expect(tracker.calls).toEqual([
      ['setUser', null],
      ['page', { pagePath: '/articles/a/', pageUrl: 'https://atelier.test/articles/a/' }, 1000],
      ['track', 'user_view_consent', { consentVariant: 'banner', interactionMode: 'non-blocking' }, 1000],
      ['consent', ['nonessential']],
      ['track', 'user_submit_consent', { consentState: ['nonessential'], consentVariant: 'banner', interactionMode: 'non-blocking' }, 5000],
    ]);

    analytics.trackEvent('user_view_consent', { consentVariant: 'banner', interactionMode: 'blocking' });
    expect(tracker.calls.at(-1)?.[1]).toBe('user_view_consent');
  });

  it('loads the tracker at once for a reader who decided on an earlier visit', async () => {
    consentState = { categories: ['embeds'] } as unknown as ConsentState;
    const analytics = await freshAnalytics();
    await analytics.startAnalytics(config);
    await settle();
    expect(tracker.loaded).toBe(1);
    expect(tracker.calls).toEqual([
      ['setUser', null],
      ['consent', ['embeds']],
    ]);
  });
});
