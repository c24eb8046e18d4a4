// Featured organisations (/admin/profiles/, §3 FeaturedOrganisationProfile) over HTTP: the
// newsroom features and unfeatures; readers see it on the home page and the directory from its
// day; nobody else may. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities } from '../../../modules/identity/schema.ts';
import { createTestApp } from '../../../test/app.ts';
import { freshCookie, signIn } from '../../../test/graphql.ts';
import { pageText } from '../../../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let adminCookie: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await signIn(app, { first: 'Ann', last: 'Admin' });
  await app.db
    .update(identities)
    .set({ metadataAdmin: { is_bof_admin: true } })
    .where(eq(identities.id, admin.identityId));
  adminCookie = await freshCookie(app, admin.identitySessionToken);
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
const post = (cookie: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/admin/profiles/',
    headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A published organisation that is featured nowhere yet. */
async function unfeaturedOrganisation() {
  const page = await app.services.profiles.listOrganisations({ q: '', page: 3 });
  const featured = new Set(
    [
      ...(await app.services.profiles.featuredOrganisations('HOMEPAGE_COMPONENT', 100)),
      ...(await app.services.profiles.featuredOrganisations('ORGANISATION_INDEX', 100)),
    ].map((o) => o.profileId),
  );
  return page.items.find((o) => !featured.has(o.profileId))!;
}

describe('featured organisations', () => {
  it('a site admin features an organisation on the home page and the directory; readers see it; removing it takes it away', async () => {
    const organisation = await unfeaturedOrganisation();
    const found = await get(`/admin/profiles/?q=${encodeURIComponent(organisation.title)}`, adminCookie);
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control'] ?? '').not.toContain('public');
    expect(pageText(found.body)).toContain(`Feature ${organisation.title}`);
    expect(pageText((await get('/')).body)).not.toContain(organisation.title);

    const home = await post(adminCookie, { intent: 'feature', profileId: organisation.profileId, category: 'HOMEPAGE_COMPONENT' });
    expect(home.statusCode).toBe(200);
    expect(pageText(home.body)).toContain(`${organisation.title} is featured on the home page from`);
    expect(pageText((await get('/')).body)).toContain(organisation.title);

    await post(adminCookie, { intent: 'feature', profileId: organisation.profileId, category: 'ORGANISATION_INDEX' });
    const directory = (await get('/organisations/')).body;
    const featuredRail = directory.slice(directory.indexOf('id="featured-title"'), directory.indexOf('id="directory-results"'));
    expect(featuredRail).toContain(organisation.title);

    await post(adminCookie, { intent: 'unfeature', profileId: organisation.profileId, category: 'HOMEPAGE_COMPONENT' });
    expect(pageText((await get('/')).body)).not.toContain(organisation.title);
    const staffPage = pageText((await get('/admin/profiles/', adminCookie)).body);
    expect(staffPage).toContain(`Remove ${organisation.title} from the organisations directory`);
    expect(staffPage).not.toContain(`Remove ${organisation.title} from the home page`);
  });

  it('schedules a feature for a later day: listed for staff as scheduled, not shown to readers yet', async () => {
    const organisation = await unfeaturedOrganisation();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await post(adminCookie, { intent: 'feature', profileId: organisation.profileId, category: 'HOMEPAGE_COMPONENT', startDate: later });
    expect(pageText((await get('/admin/profiles/', adminCookie)).body)).toMatch(new RegExp(`${organisation.title}.*\\(scheduled\\)`));
    expect(pageText((await get('/')).body)).not.toContain(organisation.title);
  });

  it('refuses what cannot be featured with a message, and everyone but site staff', async () => {
    for (const [fields, message] of [
      [{ intent: 'feature', profileId: 'nope', category: 'HOMEPAGE_COMPONENT' }, 'Choose another published organisation profile'],
      [
        { intent: 'feature', profileId: '00000000-0000-4000-8000-000000000000', category: 'HOMEPAGE_COMPONENT' },
        'Choose another published organisation profile',
      ],
      [{ intent: 'feature', profileId: (await unfeaturedOrganisation()).profileId, category: 'SIDEBAR' }, 'Choose where to feature it'],
      [
        { intent: 'feature', profileId: (await unfeaturedOrganisation()).profileId, category: 'HOMEPAGE_COMPONENT', startDate: '1 Dec' },
        'Use a date, e.g. 2026-12-01',
      ],
    ] as const) {
      const response = await post(adminCookie, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(pageText(response.body)).toContain(message);
    }

    const reader = await signIn(app, { first: 'Rea', last: 'Der' });
    expect((await get('/admin/profiles/', reader.cookie)).statusCode).toBe(403);
    const organisation = await unfeaturedOrganisation();
    expect(
      (await post(reader.cookie, { intent: 'feature', profileId: organisation.profileId, category: 'HOMEPAGE_COMPONENT' })).statusCode,
    ).toBe(403);
    expect(pageText((await get('/')).body)).not.toContain(organisation.title);
    expect((await get('/admin/profiles/')).statusCode).toBe(302);
  });
});
