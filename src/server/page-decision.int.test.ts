// Decide, then look up (issue 15): for every kind of reader, the page the cache hands out is the
// page a fresh render gives that reader, names no reader, and holds no text the reader may not see;
// readers of one kind share it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storiesWith } from '../test/stories.ts';
import { createTestApp } from '../test/app.ts';
import { signIn } from '../test/graphql.ts';
import { ARGON2_TEST_PARAMS } from '../modules/identity/credentials/password.ts';
import { DEFAULT_WALL_RULES } from '../modules/walls/rules.ts';
import { GIFT_PARAM } from '../modules/gifts/gift-rules.ts';
import { escapeHtml, pageText } from '../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const FREE = DEFAULT_WALL_RULES.meter.freeStories;

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
});
afterAll(async () => {
  await app.close();
});

/** A browser: its cookies, kept from every answer. */
interface Browser {
  cookie: string;
  email: string | null;
}

async function open(url: string, browser: Browser) {
  const response = await app.inject({ url, headers: { cookie: browser.cookie, 'accept-encoding': 'identity' } });
  const set = [response.headers['set-cookie'] ?? []].flat().map((line) => String(line).split(';')[0]!);
  const jar = new Map(browser.cookie ? browser.cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const) : []);
  for (const pair of set) jar.set(pair.slice(0, pair.indexOf('=')), pair);
  browser.cookie = [...jar.values()].join('; ');
  return response;
}

const anonymous = (): Browser => ({ cookie: '', email: null });

type Grant = Pick<Parameters<App['services']['memberships']['grant']>[0], 'level' | 'type'>;

async function reader(membership?: Grant, { admin = false } = {}): Promise<Browser> {
  const signedIn = await signIn(app);
  if (membership) await app.services.memberships.grant({ identityId: signedIn.identityId, source: 'demo', ...membership });
  if (admin) await app.services.identity.admin.setSiteAdmin(signedIn.identityId, true);
  const issued = await app.services.session.refreshTokens({ identitySessionToken: signedIn.identitySessionToken });
  return {
    email: signedIn.email,
    cookie: `ory_kratos_session=${signedIn.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`,
  };
}

const hiddenParagraphs = (body: { type: string; text?: string }[]) =>
  body
    .filter((block) => block.type === 'paragraph')
    .slice(2)
    .map((block) => escapeHtml(block.text!).slice(0, 80));
const wallOf = (html: string) => /data-wall-variant="([^"]+)"/.exec(html)?.[1] ?? null;

/**
 * Two readers of one kind on one URL, each checked against a fresh render for them: the second
 * is handed the first's stored page when their decisions agree, and whichever page a reader gets
 * is byte for byte what rendering afresh for them gives.
 */
async function sharedPages(path: string, first: Browser, second: Browser) {
  app.pages.invalidate([path]);
  const a = await open(path, first);
  expect(a.statusCode).toBe(200);
  expect(a.headers['x-page-cache']).toBe('miss');
  const b = await open(path, second);
  expect(b.statusCode).toBe(200);
  app.pages.invalidate([path]);
  const fresh = await open(path, second);
  expect(fresh.headers['x-page-cache']).toBe('miss');
  expect(b.body).toBe(fresh.body);
  for (const page of [a.body, b.body]) for (const email of [first.email, second.email]) if (email) expect(page).not.toContain(email);
  return { first: a, second: b };
}

describe('one page per decision', () => {
  it('shares a Premium member’s story with the next Premium member, naming neither, with the whole text', async () => {
    const [beauty] = await storiesWith(app.db, 'beauty', 1);
    const path = `/articles/${beauty!.slug}/`;
    const { first, second } = await sharedPages(
      path,
      await reader({ level: 'Premium', type: 'Individual' }),
      await reader({ level: 'Premium', type: 'Individual' }),
    );
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(wallOf(first.body)).toBeNull();
    for (const text of hiddenParagraphs(beauty!.body)) expect(pageText(first.body)).toContain(text);
  });

  it('gives Standard members the upgrade wall and registered readers a pay wall, without the gated text', async () => {
    const [beauty] = await storiesWith(app.db, 'beauty', 1);
    const path = `/articles/${beauty!.slug}/`;
    // The wall names the reader's experiment groups (§3 wall fields): members in the same groups share it.
    const first = await reader({ level: 'Standard', type: 'Individual' });
    const standards: Awaited<ReturnType<typeof sharedPages>>[] = [];
    // Until one shares the first's groups (an even split: 16 tries all missing is one in 65,536).
    while (standards.length < 16 && !standards.some(({ second }) => second.headers['x-page-cache'] === 'hit'))
      standards.push(await sharedPages(path, first, await reader({ level: 'Standard', type: 'Individual' })));
    expect(standards.some(({ second }) => second.headers['x-page-cache'] === 'hit')).toBe(true);
    const standard = standards[0]!;
    expect(wallOf(standard.first.body)).toBe('upgrade-beauty');
    const registered = await sharedPages(path, await reader(), await reader());
    expect(wallOf(registered.first.body)).toMatch(/^pay-/);
    for (const page of [standard.first, standard.second, registered.first, registered.second])
      for (const text of hiddenParagraphs(beauty!.body)) expect(pageText(page.body)).not.toContain(text);
  });

  it('opens everything to admins, who share their page with each other only', async () => {
    const [beauty] = await storiesWith(app.db, 'beauty', 1);
    const path = `/articles/${beauty!.slug}/`;
    const admins = await sharedPages(path, await reader(undefined, { admin: true }), await reader(undefined, { admin: true }));
    expect(admins.second.headers['x-page-cache']).toBe('hit');
    for (const text of hiddenParagraphs(beauty!.body)) expect(pageText(admins.first.body)).toContain(text);
    const visitor = await open(path, anonymous());
    expect(wallOf(visitor.body)).toMatch(/^pay-/);
    for (const text of hiddenParagraphs(beauty!.body)) expect(pageText(visitor.body)).not.toContain(text);
  });

  it('serves new visitors the stored page of their wall variant, with their own meter cookie', async () => {
    const [premium] = await storiesWith(app.db, 'premium', 1);
    const path = `/articles/${premium!.slug}/`;
    app.pages.invalidate([path]);
    const byVariant = new Map<string, string>();
    let hits = 0;
    for (let visitor = 0; visitor < 8; visitor++) {
      const browser = anonymous();
      const response = await open(path, browser);
      expect(browser.cookie).toMatch(/^atelier_meter=/);
      const variant = wallOf(response.body)!;
      expect(variant).toMatch(/^pay-/);
      const stored = byVariant.get(variant);
      if (stored === undefined) byVariant.set(variant, response.body);
      else {
        expect(response.headers['x-page-cache']).toBe('hit');
        expect(response.body).toBe(stored);
        hits++;
      }
      for (const text of hiddenParagraphs(premium!.body)) expect(pageText(response.body)).not.toContain(text);
    }
    expect(hits).toBeGreaterThan(0);
  });

  it('walls a returning visitor at the meter limit, and shares that page with the next one there', async () => {
    const free = await storiesWith(app.db, 'free', FREE + 1);
    const atLimit = async () => {
      const browser = anonymous();
      for (const story of free.slice(0, FREE)) await open(`/articles/${story.slug}/`, browser);
      return browser;
    };
    const path = `/articles/${free[FREE]!.slug}/`;
    const { first } = await sharedPages(path, await atLimit(), await atLimit());
    expect(wallOf(first.body)).toBe('registration-free-account');
    for (const text of hiddenParagraphs(free[FREE]!.body)) expect(pageText(first.body)).not.toContain(text);
  });

  it('never stores a gift holder’s page, nor lets it reach the next reader', async () => {
    const [beauty] = await storiesWith(app.db, 'beauty', 1);
    const giver = await signIn(app);
    const created = await app.services.gifts.createGift({
      giver: { identityId: giver.identityId, userId: giver.userId, isMember: true },
      storyId: beauty!.id,
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    const giftId = created.value.gift.giftId;
    const path = `/articles/${beauty!.slug}/?${GIFT_PARAM}=${giftId}`;
    const holder = await open(path, anonymous());
    expect(holder.headers['x-page-cache']).toBeUndefined();
    expect(wallOf(holder.body)).toBeNull();
    for (const text of hiddenParagraphs(beauty!.body)) expect(pageText(holder.body)).toContain(text);
    const next = await open(`/articles/${beauty!.slug}/`, anonymous());
    for (const text of hiddenParagraphs(beauty!.body)) expect(pageText(next.body)).not.toContain(text);
  });

  it('never shares a site admin’s screen with another reader of the same audience', async () => {
    const admin = await reader(undefined, { admin: true });
    const dashboard = await open('/admin/analytics/', admin);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['x-page-cache']).toBeUndefined();
    const other = await open('/admin/analytics/', await reader());
    expect(other.statusCode).toBe(403);
  });

  it('names no one on a shared page: who is signed in and what they follow come from the browser', async () => {
    const member = await reader({ level: 'Premium', type: 'Individual' });
    await open('/topics/luxury/', member);
    const page = await open('/topics/luxury/', member);
    expect(page.headers['x-page-cache']).toBe('hit');
    expect(page.body).toContain('My account');
    expect(page.body).not.toContain('Signed in as');
    expect(page.body).not.toContain('aria-pressed="true"');
  });
});
