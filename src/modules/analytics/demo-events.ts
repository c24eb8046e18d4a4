// Demo analytics events, so the admin dashboard shows something on a fresh `npm start` (outside
// prod; src/server/boot.ts). Deterministic: the same stories and the same day give the same events.
// Readers (who accepted analytics cookies) come and go over the last 90 days: page views, stories
// opened and scrolled, walls (registration; the pay wall's two-offer experiment), registrations and
// purchases after some walls, newsletter sign-ups. Every payload is checked against the catalogue,
// so demo data cannot drift from what the collector would accept.
import type { Db } from '../../db/database.ts';
import { EVENTS, validateEvent, type EventName, type EventPayloads } from '../../shared/analytics/events.ts';
import { createContentService } from '../content/content-service.ts';
import { analyticsEvents, type AnalyticsEventRow } from './schema.ts';

/** app_id of demo rows, so they can be told apart (and removed: delete … where app_id = 'demo'). */
export const DEMO_APP_ID = 'demo';
export const DEMO_DAYS = 90;
const SEED = 20_261_120;
const DAY_MS = 86_400_000;

export interface DemoStory {
  id: string;
  slug: string;
  headline: string;
  /** free | registered | premium | beauty */
  access: string;
  topic: { slug: string };
}

/** mulberry32: a small, fast, seedable generator (uniform in [0, 1)). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(next() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return { next, int, chance, pick, uuid };
}

interface Visitor {
  duid: string;
  sessions: number;
  /** Set once registered (the numeric user id, as text). */
  userId: string | null;
  member: boolean;
  /** Stories read this month (the anonymous meter: three free). */
  meter: Set<string>;
  meterMonth: number;
  /** The pay wall experiment's group. */
  payOffer: 'standard_trial' | 'annual_trial';
}

const NEWSLETTERS = [
  'the-daily-digest',
  'the-week-ahead',
  'the-beauty-briefing',
  'the-luxury-letter',
  'technology-brief',
  'the-sustainability-edit',
];
const REFERRERS = ['https://www.google.com/', 'https://www.linkedin.com/', 'https://t.co/', ''];

/**
 * The events, oldest first, for the `days` days up to `now` (none at or after it). Pure: no clock,
 * no I/O. `stories` should be the newest first; earlier ones are read more.
 */
export function buildDemoEvents({
  stories,
  siteUrl,
  now,
  days = DEMO_DAYS,
}: {
  stories: readonly DemoStory[];
  siteUrl: string;
  now: Date;
  days?: number;
}): AnalyticsEventRow[] {
  const rng = random(SEED);
  const rows: AnalyticsEventRow[] = [];
  if (stories.length === 0) return rows;
  const site = siteUrl.replace(/\/+$/, '');
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Popularity: a long tail, the newest stories leading.
  const weights = stories.map((_, i) => 1 / (i + 1.5));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickStory = () => {
    let left = rng.next() * total;
    for (let i = 0; i < stories.length; i++) if ((left -= weights[i]!) <= 0) return stories[i]!;
    return stories.at(-1)!;
  };
  const visitors: Visitor[] = [];
  let userNumber = 50_000;

  for (let d = days - 1; d >= 0; d--) {
    const dayStart = today - d * DAY_MS;
    const date = new Date(dayStart);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    // Growing audience, quieter weekends.
    const sessions = Math.round((13 + (12 * (days - d)) / days) * (weekend ? 0.65 : 1) * (0.85 + rng.next() * 0.3));
    for (let s = 0; s < sessions; s++) {
      const returning = visitors.length > 20 && rng.chance(0.6);
      let visitor: Visitor;
      if (returning) visitor = rng.pick(visitors);
      else {
        visitor = {
          duid: rng.uuid(),
          sessions: 0,
          userId: null,
          member: false,
          meter: new Set(),
          meterMonth: date.getUTCMonth(),
          payOffer: rng.chance(0.5) ? 'standard_trial' : 'annual_trial',
        };
        visitors.push(visitor);
      }
      if (visitor.meterMonth !== date.getUTCMonth()) {
        visitor.meter.clear();
        visitor.meterMonth = date.getUTCMonth();
      }
      visitor.sessions += 1;
      const sessionId = rng.uuid();
      let at = dayStart + rng.int(6 * 3600, 22 * 3600) * 1000;
      let referrer = rng.pick(REFERRERS);
      const emit = (name: EventName, payload: Record<string, unknown>, page: { path: string; title: string }) => {
        at += rng.int(4, 70) * 1000;
        if (at >= now.getTime()) return;
        const url = `${site}${page.path}`;
        const common = {
          eventId: rng.uuid(),
          appId: DEMO_APP_ID,
          platform: 'web',
          trackerVersion: 'js-4.5.0',
          trackerName: 'sp',
          userId: visitor.userId,
          domainUserid: visitor.duid,
          domainSessionid: sessionId,
          domainSessionidx: visitor.sessions,
          pageUrl: url,
          pageTitle: page.title,
          pageReferrer: referrer || null,
          deviceTstamp: new Date(at - 300),
          collectorTstamp: new Date(at),
        };
        if (name === 'page_view') {
          rows.push({
            ...common,
            event: 'pv',
            eventName: 'page_view',
            schema: EVENTS.page_view.schema,
            data: { page_path: page.path, page_url: url, page_title: page.title, ...(referrer ? { page_referrer: referrer } : {}) },
          });
          referrer = url;
          return;
        }
        const checked = validateEvent(name, payload as EventPayloads[typeof name]);
        if (!checked.ok) throw new Error(`demo event ${name} does not fit the catalogue: ${JSON.stringify(checked.issues)}`);
        rows.push({ ...common, event: 'ue', eventName: name, schema: checked.schema, data: checked.wire as Record<string, unknown> });
      };

      const home = { path: '/', title: 'Atelier' };
      const pages = rng.int(1, 4);
      for (let p = 0; p < pages; p++) {
        const kind = p === 0 ? (rng.chance(0.45) ? 'home' : rng.chance(0.85) ? 'story' : 'topic') : rng.chance(0.75) ? 'story' : 'home';
        if (kind === 'home') {
          emit('page_view', {}, home);
          continue;
        }
        const story = pickStory();
        if (kind === 'topic') {
          emit('page_view', {}, { path: `/topics/${story.topic.slug}/`, title: 'Atelier' });
          continue;
        }
        const page = { path: `/articles/${story.slug}/`, title: 'Atelier' };
        emit('page_view', {}, page);
        const wall = wallFor(visitor, story);
        emit(
          'user_view_article',
          { articleId: story.id, topicId: story.topic.slug, ...(wall ? { wallVariant: wall.wallVariant } : {}) },
          page,
        );
        if (!wall) {
          const reached = rng.chance(0.35) ? 100 : rng.int(0, 9) * 10;
          emit('user_view_article_scroll', { articleId: story.id, percentage: reached }, page);
          if (!visitor.userId && (story.access === 'free' || story.access === 'registered')) visitor.meter.add(story.id);
          continue;
        }
        emit('user_view_article_scroll', { articleId: story.id, percentage: rng.int(0, 3) * 10 }, page);
        emit('user_view_wall', { articleId: story.id, topicId: story.topic.slug, ...wall }, page);
        if (wall.wallVariant === 'registration_wall' && rng.chance(0.07)) {
          visitor.userId = String(userNumber++);
          emit('page_view', {}, { path: '/user/one-more-step/', title: 'Atelier' });
          emit('user_complete_registration', {}, { path: '/user/one-more-step/', title: 'Atelier' });
          break;
        }
        if (wall.wallVariant === 'pay_wall' && rng.chance(wall.offerVariant === 'annual_trial' ? 0.035 : 0.025)) {
          visitor.userId ??= String(userNumber++);
          visitor.member = true;
          emit(
            'user_purchased_subscription',
            {
              subscriptionId: rng.uuid(),
              planCode: wall.offerVariant === 'annual_trial' ? 'individual_annual_trial_v1' : 'individuals_standard_yearly_trial_v1',
              currency: 'GBP',
            },
            { path: '/subscriptions/individuals/payment/', title: 'Atelier' },
          );
          break;
        }
      }
      if (rng.chance(0.03)) {
        const chosen = NEWSLETTERS.filter(() => rng.chance(0.3));
        emit(
          'user_submit_newsletter_signup',
          { newsletterIds: chosen.length ? chosen : [NEWSLETTERS[0]!], placementVariant: rng.pick(['footer', 'story', 'prompt']) },
          home,
        );
      }
    }
  }
  return rows;
}

/** The wall this demo reader meets on this story (DEFAULT_WALL_RULES' variants, simplified). */
function wallFor(
  visitor: Visitor,
  story: DemoStory,
): { wallVariant: string; offerVariant: string; designVariant: string; ctaVariant: string } | null {
  if (visitor.member) return null;
  const registration = {
    wallVariant: 'registration_wall',
    offerVariant: 'free_account',
    designVariant: 'inline_panel',
    ctaVariant: 'create_free_account',
  };
  if (story.access === 'premium') {
    const annual = visitor.payOffer === 'annual_trial';
    return {
      wallVariant: 'pay_wall',
      offerVariant: visitor.payOffer,
      designVariant: 'inline_panel',
      ctaVariant: annual ? 'see_annual_offer' : 'start_free_trial',
    };
  }
  if (story.access === 'beauty')
    return { wallVariant: 'pay_wall', offerVariant: 'beauty_package', designVariant: 'inline_panel', ctaVariant: 'see_beauty_package' };
  if (visitor.userId) return null;
  if (story.access === 'registered') return registration;
  return visitor.meter.has(story.id) || visitor.meter.size < 3 ? null : registration;
}

/** Writes the demo events (stories from the content service). Safe to repeat: ids are fixed. */
export async function seedDemoAnalytics(
  db: Db,
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
): Promise<{ events: number }> {
  const stories = await createContentService({ db }).listLatest({ limit: 40 });
  const rows = buildDemoEvents({ stories, siteUrl, now });
  await db.transaction(async (tx) => {
    // 1000 rows of 16 columns stay well under PostgreSQL's 65535 parameters.
    for (let i = 0; i < rows.length; i += 1000)
      await tx
        .insert(analyticsEvents)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing({ target: analyticsEvents.eventId });
  });
  return { events: rows.length };
}
