// Gift links through HTTP: the GraphQL fields (anonymous, a reader without a membership, a member,
// another member, bad input, the allowance), the story page a gift link opens (banner, whole story,
// the count) or does not (unknown, expired, revoked, another story's: the usual wall), the gift
// dialog's form post without JavaScript, and the gifts page.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { stories } from '../content/schema.ts';
import type { StoryBlock } from '../content/types.ts';
import { giftMessages, MONTHLY_GIFT_QUOTA } from './gift-rules.ts';
import { storyGiftRedemptions, storyGifts } from './schema.ts';
import { escapeHtml, pageText } from '../../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
const SITE = 'https://atelier.test';

let app: App;
let member: Person;
let otherMember: Person;
let reader: Person;
let premium: { id: string; slug: string; headline: string; body: StoryBlock[] }[];

/** A member: a Premium membership granted, then tokens minted again so the claims carry it. */
async function asMember(person: Person): Promise<Person> {
  await app.services.memberships.grant({ identityId: person.identityId, level: 'Premium', type: 'Individual', source: 'demo' });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: person.identitySessionToken });
  return {
    ...person,
    cookie: `ory_kratos_session=${person.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`,
  };
}

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
  member = await asMember(await signIn(app, { first: 'Priya', last: 'Patel' }));
  otherMember = await asMember(await signIn(app, { first: 'Otto', last: 'Other' }));
  reader = await signIn(app, { first: 'Rosa', last: 'Reyes' });
  premium = (await app.db
    .select({ id: stories.id, slug: stories.slug, headline: stories.headline, body: stories.body })
    .from(stories)
    .where(eq(stories.access, 'premium'))
    .limit(3)) as typeof premium;
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.db.delete(storyGiftRedemptions);
  await app.db.delete(storyGifts);
});

const RESULT_ERRORS = `
  ... on Error { __typename message }
  ... on UnauthorizedError { requesterUserId }
  ... on ZodError { fieldErrors { path code message } }
`;
const GIFT_FIELDS = 'giftId storyId url createdAt expiresAt revokedAt redemptionCount status story { id title uri }';
const CREATE = `mutation Create($storyId: ID!) { createStoryGift(storyId: $storyId) { __typename ... on StoryGift { ${GIFT_FIELDS} } ${RESULT_ERRORS} } }`;
const REVOKE = `mutation Revoke($giftId: ID!) { revokeStoryGift(giftId: $giftId) { __typename ... on StoryGift { ${GIFT_FIELDS} } ${RESULT_ERRORS} } }`;
const LIST = `query Gifts { storyGifts { __typename ... on StoryGifts { canCreate quota { limit used remaining resetsAt } gifts { ${GIFT_FIELDS} } } ${RESULT_ERRORS} } }`;

async function create(person: Person | null, storyId: string) {
  return (await graphql(app, CREATE, { variables: { storyId }, cookie: person?.cookie })).data!.createStoryGift;
}
async function revoke(person: Person | null, giftId: string) {
  return (await graphql(app, REVOKE, { variables: { giftId }, cookie: person?.cookie })).data!.revokeStoryGift;
}
async function list(person: Person | null) {
  return (await graphql(app, LIST, { cookie: person?.cookie })).data!.storyGifts;
}
async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  return { response, html: response.body };
}
/** The paragraphs past the lead-in: on the page only when the whole story is. */
const laterParagraphs = (story: (typeof premium)[number]) => story.body.filter((block) => block.type === 'paragraph').slice(2);
function expectWholeStory(html: string, story: (typeof premium)[number]) {
  for (const paragraph of laterParagraphs(story)) expect(pageText(html)).toContain(escapeHtml(paragraph.text).slice(0, 80));
  expect(html).not.toMatch(/class="wall wall--/);
}
function expectWall(html: string, story: (typeof premium)[number]) {
  expect(html).toMatch(/class="wall wall--/);
  for (const paragraph of laterParagraphs(story)) expect(pageText(html)).not.toContain(escapeHtml(paragraph.text).slice(0, 80));
  expect(html).not.toContain('shared this story with you');
}

describe('createStoryGift', () => {
  it('needs a signed-in user', async () => {
    expect(await create(null, premium[0]!.id)).toEqual({ __typename: 'AuthError', message: 'You need to sign in to do that.' });
  });

  it('is for members: a reader without a membership is refused with UnauthorizedError', async () => {
    expect(await create(reader, premium[0]!.id)).toEqual({
      __typename: 'UnauthorizedError',
      message: giftMessages.notMember,
      requesterUserId: reader.userId,
    });
  });

  it('gives a member a link to the story, and the same link when asked again', async () => {
    const gift = await create(member, premium[0]!.id);
    expect(gift).toEqual({
      __typename: 'StoryGift',
      giftId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      storyId: premium[0]!.id,
      url: `${SITE}/articles/${premium[0]!.slug}/?gift=${gift.giftId}`,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      revokedAt: null,
      redemptionCount: 0,
      status: 'ACTIVE',
      story: { id: premium[0]!.id, title: premium[0]!.headline, uri: `/articles/${premium[0]!.slug}/` },
    });
    expect(new Date(gift.expiresAt).getTime() - new Date(gift.createdAt).getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await create(member, premium[0]!.id)).toMatchObject({ giftId: gift.giftId });
  });

  it('answers a malformed or unknown story with the field’s path', async () => {
    expect(await create(member, 'not-a-story')).toEqual({
      __typename: 'ZodError',
      message: expect.any(String),
      fieldErrors: [{ path: ['storyId'], code: expect.any(String), message: giftMessages.storyId }],
    });
    expect(await create(member, randomUUID())).toEqual({
      __typename: 'ZodError',
      message: expect.any(String),
      fieldErrors: [{ path: ['storyId'], code: 'not_found', message: giftMessages.notFound }],
    });
  });

  it('refuses past the monthly allowance with a BaseError saying when it resets', async () => {
    const now = new Date();
    await app.db.insert(storyGifts).values(
      Array.from({ length: MONTHLY_GIFT_QUOTA }, () => ({
        storyId: randomUUID(),
        giverIdentityId: member.identityId,
        giverUserId: member.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      })),
    );
    const refused = await create(member, premium[1]!.id);
    expect(refused).toEqual({
      __typename: 'BaseError',
      message: expect.stringMatching(
        new RegExp(
          `^You have used all ${MONTHLY_GIFT_QUOTA} of this month’s gift links, so none are left\\. Your allowance resets on 1 \\w+ \\d{4}\\.$`,
        ),
      ),
    });
    expect((await list(member)).quota).toMatchObject({ limit: MONTHLY_GIFT_QUOTA, used: MONTHLY_GIFT_QUOTA, remaining: 0 });
  });
});

describe('storyGifts and revokeStoryGift', () => {
  it('need a signed-in user', async () => {
    expect(await list(null)).toMatchObject({ __typename: 'AuthError' });
    expect(await revoke(null, randomUUID())).toMatchObject({ __typename: 'AuthError' });
  });

  it('list the member’s own gifts, newest first, with the allowance', async () => {
    const first = await create(member, premium[0]!.id);
    const second = await create(member, premium[1]!.id);
    await create(otherMember, premium[2]!.id);
    const result = await list(member);
    expect(result).toMatchObject({
      __typename: 'StoryGifts',
      canCreate: true,
      quota: { limit: MONTHLY_GIFT_QUOTA, used: 2, remaining: MONTHLY_GIFT_QUOTA - 2, resetsAt: expect.any(String) },
    });
    expect(result.gifts.map((gift: { giftId: string }) => gift.giftId)).toEqual([second.giftId, first.giftId]);
    expect(await list(reader)).toMatchObject({ canCreate: false, gifts: [] });
  });

  it('revoke the giver’s own gift only; unknown gifts are named by path', async () => {
    const gift = await create(member, premium[0]!.id);
    expect(await revoke(otherMember, gift.giftId)).toEqual({
      __typename: 'UnauthorizedError',
      message: giftMessages.notYours,
      requesterUserId: otherMember.userId,
    });
    expect(await revoke(member, gift.giftId)).toMatchObject({
      __typename: 'StoryGift',
      giftId: gift.giftId,
      status: 'REVOKED',
      revokedAt: expect.any(String),
    });
    expect(await revoke(member, randomUUID())).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['giftId'], code: 'not_found' }],
    });
  });
});

describe('the story page a gift link opens', () => {
  it('shows anyone the whole story with a banner naming the giver, and counts each visitor once', async () => {
    const story = premium[0]!;
    expectWall((await page(`/articles/${story.slug}/`)).html, story);
    const gift = await create(member, story.id);
    const url = `/articles/${story.slug}/?gift=${gift.giftId}`;

    const { response, html } = await page(url, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' });
    expect(response.statusCode).toBe(200);
    expectWholeStory(html, story);
    expect(html).toContain('<strong>Priya Patel</strong> shared this story with you');
    expect(html).toContain('href="/subscriptions/packages/"');
    // Never kept in the shared page cache: a revoked link must stop working at once.
    expect(response.headers['cache-control']).toMatch(/private|no-store/);

    // The same visitor again is not a second redemption; another browser, a signed-in reader are.
    await page(url, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' });
    await page(url, { 'user-agent': 'Mozilla/5.0 (Macintosh) Safari/605.1.15' });
    const signedIn = await page(url, { cookie: reader.cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' });
    expectWholeStory(signedIn.html, story);
    // Link previews and crawlers are not people.
    await page(url, { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    // The giver opening their own link is told what it does, and is not counted.
    const own = await page(url, { cookie: member.cookie });
    expect(own.html).toContain('You shared this story');
    expect((await list(member)).gifts[0]).toMatchObject({ giftId: gift.giftId, redemptionCount: 3 });
  });

  it('counts one visitor once, whatever X-Forwarded-For the browser makes up (no proxy is trusted by default)', async () => {
    const story = premium[0]!;
    const gift = await create(member, story.id);
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' };
    for (const forwarded of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      await page(`/articles/${story.slug}/?gift=${gift.giftId}`, { ...browser, 'x-forwarded-for': forwarded });
    expect((await list(member)).gifts[0]).toMatchObject({ giftId: gift.giftId, redemptionCount: 1 });
  });

  it('shows the usual wall for an unknown, malformed, expired, revoked or another story’s gift', async () => {
    const [story, other] = [premium[0]!, premium[1]!];
    const gift = await create(member, story.id);
    const otherGift = await create(member, other.id);
    for (const giftId of [randomUUID(), 'not-a-gift', otherGift.giftId])
      expectWall((await page(`/articles/${story.slug}/?gift=${giftId}`)).html, story);

    await app.db
      .update(storyGifts)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(storyGifts.giftId, gift.giftId));
    expectWall((await page(`/articles/${story.slug}/?gift=${gift.giftId}`)).html, story);

    expectWholeStory((await page(`/articles/${other.slug}/?gift=${otherGift.giftId}`)).html, other);
    await revoke(member, otherGift.giftId);
    expectWall((await page(`/articles/${other.slug}/?gift=${otherGift.giftId}`)).html, other);
    expect((await list(member)).gifts.every((g: { redemptionCount: number }) => g.redemptionCount <= 1)).toBe(true);
  });
});

describe('the gift dialog without JavaScript', () => {
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('is offered to members only', async () => {
    const story = premium[0]!;
    const html = (await page(`/articles/${story.slug}/`, { cookie: member.cookie })).html;
    expect(html).toMatch(/<button type="submit" value="gift"[^>]*aria-haspopup="dialog" name="intent">Share this story<\/button>/);
    expect((await page(`/articles/${story.slug}/`, { cookie: reader.cookie })).html).not.toContain('Share this story');
    expect((await page(`/articles/${story.slug}/`)).html).not.toContain('Share this story');
  });

  it('creates the link with a form post and shows it in the page, with the allowance and the expiry', async () => {
    const story = premium[0]!;
    const response = await post(`/articles/${story.slug}/`, { intent: 'gift', storyId: story.id }, { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    const [row] = await app.db.select().from(storyGifts).where(eq(storyGifts.giverIdentityId, member.identityId));
    expect(row).toBeDefined();
    expect(response.body).toMatch(/<dialog[^>]* open=""/);
    expect(response.body).toContain(`value="${SITE}/articles/${story.slug}/?gift=${row!.giftId}"`);
    expect(response.body).toContain(`You have ${MONTHLY_GIFT_QUOTA - 1} of ${MONTHLY_GIFT_QUOTA} gift links left this month.`);
    expect(response.body).toMatch(/Opens the full story until <!-- -->\d{1,2} \w+ \d{4}|Opens the full story until \d{1,2} \w+ \d{4}/);
  });

  it('sends signed-out readers to sign in, refuses non-members and other sites, and answers bad input', async () => {
    const story = premium[0]!;
    const signedOut = await post(`/articles/${story.slug}/`, { intent: 'gift', storyId: story.id });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe(`/user/login/?return_to=${encodeURIComponent(`${SITE}/articles/${story.slug}/`)}`);
    const nonMember = await post(`/articles/${story.slug}/`, { intent: 'gift', storyId: story.id }, { cookie: reader.cookie });
    expect(nonMember.statusCode).toBe(403);
    expect(nonMember.body).toContain(escapeHtml(giftMessages.notMember));
    const elsewhere = await post(
      `/articles/${story.slug}/`,
      { intent: 'gift', storyId: story.id },
      { cookie: member.cookie, origin: 'https://evil.example' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(await app.db.select().from(storyGifts)).toEqual([]);
    expect((await post(`/articles/${story.slug}/`, { intent: 'gift', storyId: 'x' }, { cookie: member.cookie })).statusCode).toBe(400);
  });

  it('creates the link as the fetcher sends it', async () => {
    const story = premium[1]!;
    const sent = await post(`/articles/${story.slug}.data`, { intent: 'gift', storyId: story.id }, { cookie: member.cookie });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(`/articles/${story.slug}/?gift=`);
  });
});

describe('the gifts page', () => {
  const post = (form: Record<string, string>, cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/user/gifts/',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams(form).toString(),
    });

  it('sends signed-out readers to sign in', async () => {
    const response = await page('/user/gifts/');
    expect(response.response.statusCode).toBe(302);
    expect(response.response.headers.location).toBe(`/user/login/?return_to=${encodeURIComponent(`${SITE}/user/gifts/`)}`);
  });

  it('lists the member’s gifts with their counts and the allowance, and revokes one', async () => {
    const story = premium[0]!;
    const gift = await create(member, story.id);
    await page(`/articles/${story.slug}/?gift=${gift.giftId}`, { 'user-agent': 'Mozilla/5.0 Chrome/130.0' });
    const { response, html } = await page('/user/gifts/', { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    expect(html).toContain('<h1 class="display">Gift links</h1>');
    expect(html).toContain(`You have ${MONTHLY_GIFT_QUOTA - 1} of ${MONTHLY_GIFT_QUOTA} gift links left this month.`);
    expect(html).toContain(`href="/articles/${story.slug}/"`);
    expect(html).toMatch(/1 person/);
    expect(html).toContain(`value="${gift.giftId}"`);

    // Another member cannot revoke it.
    expect((await post({ intent: 'revoke', giftId: gift.giftId }, otherMember.cookie)).statusCode).toBe(403);
    const revoked = await post({ intent: 'revoke', giftId: gift.giftId }, member.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).toMatch(/Revoked on/);
    expect(revoked.body).not.toContain(`value="${gift.giftId}"`);
  });

  it('tells a reader without a membership that gift links are a member benefit', async () => {
    const { html } = await page('/user/gifts/', { cookie: reader.cookie });
    expect(html).toContain('Gift links are a membership benefit.');
    expect(html).toContain('You have not shared any stories yet.');
  });
});
