// Saved jobs (/careers/your-jobs/, the Save buttons on organisation profiles) and the partner hub
// (/my-bof/partner/) over HTTP on a fresh database — PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationProfiles } from '../../../modules/profiles/schema.ts';
import { createTestApp } from '../../../test/app.ts';
import { signIn } from '../../../test/graphql.ts';
import { pageText } from '../../../test/html.ts';
import * as kit from '../../../test/organisations.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const JOBS = [
  {
    jobId: 'job-designer',
    title: 'Senior Knitwear Designer',
    location: 'Lyon',
    url: 'https://jobs.example.com/knitwear',
    postedOn: '2026-11-02',
  },
  { jobId: 'job-buyer', title: 'Buyer, Accessories', location: 'Paris', url: 'https://jobs.example.com/buyer', postedOn: '2026-11-10' },
];

/** An organisation (its OWNER, and a USER) with a published profile listing two jobs. */
async function organisationWithJobs() {
  const { owner, accountId } = await kit.newOrganisation(app);
  const member = await signIn(app, { first: 'Uma', last: 'User' });
  await kit.add(app, owner.cookie, accountId, [member.email], 'USER');
  const { profileId, slug } = await kit.organisationProfileFor(app, accountId, {
    title: 'Maison Jobs',
    published: true,
    details: { jobs: JOBS },
  });
  const fresh = async (cookieOf: { identitySessionToken: string }) => (await kit.tokensFor(app, cookieOf.identitySessionToken)).cookie;
  return { owner: { ...owner, cookie: await fresh(owner) }, member: { ...member, cookie: await fresh(member) }, profileId, slug };
}

describe('saved jobs', () => {
  it('saves a job from the profile, lists it, keeps one taken down as such, and removes it', async () => {
    const { profileId, slug } = await organisationWithJobs();
    const reader = await signIn(app, { first: 'Rea', last: 'Der' });

    // The profile offers Save to a signed-in reader, and sign-in to anyone else.
    expect(pageText((await get(`/organisations/${slug}/`, reader.cookie)).body)).toContain('Save Senior Knitwear Designer');
    expect(pageText((await get(`/organisations/${slug}/`)).body)).toContain('Sign in to save Senior Knitwear Designer');

    const saved = await post('/careers/your-jobs/', reader.cookie, {
      intent: 'save',
      profileId,
      jobId: 'job-designer',
      title: 'Senior Knitwear Designer',
    });
    expect(saved.statusCode).toBe(200);
    expect(pageText(saved.body)).toContain('Senior Knitwear Designer is saved.');
    await post('/careers/your-jobs/', reader.cookie, { intent: 'save', profileId, jobId: 'job-designer' }); // again: nothing changes
    await post('/careers/your-jobs/', reader.cookie, { intent: 'save', profileId, jobId: 'job-buyer' });

    const page = await get('/careers/your-jobs/', reader.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const text = pageText(page.body);
    expect(text).toContain('2 saved jobs');
    expect(text).toMatch(/Buyer, Accessories[\s\S]*Senior Knitwear Designer/); // the latest saved first
    expect(page.body).toContain('href="https://jobs.example.com/knitwear"');
    expect(page.body).toContain(`href="/organisations/${slug}/"`);
    expect(await app.services.careers.savedJobKeys(reader.userId)).toEqual(
      expect.arrayContaining([`${profileId}/job-designer`, `${profileId}/job-buyer`]),
    );

    // The organisation takes the buyer's job down: it stays saved, said to be taken down.
    await app.db
      .update(organisationProfiles)
      .set({ details: { jobs: JOBS.slice(0, 1) } })
      .where(eq(organisationProfiles.profileId, profileId));
    const after = pageText((await get('/careers/your-jobs/', reader.cookie)).body);
    expect(after).toContain('A job no longer listed');
    expect(after).toContain('taken down by the organisation');

    const removed = await post('/careers/your-jobs/', reader.cookie, {
      intent: 'remove',
      profileId,
      jobId: 'job-buyer',
      title: 'A job no longer listed',
    });
    expect(pageText(removed.body)).toContain('A job no longer listed is removed from your saved jobs.');
    expect(pageText(removed.body)).toContain('1 saved job');
  });

  it('refuses a job that is not listed, and nonsense, with a clear message and nothing saved', async () => {
    const { profileId } = await organisationWithJobs();
    const reader = await signIn(app, { first: 'Rea', last: 'Der' });
    for (const [fields, message] of [
      [{ intent: 'save', profileId, jobId: 'no-such-job' }, 'This job is no longer listed, so it cannot be saved.'],
      [{ intent: 'save', profileId: 'not-a-uuid', jobId: 'job-buyer' }, 'Choose a job from an organisation’s profile.'],
      [{ intent: 'save', profileId: randomUUID(), jobId: 'job-buyer' }, 'This job is no longer listed, so it cannot be saved.'],
      [{ intent: 'hoard', profileId, jobId: 'job-buyer' }, 'Choose Save or Remove.'],
      [{ intent: 'save', profileId, jobId: 'job\u0000buyer' }, ''],
    ] as const) {
      const response = await post('/careers/your-jobs/', reader.cookie, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      if (message) expect(pageText(response.body)).toContain(message);
    }
    expect(await app.services.careers.savedJobKeys(reader.userId)).toEqual([]);
  });

  it('sends a signed-out reader to sign in, and answers the Save buttons’ question only for the signed in', async () => {
    const page = await get('/careers/your-jobs/');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toContain('/user/login/');
    const saved = await post('/careers/your-jobs/', '', { intent: 'save', profileId: randomUUID(), jobId: 'x' });
    expect(saved.statusCode).toBe(302);
    expect((await app.inject({ method: 'GET', url: '/trpc/careers.savedJobKeys' })).statusCode).toBe(401);
  });
});

describe('the partner hub', () => {
  it('shows the owner each profile’s views, followers, links and per job the clicks and saves', async () => {
    const { owner, profileId } = await organisationWithJobs();
    const { analytics, follows, careers } = app.services;
    for (const visitor of ['a', 'b', 'a']) {
      await analytics.recordServerEvent('user_view_profile', { profileId, profileType: 'org' }, { userId: `visitor-${visitor}` });
    }
    await analytics.recordServerEvent(
      'user_click_profile_link',
      { profileId, profileType: 'org', targetUrl: JOBS[0]!.url },
      { userId: 'visitor-a' },
    );
    const fan = await signIn(app, { first: 'Fan', last: 'Follower' });
    await follows.addFollow({ userId: fan.userId, followsType: 'ORGANISATION_PROFILE_ID', followsKey: profileId });
    await careers.saveJob(fan.userId, { profileId, jobId: 'job-buyer' });

    const page = await get('/my-bof/partner/?days=7', owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const text = pageText(page.body);
    expect(text).toContain('The last 7 days');
    expect(text).toMatch(/Profile views\s*3/);
    expect(text).toMatch(/Visitors\s*2/);
    expect(text).toMatch(/Followers\s*1\s*1 new/);
    expect(text).toMatch(/Links followed\s*1/);
    expect(text).toMatch(/Senior Knitwear Designer · Lyon\s*1\s*0/);
    expect(text).toMatch(/Buyer, Accessories · Paris\s*0\s*1/);
  });

  it('refuses a member who is not an owner or admin, and sends the signed-out to sign in', async () => {
    const { member } = await organisationWithJobs();
    const refused = await get('/my-bof/partner/', member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(pageText(refused.body)).toContain('The partner hub is for an organisation’s owner and admins.');
    const stranger = await signIn(app, { first: 'Stan', last: 'Ger' });
    expect(pageText((await get('/my-bof/partner/', stranger.cookie)).body)).toContain(
      'The partner hub is for the owners and admins of organisations with a profile here.',
    );
    expect((await get('/my-bof/partner/')).statusCode).toBe(302);
  });
});
