import { describe, expect, it, vi } from 'vitest';
import { EVENTS } from '../../shared/analytics/events.ts';
import type { TrackedEvent } from '../analytics/tracker-proxy.ts';
import { INSIGHT_SCRIPT_URL, PIXEL_SCRIPT_URL } from '../../shared/analytics/third-parties.ts';
import {
  createInsightDestination,
  createPixelDestination,
  createTagManagerDestination,
  LOG_PIXEL_NOT_INITIALIZED,
  operatorTags,
  type TagWindow,
} from './gated-tags.ts';

const PAGE_URL = 'https://atelier.test/articles/a-story/';
const EVENT: TrackedEvent = { name: 'user_view_article', schema: EVENTS.user_view_article.schema, wire: { article_id: 'story-1' } };
const ERROR_EVENT: TrackedEvent = { name: 'application_error', schema: EVENTS.application_error.schema, wire: { message: 'x' } };

/** dataLayer entries are `arguments` objects; compare them as arrays. */
const layer = (win: TagWindow) => (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

describe('the tag manager', () => {
  it('needs a tag id and a transport URL (§5)', () => {
    expect(() => createTagManagerDestination({ tagId: '', transportUrl: '/metrics', win: {}, pageUrl: PAGE_URL })).toThrow('tag id');
    expect(() => createTagManagerDestination({ tagId: 'GTM-TEST001', transportUrl: '', win: {}, pageUrl: PAGE_URL })).toThrow(
      'transport URL',
    );
  });

  it('queues the denied consent defaults first, then its first-party config, and loads nothing', () => {
    const win: TagWindow = {};
    const loadScript = vi.fn();
    createTagManagerDestination({
      tagId: 'GTM-TEST001',
      transportUrl: '/metrics',
      scriptUrl: 'https://tags.atelier.test/gtm.js',
      win,
      pageUrl: PAGE_URL,
      loadScript,
    });
    const [defaults, js, config] = layer(win);
    expect(defaults).toEqual([
      'consent',
      'default',
      expect.objectContaining({
        ad_storage: 'denied',
        analytics_storage: 'denied',
        functionality_storage: 'denied',
        personalization_storage: 'denied',
        security_storage: 'denied',
        embeds_storage: 'denied',
        wait_for_update: 500,
      }),
    ]);
    expect(js![0]).toBe('js');
    expect(config).toEqual([
      'config',
      'GTM-TEST001',
      { transport_url: 'https://atelier.test/metrics', first_party_collection: true, send_page_view: false },
    ]);
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('sends consent updates, loads its script once after consent, and forwards page views and events', () => {
    const win: TagWindow = {};
    const loadScript = vi.fn();
    const tags = createTagManagerDestination({
      tagId: 'GTM-TEST001',
      transportUrl: '/metrics',
      scriptUrl: 'https://tags.atelier.test/gtm.js',
      win,
      pageUrl: PAGE_URL,
      loadScript,
    });
    tags.consent!(['nonessential']);
    expect(layer(win).at(-1)).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'granted', embeds_storage: 'denied' }),
    ]);
    expect(tags.isReady()).toBe(false);
    void tags.activate();
    void tags.activate();
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith('https://tags.atelier.test/gtm.js?id=GTM-TEST001');
    tags.page({ pagePath: '/articles/a-story/', pageUrl: PAGE_URL, pageTitle: 'Atelier' }, 0);
    tags.track(EVENT, 0);
    tags.track(ERROR_EVENT, 0);
    expect(layer(win).slice(-2)).toEqual([
      ['event', 'page_view', { page_location: PAGE_URL, page_path: '/articles/a-story/', page_title: 'Atelier', page_referrer: undefined }],
      ['event', 'user_view_article', { article_id: 'story-1' }],
    ]);
  });

  it('loads no script when no script URL is set', () => {
    const loadScript = vi.fn();
    const tags = createTagManagerDestination({ tagId: 'GTM-TEST001', transportUrl: '/metrics', win: {}, pageUrl: PAGE_URL, loadScript });
    void tags.activate();
    expect(loadScript).not.toHaveBeenCalled();
    expect(tags.isReady()).toBe(true);
  });
});

describe('the advertising pixel', () => {
  it('needs a pixel id (§5)', () => {
    expect(() => createPixelDestination({ pixelId: '', win: {} })).toThrow('pixel id');
  });

  it('loads nothing and logs "fbq not initialized" when called before consent', () => {
    const win: TagWindow = {};
    const loadScript = vi.fn();
    const logger = { warn: vi.fn() };
    const pixel = createPixelDestination({ pixelId: '100000000000002', win, loadScript, logger });
    pixel.fbq('track', 'PageView');
    pixel.page({ pagePath: '/', pageUrl: PAGE_URL }, 0);
    expect(logger.warn).toHaveBeenCalledWith(LOG_PIXEL_NOT_INITIALIZED);
    expect(loadScript).not.toHaveBeenCalled();
    expect(win.fbq).toBeUndefined();
    expect(pixel.isReady()).toBe(false);
  });

  it('loads its script on consent, inits once, and follows later changes', () => {
    const win: TagWindow = {};
    const loadScript = vi.fn();
    const pixel = createPixelDestination({ pixelId: '100000000000002', win, loadScript });
    void pixel.activate();
    expect(loadScript).toHaveBeenCalledWith(PIXEL_SCRIPT_URL);
    pixel.page({ pagePath: '/', pageUrl: PAGE_URL }, 0);
    pixel.track(EVENT, 0);
    pixel.track(ERROR_EVENT, 0);
    pixel.deactivate();
    expect(pixel.isReady()).toBe(false);
    void pixel.activate();
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(win.fbq!.queue).toEqual([
      ['init', '100000000000002'],
      ['consent', 'grant'],
      ['track', 'PageView'],
      ['trackCustom', 'user_view_article', { article_id: 'story-1' }],
      ['consent', 'revoke'],
      ['consent', 'grant'],
    ]);
  });
});

describe('the insight tag', () => {
  it('loads once, only after consent', () => {
    const win: TagWindow = {};
    const loadScript = vi.fn();
    const insight = createInsightDestination({ partnerId: '123', win, loadScript });
    expect(loadScript).not.toHaveBeenCalled();
    void insight.activate();
    insight.deactivate();
    void insight.activate();
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith(INSIGHT_SCRIPT_URL);
    expect(win._linkedin_partner_id).toBe('123');
    expect(insight.loaded).toBe(true);
  });
});

describe('the tags a page runs', () => {
  it('are none on a fresh install: no id, no tag, and "Accept all" loads nothing', () => {
    const win: TagWindow = {};
    const loadScript = vi.fn();
    const tags = operatorTags(
      { tagManagerTransportUrl: '/metrics', tagManagerScriptUrl: 'https://tags.atelier.test/gtm.js' },
      { win, pageUrl: PAGE_URL, loadScript },
    );
    expect(tags).toEqual([]);
    expect(win).toEqual({});
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('are the ones whose id the operator set', () => {
    const loadScript = vi.fn();
    const tags = operatorTags(
      { pixelId: '100000000000002', tagManagerTransportUrl: '/metrics' },
      { win: {}, pageUrl: PAGE_URL, loadScript },
    );
    expect(tags.map((tag) => tag.name)).toEqual(['pixel']);
    void tags[0]!.activate();
    expect(loadScript).toHaveBeenCalledWith(PIXEL_SCRIPT_URL);
    const all = operatorTags(
      { pixelId: '1', insightPartnerId: '2', tagManagerId: 'GTM-TEST001', tagManagerTransportUrl: '/metrics' },
      { win: {}, pageUrl: PAGE_URL, loadScript },
    );
    expect(all.map((tag) => tag.name)).toEqual(['tag-manager', 'pixel', 'insight']);
  });
});
