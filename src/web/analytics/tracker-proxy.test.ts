import { describe, expect, it, vi } from 'vitest';
import { EVENTS } from '../../shared/analytics/events.ts';
import {
  createTrackerProxy,
  DRAIN_INTERVAL_MS,
  LOG_DEACTIVATED,
  LOG_INVALID_EVENT,
  PLUGIN_WAIT_MS,
  type AnalyticsDestination,
  type PageView,
  type TrackerProxyOptions,
} from './tracker-proxy.ts';

const PAGE: PageView = { pagePath: '/articles/a-story/', pageUrl: 'https://atelier.test/articles/a-story/' };

function fakeDestination(name = 'dest', { ready = true } = {}) {
  const calls: string[] = [];
  let isReady = false;
  const destination: AnalyticsDestination & { calls: string[]; becomeReady(): void } = {
    name,
    calls,
    consent: (categories) => calls.push(`consent:${categories.join(',')}`),
    activate: () => {
      calls.push('activate');
      if (ready) isReady = true;
    },
    deactivate: () => {
      calls.push('deactivate');
      isReady = false;
    },
    isReady: () => isReady,
    page: (page) => calls.push(`page:${page.pagePath}`),
    track: (event) => calls.push(`track:${event.name}`),
    setUser: (userId) => calls.push(`user:${userId}`),
    becomeReady: () => {
      isReady = true;
    },
  };
  return destination;
}

/** A proxy on a hand-driven clock: `tick(ms)` runs the drain interval as often as it would fire. */
function setup(destinations: AnalyticsDestination[], options: Partial<TrackerProxyOptions> = {}) {
  let time = 0;
  let timer: { callback: () => void; ms: number; next: number } | null = null;
  const logger = { error: vi.fn(), warn: vi.fn() };
  const proxy = createTrackerProxy({
    destinations,
    logger,
    now: () => time,
    setInterval: (callback, ms) => (timer = { callback, ms, next: time + ms }),
    clearInterval: () => {
      timer = null;
    },
    ...options,
  });
  const tick = (ms: number) => {
    const end = time + ms;
    while (timer && timer.next <= end) {
      time = timer.next;
      timer.next += timer.ms;
      timer.callback();
    }
    time = end;
  };
  return { proxy, logger, tick, timerRunning: () => timer !== null };
}

describe('the tracker proxy (§7, §8, §9)', () => {
  it('sends nothing before consent; the queue drains once nonessential is accepted', () => {
    const dest = fakeDestination();
    const { proxy } = setup([dest]);
    expect(proxy.page(PAGE)).toBe(true);
    expect(proxy.track('user_view_article', { articleId: 'story-1' })).toBe(true);
    expect(proxy.state).toBe('pending');
    expect(proxy.queued).toBe(2);
    expect(dest.calls).toEqual([]);

    proxy.setConsent(['nonessential']);
    expect(proxy.state).toBe('active');
    expect(dest.calls).toEqual(['consent:nonessential', 'activate', 'page:/articles/a-story/', 'track:user_view_article']);
    expect(proxy.queued).toBe(0);
  });

  it('embeds consent alone is not analytics consent', () => {
    const dest = fakeDestination();
    const { proxy, logger } = setup([dest]);
    proxy.page(PAGE);
    proxy.setConsent(['embeds']);
    expect(proxy.state).toBe('deactivated');
    expect(dest.calls).toEqual(['consent:embeds']);
    expect(proxy.queued).toBe(0);
    expect(proxy.page(PAGE)).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(LOG_DEACTIVATED, 'page_view');
  });

  it('a null decision (banner still open) keeps queueing', () => {
    const { proxy } = setup([fakeDestination()]);
    proxy.setConsent(null);
    proxy.page(PAGE);
    expect(proxy.state).toBe('pending');
    expect(proxy.queued).toBe(1);
  });

  it('refuses invalid payloads with the §8 log line and sends nothing', () => {
    const dest = fakeDestination();
    const { proxy, logger } = setup([dest]);
    proxy.setConsent(['nonessential']);
    expect(proxy.track('user_view_article_scroll', { articleId: 'story-1', percentage: 15 })).toBe(false);
    expect(proxy.page({ pagePath: 'x'.repeat(4049), pageUrl: 'https://atelier.test/' })).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error.mock.calls[0]![0]).toBe(LOG_INVALID_EVENT);
    expect(logger.error.mock.calls[0]![1]).toBe('user_view_article_scroll');
    // Untyped callers (a tag in a CMS, the console) are refused too.
    expect(proxy.track('user_made_up' as 'user_view_article', { articleId: 'a' })).toBe(false);
    expect(dest.calls.filter((c) => c.startsWith('track') || c.startsWith('page'))).toEqual([]);
  });

  it('sends the validated snake_case wire form under the catalogue schema', () => {
    const track = vi.fn();
    const { proxy } = setup([{ ...fakeDestination(), track }]);
    proxy.setConsent(['nonessential']);
    proxy.track('user_view_wall', { wallVariant: 'pay', articleId: 'story-1', topicId: 'luxury' });
    expect(track).toHaveBeenCalledWith(
      {
        name: 'user_view_wall',
        schema: EVENTS.user_view_wall.schema,
        wire: { wall_variant: 'pay', article_id: 'story-1', topic_id: 'luxury' },
      },
      expect.any(Number),
    );
  });

  it('waits for slow destinations, draining every 3 s, for at most 10 s', () => {
    const fast = fakeDestination('fast');
    const slow = fakeDestination('slow', { ready: false });
    const { proxy, tick, timerRunning } = setup([fast, slow]);
    proxy.page(PAGE);
    proxy.setConsent(['nonessential']);
    expect(proxy.queued).toBe(1);
    expect(timerRunning()).toBe(true);
    tick(DRAIN_INTERVAL_MS * 3); // 9 s: still waiting for the slow one
    expect(proxy.queued).toBe(1);
    expect(fast.calls).not.toContain('page:/articles/a-story/');
    tick(DRAIN_INTERVAL_MS); // 12 s ≥ 10 s: go without it
    expect(PLUGIN_WAIT_MS).toBe(10_000);
    expect(proxy.queued).toBe(0);
    expect(fast.calls).toContain('page:/articles/a-story/');
    expect(slow.calls).not.toContain('page:/articles/a-story/');
    expect(timerRunning()).toBe(false);
  });

  it('drains at the next 3 s tick once every destination is ready', () => {
    const slow = fakeDestination('slow', { ready: false });
    const { proxy, tick } = setup([slow]);
    proxy.setConsent(['nonessential']);
    proxy.track('user_view_article', { articleId: 'story-1' });
    slow.becomeReady();
    tick(DRAIN_INTERVAL_MS - 1);
    expect(proxy.queued).toBe(1);
    tick(1);
    expect(proxy.queued).toBe(0);
    expect(slow.calls).toContain('track:user_view_article');
    // Ready: later events go at once.
    proxy.track('user_view_article', { articleId: 'story-2' });
    expect(slow.calls.filter((c) => c === 'track:user_view_article')).toHaveLength(2);
  });

  it('withdrawing consent deactivates every destination and later calls are logged, not sent', () => {
    const dest = fakeDestination();
    const { proxy, logger } = setup([dest]);
    proxy.setConsent(['nonessential', 'embeds']);
    proxy.setConsent(['embeds']);
    expect(proxy.state).toBe('deactivated');
    expect(dest.calls).toEqual(['consent:nonessential,embeds', 'activate', 'consent:embeds', 'deactivate']);
    proxy.track('user_view_article', { articleId: 'story-1' });
    expect(logger.warn).toHaveBeenCalledWith(LOG_DEACTIVATED, 'user_view_article');
    expect(dest.calls).not.toContain('track:user_view_article');
    // And yes again later in the same page starts them again.
    proxy.setConsent(['nonessential']);
    proxy.track('user_view_article', { articleId: 'story-1' });
    expect(dest.calls.slice(-3)).toEqual(['consent:nonessential', 'activate', 'track:user_view_article']);
  });

  it('keeps at most 1000 queued events, dropping the oldest', () => {
    const { proxy } = setup([fakeDestination()]);
    for (let i = 0; i <= 1000; i += 1) proxy.track('user_view_article', { articleId: `story-${i}` });
    expect(proxy.queued).toBe(1000);
  });

  it('passes the user id on activation and on change', () => {
    const dest = fakeDestination();
    const { proxy } = setup([dest]);
    proxy.setUser('1234');
    expect(dest.calls).toEqual([]);
    proxy.setConsent(['nonessential']);
    expect(dest.calls).toContain('user:1234');
    proxy.setUser(null);
    expect(dest.calls).toContain('user:null');
  });

  it('a failing destination is logged and does not stop the others', () => {
    const broken = {
      ...fakeDestination('broken'),
      page: () => {
        throw new Error('boom');
      },
    };
    const good = fakeDestination('good');
    const { proxy, logger } = setup([broken, good]);
    proxy.setConsent(['nonessential']);
    proxy.page(PAGE);
    expect(good.calls).toContain('page:/articles/a-story/');
    expect(logger.error).toHaveBeenCalledWith('TrackerProxy::broken page failed', expect.any(Error));
  });

  it('a destination added after consent is told the consent and activated', () => {
    const { proxy } = setup([]);
    proxy.setConsent(['nonessential']);
    const late = fakeDestination('late');
    proxy.addDestination(late);
    expect(late.calls).toEqual(['consent:nonessential', 'activate']);
  });
});

describe('asynchronous destinations', () => {
  it('drain the queue as soon as their activation settles', async () => {
    let finish: () => void = () => {};
    let ready = false;
    const page = vi.fn();
    const dest: AnalyticsDestination = {
      name: 'async',
      activate: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            ready = true;
            resolve();
          };
        }),
      deactivate: () => {},
      isReady: () => ready,
      page,
      track: () => {},
    };
    const { proxy } = setup([dest]);
    proxy.page(PAGE);
    proxy.setConsent(['nonessential']);
    expect(page).not.toHaveBeenCalled();
    finish();
    await Promise.resolve();
    await Promise.resolve();
    expect(page).toHaveBeenCalledTimes(1);
    expect(proxy.queued).toBe(0);
  });

  it('log a failed activation and are skipped after the wait', async () => {
    const dest: AnalyticsDestination = {
      name: 'broken',
      activate: async () => Promise.reject(new Error('no script')),
      deactivate: () => {},
      isReady: () => false,
      page: vi.fn(),
      track: vi.fn(),
    };
    const { proxy, logger, tick } = setup([dest]);
    proxy.setConsent(['nonessential']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logger.error).toHaveBeenCalledWith('TrackerProxy::broken activate failed', expect.any(Error));
    proxy.page(PAGE);
    tick(PLUGIN_WAIT_MS + DRAIN_INTERVAL_MS);
    expect(proxy.queued).toBe(0);
    expect(dest.page).not.toHaveBeenCalled();
  });
});
