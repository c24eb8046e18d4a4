// The identity screens through HTTP (fastify.inject), as a browser without JavaScript sees them:
// redirects into flows, the rendered forms, messages in place, and the signed-in pages.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_TEST_PARAMS } from '../../../modules/identity/credentials/password.ts';
import { identityFlows } from '../../../modules/identity/schema.ts';
import { createTestApp } from '../../../test/app.ts';
import { csrfToken, formAction, formBrowser } from '../../../test/form-browser.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const SITE = 'https://atelier.test';
const PASSWORD = 'Velvet-Orchid-Tannery-1987';
let counter = 0;
const newEmail = () => `pages${Date.now()}${counter++}@example.com`;

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

const flowIdOf = (location: string) => new URL(location, SITE).searchParams.get('flow')!;

async function signedIn() {
  const email = newEmail();
  const b = browser();
  const page = await b.open('/user/register/');
  const done = await b.post(formAction(page.body), {
    csrf_token: csrfToken(page.body),
    'traits.email': email,
    password: PASSWORD,
    method: 'password',
  });
  expect(done.statusCode).toBe(303);
  return { b, email };
}

describe('sign-in screens', () => {
  it('start a flow when there is none, passing return_to on', async () => {
    const response = await app.inject('/user/login/?return_to=%2Fuser%2Faccount%2F');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/identity/self-service/login/browser?return_to=%2Fuser%2Faccount%2F');
    // A new account goes through one-more-step first (decision 009).
    expect((await app.inject('/user/register/')).headers.location).toBe(
      `/identity/self-service/registration/browser?return_to=${encodeURIComponent(`${SITE}/user/one-more-step/`)}`,
    );
    expect((await app.inject('/user/recovery/')).headers.location).toBe('/identity/self-service/recovery/browser');
    const confirm = await app.inject('/user/confirm-email');
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/identity/self-service/verification/browser');
  });

  it('render the login flow as a plain form posting to the provider, in the shell', async () => {
    const b = browser();
    const page = await b.open('/user/login/');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<title>Atelier</title>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(formAction(html)).toMatch(new RegExp(`^${SITE}/identity/self-service/login\\?flow=[0-9a-f-]{36}$`));
    expect(html).toMatch(/<form[^>]*method="POST"/);
    expect(csrfToken(html)).not.toBe('');
    expect(html).toContain('>Email address</label>');
    expect(html).toMatch(/<button type="submit"[^>]*value="password"[^>]*>Sign in<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*value="code"[^>]*formNoValidate=""[^>]*>Sign in with a code instead<\/button>/);
    expect(html).toContain('href="/user/register/"');
    expect(html).toContain('href="/user/recovery/"');
  });

  it('show messages in place: form-level as an alert, field-level under the field', async () => {
    const b = browser();
    const page = await b.open('/user/login/');
    const wrong = await b.post(formAction(page.body), {
      csrf_token: csrfToken(page.body),
      identifier: 'nobody@example.com',
      password: 'whatever-it-is',
      method: 'password',
    });
    expect(wrong.statusCode).toBe(303);
    const again = await b.open(String(wrong.headers.location));
    expect(again.body).toMatch(/role="alert"[^>]*>That email address and password don’t match/);
    expect(again.body).toContain('value="nobody@example.com"');

    const missing = await b.post(formAction(again.body), {
      csrf_token: csrfToken(again.body),
      identifier: 'nobody@example.com',
      password: '',
      method: 'password',
    });
    const field = (await b.open(String(missing.headers.location))).body;
    const input = /<input[^>]*name="password"[^>]*>/.exec(field)?.[0] ?? '';
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(field).toContain(`id="${describedBy}" class="field__message field__message--error">Please enter your password.</p>`);
  });

  it('start again when the flow is not this browser’s, unknown or expired, keeping return_to', async () => {
    const b = browser();
    const start = await b.get('/identity/self-service/login/browser?return_to=%2Fuser%2Faccount%2F');
    const id = flowIdOf(String(start.headers.location));
    const elsewhere = await app.inject(`/user/login/?flow=${id}`); // no CSRF cookie: another browser
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe(
      `/identity/self-service/login/browser?return_to=${encodeURIComponent(`${SITE}/user/account/`)}`,
    );
    expect((await b.get('/user/login/?flow=00000000-0000-4000-8000-000000000000')).headers.location).toBe(
      '/identity/self-service/login/browser',
    );
    await app.db
      .update(identityFlows)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(identityFlows.id, id));
    const expired = await b.get(`/user/login/?flow=${id}`);
    expect(expired.statusCode).toBe(302);
    expect(expired.headers.location).toContain('return_to=');
  });
});

describe('account, logout and the other screens', () => {
  it('sends a signed-out reader from the account page to sign in and back', async () => {
    const response = await app.inject('/user/account/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/user/login/?return_to=${encodeURIComponent(`${SITE}/user/account/`)}`);
  });

  it('shows personal details, email address and security settings: menu, password, authenticator app QR and key, backup codes', async () => {
    const { b, email } = await signedIn();
    const page = await b.open('/user/account/');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(`Signed in as <strong>${email}</strong>`);
    expect(html).toMatch(/<nav class="account-nav" aria-label="Your account">/);
    for (const section of ['Personal details', 'Email address', 'Security'])
      expect(html).toMatch(new RegExp(`<a [^>]*href="/user/account/#[a-z]+"[^>]*>${section}</a>`));
    expect(html).toContain('name="firstName"');
    expect(html).toContain('name="newEmail"');
    expect(html).toMatch(
      /<img id="totp_qr" src="data:image\/png;base64,[^"]+" width="256" height="256" alt="QR code to scan with your authenticator app"/,
    );
    expect(html).toMatch(/<code class="flow-secret" id="totp_secret_key">[A-Z2-7]{16,}<\/code>/);
    expect(html).toContain('>Generate backup codes</button>');
    expect(html).toContain('>Change password</button>');
    // One identity form per method, each with the CSRF token (the product's own forms are guarded by origin).
    const forms = (html.match(/<form [^>]*action="[^"]*\/identity\//g) ?? []).length;
    expect(forms).toBeGreaterThanOrEqual(4);
    expect((html.match(/name="csrf_token"/g) ?? []).length).toBe(forms);
  });

  it('lists backup codes one by one once generated', async () => {
    const { b } = await signedIn();
    const page = await b.open('/user/account/');
    const lookupForm = /<form[^>]*action="([^"]+)"[^>]*>(?:(?!<\/form>).)*lookup_secret_regenerate/s.exec(page.body);
    const revealed = await b.post(lookupForm![1]!.replace(/&amp;/g, '&'), {
      csrf_token: csrfToken(page.body),
      lookup_secret_regenerate: 'true',
    });
    const html = (await b.open(String(revealed.headers.location))).body;
    expect((/<ul class="flow-codes"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1]?.match(/<li>/g) ?? []).length).toBe(12);
    expect(html).toContain('>I’ve saved these codes</button>');
  });

  it('signs out through the provider’s logout URL; signed out, the page says so', async () => {
    const { b } = await signedIn();
    const page = await b.get('/user/logout/');
    expect(page.body).toContain('>Sign out</button>');
    const posted = await b.post('/user/logout/', {});
    expect(posted.statusCode).toBe(302);
    expect(String(posted.headers.location)).toMatch(new RegExp(`^${SITE}/identity/self-service/logout\\?token=ory_lo_`));
    const out = await b.get(String(posted.headers.location));
    expect(out.statusCode).toBe(303);
    expect(b.cookies.has('ory_kratos_session')).toBe(false);
    const after = await b.get('/user/logout/');
    expect(after.body).toContain('You’re not signed in');
    expect(after.body).toContain('href="/user/login/"');
  });

  it('explains provider errors in plain words, never their developer text', async () => {
    const start = await app.inject({
      url: '/identity/self-service/login/browser?return_to=https://evil.example/',
      headers: { accept: 'text/html' },
    });
    const errorPage = await app.inject(String(start.headers.location).slice(SITE.length));
    expect(errorPage.statusCode).toBe(200);
    expect(errorPage.body).toContain('We stopped a redirect');
    expect(errorPage.body).not.toContain('return_to URL is not');
    const unknown = await app.inject('/user/error/?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('We couldn’t find that problem');
  });

  it('explains the login policy and continues to sign in, keeping return_to', async () => {
    const response = await app.inject('/user/login-policy-warning/?aal=aal2&return_to=%2Fuser%2Faccount%2F');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Please sign in again');
    expect(response.body).toContain('href="/user/login/?aal=aal2&amp;return_to=%2Fuser%2Faccount%2F"');
  });
});
