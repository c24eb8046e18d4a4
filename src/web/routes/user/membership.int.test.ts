// /user/membership/ over HTTP: signed out it sends the reader to sign in and back; a member who
// bought through billing sees the plan, price as charged, dates, invoice and card; "Update card"
// (a token from the sandbox's tokenisation endpoint) replaces the card on file; and
// viewer.individualMembershipEligibility closes the trial once one was used.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, billingSubscriptions } from '../../../modules/billing/schema.ts';
import { formatDay } from '../../../modules/billing/money.ts';
import { createTestApp } from '../../../test/app.ts';
import { graphql, signIn } from '../../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;
const SITE = 'https://atelier.test';
const PAGE = '/user/membership/';
const TRIAL = 'individuals_standard_yearly_trial_v1';

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
/** React's server render separates adjacent text with comments; the page's text without them. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

async function tokenize(number: string, month = '12', year = '2040') {
  const response = await app.inject({
    method: 'POST',
    url: '/_sandbox/billing/tokens',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ number, month, year, cvv: '123' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as { id: string }).id;
}

let keys = 0;
async function buyTrial(person: Person) {
  const result = await app.services.billing.purchaseIndividualSubscription({
    identityId: person.identityId,
    planCode: TRIAL,
    currency: 'GBP',
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB', postalCode: 'E1 6AN' },
    cardToken: await tokenize('4242424242424242'),
    idempotencyKey: `membership-page-${Date.now()}-${keys++}`,
  });
  if (result.kind !== 'success') throw new Error(`purchase failed: ${JSON.stringify(result)}`);
  return result.subscription;
}

const post = (cookie: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `${PAGE}?index`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('/user/membership/', () => {
  it('sends a signed-out reader to sign in and come back', async () => {
    const response = await get(PAGE);
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string, SITE);
    expect(location.pathname).toBe('/user/login/');
    expect(location.searchParams.get('return_to')).toBe(`${SITE}${PAGE}`);
  });

  it('tells a reader without a membership so, with a link to the packages', async () => {
    const person = await signIn(app);
    const response = await get(PAGE, person.cookie);
    expect(response.statusCode).toBe(200);
    const html = text(response.body);
    expect(html).toContain('No membership.');
    expect(html).toContain('href="/subscriptions/packages/"');
    expect(html).not.toContain('Update card');
  });

  it('shows a member who bought a trial the plan, price, dates, invoice and card', async () => {
    const person = await signIn(app);
    const subscription = await buyTrial(person);
    const response = await get(PAGE, person.cookie);
    expect(response.statusCode).toBe(200);
    const html = text(response.body);
    const trialEnds = formatDay(subscription.trialEndsAt!);
    expect(html).toContain('Standard');
    expect(html).toContain(`Free trial, until ${trialEnds}`);
    expect(html).toContain('£300.00 a year');
    expect(html).toContain('including 20 % VAT');
    expect(html).toContain('GBP');
    expect(html).toContain(`<dt>Started</dt><dd>${formatDay(new Date())}</dd>`);
    expect(html).toContain(`<dt>Free trial ends</dt><dd>${trialEnds}</dd>`);
    expect(html).toContain(`<dt>Current period ends</dt><dd>${trialEnds}</dd>`);
    // The trial's invoice: nothing charged today.
    expect(html).toMatch(new RegExp(`<td><time dateTime="[^"]+">${formatDay(new Date())}</time></td><td>£0.00</td><td>Paid</td>`));
    expect(html).toContain('Visa ending 4242');
    expect(html).toContain('12/2040');
    // The card fields have no name: the card never joins the form's data.
    expect(html.match(/<input[^>]*id="card-number"[^>]*>/)![0]).not.toContain('name=');
    expect(html).toContain('aria-current="page"');

    const account = await graphql(app, 'query { viewer { ... on Viewer { individualAccount { accountManagementUrl } } } }', {
      cookie: person.cookie,
    });
    expect(account.data!.viewer.individualAccount.accountManagementUrl).toBe(`${SITE}${PAGE}`);
  });

  it('replaces the card on file with "Update card", and refuses a declined card or a post without a token', async () => {
    const person = await signIn(app);
    await buyTrial(person);

    const noToken = await post(person.cookie, { intent: 'update-card' });
    expect(text(noToken.body)).toContain('The card form needs JavaScript');

    const declined = await post(person.cookie, { intent: 'update-card', cardToken: await tokenize('4000000000000002') });
    expect(text(declined.body)).toMatch(/declined/i);
    const [unchanged] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, person.identityId));
    expect(unchanged!.cardLastFour).toBe('4242');

    const updated = await post(person.cookie, { intent: 'update-card', cardToken: await tokenize('5555 5555 5555 4444', '3', '2035') });
    expect(text(updated.body)).toContain('MasterCard ending 4444 will be used from now on');
    const html = text((await get(PAGE, person.cookie)).body);
    expect(html).toContain('MasterCard ending 4444');
    expect(html).toContain('03/2035');
    expect(html).not.toContain('Visa ending 4242');
    const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, person.identityId));
    expect(account).toMatchObject({
      cardType: 'MasterCard',
      cardLastFour: '4444',
      cardFirstSix: '555555',
      cardExpMonth: 3,
      cardExpYear: 2035,
    });
  });
});

describe('viewer.individualMembershipEligibility', () => {
  const ELIGIBILITY =
    'query { viewer { ... on Viewer { individualMembershipEligibility { isEligibleForPurchase isEligibleForTrialPurchase isEligibleForUpgrade } } } }';

  it('closes the trial once one was used, even after it ended; a purchase stays open', async () => {
    const person = await signIn(app);
    const before = await graphql(app, ELIGIBILITY, { cookie: person.cookie });
    expect(before.data!.viewer.individualMembershipEligibility).toEqual({
      isEligibleForPurchase: true,
      isEligibleForTrialPurchase: true,
      isEligibleForUpgrade: false,
    });

    await buyTrial(person);
    // The trial ended without converting: nothing held any more.
    await app.db.update(billingSubscriptions).set({ state: 'EXPIRED' }).where(eq(billingSubscriptions.identityId, person.identityId));
    const past = new Date(Date.now() - 2 * 86_400_000);
    await app.services.memberships.grant({
      identityId: person.identityId,
      level: 'Standard',
      type: 'Individual',
      source: 'admin_grant',
      startsAt: past,
      endsAt: new Date(past.getTime() + 1000),
    });
    const issued = await app.services.session.refreshTokens({ identitySessionToken: person.identitySessionToken });
    const cookie = `ory_kratos_session=${person.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`;

    const after = await graphql(app, ELIGIBILITY, { cookie });
    expect(after.errors).toBeUndefined();
    expect(after.data!.viewer.individualMembershipEligibility).toEqual({
      isEligibleForPurchase: true,
      isEligibleForTrialPurchase: false,
      isEligibleForUpgrade: false,
    });
  });
});
