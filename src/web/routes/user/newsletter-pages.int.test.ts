// The newsletter pages over HTTP (inject, the built app), as a browser without JavaScript sends
// them: the preference centre's form and "unsubscribe from all", the sign-up forms' action (the
// honeypot, errors beside the field), the confirmation page (GET shows a button, POST confirms),
// the sign-up module on story and topic pages naming no one, and one-more-step's newsletters.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableUuid } from '../../../db/stable-id.ts';
import { newsletterSignups, newsletterSubscriptions } from '../../../modules/newsletters/schema.ts';
import { outbox } from '../../../modules/mail/schema.ts';
import { createTestApp } from '../../../test/app.ts';
import { signIn } from '../../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
const SITE = 'https://atelier.test';
let app: App;
let counter = 0;
const newEmail = (who = 'page') => `${who}.${Date.now()}${++counter}@example.com`;
const newAddress = () => `192.0.2.${++counter}`;
const id = (slug: string) => stableUuid('newsletter', slug);
const DAILY = id('the-daily-digest');
const WEEK_AHEAD = id('the-week-ahead');
const LUXURY = id('the-luxury-letter');

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
});
afterAll(async () => {
  await app.close();
});

function post(url: string, form: Record<string, string | string[]>, { cookie }: { cookie?: string } = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: newAddress(),
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: body.toString(),
  });
}
const page = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const text = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', '’');
const mailTo = (email: string) => app.db.select().from(outbox).where(eq(outbox.to, email));

describe('/user/newsletters/', () => {
  it('sends a signed-out reader to sign in', async () => {
    const response = await page('/user/newsletters/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/user\/login\/\?return_to=.*%2Fuser%2Fnewsletters%2F/);
  });

  it('lists the newsletters by group with a switch each, saves the form, and unsubscribes from all', async () => {
    const reader = await signIn(app);
    const before = await page('/user/newsletters/', reader.cookie);
    expect(before.statusCode).toBe(200);
    const html = text(before.body);
    expect(html.indexOf('>Daily<')).toBeLessThan(html.indexOf('>Personalised<'));
    expect(html.indexOf('>Personalised<')).toBeLessThan(html.indexOf('>Weekly<'));
    expect(html).toContain('Every weekday morning');
    expect(html).toContain('role="switch"');
    // Not for a reader without a membership: named under "With a membership", no switch.
    expect(html).toContain('The Executive Summary</strong> · For Premium and All Access members');
    expect(html).toContain('Save choices');

    const shown = [...html.matchAll(/name="shown" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(shown).toContain(DAILY);
    const saved = await post('/user/newsletters/', { intent: 'save', shown, subscribed: [DAILY, LUXURY] }, reader);
    expect(saved.statusCode).toBe(200);
    expect(text(saved.body)).toContain('Your choices are saved.');
    const rows = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, reader.userId));
    expect(rows.map((r) => [r.newsletterId, r.status]).sort()).toEqual(
      [
        [DAILY, 'subscribed'],
        [LUXURY, 'subscribed'],
      ].sort(),
    );

    // Unticking the Daily Digest in the form unsubscribes it; the Luxury Letter stays.
    await post('/user/newsletters/', { intent: 'save', shown, subscribed: [LUXURY] }, reader);
    const after = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, reader.userId));
    expect(Object.fromEntries(after.map((r) => [r.newsletterId, r.status]))).toEqual({ [DAILY]: 'unsubscribed', [LUXURY]: 'subscribed' });

    const all = await post('/user/newsletters/', { intent: 'unsubscribe-all' }, reader);
    expect(text(all.body)).toContain('You are unsubscribed from every newsletter.');
    const none = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, reader.userId));
    expect(none.every((r) => r.status === 'unsubscribed')).toBe(true);
  });
});

describe('the sign-up forms (no JavaScript)', () => {
  it('signs an address up and answers with the page that says to check the inbox', async () => {
    const email = newEmail();
    const response = await post('/newsletters/signup/', {
      email,
      newsletterIds: [DAILY, WEEK_AHEAD],
      placement: 'story',
      sourcePath: '/articles/some-story/',
      website: '',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/newsletters/signup/?sent=confirmation-sent');
    expect(text((await page(response.headers.location!)).body)).toContain('Check your inbox');
    const [signup] = await app.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email));
    expect(signup).toMatchObject({ newsletterIds: [DAILY, WEEK_AHEAD], placement: 'story', sourcePath: '/articles/some-story/' });
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('answers a robot that fills the honeypot like anyone, and sends nothing', async () => {
    const email = newEmail('robot');
    const response = await post('/newsletters/signup/', { email, placement: 'footer', sourcePath: '/', website: 'https://spam.example' });
    expect(response.headers.location).toBe('/newsletters/signup/?sent=confirmation-sent');
    expect(await mailTo(email)).toHaveLength(0);
    expect(await app.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email))).toEqual([]);
  });

  it('shows what is wrong beside the form', async () => {
    const response = await post('/newsletters/signup/', { email: 'nobody', placement: 'footer', sourcePath: '/' });
    expect(response.statusCode).toBe(400);
    expect(text(response.body)).toContain('Enter an email address like name@example.com');
  });
});

describe('the confirmation page', () => {
  it('shows a button on opening and confirms only when it is pressed (POST)', async () => {
    const email = newEmail('confirm');
    await post('/newsletters/signup/', { email, newsletterIds: DAILY, placement: 'story', sourcePath: '/' });
    const [mail] = await mailTo(email);
    const href = /https:\/\/atelier\.test(\/user\/newsletters\/confirm\/\?[^\s"<]+)/.exec(mail!.text)![1]!.replaceAll('&amp;', '&');
    for (let i = 0; i < 2; i++) {
      const opened = await page(href);
      expect(opened.statusCode).toBe(200);
      expect(text(opened.body)).toContain('Confirm my sign-up');
    }
    expect(await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))).toEqual([]);

    const link = new URL(href, SITE);
    const confirmed = await post(href, { signup: link.searchParams.get('signup')!, token: link.searchParams.get('token')! });
    expect(confirmed.statusCode).toBe(200);
    expect(text(confirmed.body)).toContain(`The Daily Digest will arrive at ${email}`);
    const rows = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(rows.map((r) => r.status)).toEqual(['subscribed']);

    const broken = await page('/user/newsletters/confirm/?signup=x&token=y');
    expect(text(broken.body)).toContain('This confirmation link is not complete');
  });
});

describe('the sign-up module on shared pages', () => {
  it('is at the end of a story and on a topic page with the topic’s newsletter, naming no one', async () => {
    const reader = await signIn(app);
    const home = text((await page('/', reader.cookie)).body);
    const storyPath = /href="(\/articles\/[^"]+\/)"/.exec(home)![1]!;
    const story = text((await page(storyPath, reader.cookie)).body);
    expect(story).toContain('action="/newsletters/signup/"');
    expect(story).toContain('name="placement" value="story"');
    expect(story).not.toContain(reader.email);

    const topic = text((await page('/topics/luxury/', reader.cookie)).body);
    expect(topic).toContain('name="placement" value="topic"');
    expect(topic.indexOf(`value="${LUXURY}"`)).toBeLessThan(topic.indexOf(`value="${DAILY}"`));
    expect(topic).toContain('name="placement" value="footer"');
  });
});

describe('/user/one-more-step/?flow=newsletters', () => {
  it('offers the one-more-step newsletters with the preselected ones ticked, and subscribes the ticked ones', async () => {
    const reader = await signIn(app);
    const shown = text((await page('/user/one-more-step/?flow=newsletters', reader.cookie)).body);
    const ticked = [...shown.matchAll(/<input[^>]*name="newsletterIds"[^>]*>/g)]
      .filter((m) => m[0].includes('checked=""'))
      .map((m) => /value="([^"]+)"/.exec(m[0])![1]);
    expect(ticked.sort()).toEqual([DAILY, WEEK_AHEAD].sort());
    expect(shown).toContain('name="newsletterIds"');
    expect(shown).not.toContain(id('your-atelier')); // not visible on one-more-step

    const response = await post(
      '/user/one-more-step/?flow=newsletters',
      {
        newsletterIds: [DAILY, LUXURY],
        firstName: 'Ada',
        lastName: 'Okafor',
        organisationTitle: 'Okafor Studio',
        country: 'ES',
        jobFunction: 'DESIGN',
        jobIndustry: 'DESIGNER_FASHION',
        jobLevel: 'FOUNDER_OWNER',
      },
      reader,
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/user/welcome/');
    const rows = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, reader.userId));
    expect(rows.map((r) => [r.newsletterId, r.status]).sort()).toEqual(
      [
        [DAILY, 'subscribed'],
        [LUXURY, 'subscribed'],
      ].sort(),
    );
  });
});
