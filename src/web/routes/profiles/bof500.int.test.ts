// The BoF 500 (/bof500/, /bof500/search/ on the site search engine) and the profiles in
// /sitemap.xml, over HTTP on the demo content, as a reader and a crawler see them — PGlite, or
// PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { graphql, signIn } from '../../../test/graphql.ts';
import { pageText } from '../../../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function page(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return { html: response.body, text: pageText(response.body) };
}

/** The people the page lists, by their profile links in the result cards. */
const listed = (html: string) => [...html.matchAll(/class="directory-card__name" href="\/people\/([^/]+)\/"/g)].map((m) => m[1]!);

describe('the BoF 500', () => {
  it('lists the people of every class, and one class on its own address', async () => {
    const { profiles } = app.services;
    const { classes } = await profiles.bof500Facets();
    expect(classes.map((c) => c.year)).toEqual([2026, 2025, 2024, 2023, 2022]);
    const total = classes.reduce((sum, c) => sum + c.count, 0);

    const all = await page('/bof500/');
    expect(all.text).toContain(`All classes (${total})`);
    expect(all.text).toContain(`${total} people`);
    const everyone = await profiles.listPeople({ q: '', page: 1 });
    expect(everyone.total).toBeGreaterThan(total); // not everyone in the directory is in the index

    const one = await page('/bof500/?class=2024');
    const count2024 = classes.find((c) => c.year === 2024)!.count;
    expect(one.text).toContain('The BoF 500: class of 2024');
    expect(one.text).toContain(`${count2024} people`);
    expect(one.html).toMatch(/aria-current="page"[^>]*>2024 \(/);
    const slugs = listed(one.html);
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) {
      const person = await profiles.personPublic(slug);
      expect(person!.details.collections).toContain('BOF500_2024');
    }
  });

  it('searches the index by name, and keeps people outside it out', async () => {
    const member = (await app.services.profiles.listBof500({ q: '', page: 1, class: 2025 })).items[0]!;
    const found = await page(`/bof500/search/?q=${encodeURIComponent(member.lastName)}`);
    expect(listed(found.html)).toContain(member.slug);
    expect(found.text).toContain('Class of 2025');

    const outsider = (await app.services.profiles.listPeople({ q: '', page: 1 })).items.find((p) => !p.details.badges?.includes('BOF500'))!;
    const missed = await page(`/bof500/search/?q=${encodeURIComponent(`${outsider.firstName} ${outsider.lastName}`)}`);
    expect(listed(missed.html)).not.toContain(outsider.slug);
    expect((await page(`/people/?q=${encodeURIComponent(`${outsider.firstName} ${outsider.lastName}`)}`)).html).toContain(
      `/people/${outsider.slug}/`,
    );
  });

  it('finds a person whose name is misspelt, on the site search engine, and says what it searched for', async () => {
    const { items } = await app.services.profiles.listBof500({ q: '', page: 1, class: 2024 });
    const member = items.find((p) => /^[a-z]{6,}$/i.test(p.lastName))!;
    // One letter doubled: a typo no directory query (ilike) would find.
    const typo = `${member.lastName.slice(0, 3)}${member.lastName[2]}${member.lastName.slice(3)}`;
    expect((await app.services.profiles.listBof500({ q: typo, page: 1 })).total).toBe(0);
    const found = await page(`/bof500/search/?q=${encodeURIComponent(typo)}`);
    expect(listed(found.html)).toContain(member.slug);
    expect(found.text).toContain(`Nothing matched “${typo}”, so these are the people matching “${member.lastName.toLowerCase()}”.`);
    // The class filter scopes the search: the same person is not in the class of 2022 unless they are.
    const elsewhere = await page(`/bof500/search/?q=${encodeURIComponent(member.lastName)}&class=2022`);
    const in2022 = (await app.services.profiles.personPublic(member.slug))!.details.collections?.includes('BOF500_2022');
    expect(listed(elsewhere.html).includes(member.slug)).toBe(Boolean(in2022));
  });

  it('filters by category, keeps the class in the filter form, and pages the index', async () => {
    const facets = await app.services.profiles.bof500Facets();
    const category = facets.categories.toSorted((a, b) => b.count - a.count)[0]!;
    const filtered = await page(`/bof500/search/?category=${category.key}`);
    expect(filtered.text).toContain(`${category.count} ${category.count === 1 ? 'person' : 'people'}`);
    const all = await page('/bof500/search/');
    const nextLink = /<a[^>]*rel="next"[^>]*>/.exec(all.html)?.[0];
    expect(nextLink).toContain('href="/bof500/search/?page=2"');
    const both = await page(`/bof500/?class=2026&category=${category.key}`);
    expect(both.html).toContain('name="class" value="2026"'); // the filter form keeps the class
  });

  it('answers nonsense in the address with the unfiltered index, not an error', async () => {
    const odd = await page('/bof500/search/?class=abc&page=-4&country=zz&category=%00&q=%F0%9F%91%97');
    expect(odd.text).toContain('Search the BoF 500');
    expect((await app.inject({ method: 'GET', url: '/bof500/?class=1850' })).statusCode).toBe(200);
  });
});

describe('/sitemap.xml', () => {
  it('lists the directories, the BoF 500 and every published profile, and no draft or search page', async () => {
    const reader = await signIn(app, { first: 'Dora', last: 'Draftwell' });
    const category = app.services.lookups.personCategories()[0]!.key;
    const created = await graphql(
      app,
      `
        mutation ($input: PersonProfileInput!) {
          createPersonProfile(input: $input) {
            __typename
            ... on PersonProfileSource {
              profile {
                slug
              }
            }
          }
        }
      `,
      { cookie: reader.cookie, variables: { input: { firstName: 'Dora', lastName: 'Draftwell', category } } },
    );
    const draftSlug = created.data!.createPersonProfile.profile.slug as string;

    const sitemap = (await app.inject('/sitemap.xml')).body;
    const site = 'https://atelier.test';
    for (const path of ['/people/', '/organisations/', '/bof500/', '/people/helene-castel/', '/organisations/maison-verrier/']) {
      expect(sitemap).toContain(`<loc>${site}${path}</loc>`);
    }
    expect(sitemap).not.toContain(`/people/${draftSlug}/`);
    expect(sitemap).not.toContain('/bof500/search/');
  });
});
