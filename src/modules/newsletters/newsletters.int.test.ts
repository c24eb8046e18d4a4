// Newsletters over HTTP (GraphQL through inject, the built app) with mail delivered to a real SMTP
// server: the catalogue, a member's switches and "unsubscribe from all", who may have which
// newsletter, double opt-in for an anonymous reader (the link read from the email, confirmed by
// POST, a GET changing nothing), the one reminder, the consent records, the limits and the honeypot,
// and the subscriptions becoming the account's when the address registers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableUuid } from '../../db/stable-id.ts';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { jobs } from '../jobs/schema.ts';
import { memberships } from '../memberships/schema.ts';
import { REMIND_JOB, REMINDER_AFTER_MS, SIGNUP_RATE_LIMIT } from './newsletters-service.ts';
import { newsletterConsents, newsletterSignups, newsletterSubscriptions } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let counter = 0;
const newEmail = (who = 'reader') => `${who}.${Date.now()}${++counter}@example.com`;
const newAddress = () => `198.51.100.${++counter}`;

const id = (slug: string) => stableUuid('newsletter', slug);
const DAILY = id('the-daily-digest');
const WEEK_AHEAD = id('the-week-ahead');
const EXECUTIVE = id('the-executive-summary');
const PROFESSIONAL = id('the-professional-edition');
const PERSONALISED = id('your-atelier');
const LUXURY = id('the-luxury-letter');

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const SUBSCRIBE = /* GraphQL */ `
  mutation ($input: SubscribeEmailToNewslettersInput!) {
    subscribeEmailToNewsletters(input: $input) {
      __typename
      ... on NewsletterSignup {
        outcome
        newsletterIds
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`;
const CONFIRM = /* GraphQL */ `
  mutation ($input: ConfirmAnonUserToNewsletterSubscriptionInput!) {
    confirmAnonUserToNewsletterSubscription(input: $input) {
      __typename
      ... on NewsletterConfirmation {
        email
        alreadyConfirmed
        newsletters {
          newsletterId
          title
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`;
const SUBSCRIPTIONS = /* GraphQL */ `
  query {
    newsletterSubscriptions {
      __typename
      ... on NewsletterSubscriptionsSuccess {
        subscriptions {
          status
          available
          newsletter {
            newsletterId
            title
          }
        }
      }
      ... on AuthError {
        message
      }
    }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation ($input: UpdateNewsletterSubscriptionsInput!) {
    updateNewsletterSubscriptions(input: $input) {
      __typename
      ... on UpdateNewsletterSubscriptionsSuccess {
        subscriptions {
          status
          newsletter {
            newsletterId
          }
        }
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on AuthError {
        message
      }
    }
  }
`;

/** From a client address of its own, so the per-address limit counts only what each test sends. */
async function subscribe(input: Record<string, unknown>, { cookie, address = newAddress() }: { cookie?: string; address?: string } = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'x-atelier-csrf': '1', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ query: SUBSCRIBE, variables: { input } }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the query's shape
  return { status: response.statusCode, ...(JSON.parse(response.body) as { data?: Record<string, any> }) };
}

/** The link in the newest email to the address, as the reader would click it. */
function linkIn(email: string): URL {
  const mail = smtp.to(email).at(-1);
  const href = /https?:\/\/\S+\/user\/newsletters\/confirm\/\?\S+/.exec(mail?.text ?? '')?.[0];
  if (!href) throw new Error(`no confirmation link for ${email}`);
  return new URL(href);
}

async function statuses(cookie: string): Promise<Record<string, string>> {
  const response = await graphql(app, SUBSCRIPTIONS, { cookie });
  const list = response.data!.newsletterSubscriptions.subscriptions as { status: string; newsletter: { newsletterId: string } }[];
  return Object.fromEntries(list.map((s) => [s.newsletter.newsletterId, s.status]));
}

describe('the catalogue', () => {
  it('lists every newsletter by group, DAILY then PERSONALISED then WEEKLY, with how often', async () => {
    const response = await graphql(app, '{ newsletters { title newsletterGroup frequency badges isVisibleOnOMS isPreselectedOnOMS } }');
    const list = response.data!.newsletters as { title: string; newsletterGroup: string; frequency: string; badges: string[] }[];
    expect(list).toHaveLength(11);
    expect([...new Set(list.map((n) => n.newsletterGroup))]).toEqual(['DAILY', 'PERSONALISED', 'WEEKLY']);
    expect(list[0]).toMatchObject({ title: 'The Daily Digest', frequency: 'Every weekday morning', isPreselectedOnOMS: true });
    expect(list.find((n) => n.title === 'The Executive Summary')!.badges).toEqual(['Executive']);
    const oms = await graphql(app, '{ newsletters(visibleOnOMS: true) { title } }');
    expect(oms.data!.newsletters).toHaveLength(10);
  });
});

describe('a signed-in reader', () => {
  it('is asked to sign in for their subscriptions', async () => {
    const response = await graphql(app, SUBSCRIPTIONS);
    expect(response.data!.newsletterSubscriptions.__typename).toBe('AuthError');
  });

  it('sees what is for them, switches newsletters on and off, and unsubscribes from all', async () => {
    const reader = await signIn(app);
    const before = await statuses(reader.cookie);
    expect(before[DAILY]).toBe('none');
    // Registered, no membership: the executive and professional ones are not offered.
    expect(before[EXECUTIVE]).toBeUndefined();
    expect(before[PROFESSIONAL]).toBeUndefined();
    expect(before[PERSONALISED]).toBe('none');

    const on = await graphql(app, UPDATE, {
      cookie: reader.cookie,
      variables: {
        input: {
          subscriptions: [
            { newsletterId: DAILY, status: 'subscribed' },
            { newsletterId: LUXURY, status: 'subscribed' },
          ],
        },
      },
    });
    expect(on.data!.updateNewsletterSubscriptions.__typename).toBe('UpdateNewsletterSubscriptionsSuccess');
    expect(await statuses(reader.cookie)).toMatchObject({ [DAILY]: 'subscribed', [LUXURY]: 'subscribed', [WEEK_AHEAD]: 'none' });

    const refused = await graphql(app, UPDATE, {
      cookie: reader.cookie,
      variables: { input: { subscriptions: [{ newsletterId: EXECUTIVE, status: 'subscribed' }] } },
    });
    expect(refused.data!.updateNewsletterSubscriptions).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['subscriptions', '0', 'newsletterId'], message: 'That newsletter is not offered to your account' }],
    });

    const all = await graphql(app, UPDATE, { cookie: reader.cookie, variables: { input: { unsubscribeAll: true } } });
    expect(all.data!.updateNewsletterSubscriptions.__typename).toBe('UpdateNewsletterSubscriptionsSuccess');
    expect(await statuses(reader.cookie)).toMatchObject({ [DAILY]: 'unsubscribed', [LUXURY]: 'unsubscribed', [WEEK_AHEAD]: 'none' });

    const consents = await app.services.newsletters.consentsOf(reader.userId);
    expect(consents.map((c) => [c.newsletterId, c.consent.status, c.consent.method])).toEqual([
      [DAILY, 'subscribed', 'signed-in'],
      [LUXURY, 'subscribed', 'signed-in'],
      [DAILY, 'unsubscribed', 'withdrawn'],
      [LUXURY, 'unsubscribed', 'withdrawn'],
    ]);
    expect(consents[2]!.consent.consentText).toBe('Unsubscribe from all newsletters');
  });

  it('a Premium member may have the executive newsletter', async () => {
    const reader = await signIn(app);
    await app.services.memberships.grant({ identityId: reader.identityId, source: 'demo', level: 'Premium', type: 'Individual' });
    const issued = await app.services.session.refreshTokens({ identitySessionToken: reader.identitySessionToken });
    const cookie = `ory_kratos_session=${reader.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`;
    expect((await statuses(cookie))[EXECUTIVE]).toBe('none');
    const on = await graphql(app, UPDATE, {
      cookie,
      variables: { input: { subscriptions: [{ newsletterId: EXECUTIVE, status: 'subscribed' }] } },
    });
    expect(on.data!.updateNewsletterSubscriptions.__typename).toBe('UpdateNewsletterSubscriptionsSuccess');
    expect((await statuses(cookie))[EXECUTIVE]).toBe('subscribed');
    void memberships;
  });

  it('subscribes their own confirmed address at once, without an email', async () => {
    const reader = await signIn(app);
    const response = await subscribe(
      { email: reader.email.toUpperCase(), newsletterIds: [WEEK_AHEAD], placementVariant: 'story', sourcePath: '/articles/x/' },
      { cookie: reader.cookie },
    );
    expect(response.data!.subscribeEmailToNewsletters).toEqual({
      __typename: 'NewsletterSignup',
      outcome: 'subscribed',
      newsletterIds: [WEEK_AHEAD],
    });
    expect(smtp.to(reader.email)).toHaveLength(0);
    const [consent] = await app.services.newsletters.consentsOf(reader.userId);
    expect(consent!.consent).toMatchObject({ method: 'signed-in', sourcePath: '/articles/x/', placement: 'story' });
    expect(consent!.consent.consentText).toMatch(/^By signing up you agree/);
  });
});

describe('double opt-in for an anonymous reader', () => {
  it('emails a link; only its POST confirms; the account that registers the address gets the subscriptions', async () => {
    const email = newEmail('anon');
    const response = await subscribe({
      email,
      newsletterIds: [DAILY, LUXURY],
      placementVariant: 'story',
      sourcePath: '/articles/a-story/',
    });
    expect(response.data!.subscribeEmailToNewsletters).toMatchObject({ outcome: 'confirmation_sent', newsletterIds: [DAILY, LUXURY] });
    const [mail] = smtp.to(email);
    expect(mail!.subject).toBe('Confirm your newsletter sign-up · Atelier');
    expect(mail!.text).toContain('The Daily Digest and The Luxury Letter');
    const link = linkIn(email);
    expect(link.pathname).toBe('/user/newsletters/confirm/');

    // A mail scanner opens the link: the page shows a button and confirms nothing.
    const opened = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Confirm my sign-up');
    expect(await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))).toEqual([]);

    // A wrong token is refused.
    const forged = await graphql(app, CONFIRM, {
      variables: { input: { signupId: link.searchParams.get('signup'), token: 'A'.repeat(43) } },
    });
    expect(forged.data!.confirmAnonUserToNewsletterSubscription.__typename).toBe('BaseError');

    const input = { signupId: link.searchParams.get('signup'), token: link.searchParams.get('token') };
    const confirmed = await graphql(app, CONFIRM, { variables: { input } });
    expect(confirmed.data!.confirmAnonUserToNewsletterSubscription).toMatchObject({ email, alreadyConfirmed: false });
    const again = await graphql(app, CONFIRM, { variables: { input } });
    expect(again.data!.confirmAnonUserToNewsletterSubscription).toMatchObject({ alreadyConfirmed: true });

    const rows = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(rows.map((r) => [r.newsletterId, r.status, r.userId]).sort()).toEqual(
      [
        [DAILY, 'subscribed', null],
        [LUXURY, 'subscribed', null],
      ].sort(),
    );
    const consents = await app.db.select().from(newsletterConsents).where(eq(newsletterConsents.subscriptionId, rows[0]!.id));
    expect(consents).toEqual([
      expect.objectContaining({ method: 'double-opt-in', sourcePath: '/articles/a-story/', placement: 'story', status: 'subscribed' }),
    ]);

    // They register with that address (confirmed): the subscriptions are the account's.
    const reader = await signIn(app, { email });
    expect(await statuses(reader.cookie)).toMatchObject({ [DAILY]: 'subscribed', [LUXURY]: 'subscribed' });
    const moved = await app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(moved.every((r) => r.userId === reader.userId)).toBe(true);
    expect((await app.services.newsletters.consentsOf(reader.userId)).map((c) => c.consent.method)).toEqual([
      'double-opt-in',
      'double-opt-in',
    ]);
  });

  it('sends one reminder after 48 hours when unconfirmed, then nothing', async () => {
    const email = newEmail('forgetful');
    await subscribe({ email, newsletterIds: [WEEK_AHEAD] });
    const [signup] = await app.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email));
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${REMIND_JOB}:${signup!.id}`));
    expect(job!.runAt.getTime() - signup!.createdAt.getTime()).toBe(REMINDER_AFTER_MS);

    const at = (ms: number) => () => new Date(signup!.createdAt.getTime() + ms);
    const runner = (now: () => Date) =>
      createJobRunner({
        db: app.db,
        now,
        // Every sign-up of this file has its reminder due by then: take them all in one go.
        batchSize: 1000,
        handlers: { [REMIND_JOB]: async (payload) => void (await app.services.newsletters.remind(String(payload.id))) },
      });
    await runner(at(REMINDER_AFTER_MS - 60_000)).runDue();
    expect(smtp.to(email)).toHaveLength(1);
    await runner(at(REMINDER_AFTER_MS + 60_000)).runDue();
    expect(smtp.to(email)).toHaveLength(2);
    expect(smtp.to(email)[1]!.subject).toBe('Reminder: confirm your newsletter sign-up · Atelier');
    // The job again (a retry, a second runner): nothing more.
    expect(await app.services.newsletters.remind(signup!.id)).toBe(false);
    await runner(at(REMINDER_AFTER_MS * 3)).runDue();
    expect(smtp.to(email)).toHaveLength(2);
    // The reminder carries the same link, which still confirms.
    const link = linkIn(email);
    const confirmed = await graphql(app, CONFIRM, {
      variables: { input: { signupId: link.searchParams.get('signup'), token: link.searchParams.get('token') } },
    });
    expect(confirmed.data!.confirmAnonUserToNewsletterSubscription.__typename).toBe('NewsletterConfirmation');
  });

  it('refuses what it cannot send: a bad address, control characters, an unknown or members-only newsletter', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a\u0000b@example.com' }, 'email'],
      [{ email: newEmail(), newsletterIds: [stableUuid('newsletter', 'nope')] }, 'newsletterIds'],
      [{ email: newEmail(), newsletterIds: [EXECUTIVE] }, 'newsletterIds'],
      [{ email: newEmail(), newsletterIds: [PERSONALISED] }, 'newsletterIds'],
      [{ email: newEmail(), sourcePath: '//evil.example/' }, 'sourcePath'],
    ];
    for (const [input, field] of cases) {
      const response = await subscribe(input);
      expect(response.status).toBe(200);
      expect(response.data!.subscribeEmailToNewsletters.__typename).toBe('ZodError');
      expect(response.data!.subscribeEmailToNewsletters.fieldErrors[0].path[0]).toBe(field);
    }
  });

  it('with no newsletter named, signs up to the default ones (for everyone, preselected)', async () => {
    const email = newEmail('footer');
    const response = await subscribe({ email, placementVariant: 'footer' });
    expect(response.data!.subscribeEmailToNewsletters.newsletterIds).toEqual([DAILY, WEEK_AHEAD]);
  });

  it(`counts ${SIGNUP_RATE_LIMIT.points} sign-ups an hour per client address`, async () => {
    const address = newAddress();
    for (let i = 0; i < SIGNUP_RATE_LIMIT.points; i++) {
      const ok = await subscribe({ email: newEmail('many') }, { address });
      expect(ok.data!.subscribeEmailToNewsletters.__typename).toBe('NewsletterSignup');
    }
    const refused = await subscribe({ email: newEmail('many') }, { address });
    expect(refused.data!.subscribeEmailToNewsletters.__typename).toBe('BaseError');
    expect(refused.data!.subscribeEmailToNewsletters.message).toMatch(/try again in \d+ minutes/);
  });

  it('emails one address three times a day at most, answering the same', async () => {
    const email = newEmail('victim');
    for (let i = 0; i < 5; i++) {
      const response = await subscribe({ email });
      expect(response.data!.subscribeEmailToNewsletters.outcome).toBe('confirmation_sent');
    }
    expect(smtp.to(email)).toHaveLength(3);
  });

  it('an expired link confirms nothing', async () => {
    const email = newEmail('late');
    await subscribe({ email });
    const link = linkIn(email);
    await app.db
      .update(newsletterSignups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSignups.email, email));
    const response = await graphql(app, CONFIRM, {
      variables: { input: { signupId: link.searchParams.get('signup'), token: link.searchParams.get('token') } },
    });
    expect(response.data!.confirmAnonUserToNewsletterSubscription).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringMatching(/expired/),
    });
  });
});
