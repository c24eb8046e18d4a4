// Sending newsletter issues over HTTP (the built app, inject) with mail delivered to a real SMTP
// server (decision 048): the admin pages and who may open them, composing, the preview as each kind
// of reader (the walls decide each story: standfirst and a link, never the body, for a reader not
// entitled), a test send, send now through the durable job, the List-Unsubscribe headers and their
// one-click POST round trip, the unsubscribe page, clicks as consent allows, bounces and complaints
// suppressing an address, and a send interrupted mid-way and resumed without sending anyone twice.
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableUuid } from '../../db/stable-id.ts';
import { seedDemoNewsletterIssues } from '../../demo/newsletter-issues.ts';
import { createTestApp } from '../../test/app.ts';
import { signIn, signInAsSiteAdmin } from '../../test/graphql.ts';
import { startSmtpSink, type ReceivedMail } from '../../test/smtp-sink.ts';
import { storiesWith } from '../../test/stories.ts';
import { createIssuesService } from './issues-service.ts';
import { newsletterConsents, newsletterDeliveries, newsletterSubscriptions } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Awaited<ReturnType<typeof signIn>>;
let adminCookie: string;
let counter = 0;
const SITE = 'https://atelier.test';
const newEmail = (who = 'reader') => `${who}.${Date.now()}${++counter}@example.com`;
const newAddress = () => `203.0.113.${(++counter % 250) + 1}`;

const DAILY = stableUuid('newsletter', 'the-daily-digest');
const WEEK_AHEAD = stableUuid('newsletter', 'the-week-ahead');
let free: { slug: string; body: unknown };
let premium: { slug: string; body: { type: string; text?: string }[] };

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signInAsSiteAdmin(app);
  adminCookie = admin.cookie;
  free = (await storiesWith(app.db, 'free', 1))[0]!;
  premium = (await storiesWith(app.db, 'premium', 1))[0] as typeof premium;
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const page = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const post = (url: string, form: Record<string, string>, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: newAddress(),
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(form).toString(),
  });
const text = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', '’');
const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim() ??
  '';
const firstParagraph = () => premium.body.find((b) => b.type === 'paragraph')!.text!;

async function subscribe(newsletterId: string, who: { email: string } | { userId: string }) {
  const at = new Date();
  const id = crypto.randomUUID();
  await app.db.insert(newsletterSubscriptions).values({
    id,
    newsletterId,
    userId: 'userId' in who ? who.userId : null,
    email: 'email' in who ? who.email : null,
    status: 'subscribed',
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

async function compose(form: Record<string, string>) {
  const response = await post('/admin/newsletters/', form, adminCookie);
  expect(response.statusCode).toBe(302);
  return String(response.headers.location).split('/').at(-2)!;
}

describe('the demo', () => {
  it('sends two issues through the service, once', async () => {
    const { issues } = app.services.newsletters;
    const sent = await seedDemoNewsletterIssues({ issues, content: app.services.content, adminUserId: admin.userId });
    expect(sent).toHaveLength(2);
    const listed = await issues.list();
    expect(listed.map((s) => s.issue.state)).toEqual(['sent', 'sent']);
    expect(await seedDemoNewsletterIssues({ issues, content: app.services.content, adminUserId: admin.userId })).toEqual([]);
  });
});

describe('/admin/newsletters/', () => {
  it('sends a signed-out visitor to sign in and refuses a reader without the admin role (403), for pages and changes', async () => {
    const signedOut = await page('/admin/newsletters/');
    expect(signedOut.statusCode).toBe(302);
    expect(String(signedOut.headers.location)).toContain('/user/login/');
    const reader = await signIn(app);
    const refused = await page('/admin/newsletters/', reader.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This page is for administrators');
    const change = await post('/admin/newsletters/', { newsletterId: DAILY, subject: 'Sneaky', storySlugs: free.slug }, reader.cookie);
    expect(change.statusCode).toBe(403);
    const id = await compose({ newsletterId: DAILY, subject: 'Only admins', storySlugs: free.slug });
    expect((await post(`/admin/newsletters/${id}/`, { intent: 'send' }, reader.cookie)).statusCode).toBe(403);
    expect((await page(`/admin/newsletters/${id}/preview/?as=member`, reader.cookie)).statusCode).toBe(403);
    expect((await app.services.newsletters.issues.get(id))!.state).toBe('draft');
  });

  it('refuses an issue without a subject or with a story that does not exist, saying what to correct', async () => {
    const response = await post('/admin/newsletters/', { newsletterId: DAILY, subject: '', storySlugs: 'no-such-story-here' }, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(text(response.body)).toContain('Write a subject');
    const missing = await post(
      '/admin/newsletters/',
      { newsletterId: DAILY, subject: 'A subject', storySlugs: 'no-such-story-here' },
      adminCookie,
    );
    expect(text(missing.body)).toContain('No story at “no-such-story-here”');
  });

  it('composes from the latest of a topic when no story is named', async () => {
    const topics = await app.services.content.listTopics();
    const topic = topics[0]!;
    const id = await compose({ newsletterId: WEEK_AHEAD, subject: `The week in ${topic.name}`, storySlugs: '', topicSlug: topic.slug });
    const issue = await app.services.newsletters.issues.get(id);
    const latest = await app.services.content.listLatest({ limit: 5, topicSlug: topic.slug });
    expect(issue!.storySlugs).toEqual(latest.map((s) => s.slug));
  });

  it('previews each story as each kind of reader sees it: the walls decide, and a reader not entitled never gets the body', async () => {
    const id = await compose({
      newsletterId: DAILY,
      subject: 'Morning, with a members’ story',
      intro: 'Two stories today.',
      storySlugs: `${free.slug}\n${SITE}/articles/${premium.slug}/`,
    });
    const issuePage = await page(`/admin/newsletters/${id}/`, adminCookie);
    expect(issuePage.statusCode).toBe(200);
    expect(text(issuePage.body)).toContain('Morning, with a members’ story');
    expect(issuePage.body).toContain(`/admin/newsletters/${id}/preview/?as=anonymous`);

    const anonymous = await page(`/admin/newsletters/${id}/preview/?as=anonymous`, adminCookie);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(anonymous.headers['content-security-policy']).not.toContain('script-src');
    const member = await page(`/admin/newsletters/${id}/preview/?as=member`, adminCookie);
    const paragraph = firstParagraph().slice(0, 60);
    expect(text(member.body)).toContain(paragraph);
    expect(text(anonymous.body)).not.toContain(paragraph);
    expect(text(anonymous.body)).toContain('Read on the site');
    const registered = await page(`/admin/newsletters/${id}/preview/?as=registered`, adminCookie);
    expect(text(registered.body)).not.toContain(paragraph);
  });

  it('sends the admin a test as the chosen reader, to their own address, counting nothing', async () => {
    const id = await compose({ newsletterId: DAILY, subject: 'Test me', storySlugs: premium.slug });
    const response = await post(`/admin/newsletters/${id}/`, { intent: 'test', as: 'member' }, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(text(response.body)).toContain(`is on its way to ${admin.email}`);
    const [mail] = smtp.to(admin.email).filter((m) => m.subject === '[Test] Test me');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(firstParagraph().slice(0, 60));
    expect(await app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id))).toHaveLength(0);
  });
});

describe('sending an issue', () => {
  it('schedules, and goes out only when due; a scheduled issue can go back to draft', async () => {
    const id = await compose({ newsletterId: DAILY, subject: 'Later', storySlugs: free.slug });
    const later = new Date(Date.now() + 3 * 60 * 60_000).toISOString().slice(0, 16);
    const scheduled = await post(`/admin/newsletters/${id}/`, { intent: 'schedule', at: later }, adminCookie);
    expect(text(scheduled.body)).toContain('Scheduled for');
    await app.services.jobs.runDue();
    expect((await app.services.newsletters.issues.get(id))!.state).toBe('scheduled');
    const past = await post(`/admin/newsletters/${id}/`, { intent: 'schedule', at: '2020-01-01T09:00' }, adminCookie);
    expect(past.statusCode).toBe(400);
    const back = await post(`/admin/newsletters/${id}/`, { intent: 'unschedule' }, adminCookie);
    expect(text(back.body)).toContain('Back to draft');
    expect((await app.services.newsletters.issues.get(id))!.state).toBe('draft');
  });

  it('sends now to every subscriber once, each story as the walls decide for them, with one-click unsubscribe headers', async () => {
    const anonymous = newEmail('anon');
    await subscribe(DAILY, { email: anonymous });
    const member = await signIn(app);
    await app.services.memberships.grant({ identityId: member.identityId, source: 'demo', level: 'Standard', type: 'Individual' });
    await subscribe(DAILY, { userId: member.userId });
    const registered = await signIn(app);
    await subscribe(DAILY, { userId: registered.userId });
    const gone = newEmail('gone');
    const goneId = await subscribe(DAILY, { email: gone });
    await app.db.update(newsletterSubscriptions).set({ status: 'unsubscribed' }).where(eq(newsletterSubscriptions.id, goneId));

    const id = await compose({ newsletterId: DAILY, subject: 'The Daily Digest, Wednesday', storySlugs: `${free.slug}\n${premium.slug}` });
    const started = await post(`/admin/newsletters/${id}/`, { intent: 'send' }, adminCookie);
    expect(started.statusCode).toBe(302);
    await app.services.jobs.runDue();

    const issue = await app.services.newsletters.issues.get(id);
    expect(issue!.state).toBe('sent');
    const paragraph = firstParagraph().slice(0, 60);
    const [toAnonymous] = smtp.to(anonymous).filter((m) => m.subject === 'The Daily Digest, Wednesday');
    const [toMember] = smtp.to(member.email).filter((m) => m.subject === 'The Daily Digest, Wednesday');
    const [toRegistered] = smtp.to(registered.email).filter((m) => m.subject === 'The Daily Digest, Wednesday');
    expect(smtp.to(gone)).toHaveLength(0);
    expect(toMember!.text).toContain(paragraph);
    expect(toAnonymous!.text).not.toContain(paragraph);
    expect(toRegistered!.text).not.toContain(paragraph);
    for (const mail of [toAnonymous!, toMember!, toRegistered!]) {
      expect(header(mail, 'List-Unsubscribe')).toMatch(/^<https:\/\/atelier\.test\/newsletters\/unsubscribe\/one-click\/\?t=[^>]+>$/);
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    // One more run finds nothing to send.
    await app.services.jobs.runDue();
    expect(smtp.to(anonymous).filter((m) => m.subject === 'The Daily Digest, Wednesday')).toHaveLength(1);

    const list = await page('/admin/newsletters/', adminCookie);
    expect(text(list.body)).toContain('The Daily Digest, Wednesday');
    const [summary] = (await app.services.newsletters.issues.list()).filter((s) => s.issue.id === id);
    expect(summary!.numbers).toMatchObject({ recipients: 3, delivered: 3, bounced: 0, unsubscribed: 0 });
  });

  it('PERSONALISED: each reader gets their own stories, from what they follow and have not read', async () => {
    const PERSONALISED = stableUuid('newsletter', 'your-atelier');
    const topics = await app.services.content.listTopics();
    const [first, second] = [topics.find((t) => t.kind === 'topic')!, topics.filter((t) => t.kind === 'topic')[1]!];
    const one = await signIn(app);
    const two = await signIn(app);
    await app.services.follows.addFollow({ userId: one.userId, followsType: 'TAG_SLUG', followsKey: first.slug });
    await app.services.follows.addFollow({ userId: two.userId, followsType: 'TAG_SLUG', followsKey: second.slug });
    await subscribe(PERSONALISED, { userId: one.userId });
    await subscribe(PERSONALISED, { userId: two.userId });
    const id = await compose({ newsletterId: PERSONALISED, subject: 'Your Atelier this week', storySlugs: '' });
    await post(`/admin/newsletters/${id}/`, { intent: 'send' }, adminCookie);
    await app.services.jobs.runDue();
    for (const [reader, topic] of [
      [one, first],
      [two, second],
    ] as const) {
      const [mail] = smtp.to(reader.email).filter((m) => m.subject === 'Your Atelier this week');
      const expected = await app.services.content.listLatest({ limit: 1, topicSlug: topic.slug });
      expect(mail!.text).toContain(expected[0]!.headline);
    }
  });

  it('one-click unsubscribe round trip: the header’s URL, POSTed as a mail client does, ends the subscription and records it', async () => {
    const email = newEmail('oneclick');
    const subscriptionId = await subscribe(DAILY, { email });
    const id = await compose({ newsletterId: DAILY, subject: 'Unsubscribe me', storySlugs: free.slug });
    await post(`/admin/newsletters/${id}/`, { intent: 'send' }, adminCookie);
    await app.services.jobs.runDue();
    const [mail] = smtp.to(email).filter((m) => m.subject === 'Unsubscribe me');
    const url = new URL(/^<(.*)>$/.exec(header(mail!, 'List-Unsubscribe'))![1]!);
    // RFC 8058: a POST with this body, no cookies.
    const response = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('unsubscribed from The Daily Digest');
    const [row] = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriptionId));
    expect(row!.status).toBe('unsubscribed');
    const consents = await app.db.select().from(newsletterConsents).where(eq(newsletterConsents.subscriptionId, subscriptionId));
    expect(consents.at(-1)).toMatchObject({ method: 'withdrawn', placement: 'email', status: 'unsubscribed' });
    const [summary] = (await app.services.newsletters.issues.list()).filter((s) => s.issue.id === id);
    expect(summary!.numbers.unsubscribed).toBe(1);
    // Twice is fine; a forged token is refused.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${url.pathname}${url.search}`,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(200);
    const forged = url.search.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${url.pathname}${forged}`,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('the footer’s unsubscribe page changes nothing when opened and unsubscribes with its button', async () => {
    const email = newEmail('footer');
    const subscriptionId = await subscribe(DAILY, { email });
    const id = await compose({ newsletterId: DAILY, subject: 'Footer link', storySlugs: free.slug });
    await post(`/admin/newsletters/${id}/`, { intent: 'send' }, adminCookie);
    await app.services.jobs.runDue();
    const [mail] = smtp.to(email).filter((m) => m.subject === 'Footer link');
    const link = new URL(/Unsubscribe: (\S+)/.exec(mail!.text)![1]!);
    expect(link.pathname).toBe('/user/newsletters/unsubscribe/');
    const opened = await page(`${link.pathname}${link.search}`);
    expect(opened.statusCode).toBe(200);
    expect(text(opened.body)).toContain('Unsubscribe from The Daily Digest');
    const status = async () =>
      (await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriptionId)))[0]!.status;
    expect(await status()).toBe('subscribed');
    const done = await post(link.pathname, { t: link.searchParams.get('t')! });
    expect(text(done.body)).toContain('You are unsubscribed');
    expect(await status()).toBe('unsubscribed');
  });

  it('counts a click on the issue always, on the reader only with analytics consent, and redirects only to our stories', async () => {
    const email = newEmail('clicker');
    await subscribe(DAILY, { email });
    const id = await compose({ newsletterId: DAILY, subject: 'Click me', storySlugs: free.slug });
    await post(`/admin/newsletters/${id}/`, { intent: 'send' }, adminCookie);
    await app.services.jobs.runDue();
    const [mail] = smtp.to(email).filter((m) => m.subject === 'Click me');
    const link = new URL(/Read: (\S+)/.exec(mail!.text)![1]!);
    const withoutConsent = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(withoutConsent.statusCode).toBe(302);
    expect(withoutConsent.headers.location).toBe(`/articles/${free.slug}/`);
    const consent = encodeURIComponent(JSON.stringify({ categories: ['necessary', 'nonessential'], revision: 1 }));
    await app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: { cookie: `cc_cookie=${consent}` } });
    const [summary] = (await app.services.newsletters.issues.list()).filter((s) => s.issue.id === id);
    expect(summary!.numbers.clicks).toBe(2);
    const [delivery] = await app.db
      .select()
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.email, email)));
    expect(delivery!.clicks).toBe(1);
    const elsewhere = await app.inject({
      method: 'GET',
      url: `${link.pathname}?t=${link.searchParams.get('t')}&s=${encodeURIComponent('//evil.example/x')}`,
    });
    expect(elsewhere.headers.location).toBe('/');
  });

  it('a hard bounce or a complaint from the provider’s webhook suppresses the address; a soft bounce does not', async () => {
    const bounced = newEmail('bounce');
    const complained = newEmail('complaint');
    const soft = newEmail('soft');
    for (const email of [bounced, complained, soft]) await subscribe(DAILY, { email });
    const first = await compose({ newsletterId: DAILY, subject: 'Before the bounce', storySlugs: free.slug });
    await post(`/admin/newsletters/${first}/`, { intent: 'send' }, adminCookie);
    await app.services.jobs.runDue();

    const hook = (body: unknown, token = app.services.newsletters.issues.webhookToken()) =>
      app.inject({
        method: 'POST',
        url: '/newsletters/bounces/',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await hook({ events: [{ type: 'bounce', email: bounced }] }, 'wrong')).statusCode).toBe(401);
    expect((await hook({ events: [{ type: 'bounce', email: 'not an address' }] })).statusCode).toBe(400);
    const accepted = await hook({
      events: [
        { type: 'bounce', bounceType: 'hard', email: bounced.toUpperCase(), detail: '550 5.1.1 no such user' },
        { type: 'complaint', email: complained },
        { type: 'bounce', bounceType: 'soft', email: soft, detail: '452 mailbox full' },
      ],
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ suppressed: 2 });
    const [summary] = (await app.services.newsletters.issues.list()).filter((s) => s.issue.id === first);
    expect(summary!.numbers.bounced).toBe(1);

    const second = await compose({ newsletterId: DAILY, subject: 'After the bounce', storySlugs: free.slug });
    await post(`/admin/newsletters/${second}/`, { intent: 'send' }, adminCookie);
    await app.services.jobs.runDue();
    const after = (email: string) => smtp.to(email).filter((m) => m.subject === 'After the bounce');
    expect(after(bounced)).toHaveLength(0);
    expect(after(complained)).toHaveLength(0);
    expect(after(soft)).toHaveLength(1);
  });
});

describe('a mail server that refuses for now', () => {
  it('ends the run and leaves the readers waiting; the next run sends them', async () => {
    const readers = Array.from({ length: 5 }, () => newEmail('later'));
    const LUXURY = stableUuid('newsletter', 'the-luxury-letter');
    for (const email of readers) await subscribe(LUXURY, { email });
    const { newsletters, content, walls, follows, jobs } = app.services;
    const id = await compose({ newsletterId: LUXURY, subject: 'Refused for now', storySlugs: free.slug });
    const transport = nodemailer.createTransport({ url: smtp.url });
    let down = true;
    const service = createIssuesService({
      db: app.db,
      mail: {
        deliverBulk: async (message) => {
          if (down) throw Object.assign(new Error('421 try again later'), { responseCode: 421 });
          await transport.sendMail({ from: 'Atelier <news@atelier.test>', ...message });
        },
      },
      jobs,
      content,
      walls,
      follows,
      subscriptions: newsletters,
      accounts: { readerOf: async () => null },
      secret: 'test-secret',
      siteUrl: SITE,
      productName: 'Atelier',
      log: { error() {}, warn() {}, info() {} },
    });
    await newsletters.issues.schedule({ issueId: id, at: new Date() });
    await expect(service.runSend(id)).rejects.toThrow('refused for now');
    const waiting = await app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id));
    expect(waiting.map((r) => r.status).filter((s) => s !== 'pending')).toEqual([]);
    down = false;
    expect(await service.runSend(id)).toBe('sent');
    transport.close();
    for (const email of readers) expect(smtp.to(email).filter((m) => m.subject === 'Refused for now')).toHaveLength(1);
  });
});

describe('a send interrupted and resumed', () => {
  it('never sends one reader the same issue twice: what the stopped runner had in hand is uncertain, the rest goes out', async () => {
    const readers = Array.from({ length: 60 }, () => newEmail('bulk'));
    for (const email of readers) await subscribe(WEEK_AHEAD, { email });
    const { newsletters, content, walls, follows, jobs } = app.services;
    const { issues } = newsletters;
    const id = await compose({ newsletterId: WEEK_AHEAD, subject: 'Interrupted week', storySlugs: free.slug });

    const transport = nodemailer.createTransport({ url: smtp.url, pool: true, maxConnections: 3 });
    let handed = 0;
    const deps = (
      deliverBulk: (m: Parameters<typeof transport.sendMail>[0] & { to: string }) => Promise<void>,
      now = () => new Date(),
    ) => ({
      db: app.db,
      mail: { deliverBulk },
      jobs,
      content,
      walls,
      follows,
      subscriptions: newsletters,
      accounts: { readerOf: async () => null },
      secret: 'test-secret',
      siteUrl: SITE,
      productName: 'Atelier',
      log: { error() {}, warn() {}, info() {} },
      now,
      batchSize: 10,
      concurrency: 4,
    });
    // The first runner: its process "dies" after 25 messages — the next hand-offs never return.
    const dying = createIssuesService(
      deps(async (message) => {
        if (++handed > 25) return new Promise<void>(() => {});
        await transport.sendMail({ from: 'Atelier <news@atelier.test>', ...message });
      }),
    );
    await issues.schedule({ issueId: id, at: new Date() });
    void dying.runSend(id);
    await expect
      .poll(
        async () =>
          (await app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id))).filter((r) => r.status === 'sent')
            .length,
        { timeout: 10_000 },
      )
      .toBe(25);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // A new runner, after the claim went stale, resumes.
    const later = () => new Date(Date.now() + 3 * 60_000);
    const resumed = createIssuesService(
      deps(async (message) => void (await transport.sendMail({ from: 'Atelier <news@atelier.test>', ...message })), later),
    );
    expect(await resumed.runSend(id)).toBe('sent');
    transport.close();

    const rows = await app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id));
    const received = smtp.messages.filter((m) => m.subject === 'Interrupted week');
    const perReader = new Map<string, number>();
    for (const m of received) for (const to of m.to) perReader.set(to, (perReader.get(to) ?? 0) + 1);
    expect(Math.max(...perReader.values())).toBe(1);
    const sent = rows.filter((r) => r.status === 'sent');
    const uncertain = rows.filter((r) => r.status === 'uncertain');
    expect(rows).toHaveLength(60);
    expect(uncertain.length).toBeGreaterThan(0);
    expect(uncertain.length).toBeLessThanOrEqual(10); // at most the batch the dead runner had claimed
    expect(sent.length + uncertain.length).toBe(60);
    expect(received).toHaveLength(sent.length);
    for (const row of uncertain) expect(perReader.get(row.email)).toBeUndefined();
    expect((await issues.get(id))!.state).toBe('sent');
  });
});
