// Walls over HTTP (issue 6): the anonymous meter across story pages, gated text never leaving the
// server (HTML, route data, RSS), sticky experiment variants, and the meter carried into the
// account at sign-in — on a fresh copy of the seeded database.
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storiesWith } from '../../test/stories.ts';
import { createTestApp } from '../../test/app.ts';
import { seedDemoAccounts } from '../../demo/accounts.ts';
import { signIn } from '../../test/graphql.ts';
import { stories, storyTopics, topics } from '../content/schema.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { METER_COOKIE } from './meter.ts';
import { DEFAULT_WALL_RULES } from './rules.ts';
import { escapeHtml, pageText } from '../../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const FREE = DEFAULT_WALL_RULES.meter.freeStories;

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
});
afterAll(async () => {
  await app.close();
});

/** A browser's cookie jar, enough for the meter cookie and the session cookies. */
function jar(initial = '') {
  const cookies = new Map(
    initial
      ? initial.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as [string, string])
      : [],
  );
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(setCookie: string | string[] | undefined) {
      for (const line of [setCookie ?? []].flat()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
    },
    get: (name: string) => cookies.get(name),
  };
}

async function open(path: string, browser: ReturnType<typeof jar>) {
  const response = await app.inject({ url: path, headers: { cookie: browser.header() } });
  browser.take(response.headers['set-cookie'] as string | string[] | undefined);
  return response;
}

const wallOf = (html: string) => /data-wall-variant="([^"]+)"/.exec(html)?.[1] ?? null;
describe('the anonymous meter', () => {
  it(`opens ${FREE} free stories a month, walls the next with the registration wall, and reopens those already read`, async () => {
    const free = await storiesWith(app.db, 'free', FREE + 1);
    const browser = jar();
    for (const story of free.slice(0, FREE)) {
      const response = await open(`/articles/${story.slug}/`, browser);
      expect(response.statusCode).toBe(200);
      expect(wallOf(response.body), story.slug).toBeNull();
      // Stored per decision (server/page-decision.ts) and revalidated by ETag: never served unchecked.
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const reread = await open(`/articles/${free[0]!.slug}/`, browser);
    expect(wallOf(reread.body)).toBeNull();
    const walled = await open(`/articles/${free[FREE]!.slug}/`, browser);
    expect(wallOf(walled.body)).toBe('registration-free-account');
    expect(walled.body).toContain('Keep reading with a free account');
    const hidden = free[FREE]!.body.filter((block) => block.type === 'paragraph').slice(2);
    for (const paragraph of hidden) expect(pageText(walled.body)).not.toContain(escapeHtml(paragraph.text).slice(0, 80));
  });

  it('keeps the meter in an HttpOnly, SameSite=Lax cookie that a reader cannot edit to read more', async () => {
    const [story] = await storiesWith(app.db, 'free', 1);
    const browser = jar();
    const first = await open(`/articles/${story!.slug}/`, browser);
    const line = [first.headers['set-cookie']].flat().find((value) => String(value).startsWith(`${METER_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    // An edited cookie is not trusted: it reads as a new visitor, not as an emptied meter of the old one.
    const token = browser.get(METER_COOKIE)!;
    const [header, , signature] = token.split('.');
    const edited = { ...(decodeJwt(token) as Record<string, unknown>), meter: { period: 'x', read: [] } };
    const forged = jar(`${METER_COOKIE}=${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`);
    const again = await open(`/articles/${story!.slug}/`, forged);
    expect(decodeJwt(forged.get(METER_COOKIE)!).sub).not.toBe(decodeJwt(token).sub);
    expect(again.statusCode).toBe(200);
  });
});

describe('gated text never leaves the server', () => {
  it('holds only the lead-in of a premium story in the HTML, the route data and the feeds', async () => {
    const [premium] = await storiesWith(app.db, 'premium', 1);
    const hidden = premium!.body
      .filter((block) => block.type === 'paragraph')
      .slice(2)
      .map((block) => (block as { text: string }).text.slice(0, 80));
    expect(hidden.length).toBeGreaterThan(0);
    const html = (await app.inject(`/articles/${premium!.slug}/`)).body;
    expect(html).toContain('"isAccessibleForFree":false');
    const routeData = (await app.inject(`/articles/${premium!.slug}.data`)).body;
    expect(routeData.length).toBeGreaterThan(100);
    const rss = (await app.inject('/rss.xml')).body + (await app.inject('/topics/luxury/rss.xml')).body;
    for (const text of hidden) {
      expect(pageText(html)).not.toContain(escapeHtml(text));
      expect(routeData).not.toContain(text);
      expect(rss).not.toContain(text);
    }
  });
});

describe('wall variants', () => {
  it('shows a visitor the same pay-wall variant visit after visit (the experiment is sticky)', async () => {
    const [premium] = await storiesWith(app.db, 'premium', 1);
    const seen = new Set<string>();
    for (let visitor = 0; visitor < 12; visitor++) {
      const browser = jar();
      const first = wallOf((await open(`/articles/${premium!.slug}/`, browser)).body);
      const again = wallOf((await open(`/articles/${premium!.slug}/`, browser)).body);
      expect(again).toBe(first);
      seen.add(first!);
    }
    expect([...seen].every((variant) => ['pay-standard-trial', 'pay-annual'].includes(variant))).toBe(true);
  });
});

describe('the meter at sign-in', () => {
  it('carries the anonymous meter into the account: registering neither resets nor double-counts it', async () => {
    const free = await storiesWith(app.db, 'free', 2);
    const browser = jar();
    for (const story of free) await open(`/articles/${story.slug}/`, browser);
    const reader = await signIn(app);
    const signedIn = jar(`${browser.header()}; ory_kratos_session=${reader.identitySessionToken}`);
    const minted = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { cookie: signedIn.header(), origin: 'https://atelier.test', 'content-type': 'application/json' },
      payload: JSON.stringify({ castleRequestToken: '', currentUrl: 'https://atelier.test/' }),
    });
    expect(minted.statusCode, minted.body).toBeLessThan(300);
    signedIn.take(minted.headers['set-cookie'] as string[]);
    const meter = (decodeJwt(signedIn.get('blaize_jwt')!) as { meter: { read: string[] } }).meter;
    expect(meter.read.sort()).toEqual(free.map((story) => story.id).sort());
    // Reading one of them again signed in, and minting again, counts each story once.
    await open(`/articles/${free[0]!.slug}/`, signedIn);
    const again = await app.services.session.refreshTokens({
      identitySessionToken: reader.identitySessionToken,
      cookieHeader: signedIn.header(),
    });
    expect((decodeJwt(again!.paywall.token) as { meter: { read: string[] } }).meter.read).toHaveLength(2);
  });

  it('puts the entitlements and experiment groups in the paywall token', async () => {
    const reader = await signIn(app);
    const issued = await app.services.session.refreshTokens({ identitySessionToken: reader.identitySessionToken });
    const claims = decodeJwt(issued!.paywall.token) as { entitlements: string[]; experiment_groups: string[] };
    expect(claims.entitlements).toEqual(['registered']);
    expect(claims.experiment_groups).toEqual([expect.stringMatching(/^payoffer-[ab]#(standard|annual)-trial$/)]);
  });
});

describe('members (the demo accounts)', () => {
  /** A demo account's browser cookies after signing in. */
  async function demo(email: string) {
    const found = await app.services.identity.identities.findByIdentifier(email);
    const { token } = await app.services.identity.sessions.create({ identityId: found!.id, method: 'password', device: {} });
    const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
    return jar(`ory_kratos_session=${token}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`);
  }

  it('opens what each membership includes and shows the upgrade wall for the rest', async () => {
    await seedDemoAccounts(app.db, app.services);
    const [premium] = await storiesWith(app.db, 'premium', 1);
    const [beauty] = await storiesWith(app.db, 'beauty', 1);
    const [caseStudy] = await app.db
      .select({ slug: stories.slug })
      .from(stories)
      .where(
        and(
          eq(stories.access, 'premium'),
          sql`exists (select 1 from ${storyTopics} join ${topics} on ${topics.id} = ${storyTopics.topicId} where ${storyTopics.storyId} = ${stories.id} and ${topics.slug} = 'case-studies' and ${storyTopics.position} = 0)`,
        ),
      )
      .limit(1);
    const expectations: [string, string, string | null][] = [
      ['standard@example.com', premium!.slug, null],
      ['standard@example.com', beauty!.slug, 'upgrade-beauty'],
      ['beauty@example.com', beauty!.slug, null],
      ['beauty@example.com', premium!.slug, 'upgrade-premium'],
      ['premium@example.com', beauty!.slug, null],
      ['registered@example.com', premium!.slug, 'pay-*'],
      ['admin@example.com', beauty!.slug, null],
      ...(caseStudy
        ? ([
            ['standard@example.com', caseStudy.slug, 'upgrade-premium'],
            ['allaccess@example.com', caseStudy.slug, null],
          ] as [string, string, string | null][])
        : []),
    ];
    for (const [email, slug, expected] of expectations) {
      const { body } = await open(`/articles/${slug}/`, await demo(email));
      const variant = wallOf(body);
      // Signed in already: the wall does not offer to sign in.
      expect(body).not.toContain('Already have an account?');
      if (expected === 'pay-*') expect(variant, `${email} on ${slug}`).toMatch(/^pay-(standard-trial|annual)$/);
      else expect(variant, `${email} on ${slug}`).toBe(expected);
    }
  });
});
