// The buying path through the account screens (decision 036): a signed-out reader who follows a
// wall's offer creates an account with the plan named on the screen, skips one-more-step, and is
// sent on to pay before the email code; the code then comes after the purchase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_TEST_PARAMS } from '../../../modules/identity/credentials/password.ts';
import { createTestApp } from '../../../test/app.ts';
import { csrfToken, formAction, formBrowser } from '../../../test/form-browser.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const SITE = 'https://atelier.test';
const PASSWORD = 'Velvet-Orchid-Tannery-1987';
const STORY = '/articles/some-story/';
const PAYMENT = `${SITE}/subscriptions/individuals/payment/?${new URLSearchParams({ plan: 'individual_annual_trial_v1', return_to: STORY })}`;

beforeAll(async () => {
  app = await createTestApp(
    { SITE_URL: SITE, IDENTITY_SECRET: 'test-secret-test-secret-test-secret-0123' },
    { passwordParams: ARGON2_TEST_PARAMS },
  );
});
afterAll(async () => {
  await app.close();
});

/** A browser without JavaScript: keeps cookies, follows nothing by itself. */
const browser = () => formBrowser(app, SITE);

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;|&#39;/g, '’');

describe('the buying path', () => {
  it('starts the registration with the payment page to come back to, not one-more-step', async () => {
    const response = await app.inject(`/user/register/?return_to=${encodeURIComponent(PAYMENT)}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/identity/self-service/registration/browser?return_to=${encodeURIComponent(PAYMENT)}`);
  });

  it('names the plan on the register and sign-in screens, and the sign-in link keeps it', async () => {
    const b = browser();
    const page = text((await b.open(`/user/register/?return_to=${encodeURIComponent(PAYMENT)}`)).body);
    expect(page).toContain('Annual membership');
    expect(page).toContain('your free 14-day Annual trial');
    const signIn = /href="(\/user\/login\/\?return_to=[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
    expect(new URL(signIn!, SITE).searchParams.get('return_to')).toBe(PAYMENT);
    const login = text((await b.open(signIn!)).body);
    expect(login).toContain('Sign in to start your free 14-day Annual trial');
  });

  it('asks for the names as required, since the next step needs them', async () => {
    const page = (await browser().open('/user/register/')).body;
    // The whole <input> tag, whatever the order of its attributes.
    for (const name of ['traits.name.first', 'traits.name.last'])
      expect(new RegExp(`<input[^>]*name="${name.replace(/\./g, '\\.')}"[^>]*>`).exec(page)?.[0]).toMatch(/\brequired\b/);
    expect(page).not.toContain('(optional)');
  });

  it('sends a new account on to pay with the email code kept for after the purchase', async () => {
    const b = browser();
    const page = await b.open(`/user/register/?return_to=${encodeURIComponent(PAYMENT)}`);
    const done = await b.post(formAction(page.body), {
      csrf_token: csrfToken(page.body),
      'traits.email': `buyer${Date.now()}@example.com`,
      'traits.name.first': 'Ada',
      'traits.name.last': 'Okafor',
      password: PASSWORD,
      method: 'password',
    });
    expect(done.statusCode).toBe(303);
    const confirm = String(done.headers.location);
    expect(confirm).toMatch(/\/user\/confirm-email\?flow=/);
    const flow = new URL(confirm, SITE).searchParams.get('flow')!;
    const next = await b.get(confirm);
    expect(next.statusCode).toBe(302);
    const payment = new URL(String(next.headers.location), SITE);
    expect(payment.pathname).toBe('/subscriptions/individuals/payment/');
    expect(payment.searchParams.get('plan')).toBe('individual_annual_trial_v1');
    expect(payment.searchParams.get('return_to')).toBe(STORY);
    expect(payment.searchParams.get('confirm')).toBe(flow);
    // The payment page's way on after paying goes through that code.
    const html = (await b.get(`${payment.pathname}${payment.search}`)).body;
    expect(html).toContain(`/user/confirm-email?flow=${flow}`);
    expect(text(html)).toContain('Last name');
  });
});
