import { describe, expect, it } from 'vitest';
import { parseWireEvent } from '../../shared/analytics/events.ts';
import { buildDemoEvents, DEMO_APP_ID, type DemoStory } from './demo-events.ts';

const NOW = new Date('2026-11-20T15:30:00Z');
const ACCESS = ['free', 'free', 'registered', 'premium', 'free', 'beauty'];
const stories: DemoStory[] = Array.from({ length: 24 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  slug: `story-${i}`,
  headline: `Story ${i}`,
  access: ACCESS[i % ACCESS.length]!,
  topic: { slug: i % 2 ? 'luxury' : 'retail' },
}));
const build = () => buildDemoEvents({ stories, siteUrl: 'https://atelier.test/', now: NOW });

describe('buildDemoEvents', () => {
  const rows = build();

  it('is deterministic', () => {
    expect(build()).toEqual(rows);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);
  });

  it('spans the last 90 days up to, not past, now', () => {
    const times = rows.map((r) => r.collectorTstamp!.getTime());
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse('2026-08-23T00:00:00Z'));
    const days = new Set(rows.map((r) => r.collectorTstamp!.toISOString().slice(0, 10)));
    expect(days.size).toBe(90);
  });

  it('holds every figure the dashboard shows, each payload valid for the catalogue', () => {
    const names = new Set(rows.map((r) => r.eventName));
    for (const name of [
      'page_view',
      'user_view_article',
      'user_view_article_scroll',
      'user_view_wall',
      'user_complete_registration',
      'user_purchased_subscription',
      'user_submit_newsletter_signup',
    ])
      expect(names).toContain(name);
    for (const row of rows) {
      expect(row.appId).toBe(DEMO_APP_ID);
      if (row.event === 'ue') expect(parseWireEvent(row.schema!, row.data).ok, `${row.eventName} ${JSON.stringify(row.data)}`).toBe(true);
      else
        expect(row.data).toMatchObject({
          page_path: expect.stringMatching(/^\//),
          page_url: expect.stringMatching(/^https:\/\/atelier\.test\//),
        });
    }
    const walls = new Set(
      rows.filter((r) => r.eventName === 'user_view_wall').map((r) => `${String(r.data?.wall_variant)}/${String(r.data?.offer_variant)}`),
    );
    expect(walls).toEqual(
      new Set(['registration_wall/free_account', 'pay_wall/standard_trial', 'pay_wall/annual_trial', 'pay_wall/beauty_package']),
    );
  });

  it('is empty without stories', () => {
    expect(buildDemoEvents({ stories: [], siteUrl: 'https://atelier.test', now: NOW })).toEqual([]);
  });
});
