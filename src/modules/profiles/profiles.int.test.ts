// Profiles over HTTP (GraphQL and pages through inject) on a fresh database — PGlite, or
// PostgreSQL with TEST_DATABASE_URL: public reads of the demo's profiles, a person creating,
// editing and publishing their own profile, an organisation's OWNER and ADMIN editing theirs and
// its projects, key people and subsidiaries shown both ways, who is refused (§8), the preview for
// editors only, and the public page never showing a draft.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableUuid } from '../../db/stable-id.ts';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import * as kit from '../../test/organisations.ts';
import { stories } from '../content/schema.ts';
import { identities } from '../identity/schema.ts';
import { organisationProfiles } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Reader = Awaited<ReturnType<typeof signIn>>;
let app: App;
let admin: Reader;

const VERRIER = stableUuid('organisation', 'maison-verrier');

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, { first: 'Ann', last: 'Admin' });
  await app.db
    .update(identities)
    .set({ metadataAdmin: { is_bof_admin: true } })
    .where(eq(identities.id, admin.identityId));
  const issued = await app.services.session.refreshTokens({ identitySessionToken: admin.identitySessionToken });
  admin = {
    ...admin,
    cookie: `ory_kratos_session=${admin.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`,
  };
});
afterAll(async () => {
  await app.close();
});

const page = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const ERRORS = /* GraphQL */ `
  ... on Error { __typename message }
  ... on UnauthorizedError { requesterUserId accountId }
  ... on ZodError { fieldErrors { path message } }
`;
const PERSON_FIELDS =
  'profileId slug firstName lastName subtitle summary format version category careers { title organisationName } keyPersonAt { slug role }';
const ORG_FIELDS =
  'profileId slug title summary format version keyPeople { slug role } relatedCompanies { slug role } projects { projectId slug title assets { type url } } pinnedProject { slug }';

const CREATE_PERSON = `mutation ($input: PersonProfileInput!) { createPersonProfile(input: $input) { __typename ... on PersonProfileSource { hasUnpublishedChanges profile { ${PERSON_FIELDS} } } ${ERRORS} } }`;
const UPDATE_PERSON = `mutation ($id: String!, $input: PersonProfileInput!) { updatePersonProfile(profileId: $id, input: $input) { __typename ... on PersonProfileSource { hasUnpublishedChanges profile { ${PERSON_FIELDS} } } ${ERRORS} } }`;
const PUBLISH_PERSON = `mutation ($id: String!) { publishPersonProfile(profileId: $id) { __typename ... on PersonProfile { ${PERSON_FIELDS} } ${ERRORS} } }`;
const PERSON_SOURCE = `query ($id: String!) { personProfileSource(profileId: $id) { __typename ... on PersonProfileSource { hasUnpublishedChanges profile { ${PERSON_FIELDS} } } ${ERRORS} } }`;
const PERSON_PUBLIC = `query ($slug: String!) { personProfilePublic(slug: $slug) { ${PERSON_FIELDS} } }`;
const ORG_PUBLIC = `query ($slug: String!) { organisationProfilePublic(slug: $slug) { ${ORG_FIELDS} } }`;
const ORG_SOURCE = `query ($id: String!) { organisationProfileSource(profileId: $id) { __typename ... on OrganisationProfileSource { hasUnpublishedChanges profile { ${ORG_FIELDS} } } ${ERRORS} } }`;
const UPDATE_ORG = `mutation ($id: String!, $input: OrganisationProfileInput!) { updateOrganisationProfile(profileId: $id, input: $input) { __typename ... on OrganisationProfileSource { profile { ${ORG_FIELDS} summary } } ${ERRORS} } }`;
const PUBLISH_ORG = `mutation ($id: String!) { publishOrganisationProfile(profileId: $id) { __typename ... on OrganisationProfile { ${ORG_FIELDS} } ${ERRORS} } }`;
const KEY_PEOPLE = `mutation ($id: String!, $people: [OrganisationKeyPersonInput!]!) { updateOrganisationKeyPeople(profileId: $id, keyPeople: $people) { __typename ... on OrganisationProfileSource { profile { keyPeople { slug role } } } ${ERRORS} } }`;
const CHILDREN = `mutation ($id: String!, $children: [String!]!) { updateOrganisationChildren(profileId: $id, childProfileIds: $children) { __typename ... on OrganisationProfileSource { profile { relatedCompanies { slug role } } } ${ERRORS} } }`;
const CREATE_PROJECT = `mutation ($id: String!, $input: ProjectInput!) { createProject(profileId: $id, input: $input) { __typename ... on Project { projectId slug title thumbnail assets { type url description } } ${ERRORS} } }`;
const UPDATE_PROJECT = `mutation ($id: String!, $input: ProjectInput!) { updateProject(projectId: $id, input: $input) { __typename ... on Project { projectId slug title } ${ERRORS} } }`;
const DELETE_PROJECT = `mutation ($id: String!) { deleteProject(projectId: $id) { __typename ... on Project { projectId } ${ERRORS} } }`;
const REORDER = `mutation ($id: String!, $position: Int!) { reorderProject(projectId: $id, position: $position) { __typename ... on ReorderProjectSuccess { data { slug } } ${ERRORS} } }`;

/** An organisation account (OWNER, plus an ADMIN and a USER) owning an unpublished organisation profile. */
async function organisationWithProfile() {
  const { owner, accountId } = await kit.newOrganisation(app);
  const [adminPerson, user] = [await signIn(app, { first: 'Ada', last: 'Admin' }), await signIn(app, { first: 'Uma', last: 'User' })];
  await kit.add(app, owner.cookie, accountId, [adminPerson.email], 'ADMIN');
  await kit.add(app, owner.cookie, accountId, [user.email], 'USER');
  const profileId = randomUUID();
  const slug = `maison-test-${profileId.slice(0, 8)}`;
  await app.db.insert(organisationProfiles).values({
    profileId,
    slug,
    title: 'Maison Test',
    summary: 'A house made for tests.',
    city: 'Lyon',
    country: 'FR',
    organisationIndustry: 'LUXURY_FASHION',
    organisationSize: 'SIZE_11_50',
    organisationType: 'BRAND',
    ownershipType: 'PRIVATE',
    yearEstablished: 2001,
    accountId,
  });
  return { owner, adminPerson, user, accountId, profileId, slug };
}

describe('public profiles', () => {
  it('answers a published demo person and organisation by slug, with key people linked both ways', async () => {
    const person = await graphql(app, PERSON_PUBLIC, { variables: { slug: 'helene-castel' } });
    expect(person.data!.personProfilePublic).toMatchObject({ firstName: 'Hélène', category: 'EXECUTIVE', version: 1 });
    expect(person.data!.personProfilePublic.keyPersonAt).toContainEqual({ slug: 'maison-verrier', role: 'Chief Executive' });
    const org = await graphql(app, ORG_PUBLIC, { variables: { slug: 'maison-verrier' } });
    expect(org.data!.organisationProfilePublic.keyPeople).toContainEqual({ slug: 'helene-castel', role: 'Chief Executive' });
    expect((await graphql(app, PERSON_PUBLIC, { variables: { slug: 'no-such-person' } })).data!.personProfilePublic).toBeNull();
  });

  it('serves the person and organisation pages with JSON-LD, the stories naming them and a follow button; a 404 otherwise', async () => {
    const person = await page('/people/helene-castel/');
    expect(person.statusCode).toBe(200);
    expect(person.body).toContain('"@type":"Person"');
    expect(person.body).toContain('Hélène Castel');
    expect(person.body).toContain('href="/organisations/maison-verrier/"');
    expect(person.body).toMatch(/Sign in to follow/);
    const org = await page('/organisations/maison-verrier/');
    expect(org.statusCode).toBe(200);
    expect(org.body).toContain('"@type":"Organization"');
    expect(org.body).toContain('Stories about Maison Verrier');
    expect(org.body).toContain('href="/people/helene-castel/"');
    expect((await page('/people/no-such-person/')).statusCode).toBe(404);
    expect((await page('/organisations/no-such-house/')).statusCode).toBe(404);
  });

  it('links the names a story mentions to their profiles, the first mention only', async () => {
    const [story] = await app.db
      .select({ slug: stories.slug, people: stories.personSlugs, organisations: stories.organisationSlugs })
      .from(stories)
      .where(and(eq(stories.access, 'free'), sql`cardinality(${stories.personSlugs}) > 0`))
      .limit(1);
    const html = (await page(`/articles/${story!.slug}/`)).body;
    for (const slug of story!.people) expect(html.match(new RegExp(`href="/people/${slug}/"`, 'g'))).toHaveLength(1);
    for (const slug of story!.organisations) expect(html).toContain(`href="/organisations/${slug}/"`);
  });

  it('filters the directories with GET forms and pages them, keeping the filters', async () => {
    const luxury = await page('/organisations/?industry=LUXURY_FASHION');
    expect(luxury.statusCode).toBe(200);
    expect(luxury.body).toContain('Maison Verrier');
    expect(luxury.body).not.toContain('>Featured<');
    const { items } = await app.services.profiles.listOrganisations({ q: '', industry: 'LUXURY_FASHION', page: 1 });
    expect(items.every((o) => o.organisationIndustry === 'LUXURY_FASHION')).toBe(true);
    const index = await page('/organisations/');
    expect(index.body).toContain('>Featured<');
    expect(index.body).toMatch(/href="\/organisations\/\?page=2"/);
    const designers = await page('/people/?category=DESIGNER&page=2');
    expect(designers.statusCode).toBe(200);
    expect(designers.body).toMatch(/Page 2 of \d+/);
    expect(designers.body).toContain('href="/people/?category=DESIGNER"');
    // A filter that is not a value (an old or hand-made link) shows nothing rather than failing.
    expect((await page('/organisations/?country=ZZ&size=%00')).statusCode).toBe(200);
  });

  it('lists categories, collections and featured organisations', async () => {
    const { data } = await graphql(
      app,
      `
        {
          personProfileCategories {
            key
            count
          }
          profileCollections {
            key
            count
          }
          featuredOrganisationProfiles(category: ORGANISATION_INDEX) {
            profileId
            profile {
              slug
            }
          }
        }
      `,
    );
    expect(data!.personProfileCategories.find((c: { key: string }) => c.key === 'DESIGNER').count).toBeGreaterThan(0);
    expect(data!.profileCollections).toContainEqual({ key: 'BOF500_2026', count: expect.any(Number) });
    expect(data!.featuredOrganisationProfiles.length).toBeGreaterThan(0);
    // The home page shows those featured there, each linking to its profile.
    const featured = await graphql(
      app,
      `
        {
          featuredOrganisationProfiles(category: HOMEPAGE_COMPONENT) {
            profile {
              slug
            }
          }
        }
      `,
    );
    const home = (await page('/')).body;
    for (const { profile } of featured.data!.featuredOrganisationProfiles) expect(home).toContain(`href="/organisations/${profile.slug}/"`);
    expect(featured.data!.featuredOrganisationProfiles.length).toBeGreaterThan(0);
  });
});

describe('a person’s own profile', () => {
  it('is created unpublished, edited as a draft, previewed by its person only, and public once published', async () => {
    const anonymous = await graphql(app, CREATE_PERSON, {
      variables: { input: { firstName: 'Iris', lastName: 'Vale', category: 'DESIGNER' } },
    });
    expect(anonymous.data!.createPersonProfile.__typename).toBe('AuthError');

    const iris = await signIn(app, { first: 'Iris', last: 'Vale' });
    const bad = await graphql(app, CREATE_PERSON, {
      cookie: iris.cookie,
      variables: {
        input: { firstName: 'Iris', lastName: 'Vale', category: 'WIZARD', socialLinks: [{ label: 'Site', url: 'ftp://iris' }] },
      },
    });
    expect(bad.data!.createPersonProfile.__typename).toBe('ZodError');
    expect(bad.data!.createPersonProfile.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(
      expect.arrayContaining(['category', 'socialLinks.0.url']),
    );

    const created = await graphql(app, CREATE_PERSON, {
      cookie: iris.cookie,
      variables: { input: { firstName: 'Iris', lastName: 'Vale', category: 'DESIGNER', subtitle: 'Designer, Lyon' } },
    });
    const { profile } = created.data!.createPersonProfile;
    expect(created.data!.createPersonProfile).toMatchObject({ hasUnpublishedChanges: true, profile: { version: 0, format: 'DEFAULT' } });
    expect(
      (
        await graphql(app, CREATE_PERSON, {
          cookie: iris.cookie,
          variables: { input: { firstName: 'I', lastName: 'V', category: 'DESIGNER' } },
        })
      ).data!.createPersonProfile,
    ).toMatchObject({
      __typename: 'BaseError',
      message: 'You already have a profile.',
    });
    // Not public yet: no page, no public read.
    expect((await page(`/people/${profile.slug}/`)).statusCode).toBe(404);
    expect((await graphql(app, PERSON_PUBLIC, { variables: { slug: profile.slug } })).data!.personProfilePublic).toBeNull();

    const published = await graphql(app, PUBLISH_PERSON, { cookie: iris.cookie, variables: { id: profile.profileId } });
    expect(published.data!.publishPersonProfile).toMatchObject({ version: 1, subtitle: 'Designer, Lyon' });
    expect((await page(`/people/${profile.slug}/`)).body).toContain('Designer, Lyon');

    // A draft change: the source has it, the public page does not, until the next publish.
    const updated = await graphql(app, UPDATE_PERSON, {
      cookie: iris.cookie,
      variables: {
        id: profile.profileId,
        input: { subtitle: 'Creative Director, Atelier Vale', careers: [{ title: 'Creative Director', organisationName: 'Atelier Vale' }] },
      },
    });
    expect(updated.data!.updatePersonProfile).toMatchObject({
      hasUnpublishedChanges: true,
      profile: { subtitle: 'Creative Director, Atelier Vale', version: 1 },
    });
    const publicPage = await page(`/people/${profile.slug}/`);
    expect(publicPage.body).toContain('Designer, Lyon');
    expect(publicPage.body).not.toContain('Atelier Vale');
    expect((await graphql(app, PERSON_PUBLIC, { variables: { slug: profile.slug } })).data!.personProfilePublic.subtitle).toBe(
      'Designer, Lyon',
    );

    const preview = await page(`/_preview/people/?profileId=${profile.profileId}`, iris.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Atelier Vale');
    expect(preview.body).toContain('Preview: this is the draft');

    const second = await graphql(app, PUBLISH_PERSON, { cookie: iris.cookie, variables: { id: profile.profileId } });
    expect(second.data!.publishPersonProfile).toMatchObject({ version: 2, subtitle: 'Creative Director, Atelier Vale' });
    expect((await page(`/people/${profile.slug}/`)).body).toContain('Atelier Vale');
    expect(
      (await graphql(app, PERSON_SOURCE, { cookie: iris.cookie, variables: { id: profile.profileId } })).data!.personProfileSource
        .hasUnpublishedChanges,
    ).toBe(false);
  });

  it('refuses everyone else: another reader’s edit, publish, source and preview; a format change by its person', async () => {
    const owner = await signIn(app, { first: 'Noor', last: 'Haddad' });
    const created = await graphql(app, CREATE_PERSON, {
      cookie: owner.cookie,
      variables: { input: { firstName: 'Noor', lastName: 'Haddad', category: 'EDITOR' } },
    });
    const id = created.data!.createPersonProfile.profile.profileId;
    const stranger = await signIn(app);

    for (const [query, field] of [
      [UPDATE_PERSON, 'updatePersonProfile'],
      [PUBLISH_PERSON, 'publishPersonProfile'],
      [PERSON_SOURCE, 'personProfileSource'],
    ] as const) {
      const answer = await graphql(app, query, { cookie: stranger.cookie, variables: { id, input: { subtitle: 'Hijacked' } } });
      expect(answer.data![field]).toMatchObject({ __typename: 'UnauthorizedError', requesterUserId: stranger.userId });
    }
    // A profile that does not exist is refused the same way: a stranger learns nothing.
    expect(
      (await graphql(app, PERSON_SOURCE, { cookie: stranger.cookie, variables: { id: randomUUID() } })).data!.personProfileSource
        .__typename,
    ).toBe('UnauthorizedError');
    // The demo's profiles belong to the newsroom.
    expect(
      (
        await graphql(app, UPDATE_PERSON, {
          cookie: owner.cookie,
          variables: { id: stableUuid('person', 'helene-castel'), input: { subtitle: 'x' } },
        })
      ).data!.updatePersonProfile.__typename,
    ).toBe('UnauthorizedError');

    expect((await page(`/_preview/people/?profileId=${id}`, stranger.cookie)).statusCode).toBe(404);
    const signedOut = await page(`/_preview/people/?profileId=${id}`);
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toMatch(/^\/user\/login\//);
    expect((await page(`/_preview/people/?profileId=not-an-id`, owner.cookie)).statusCode).toBe(404);

    const format = await graphql(app, UPDATE_PERSON, { cookie: owner.cookie, variables: { id, input: { format: 'PREMIUM' } } });
    expect(format.data!.updatePersonProfile).toMatchObject({ __typename: 'ZodError', fieldErrors: [{ path: ['format'] }] });
    // Site staff may edit any profile and set its format; the preview is theirs too.
    const staff = await graphql(app, UPDATE_PERSON, { cookie: admin.cookie, variables: { id, input: { format: 'PREMIUM' } } });
    expect(staff.data!.updatePersonProfile.profile.format).toBe('PREMIUM');
    expect((await page(`/_preview/people/?profileId=${id}`, admin.cookie)).statusCode).toBe(200);
  });
});

describe('an organisation’s profile', () => {
  it('is edited and published by its OWNER and ADMIN; its USER and strangers are refused', async () => {
    const { owner, adminPerson, user, accountId, profileId, slug } = await organisationWithProfile();
    const stranger = await signIn(app);
    expect((await page(`/organisations/${slug}/`)).statusCode).toBe(404);

    for (const someone of [user, stranger]) {
      const refused = await graphql(app, UPDATE_ORG, {
        cookie: someone.cookie,
        variables: { id: profileId, input: { summary: 'Hijacked' } },
      });
      expect(refused.data!.updateOrganisationProfile).toMatchObject({ __typename: 'UnauthorizedError', accountId });
      expect(
        (await graphql(app, PUBLISH_ORG, { cookie: someone.cookie, variables: { id: profileId } })).data!.publishOrganisationProfile
          .__typename,
      ).toBe('UnauthorizedError');
      expect((await page(`/_preview/organisations/?profileId=${profileId}`, someone.cookie)).statusCode).toBe(404);
    }

    const badInput = await graphql(app, UPDATE_ORG, {
      cookie: owner.cookie,
      variables: {
        id: profileId,
        input: {
          organisationSize: 'HUGE',
          externalLinks: [{ label: 'Site', url: 'https://localhost' }],
          jobs: [{ title: 'Designer', url: 'https://jobs.test.example/1', postedOn: 'yesterday' }],
        },
      },
    });
    expect(badInput.data!.updateOrganisationProfile.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(
      expect.arrayContaining(['organisationSize', 'externalLinks.0.url', 'jobs.0.postedOn']),
    );

    const edited = await graphql(app, UPDATE_ORG, {
      cookie: adminPerson.cookie,
      variables: {
        id: profileId,
        input: {
          summary: 'A Lyon house of silk.',
          jobs: [{ title: 'Silk Weaver', location: 'Lyon', url: 'https://jobs.maison-test.example/weaver', postedOn: '2026-11-20' }],
        },
      },
    });
    expect(edited.data!.updateOrganisationProfile.profile.summary).toBe('A Lyon house of silk.');
    expect((await page(`/_preview/organisations/?profileId=${profileId}`, owner.cookie)).body).toContain('Silk Weaver');

    const published = await graphql(app, PUBLISH_ORG, { cookie: owner.cookie, variables: { id: profileId } });
    expect(published.data!.publishOrganisationProfile).toMatchObject({ version: 1, summary: 'A Lyon house of silk.' });
    const publicPage = await page(`/organisations/${slug}/`);
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).toContain('Silk Weaver');
    expect(publicPage.body).toContain('https://jobs.maison-test.example/weaver');
  });

  it('keeps projects in the draft until published: create, edit, reorder, pin, delete; YouTube links by the §5 rule', async () => {
    const { owner, user, profileId, slug } = await organisationWithProfile();
    const refused = await graphql(app, CREATE_PROJECT, { cookie: user.cookie, variables: { id: profileId, input: { title: 'Nope' } } });
    expect(refused.data!.createProject.__typename).toBe('UnauthorizedError');
    const badVideo = await graphql(app, CREATE_PROJECT, {
      cookie: owner.cookie,
      variables: { id: profileId, input: { title: 'Film', assets: [{ type: 'YOUTUBE', url: 'https://vimeo.com/123' }] } },
    });
    expect(badVideo.data!.createProject).toMatchObject({ __typename: 'ZodError', fieldErrors: [{ path: ['assets', '0', 'url'] }] });

    const create = async (title: string, assets: { type: string; url: string; description?: string }[] = []) =>
      (await graphql(app, CREATE_PROJECT, { cookie: owner.cookie, variables: { id: profileId, input: { title, assets } } })).data!
        .createProject;
    const show = await create('Spring Show', [
      { type: 'IMAGE', url: 'org-maison-verrier', description: 'The collection' },
      { type: 'YOUTUBE', url: 'https://youtu.be/M7lc1UVf-VE', description: 'The film' },
    ]);
    expect(show).toMatchObject({ slug: 'spring-show', thumbnail: 'org-maison-verrier' });
    const archive = await create('Archive');
    const repair = await create('Repair');
    expect((await create('Spring Show')).slug).toBe('spring-show-2');

    const renamed = await graphql(app, UPDATE_PROJECT, {
      cookie: owner.cookie,
      variables: { id: archive.projectId, input: { title: 'The Archive', slug: 'spring-show' } },
    });
    expect(renamed.data!.updateProject.__typename).toBe('ZodError');
    await graphql(app, UPDATE_PROJECT, { cookie: owner.cookie, variables: { id: archive.projectId, input: { title: 'The Archive' } } });

    const reordered = await graphql(app, REORDER, { cookie: owner.cookie, variables: { id: repair.projectId, position: 0 } });
    expect(reordered.data!.reorderProject.data.map((p: { slug: string }) => p.slug)).toEqual([
      'repair',
      'spring-show',
      'archive',
      'spring-show-2',
    ]);
    expect(
      (await graphql(app, REORDER, { cookie: owner.cookie, variables: { id: repair.projectId, position: 9 } })).data!.reorderProject
        .__typename,
    ).toBe('ZodError');
    const spare = (
      await graphql(app, ORG_SOURCE, { cookie: owner.cookie, variables: { id: profileId } })
    ).data!.organisationProfileSource.profile.projects.at(-1);
    expect(
      (await graphql(app, DELETE_PROJECT, { cookie: owner.cookie, variables: { id: spare.projectId } })).data!.deleteProject.projectId,
    ).toBe(spare.projectId);
    await graphql(app, UPDATE_ORG, { cookie: owner.cookie, variables: { id: profileId, input: { pinnedProjectId: show.projectId } } });
    expect(
      (await graphql(app, UPDATE_ORG, { cookie: owner.cookie, variables: { id: profileId, input: { pinnedProjectId: randomUUID() } } }))
        .data!.updateOrganisationProfile.__typename,
    ).toBe('ZodError');

    await graphql(app, PUBLISH_ORG, { cookie: owner.cookie, variables: { id: profileId } });
    const published = (await graphql(app, ORG_PUBLIC, { variables: { slug } })).data!.organisationProfilePublic;
    expect(published.projects.map((p: { slug: string }) => p.slug)).toEqual(['repair', 'spring-show', 'archive']);
    expect(published.pinnedProject).toEqual({ slug: 'spring-show' });

    // A project added after the publish is a draft: the public profile does not have it.
    await create('Next Season');
    expect((await graphql(app, ORG_PUBLIC, { variables: { slug } })).data!.organisationProfilePublic.projects).toHaveLength(3);
    const html = (await page(`/organisations/${slug}/`)).body;
    expect(html).not.toContain('Next Season');
    expect(html).toContain('The Archive');
    // The film waits for the embeds consent: a link to it, no player from another site.
    expect(html).toContain('https://youtu.be/M7lc1UVf-VE');
    expect(html).not.toContain('youtube-nocookie.com/embed');
  });

  it('names key people and subsidiaries, shown on their pages too once published', async () => {
    const { owner, profileId, slug } = await organisationWithProfile();
    const castel = stableUuid('person', 'helene-castel');
    const unknown = await graphql(app, KEY_PEOPLE, {
      cookie: owner.cookie,
      variables: { id: profileId, people: [{ profileId: randomUUID(), role: 'Chair' }] },
    });
    expect(unknown.data!.updateOrganisationKeyPeople.__typename).toBe('ZodError');
    const named = await graphql(app, KEY_PEOPLE, {
      cookie: owner.cookie,
      variables: { id: profileId, people: [{ profileId: castel, role: 'Adviser' }] },
    });
    expect(named.data!.updateOrganisationKeyPeople.profile.keyPeople).toEqual([{ slug: 'helene-castel', role: 'Adviser' }]);
    expect(
      (await graphql(app, CHILDREN, { cookie: owner.cookie, variables: { id: profileId, children: [profileId] } })).data!
        .updateOrganisationChildren.__typename,
    ).toBe('ZodError');
    const children = await graphql(app, CHILDREN, { cookie: owner.cookie, variables: { id: profileId, children: [VERRIER] } });
    expect(children.data!.updateOrganisationChildren.profile.relatedCompanies).toEqual([{ slug: 'maison-verrier', role: 'SUBSIDIARY' }]);

    // Not on the other pages before the publish.
    expect((await page('/people/helene-castel/')).body).not.toContain(`/organisations/${slug}/`);
    await graphql(app, PUBLISH_ORG, { cookie: owner.cookie, variables: { id: profileId } });
    const person = (await graphql(app, PERSON_PUBLIC, { variables: { slug: 'helene-castel' } })).data!.personProfilePublic;
    expect(person.keyPersonAt).toContainEqual({ slug, role: 'Adviser' });
    expect((await page('/people/helene-castel/')).body).toContain(`/organisations/${slug}/`);
    const verrier = await page('/organisations/maison-verrier/');
    expect(verrier.body).toContain(`/organisations/${slug}/`);
    expect(verrier.body).toContain('Parent company');
  });
});
