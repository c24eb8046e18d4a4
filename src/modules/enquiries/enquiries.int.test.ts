// Enquiries over HTTP (inject, the built app), as a browser without JavaScript sends them: each
// contact form and the team enquiry stores and mails, errors come back beside the fields, the
// honeypot, the per-address limit, forms from another site, and the admin list with who may open it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signIn, signInAsSiteAdmin } from '../../test/graphql.ts';
import { jobs } from '../jobs/schema.ts';
import type { MailService } from '../mail/mail-service.ts';
import { outbox } from '../mail/schema.ts';
import { createEnquiriesService, ENQUIRY_RATE_LIMIT, NOTIFY_JOB } from './enquiries-service.ts';
import { enquiryMessages, type EnquiryKind } from './enquiry-input.ts';
import { enquiries } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
const SITE = 'https://atelier.test';
const INBOX = 'desk@atelier.test';
let app: App;
let reader: Awaited<ReturnType<typeof signIn>>;
let adminCookie: string;
let adminUserId: string;
let counter = 0;
/** Each test from its own address, so the per-address limit counts only what it sends. */
const newAddress = () => `203.0.113.${++counter}`;
const newEmail = (who = 'sender') => `${who}${Date.now()}${++counter}@house.example`;

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE, ENQUIRIES_INBOX: INBOX });
  reader = await signIn(app);
  const admin = await signInAsSiteAdmin(app);
  adminCookie = admin.cookie;
  adminUserId = admin.userId;
});
afterAll(async () => {
  await app.close();
});

function post(
  url: string,
  form: Record<string, string>,
  { address = newAddress(), origin, cookie }: { address?: string; origin?: string; cookie?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}
const page = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const textOf = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', '’');
const rowsFor = (email: string) => app.db.select().from(enquiries).where(eq(enquiries.email, email));
const mailTo = (email: string) => app.db.select().from(outbox).where(eq(outbox.to, email));

const FORMS: { kind: EnquiryKind; path: string; form: Record<string, string> }[] = [
  {
    kind: 'professional',
    path: '/contact/professional/',
    form: { name: 'Ada Okafor', company: 'Maison Example', jobTitle: 'Head of buying', country: 'GB', message: '' },
  },
  {
    kind: 'student',
    path: '/contact/student/',
    form: { name: 'Prof. Lee', company: 'Example University', jobTitle: 'Course leader', country: 'FR', message: 'Forty MA students' },
  },
  { kind: 'insights', path: '/contact/insights/', form: { name: 'Sam', company: 'Beauty Co', message: 'Skincare in India' } },
  { kind: 'media', path: '/contact/media/', form: { name: 'Jo Reporter', company: 'The Paper', message: 'Comment by Friday, please' } },
  {
    kind: 'group',
    path: '/subscriptions/executive/',
    form: { name: 'Kim', company: 'Maison Example', teamSize: '40', country: 'IT', message: 'Our design team' },
  },
];

describe('the forms', () => {
  it.each(FORMS)('$path shows the form, with its fields, the honeypot and the #enquiry anchor', async ({ path, form }) => {
    const response = await page(path);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('id="enquiry"');
    expect(html).toMatch(/<form[^>]*method="post"/);
    for (const name of ['name', 'email', ...Object.keys(form)]) expect(html, name).toContain(`name="${name}"`);
    expect(html).toMatch(/<div class="enquiry__trap" aria-hidden="true">/);
    expect(html).toContain(`name="source" value="${path}"`);
  });

  it.each(FORMS)('$kind: stores the enquiry, emails the inbox and acknowledges the sender', async ({ kind, path, form }) => {
    const email = newEmail(kind);
    const response = await post(path, { ...form, email: email.toUpperCase(), source: path, website: '' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${path}?sent=1#enquiry`);

    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ kind, status: 'new', name: form.name, email, sourcePath: path, spamReason: null });
    expect(row!.inboxNotifiedAt).toBeInstanceOf(Date);
    expect(row!.acknowledgedAt).toBeInstanceOf(Date);
    if (kind === 'group') expect(row!.teamSize).toBe(40);

    const received = (await mailTo(INBOX)).find((message) => message.text.includes(email));
    expect(received?.template).toBe('enquiry_received');
    expect(received!.subject).toContain(email);
    expect(received!.text).toContain(`Name: ${form.name}`);
    expect(received!.text).toContain(`${SITE}/admin/enquiries/?kind=${kind}`);
    const [acknowledgement] = await mailTo(email);
    expect(acknowledgement?.template).toBe('enquiry_acknowledgement');
    expect(acknowledgement!.text).toContain('We reply within two working days.');
    expect(acknowledgement!.text).not.toContain(form.name);

    const sent = await page(response.headers.location!.replace('#enquiry', ''));
    expect(sent.statusCode).toBe(200);
    expect(textOf(sent.body)).toContain('Thank you: your enquiry is with us');
    expect(textOf(sent.body)).toContain('We reply within two working days.');
  });

  it('has no page for another /contact/ kind, and takes no enquiry there', async () => {
    expect((await page('/contact/group/')).statusCode).toBe(404);
    expect((await page('/contact/__proto__/')).statusCode).toBe(404);
    const email = newEmail();
    expect((await post('/contact/sales/', { ...FORMS[3]!.form, email })).statusCode).toBe(404);
    expect(await rowsFor(email)).toEqual([]);
  });

  it('answers errors beside the fields, keeps what was typed, and stores nothing', async () => {
    const email = newEmail();
    const response = await post('/contact/media/', { name: '', email, company: 'The <Paper>', message: '' });
    expect(response.statusCode).toBe(400);
    const html = textOf(response.body);
    expect(html).toContain('Please check the highlighted fields.');
    expect(html).toMatch(new RegExp(`id="name-error"[^>]*>${enquiryMessages.name}<`));
    expect(html).toMatch(new RegExp(`id="message-error"[^>]*>${enquiryMessages.message}<`));
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain('value="The &lt;Paper&gt;"');
    expect(await rowsFor(email)).toEqual([]);
  });

  it('refuses control characters with a 400; broken UTF-8 is never a 5xx', async () => {
    const email = newEmail();
    for (const form of [
      { name: 'Jo\u0000', email, company: 'Paper', message: 'Hi' },
      { name: 'Jo', email, company: 'Paper\u001b[31m', message: 'Hi' },
      { name: 'Jo', email: `${email}\u0007`, company: 'Paper', message: 'Hi' },
    ]) {
      const response = await post('/contact/media/', form);
      expect(response.statusCode).toBe(400);
    }
    expect(await rowsFor(email)).toEqual([]);
    // Half a surrogate pair cannot travel in a form (it is not UTF-8): the bytes of one arrive as
    // U+FFFD, which is text like any other (the unit tests refuse the half itself).
    const broken = await app.inject({
      method: 'POST',
      url: '/contact/media/',
      remoteAddress: newAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=Jo%ED%A0%BD&email=${encodeURIComponent(email)}&company=Paper&message=%ED%A0%BD`,
    });
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('shares the form page like any page, and never stores a post’s answer', async () => {
    await page('/contact/insights/');
    const shared = await page('/contact/insights/');
    expect(shared.headers['x-page-cache']).toBe('hit');
    const refused = await post('/contact/insights/', { name: 'Private Person', email: 'private@house.example', company: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-page-cache']).toBeUndefined();
    const after = await page('/contact/insights/');
    expect(after.headers['x-page-cache']).toBe('hit');
    expect(after.body).not.toContain('Private Person');
    expect(after.body).not.toContain('Please check the highlighted fields.');
  });

  it('refuses a country that does not exist', async () => {
    const email = newEmail();
    const response = await post('/subscriptions/executive/', { name: 'Kim', email, company: 'House', teamSize: '12', country: 'ZZ' });
    expect(response.statusCode).toBe(400);
    expect(textOf(response.body)).toContain(enquiryMessages.unknownCountry);
    expect(await rowsFor(email)).toEqual([]);
  });

  it('keeps the page the form was on, and refuses one that is not on this site', async () => {
    const email = newEmail();
    expect((await post('/subscriptions/executive/?from=groups', { ...FORMS[4]!.form, email })).statusCode).toBe(302);
    expect((await rowsFor(email))[0]!.sourcePath).toBe('/subscriptions/executive/?from=groups');
    const other = newEmail();
    const refused = await post('/contact/media/', { ...FORMS[3]!.form, email: other, source: '//evil.example/' });
    expect(refused.statusCode).toBe(400);
    expect(await rowsFor(other)).toEqual([]);
  });

  it('refuses a form sent from another site (CSRF) before anything is stored', async () => {
    const email = newEmail();
    const response = await post('/contact/media/', { ...FORMS[3]!.form, email }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This form was sent from another site');
    expect(await rowsFor(email)).toEqual([]);
  });
});

describe('spam', () => {
  it('answers a filled honeypot like a success, stores it as spam and emails no one', async () => {
    const email = newEmail('robot');
    const inboxBefore = (await mailTo(INBOX)).length;
    const response = await post('/contact/media/', { ...FORMS[3]!.form, email, website: 'https://spam.example' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/contact/media/?sent=1#enquiry');
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ status: 'spam', spamReason: 'honeypot', inboxNotifiedAt: null, acknowledgedAt: null });
    expect(await mailTo(email)).toEqual([]);
    expect((await mailTo(INBOX)).length).toBe(inboxBefore);
    expect(
      await app.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${NOTIFY_JOB}:${row!.id}`)),
    ).toEqual([]);
  });

  it(`takes ${ENQUIRY_RATE_LIMIT.points} enquiries an hour from one address; the next is a 429 with a clear message, not stored`, async () => {
    const address = newAddress();
    const email = newEmail('busy');
    for (let i = 0; i < ENQUIRY_RATE_LIMIT.points; i++) {
      const response = await post('/contact/insights/', { ...FORMS[2]!.form, email }, { address });
      expect(response.statusCode, `enquiry ${i + 1}`).toBe(302);
    }
    const refused = await post('/contact/insights/', { ...FORMS[2]!.form, email, message: 'One more' }, { address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(textOf(refused.body)).toContain('You have sent several enquiries in a short time, so this one was not sent.');
    expect(textOf(refused.body)).toContain('One more'); // what they typed is kept
    expect(await rowsFor(email)).toHaveLength(ENQUIRY_RATE_LIMIT.points);
    // Another address is not affected; a form with errors costs nothing.
    expect((await post('/contact/insights/', { ...FORMS[2]!.form, email: newEmail() })).statusCode).toBe(302);
  });

  it('does not count a form sent back with errors against the limit', async () => {
    const address = newAddress();
    for (let i = 0; i < ENQUIRY_RATE_LIMIT.points + 2; i++)
      expect((await post('/contact/media/', { name: '', email: 'x' }, { address })).statusCode).toBe(400);
    expect((await post('/contact/media/', { ...FORMS[3]!.form, email: newEmail() }, { address })).statusCode).toBe(302);
  });
});

describe('when mail fails', () => {
  it('keeps the enquiry and leaves a job that emails it later', async () => {
    const failing: MailService = {
      ...app.services.mail,
      send: async () => {
        throw new Error('outbox unavailable');
      },
    };
    const warnings: unknown[] = [];
    const service = createEnquiriesService({
      db: app.db,
      mail: failing,
      jobs: app.services.jobs,
      lookups: app.services.lookups,
      limits: { limiter: () => ({ consume: async () => ({}) }) as never, ready: async () => {}, close: async () => {} },
      inbox: INBOX,
      siteUrl: SITE,
      log: { warn: (details: unknown) => warnings.push(details), error: () => {} } as never,
    });
    const email = newEmail('unlucky');
    const result = await service.submit({
      kind: 'media',
      fields: { ...FORMS[3]!.form, email },
      sourcePath: '/contact/media/',
      clientAddress: '198.51.100.1',
    });
    expect(result).toMatchObject({ ok: true, spam: false });
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ status: 'new', inboxNotifiedAt: null, acknowledgedAt: null });
    expect(warnings).toHaveLength(1);
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${NOTIFY_JOB}:${row!.id}`));
    expect(job).toMatchObject({ kind: NOTIFY_JOB, payload: { id: row!.id }, doneAt: null });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    // What the job runs, with the app's working mail: both emails, once.
    await app.services.enquiries.notify(row!.id);
    await app.services.enquiries.notify(row!.id);
    expect(await mailTo(email)).toHaveLength(1);
    expect((await mailTo(INBOX)).filter((message) => message.text.includes(email))).toHaveLength(1);
    const [after] = await rowsFor(email);
    expect(after!.inboxNotifiedAt).toBeInstanceOf(Date);
    expect(after!.acknowledgedAt).toBeInstanceOf(Date);
  });
});

describe('/admin/enquiries/', () => {
  it('sends a signed-out visitor to sign in, coming back to the same list', async () => {
    const response = await page('/admin/enquiries/?kind=media');
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), SITE);
    expect(location.pathname).toBe('/user/login/');
    expect(location.searchParams.get('return_to')).toBe(`${SITE}/admin/enquiries/?kind=media`);
  });

  it('answers a signed-in reader without the admin role with 403, for the list and for a change', async () => {
    const email = newEmail('private');
    await post('/contact/media/', { ...FORMS[3]!.form, email });
    const [row] = await rowsFor(email);
    const response = await page('/admin/enquiries/', reader.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This page is for administrators');
    expect(response.body).not.toContain(email);
    const change = await post('/admin/enquiries/', { id: row!.id, status: 'answered' }, { cookie: reader.cookie });
    expect(change.statusCode).toBe(403);
    expect((await rowsFor(email))[0]!.status).toBe('new');
    const anonymous = await post('/admin/enquiries/', { id: row!.id, status: 'spam' });
    expect(anonymous.statusCode).toBe(302);
    expect((await rowsFor(email))[0]!.status).toBe('new');
  });

  it('lists enquiries newest first for an admin, filtered by kind and status, and is never cached', async () => {
    const first = newEmail('first');
    const second = newEmail('second');
    await post('/contact/media/', { ...FORMS[3]!.form, email: first });
    await post('/contact/media/', { ...FORMS[3]!.form, name: 'Second Reporter', email: second });
    const response = await page('/admin/enquiries/?kind=media&status=new', adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-page-cache']).toBeUndefined();
    const html = textOf(response.body);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html.indexOf(second)).toBeGreaterThan(-1);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    expect(html).toContain('Comment by Friday, please');
    expect(html).not.toContain('Skincare in India'); // an insights enquiry
    const insights = textOf((await page('/admin/enquiries/?kind=insights', adminCookie)).body);
    expect(insights).toContain('Skincare in India');
    expect(insights).not.toContain(first);
  });

  it('lets an admin mark an enquiry answered, then spam; the filters follow', async () => {
    const email = newEmail('answer-me');
    await post('/contact/student/', { ...FORMS[1]!.form, email });
    const [row] = await rowsFor(email);
    const marked = await post('/admin/enquiries/?kind=student', { id: row!.id, status: 'answered' }, { cookie: adminCookie });
    expect(marked.statusCode).toBe(200);
    expect(textOf(marked.body)).toContain('Prof. Lee’s enquiry is marked answered.');
    const [after] = await rowsFor(email);
    expect(after).toMatchObject({ status: 'answered', statusChangedBy: adminUserId });
    expect(textOf((await page('/admin/enquiries/?status=new', adminCookie)).body)).not.toContain(email);
    expect(textOf((await page('/admin/enquiries/?status=answered', adminCookie)).body)).toContain(email);

    expect((await post('/admin/enquiries/', { id: row!.id, status: 'spam' }, { cookie: adminCookie })).statusCode).toBe(200);
    expect((await rowsFor(email))[0]!.status).toBe('spam');
    expect((await post('/admin/enquiries/', { id: row!.id, status: 'deleted' }, { cookie: adminCookie })).statusCode).toBe(400);
    expect(
      (await post('/admin/enquiries/', { id: '00000000-0000-4000-8000-000000000000', status: 'new' }, { cookie: adminCookie })).statusCode,
    ).toBe(404);
  });

  it('pages 25 at a time, newest first, keeping the filters in the links', async () => {
    const base = Date.parse('2026-01-01T09:00:00Z');
    await app.db.insert(enquiries).values(
      Array.from({ length: 26 }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        kind: 'insights' as const,
        status: 'answered' as const,
        name: `Paged ${String(i).padStart(2, '0')}`,
        email: `paged${i}@house.example`,
        company: 'Co',
        message: 'Old question',
        sourcePath: '/contact/insights/',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = textOf((await page('/admin/enquiries/?kind=insights&status=answered', adminCookie)).body);
    expect(first).toContain('1–25 of 26 enquiries');
    expect(first).toContain('Paged 25');
    expect(first).not.toContain('Paged 00');
    expect(first).toContain('href="/admin/enquiries/?kind=insights&amp;status=answered&amp;page=2"');
    const second = textOf((await page('/admin/enquiries/?kind=insights&status=answered&page=2', adminCookie)).body);
    expect(second).toContain('26 of 26 enquiries');
    expect(second).toContain('Paged 00');
    expect(second).toContain('Page 2 of 2');
    // Past the end is the last page.
    expect((await app.services.enquiries.list({ kind: 'insights', status: 'answered', page: 99 })).page).toBe(2);
  });
});
