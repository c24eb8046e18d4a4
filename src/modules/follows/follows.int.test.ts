// Follows and recommendations through HTTP: every GraphQL query and mutation (anonymous, signed
// in, someone else's data, bad input), the number of SQL statements they cost, and the follow
// buttons' form posts as a browser without JavaScript sends them.
import { eq } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { authors } from '../content/schema.ts';
import { identities } from '../identity/schema.ts';
import { organisationProfiles, personProfiles } from '../profiles/schema.ts';
import { followMessages, type FollowRef } from './follow-rules.ts';
import { createFollowsService } from './follows-service.ts';
import { storyReads, userFollows } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
const SITE = 'https://atelier.test';

let app: App;
let ada: Person;
let bob: Person;
let admin: Person;
/** Things to follow, of every type, from the demo content. */
let things: Record<'authors' | 'sections' | 'tags' | 'people' | 'organisations', FollowRef[]>;

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
  [ada, bob, admin] = [
    await signIn(app),
    await signIn(app, { first: 'Bo', last: 'Berg' }),
    await signIn(app, { first: 'Ann', last: 'Admin' }),
  ];
  // Admin comes from the identity's metadata_admin; new tokens carry it.
  await app.db
    .update(identities)
    .set({ metadataAdmin: { is_bof_admin: true } })
    .where(eq(identities.id, admin.identityId));
  const issued = await app.services.session.refreshTokens({ identitySessionToken: admin.identitySessionToken });
  admin = {
    ...admin,
    cookie: `ory_kratos_session=${admin.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`,
  };

  const topics = await app.services.content.listTopics();
  things = {
    authors: (await app.db.select({ id: authors.id }).from(authors).orderBy(authors.slug)).map((a) => ({
      followsType: 'AUTHOR_ID',
      followsKey: a.id,
    })),
    sections: topics.filter((t) => t.kind === 'section').map((t) => ({ followsType: 'SITE_SECTION_ID', followsKey: t.id })),
    tags: topics.filter((t) => t.kind === 'topic').map((t) => ({ followsType: 'TAG_SLUG', followsKey: t.slug })),
    people: (await app.db.select({ id: personProfiles.profileId }).from(personProfiles).orderBy(personProfiles.slug)).map((p) => ({
      followsType: 'PERSON_PROFILE_ID',
      followsKey: p.id,
    })),
    organisations: (
      await app.db.select({ id: organisationProfiles.profileId }).from(organisationProfiles).orderBy(organisationProfiles.slug)
    ).map((o) => ({ followsType: 'ORGANISATION_PROFILE_ID', followsKey: o.id })),
  };
});
afterAll(async () => {
  await app.close();
});

const RESULT_ERRORS = `
  ... on Error { __typename message }
  ... on UnauthorizedError { requesterUserId }
  ... on ZodError { fieldErrors { path code message } }
`;
const ADD = `mutation Add($input: UserFollowInput!) { addUserFollow(input: $input) { __typename ... on UserFollow { userId followsType followsKey target { name uri } } ${RESULT_ERRORS} } }`;
const REMOVE = `mutation Remove($input: UserFollowInput!) { removeUserFollow(input: $input) { __typename ... on UserFollow { userId followsType followsKey } ${RESULT_ERRORS} } }`;
const USER_FOLLOWS = `query Follows($followsType: FollowsType, $userId: ID) { userFollows(followsType: $followsType, userId: $userId) { __typename ... on UserFollowsSuccess { follows { userId followsType followsKey target { name uri } } } ${RESULT_ERRORS} } }`;
const USERS_BY_FOLLOW = `query Followers($followsType: FollowsType!, $followsKey: String!) { usersByFollow(followsType: $followsType, followsKey: $followsKey) { __typename ... on UsersByFollowSuccess { follows { userId followsType followsKey } } ${RESULT_ERRORS} } }`;
const RECOMMENDED = `query Recommended($first: Int, $userId: ID) { recommendedStories(first: $first, userId: $userId) { __typename ... on RecommendedStoriesSuccess { stories {
  id title description uri mediaType availableTime
  categories { id slug name kind uri } images { key alt } primarySection { id slug name kind uri }
  persons { profileId slug name } organisations { profileId slug name }
} } ${RESULT_ERRORS} } }`;

async function add(person: Person | null, input: Record<string, unknown>) {
  return (await graphql(app, ADD, { variables: { input }, cookie: person?.cookie })).data!.addUserFollow;
}
async function followsOf(person: Person, variables: Record<string, unknown> = {}) {
  return (await graphql(app, USER_FOLLOWS, { variables, cookie: person.cookie })).data!.userFollows;
}
async function recommended(person: Person | null, variables: Record<string, unknown> = {}) {
  return (await graphql(app, RECOMMENDED, { variables, cookie: person?.cookie })).data!.recommendedStories;
}
async function clear(person: Person) {
  // Reads still held in memory would land after the delete.
  await app.services.follows.flushReads();
  await app.db.delete(userFollows).where(eq(userFollows.userId, person.userId));
  await app.db.delete(storyReads).where(eq(storyReads.userId, person.userId));
}

/** Counts the SQL statements the app sends while `run` runs (drizzle's logger sees each one). */
async function countStatements(run: () => Promise<unknown>): Promise<number> {
  const session = (app.db as unknown as { session: { logger: Logger } }).session;
  const original = session.logger;
  let statements = 0;
  session.logger = { logQuery: (query, params) => (statements++, original.logQuery(query, params)) };
  try {
    await run();
  } finally {
    session.logger = original;
  }
  return statements;
}

describe('addUserFollow', () => {
  it('needs a signed-in user', async () => {
    expect(await add(null, things.tags[0]!)).toEqual({ __typename: 'AuthError', message: 'You need to sign in to do that.' });
  });

  it('follows each kind of thing, once however often it is asked', async () => {
    await clear(ada);
    for (const list of Object.values(things)) {
      const result = await add(ada, list[0]!);
      expect(result).toMatchObject({ __typename: 'UserFollow', userId: ada.userId, ...list[0], target: { name: expect.any(String) } });
    }
    expect(await add(ada, things.tags[0]!)).toMatchObject({ __typename: 'UserFollow' });
    const rows = await app.db.select().from(userFollows).where(eq(userFollows.userId, ada.userId));
    expect(rows).toHaveLength(5);
  });

  it('refuses to follow on another user’s behalf', async () => {
    expect(await add(ada, { ...things.tags[0]!, userId: bob.userId })).toEqual({
      __typename: 'UnauthorizedError',
      message: expect.any(String),
      requesterUserId: ada.userId,
    });
    expect(await add(admin, { ...things.tags[0]!, userId: bob.userId })).toMatchObject({
      __typename: 'UnauthorizedError',
      requesterUserId: admin.userId,
    });
    expect(await add(ada, { ...things.tags[0]!, userId: ada.userId })).toMatchObject({ __typename: 'UserFollow' });
  });

  it('answers bad input with the field’s path: a malformed key, an unknown thing, a topic of the wrong type', async () => {
    expect(await add(ada, { followsType: 'AUTHOR_ID', followsKey: 'not-an-id' })).toEqual({
      __typename: 'ZodError',
      message: expect.any(String),
      fieldErrors: [{ path: ['followsKey'], code: 'custom', message: followMessages.id }],
    });
    const notFound = {
      __typename: 'ZodError',
      message: expect.any(String),
      fieldErrors: [{ path: ['followsKey'], code: 'not_found', message: followMessages.notFound }],
    };
    expect(await add(ada, { followsType: 'PERSON_PROFILE_ID', followsKey: '00000000-0000-4000-8000-000000000000' })).toEqual(notFound);
    expect(await add(ada, { followsType: 'TAG_SLUG', followsKey: 'no-such-topic' })).toEqual(notFound);
    // A section is followed by id, never as a tag.
    expect(await add(ada, { followsType: 'TAG_SLUG', followsKey: 'beauty' })).toEqual(notFound);
    expect(await add(ada, { followsType: 'TAG_SLUG', followsKey: 'china', userId: 'me' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['userId'] }],
    });
  });
});

describe('removeUserFollow', () => {
  const remove = async (person: Person | null, input: Record<string, unknown>) =>
    (await graphql(app, REMOVE, { variables: { input }, cookie: person?.cookie })).data!.removeUserFollow;

  it('needs a signed-in user', async () => {
    expect(await remove(null, things.tags[0]!)).toMatchObject({ __typename: 'AuthError' });
  });

  it('stops following; not following already is fine', async () => {
    await add(ada, things.tags[1]!);
    expect(await remove(ada, things.tags[1]!)).toEqual({ __typename: 'UserFollow', userId: ada.userId, ...things.tags[1] });
    expect(await remove(ada, things.tags[1]!)).toMatchObject({ __typename: 'UserFollow' });
    const left = await followsOf(ada, { followsType: 'TAG_SLUG' });
    expect(left.follows.map((f: FollowRef) => f.followsKey)).not.toContain(things.tags[1]!.followsKey);
  });

  it('refuses to touch another user’s follows', async () => {
    await add(bob, things.tags[2]!);
    expect(await remove(ada, { ...things.tags[2]!, userId: bob.userId })).toMatchObject({
      __typename: 'UnauthorizedError',
      requesterUserId: ada.userId,
    });
    expect((await followsOf(bob)).follows).toContainEqual(expect.objectContaining(things.tags[2]));
  });

  it('answers bad input with the field’s path', async () => {
    expect(await remove(ada, { followsType: 'SITE_SECTION_ID', followsKey: 'beauty' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['followsKey'], code: 'custom' }],
    });
  });
});

describe('userFollows', () => {
  it('needs a signed-in user', async () => {
    expect((await graphql(app, USER_FOLLOWS)).data!.userFollows).toMatchObject({ __typename: 'AuthError' });
  });

  it('lists the user’s own follows with what they point at, all or of one type', async () => {
    await clear(ada);
    await add(ada, things.authors[0]!);
    await add(ada, things.tags[0]!);
    const all = await followsOf(ada);
    expect(all.__typename).toBe('UserFollowsSuccess');
    expect(all.follows).toHaveLength(2);
    expect(all.follows).toContainEqual({
      userId: ada.userId,
      ...things.tags[0],
      target: { name: expect.any(String), uri: expect.stringMatching(/^\/topics\/|^\/case-studies\//) },
    });
    const authorsOnly = await followsOf(ada, { followsType: 'AUTHOR_ID' });
    expect(authorsOnly.follows).toEqual([
      { userId: ada.userId, ...things.authors[0], target: { name: expect.any(String), uri: expect.stringMatching(/^\/authors\//) } },
    ]);
  });

  it('refuses another user’s follows, except to an admin', async () => {
    await add(bob, things.sections[0]!);
    expect(await followsOf(ada, { userId: bob.userId })).toEqual({
      __typename: 'UnauthorizedError',
      message: expect.any(String),
      requesterUserId: ada.userId,
    });
    const read = await followsOf(admin, { userId: bob.userId });
    expect(read.follows).toContainEqual(expect.objectContaining({ userId: bob.userId, ...things.sections[0] }));
  });

  it('answers a malformed user id with its path', async () => {
    expect(await followsOf(ada, { userId: 'bob' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['userId'], message: followMessages.userId }],
    });
  });
});

describe('usersByFollow', () => {
  const followers = async (person: Person | null, variables: Record<string, unknown>) =>
    (await graphql(app, USERS_BY_FOLLOW, { variables, cookie: person?.cookie })).data!.usersByFollow;

  it('needs a signed-in user', async () => {
    expect(await followers(null, things.organisations[0]!)).toMatchObject({ __typename: 'AuthError' });
  });

  it('is for admins only: it names other readers', async () => {
    expect(await followers(ada, things.organisations[0]!)).toEqual({
      __typename: 'UnauthorizedError',
      message: expect.any(String),
      requesterUserId: ada.userId,
    });
  });

  it('lists who follows a thing', async () => {
    const thing = things.organisations[1]!;
    await add(ada, thing);
    await add(bob, thing);
    const result = await followers(admin, thing);
    expect(result.__typename).toBe('UsersByFollowSuccess');
    expect(result.follows.map((f: { userId: string }) => f.userId).sort()).toEqual([ada.userId, bob.userId].sort());
  });

  it('answers bad input with the field’s path', async () => {
    expect(await followers(admin, { followsType: 'ORGANISATION_PROFILE_ID', followsKey: 'kering' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['followsKey'] }],
    });
  });
});

describe('recommendedStories', () => {
  it('needs a signed-in user', async () => {
    expect(await recommended(null)).toMatchObject({ __typename: 'AuthError' });
  });

  it('has the §3 fields', async () => {
    await clear(ada);
    const { stories } = await recommended(ada, { first: 1 });
    expect(stories).toEqual([
      {
        id: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        uri: expect.stringMatching(/^\/articles\/[a-z0-9-]+\/$/),
        mediaType: expect.any(String),
        availableTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        categories: expect.arrayContaining([expect.objectContaining({ slug: expect.any(String), kind: expect.any(String) })]),
        images: [{ key: expect.any(String), alt: expect.any(String) }],
        primarySection: expect.objectContaining({ slug: expect.any(String), uri: expect.stringMatching(/\/$/) }),
        persons: expect.any(Array),
        organisations: expect.any(Array),
      },
    ]);
    expect(stories[0].categories[0]).toEqual(stories[0].primarySection);
  });

  it('leads with new stories from what the reader follows that they have not read, newest first', async () => {
    await clear(ada);
    const topic = (await app.services.content.listTopics()).find((t) => t.slug === 'china')!;
    await add(ada, { followsType: 'TAG_SLUG', followsKey: 'china' });
    const china = (await app.services.content.getTopicPage({ slug: 'china', page: 1 }))!.stories.items;
    // Reading through the story page records the read.
    const read = await app.inject({ method: 'GET', url: `/articles/${china[0]!.slug}/`, headers: { cookie: ada.cookie } });
    expect(read.statusCode).toBe(200);
    const { stories } = await recommended(ada, { first: 3 });
    expect(stories.map((s: { id: string }) => s.id)).toEqual(china.slice(1, 4).map((s) => s.id));
    for (const story of stories) expect(story.categories.map((c: { id: string }) => c.id)).toContain(topic.id);
  });

  it('fills up with the most read stories of the last 30 days, then the newest, never one already read', async () => {
    await clear(ada);
    await clear(bob);
    const newest = await app.services.content.newestStories({ limit: 40 });
    const popular = newest[30]!;
    app.services.follows.recordRead({ userId: bob.userId, storyId: popular.id });
    app.services.follows.recordRead({ userId: admin.userId, storyId: popular.id });
    app.services.follows.recordRead({ userId: ada.userId, storyId: newest[0]!.id });
    // "Most read" counts what is stored; the reader's own reads count at once (the next test).
    await app.services.follows.flushReads();
    const { stories } = await recommended(ada, { first: 3 });
    expect(stories.map((s: { id: string }) => s.id)).toEqual([popular.id, newest[1]!.id, newest[2]!.id]);
    await app.db.delete(storyReads).where(eq(storyReads.storyId, popular.id));
  });

  it('refuses another reader’s recommendations, except to an admin', async () => {
    expect(await recommended(ada, { userId: bob.userId })).toMatchObject({ __typename: 'UnauthorizedError', requesterUserId: ada.userId });
    expect(await recommended(admin, { userId: bob.userId, first: 2 })).toMatchObject({
      __typename: 'RecommendedStoriesSuccess',
      stories: [expect.anything(), expect.anything()],
    });
  });

  it('answers a count out of range with its path', async () => {
    for (const first of [0, 51]) {
      expect(await recommended(ada, { first })).toEqual({
        __typename: 'ZodError',
        message: expect.any(String),
        fieldErrors: [{ path: ['first'], code: expect.any(String), message: followMessages.first }],
      });
    }
  });
});

describe('batched loading', () => {
  const mixed = (n: number) => {
    const lists = Object.values(things);
    return Array.from({ length: n }, (_, i) => lists[i % lists.length]![Math.floor(i / lists.length)]!);
  };

  // 5 and 25 follows both hold every type (a type nobody follows costs no statement at all).
  it('resolves any number of follows’ targets in the same number of statements', async () => {
    const counts: number[] = [];
    for (const n of [5, 25]) {
      await clear(ada);
      for (const thing of mixed(n)) await add(ada, thing);
      counts.push(
        await countStatements(async () => {
          const result = await followsOf(ada);
          expect(result.follows).toHaveLength(n);
          expect(result.follows.every((f: { target: unknown }) => f.target !== null)).toBe(true);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('resolves any number of recommended stories’ sections, topics and profiles in the same number of statements', async () => {
    await clear(ada);
    for (const thing of mixed(10)) await add(ada, thing);
    const counts: number[] = [];
    for (const first of [2, 20]) {
      counts.push(
        await countStatements(async () => {
          const result = await recommended(ada, { first });
          expect(result.stories).toHaveLength(first);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]);
    // Follows, reads, the followed things, the stories and their fill, categories, sections, people, organisations.
    expect(counts[0]).toBeLessThanOrEqual(16);
  });

  it('builds the following page in the same number of statements for 5 or 25 follows', async () => {
    const counts: number[] = [];
    for (const n of [5, 25]) {
      await clear(ada);
      for (const thing of mixed(n)) await add(ada, thing);
      counts.push(await countStatements(() => app.services.follows.followingPage({ userId: ada.userId })));
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

describe('follow buttons without JavaScript', () => {
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('shows signed-out readers a link to sign in and come back', async () => {
    const page = await app.inject({ method: 'GET', url: '/topics/china/' });
    expect(page.body).toContain(`href="/user/login/?return_to=${encodeURIComponent(`${SITE}/topics/china/`)}"`);
    expect(page.body).toMatch(/Sign in to follow<span class="visually-hidden"> China<\/span>/);
  });

  it('follows and unfollows a topic with a form post, and the page shows the new state', async () => {
    await clear(ada);
    const followed = await post(
      '/topics/china/',
      { intent: 'follow', followsType: 'TAG_SLUG', followsKey: 'china' },
      { cookie: ada.cookie },
    );
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('<form data-discover="true" action="/topics/china/" method="post">');
    expect(followed.body).toContain('value="unfollow" aria-pressed="true"');
    expect(await app.services.follows.isFollowing({ userId: ada.userId, followsType: 'TAG_SLUG', followsKey: 'china' })).toBe(true);
    const author = (await app.services.content.getAuthorPage({
      slug: (await app.db.select({ slug: authors.slug }).from(authors).limit(1))[0]!.slug,
      page: 1,
    }))!.author;
    const authorPage = await post(
      `/authors/${author.slug}/`,
      { intent: 'follow', followsType: 'AUTHOR_ID', followsKey: author.id },
      { cookie: ada.cookie },
    );
    expect(authorPage.body).toMatch(/aria-pressed="true"/);

    const following = await app.inject({ method: 'GET', url: '/user/following/', headers: { cookie: ada.cookie } });
    expect(following.statusCode).toBe(200);
    expect(following.body).toContain('<h2 id="following-TAG_SLUG" class="account-section__title">Topics</h2>');
    expect(following.body).toContain(`href="/authors/${author.slug}/"`);

    const unfollowed = await post(
      '/user/following/',
      { intent: 'unfollow', followsType: 'TAG_SLUG', followsKey: 'china' },
      { cookie: ada.cookie },
    );
    expect(unfollowed.statusCode).toBe(200);
    expect(unfollowed.body).not.toContain('id="following-TAG_SLUG"');
  });

  it('follows from a fixed address as the fetcher sends it, and the page’s data still loads', async () => {
    const series = (await app.services.content.listTopics()).find((t) => t.slug === 'bof-insights')!;
    const sent = await post(
      '/series/bof-insights.data',
      { intent: 'follow', followsType: 'SITE_SECTION_ID', followsKey: series.id },
      { cookie: ada.cookie },
    );
    expect(sent.statusCode).toBe(200);
    expect(await app.services.follows.isFollowing({ userId: ada.userId, followsType: 'SITE_SECTION_ID', followsKey: series.id })).toBe(
      true,
    );
    // Revalidation after the action asks for the page's data without the trailing slash.
    expect((await app.inject({ method: 'GET', url: '/series/bof-insights.data', headers: { cookie: ada.cookie } })).statusCode).toBe(200);
  });

  it('sends signed-out readers to sign in, refuses other sites and answers bad input', async () => {
    const signedOut = await post('/topics/china/', { intent: 'follow', followsType: 'TAG_SLUG', followsKey: 'china' });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe(`/user/login/?return_to=${encodeURIComponent(`${SITE}/topics/china/`)}`);
    const elsewhere = await post(
      '/topics/media/',
      { intent: 'follow', followsType: 'TAG_SLUG', followsKey: 'media' },
      { cookie: ada.cookie, origin: 'https://evil.example' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(await app.services.follows.isFollowing({ userId: ada.userId, followsType: 'TAG_SLUG', followsKey: 'media' })).toBe(false);
    const bad = await post(
      '/topics/china/',
      { intent: 'follow', followsType: 'TAG_SLUG', followsKey: 'no-such-topic' },
      { cookie: ada.cookie },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('sends signed-out readers from the following page to sign in', async () => {
    const page = await app.inject({ method: 'GET', url: '/user/following/' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/user/login/?return_to=${encodeURIComponent(`${SITE}/user/following/`)}`);
  });
});

describe('reading history, written behind the page (decision 031)', () => {
  /** Free stories: any signed-in reader gets the whole page. */
  async function freeStories(count: number) {
    const newest = await app.services.content.newestStories({ limit: 40 });
    const summaries = await app.services.content.storySummaries(newest.map((story) => story.id));
    return summaries.filter((story) => story.access === 'free').slice(0, count);
  }
  const meterOf = async (person: Person) => {
    const issued = await app.services.session.refreshTokens({ identitySessionToken: person.identitySessionToken });
    return (decodeJwt(issued!.paywall.token) as { meter: { read: string[] } }).meter.read;
  };
  const open = (person: Person, slug: string) =>
    app.inject({ method: 'GET', url: `/articles/${slug}/`, headers: { cookie: person.cookie } });

  it('counts a story in the meter and leaves it out of recommendations the moment it is read', async () => {
    await clear(bob);
    const read = await freeStories(3);
    for (const story of read) expect((await open(bob, story.slug)).statusCode).toBe(200);
    // Again: one story, one place in the meter.
    await open(bob, read[0]!.slug);
    // The paywall token minted right after the page (no wait for the batch) already counts all three.
    expect((await meterOf(bob)).sort()).toEqual(read.map((story) => story.id).sort());
    const { stories } = await recommended(bob, { first: 10 });
    for (const story of read) expect(stories.map((s: { id: string }) => s.id)).not.toContain(story.id);

    await app.services.follows.flushReads();
    const rows = await app.db.select().from(storyReads).where(eq(storyReads.userId, bob.userId));
    expect(rows.map((row) => [row.storyId, row.views]).sort()).toEqual(read.map((story, i) => [story.id, i === 0 ? 2 : 1]).sort());
    // Once stored, the meter is the same.
    expect((await meterOf(bob)).sort()).toEqual(read.map((story) => story.id).sort());
  });

  it('adds views to what is stored, keeps the first read and moves the last', async () => {
    await clear(bob);
    const [story] = await freeStories(1);
    let clock = new Date('2026-01-01T10:00:00Z');
    const follows = createFollowsService({ db: app.db, content: app.services.content, now: () => clock });
    follows.recordRead({ userId: bob.userId, storyId: story!.id });
    await follows.flushReads();
    clock = new Date('2026-01-02T10:00:00Z');
    follows.recordRead({ userId: bob.userId, storyId: story!.id });
    follows.recordRead({ userId: bob.userId, storyId: story!.id });
    await follows.close();
    const [row] = await app.db.select().from(storyReads).where(eq(storyReads.userId, bob.userId));
    expect(row).toMatchObject({ views: 3, firstReadAt: new Date('2026-01-01T10:00:00Z'), lastReadAt: clock });
  });

  it('stores every read still held when the service closes', async () => {
    await clear(bob);
    const stories = await freeStories(5);
    const follows = createFollowsService({ db: app.db, content: app.services.content, readsIntervalMs: 3_600_000 });
    for (const story of stories) follows.recordRead({ userId: bob.userId, storyId: story.id });
    await follows.close();
    const rows = await app.db.select().from(storyReads).where(eq(storyReads.userId, bob.userId));
    expect(rows.map((row) => row.storyId).sort()).toEqual(stories.map((story) => story.id).sort());
  });

  describe.skipIf(inject('databaseTemplate').kind !== 'postgres')(
    'a process that shuts down (PostgreSQL: a second app on the same database)',
    () => {
      it('loses no read: app.close() stores what the pages handed over', async () => {
        const other = await createTestApp({ SITE_URL: SITE }, { sameDatabaseAs: app });
        const reader = await signIn(other, { first: 'Cy', last: 'Close' });
        const stories = await freeStories(4);
        for (const story of stories)
          expect(
            (await other.inject({ method: 'GET', url: `/articles/${story.slug}/`, headers: { cookie: reader.cookie } })).statusCode,
          ).toBe(200);
        await other.close();
        const rows = await app.db.select().from(storyReads).where(eq(storyReads.userId, reader.userId));
        expect(rows.map((row) => row.storyId).sort()).toEqual(stories.map((story) => story.id).sort());
      });
    },
  );
});
