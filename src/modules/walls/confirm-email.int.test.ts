// Decision 040 over HTTP: a member whose email address is not confirmed meets the confirmation wall
// (never a pay wall) on the story page and its route data, the page cache keeps that page apart
// from a member's full story and a non-member's pay wall, and entering the emailed code opens the
// story in full in the same session.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { csrfToken, formAction, formBrowser } from '../../test/form-browser.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { storiesWith } from '../../test/stories.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { outbox } from '../mail/schema.ts';
import { escapeHtml, pageText } from '../../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const SITE = 'https://atelier.test';
const PASSWORD = 'Velvet-Orchid-Tannery-1987';
const CONFIRM_TITLE = 'Confirm your email address to start reading';
let counter = 0;

beforeAll(async () => {
  app = await createTestApp(
    { SITE_URL: SITE, IDENTITY_SECRET: 'test-secret-test-secret-test-secret-0123' },
    { passwordParams: ARGON2_TEST_PARAMS },
  );
});
afterAll(async () => {
  await app.close();
});
const wallOf = (html: string) => /data-wall-variant="([^"]+)"/.exec(html)?.[1] ?? null;

/** A premium story and the start of each paragraph past the lead-in, as the HTML writes it. */
async function premiumStory() {
  const [story] = await storiesWith(app.db, 'premium', 1);
  const page = await app.services.content.readStory({
    slug: story!.slug,
    decide: () => ({ kind: 'full', reason: 'entitled', countsTowardMeter: false }),
  });
  const hidden = page!.story.body
    .filter((block) => block.type === 'paragraph')
    .slice(2)
    .map((block) => escapeHtml((block as { text: string }).text).slice(0, 80));
  expect(hidden.length).toBeGreaterThan(0);
  return { path: `/articles/${story!.slug}/`, slug: story!.slug, hidden };
}

/**
 * A new account made on the register screen with a password (its address unconfirmed, as after
 * the buying path's registration), holding a Standard membership as if it had just paid.
 */
async function unconfirmedMember() {
  const b = formBrowser(app, SITE);
  const email = `unconfirmed${Date.now()}${counter++}@example.com`;
  const page = await b.open('/user/register/');
  const done = await b.post(formAction(page.body), {
    csrf_token: csrfToken(page.body),
    'traits.email': email,
    'traits.name.first': 'Ada',
    'traits.name.last': 'Okafor',
    password: PASSWORD,
    method: 'password',
  });
  expect(done.statusCode).toBe(303);
  const person = await app.services.identity.people.findByEmail(email);
  expect(person?.emailVerified).toBe(false);
  await app.services.memberships.grant({ identityId: person!.identityId, level: 'Standard', type: 'Individual', source: 'subscription' });
  return { b, email, identityId: person!.identityId };
}

/** A reader signed in with a confirmed address: a Standard member, or no membership. */
async function confirmedReader(level: 'Standard' | null) {
  const signedIn = await signIn(app);
  if (level) await app.services.memberships.grant({ identityId: signedIn.identityId, level, type: 'Individual', source: 'subscription' });
  const b = formBrowser(app, SITE);
  b.cookies.set('ory_kratos_session', signedIn.identitySessionToken);
  return b;
}

/** The code in the newest verification email to `to`. */
async function emailedCode(to: string) {
  const [row] = await app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, 'verification_code')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = (row?.data as { code?: string } | undefined)?.code;
  if (!code) throw new Error(`no verification code was emailed to ${to}`);
  return code;
}

describe('a member whose email address is not confirmed (decision 040)', () => {
  it('meets the confirmation wall on the story page and its route data, never a pay wall, and no gated text', async () => {
    const story = await premiumStory();
    const { b } = await unconfirmedMember();
    const page = await b.open(story.path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CONFIRM_TITLE);
    expect(page.body).toContain('href="/user/confirm-email?return_to=');
    expect(page.body).toContain('Send a new code');
    expect(wallOf(page.body)).toBeNull();
    expect(page.body).not.toContain('Start your free trial');
    for (const paragraph of story.hidden) expect(pageText(page.body)).not.toContain(paragraph);

    const routeData = await b.get(`/articles/${story.slug}.data`);
    expect(routeData.statusCode).toBe(200);
    expect(routeData.body).toContain('confirm-email');
    for (const paragraph of story.hidden) expect(routeData.body).not.toContain(paragraph.slice(0, 40));
  });

  it('cannot give the story away before confirming (GraphQL createStoryGift), so a gift to oneself opens nothing', async () => {
    const [story] = await storiesWith(app.db, 'premium', 1);
    const { b } = await unconfirmedMember();
    await b.open('/');
    const cookie = [...b.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const created = await graphql(
      app,
      `
        mutation Create($storyId: ID!) {
          createStoryGift(storyId: $storyId) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { variables: { storyId: story!.id }, cookie },
    );
    expect(created.data!.createStoryGift).toMatchObject({ __typename: 'UnauthorizedError' });
    const page = await b.open(`/articles/${story!.slug}/`);
    expect(page.body).not.toContain('gift__trigger');
  });

  it('is a page of its own in the page cache: never a member’s full story nor a non-member’s pay wall', async () => {
    const story = await premiumStory();
    const member = await confirmedReader('Standard');
    const nonMember = await confirmedReader(null);
    const first = await unconfirmedMember();
    const second = await unconfirmedMember();
    // Each browser's first visit mints its session cookies, so that one response is its own: open once to settle.
    for (const b of [member, nonMember, first.b, second.b]) await b.open('/');

    app.pages.invalidate([story.path]);
    const full = await member.get(story.path);
    expect(full.headers['x-page-cache']).toBe('miss');
    for (const paragraph of story.hidden) expect(pageText(full.body)).toContain(paragraph);
    expect(full.body).toContain('gift__trigger');

    const waiting = await first.b.get(story.path);
    expect(waiting.headers['x-page-cache']).toBe('miss');
    expect(waiting.body).toContain(CONFIRM_TITLE);
    expect(waiting.body).not.toContain('gift__trigger');
    for (const paragraph of story.hidden) expect(pageText(waiting.body)).not.toContain(paragraph);

    const walled = await nonMember.get(story.path);
    expect(walled.headers['x-page-cache']).toBe('miss');
    expect(wallOf(walled.body)).toMatch(/^pay-/);
    expect(walled.body).not.toContain(CONFIRM_TITLE);

    // Readers with the same decision share the stored page; the others still get theirs.
    const shared = await second.b.get(story.path);
    expect(shared.headers['x-page-cache']).toBe('hit');
    expect(shared.body).toBe(waiting.body);
    expect(shared.body).not.toContain(first.email);
    const again = await member.get(story.path);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(full.body);
    expect((await nonMember.get(story.path)).body).toBe(walled.body);
  });

  it('reads the story in full once the emailed code is entered, without signing in again', async () => {
    const story = await premiumStory();
    const { b, email } = await unconfirmedMember();
    const walled = await b.open(story.path);
    const confirmUrl = /href="(\/user\/confirm-email\?return_to=[^"]+)"/.exec(walled.body)![1]!.replace(/&amp;/g, '&');
    expect(new URL(confirmUrl, SITE).searchParams.get('return_to')).toBe(`${SITE}${story.path}`);

    // The confirmation screen: ask for a code, then enter it.
    const screen = await b.open(confirmUrl);
    expect(screen.statusCode).toBe(200);
    const sent = await b.post(formAction(screen.body), { csrf_token: csrfToken(screen.body), email, method: 'code' });
    const codeScreen = sent.statusCode === 303 ? await b.open(String(sent.headers.location)) : sent;
    const entered = await b.post(formAction(codeScreen.body), {
      csrf_token: csrfToken(codeScreen.body),
      code: await emailedCode(email),
      method: 'code',
    });
    const after = entered.statusCode === 303 ? await b.open(String(entered.headers.location)) : entered;
    expect(after.statusCode).toBe(200);
    expect((await app.services.identity.people.findByEmail(email))?.emailVerified).toBe(true);

    const page = await b.open(story.path);
    expect(page.body).not.toContain(CONFIRM_TITLE);
    expect(wallOf(page.body)).toBeNull();
    for (const paragraph of story.hidden) expect(pageText(page.body)).toContain(paragraph);
  });
});
