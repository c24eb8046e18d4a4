// The payment page over HTTP: signed out it sends the reader to sign in and back; signed in it shows
// the plan with the price and tax of the buyer's country, the card form (off without JavaScript, and
// saying why), no wallet button while WALLET_MERCHANT_ID is unset (with it: wallet.int.test.ts), and what
// stands in the way (already a member); its action refuses a post without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { signIn } from '../../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const SITE = 'https://atelier.test';
const PAGE = '/subscriptions/individuals/payment/';

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('the payment page', () => {
  it('sends a signed-out reader to create an account (decision 036), coming back to the plan and the story', async () => {
    const response = await get(`${PAGE}?plan=individuals_premium_yearly_v1`, { referer: `${SITE}/articles/some-story/` });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string, SITE);
    expect(location.pathname).toBe('/user/register/');
    const back = new URL(location.searchParams.get('return_to')!);
    expect(back.pathname).toBe(PAGE);
    expect(back.searchParams.get('plan')).toBe('individuals_premium_yearly_v1');
    expect(back.searchParams.get('return_to')).toBe('/articles/some-story/');
  });

  it('shows the plan, the price with the buyer’s tax, and a card form that needs JavaScript', async () => {
    const person = await signIn(app);
    const response = await get(`${PAGE}?plan=individuals_premium_yearly_v1&country=FR`, { cookie: person.cookie });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/Join (<!-- -->)?Premium/);
    // €520 + 20 % French VAT.
    expect(html).toContain('€624.00');
    expect(html).toContain('20 % VAT');
    expect(html).toContain('<noscript>');
    expect(html).toContain('Paying by card needs JavaScript');
    // The card fields have no name: they are never part of the form's data.
    expect(html).toMatch(/<input[^>]*id="card-number"[^>]*>/);
    expect(html.match(/<input[^>]*id="card-number"[^>]*>/)![0]).not.toContain('name=');
    expect(html).toMatch(/<button type="submit" class="button" disabled=""/);
  });

  it('shows no wallet button without WALLET_MERCHANT_ID, and the sandbox has no wallet to offer', async () => {
    const person = await signIn(app);
    const html = (await get(`${PAGE}?plan=individuals_premium_yearly_v1`, { cookie: person.cookie })).body;
    expect(html).toContain('id="card-number"');
    expect(html).not.toContain('wallet-button');
    expect(html).not.toContain('Pay with wallet');
    expect(html).not.toContain('or pay by card');
    const wallet = await app.inject({
      method: 'POST',
      url: '/_sandbox/billing/wallet-tokens',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ merchantId: 'merchant.test' }),
    });
    expect(wallet.statusCode).toBe(400);
    expect(JSON.parse(wallet.body)).toMatchObject({ error: { code: 'wallet_not_configured' } });
  });

  it('tells a member there is nothing to buy instead of showing the card form', async () => {
    const person = await signIn(app);
    await app.services.memberships.grant({ identityId: person.identityId, level: 'Standard', type: 'Individual', source: 'demo' });
    const html = (await get(`${PAGE}?plan=individuals_premium_yearly_v1`, { cookie: person.cookie })).body;
    expect(html).toContain('Upgrade it instead of buying a second one');
    expect(html).not.toContain('id="card-number"');
  });

  it('answers 404 for a plan not on sale here', async () => {
    const person = await signIn(app);
    expect((await get(`${PAGE}?plan=students_standard_yearly_v1`, { cookie: person.cookie })).statusCode).toBe(404);
  });

  it('refuses a post without a card token (no JavaScript): nothing is bought', async () => {
    const person = await signIn(app);
    const response = await app.inject({
      method: 'POST',
      url: `${PAGE}?plan=individuals_standard_monthly_v1`,
      headers: { cookie: person.cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({
        plan: 'individuals_standard_monthly_v1',
        currency: 'GBP',
        firstName: 'Ada',
        lastName: 'Okafor',
        countryCode: 'GB',
      }).toString(),
    });
    expect(response.body).toContain('The card form needs JavaScript');
    expect(await app.services.memberships.currentMembership(person.identityId)).toBeNull();
  });
});
