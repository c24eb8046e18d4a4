// The wallet (issue 7 "A wallet button where a wallet merchant id is set") over HTTP, with
// WALLET_MERCHANT_ID set: the sandbox's wallet endpoint answers only the configured merchant, with a
// one-time token for the wallet's Visa; the token buys a plan like a card token, and the card on file
// names the wallet. The payment page shows the button above the card fields, and its form posted with
// a wallet token still needs the billing details. (Without the setting: web/routes/subscriptions/payment-page.int.test.ts.)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { billingAccounts, sandboxBillingTokens } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const MERCHANT = 'merchant.test';
const WALLET_TOKENS = '/_sandbox/billing/wallet-tokens';
const PAGE = '/subscriptions/individuals/payment/';
const TRIAL = 'individuals_standard_yearly_trial_v1';

beforeAll(async () => {
  app = await createTestApp({ WALLET_MERCHANT_ID: MERCHANT });
});
afterAll(async () => {
  await app.close();
});

const askWallet = (payload: unknown) =>
  app.inject({
    method: 'POST',
    url: WALLET_TOKENS,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: JSON.stringify(payload),
  });

async function walletToken(): Promise<string> {
  const response = await askWallet({ merchantId: MERCHANT });
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as { id: string }).id;
}

/** React's server render separates adjacent text with comments; the page's text without them. */
const text = (html: string) => html.replace(/<!-- -->/g, '');
let keys = 0;

describe('the sandbox wallet', () => {
  it('refuses a request without the merchant id, or with another merchant’s, in words and without making a token', async () => {
    const before = (await app.db.select().from(sandboxBillingTokens)).length;
    for (const payload of [{}, { merchantId: '' }, { merchantId: 42 }, null]) {
      const response = await askWallet(payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining('merchant id') } });
    }
    const wrong = await askWallet({ merchantId: 'merchant.someone-else' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.parse(wrong.body)).toEqual({
      error: { code: 'invalid_merchant', message: 'This is not the merchant id the wallet is set up for (WALLET_MERCHANT_ID).' },
    });
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect((await app.db.select().from(sandboxBillingTokens)).length).toBe(before);
  });

  it('answers the configured merchant with a token for the wallet’s Visa, which buys a plan; the card on file names the wallet', async () => {
    const response = await askWallet({ merchantId: MERCHANT });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(response.body) as { id: string };
    const year = new Date().getUTCFullYear() + 4;
    expect(body).toEqual({
      id: expect.stringMatching(/^sbx_wtok_/),
      type: 'wallet',
      card: { cardType: 'Visa', expMonth: 12, expYear: year, firstSix: '424242', lastFour: '4242', paymentMethod: 'wallet' },
    });

    const person = await signIn(app);
    const result = await app.services.billing.purchaseIndividualSubscription({
      identityId: person.identityId,
      planCode: TRIAL,
      currency: 'GBP',
      billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
      cardToken: body.id,
      idempotencyKey: `wallet-purchase-${keys++}`,
    });
    expect(result).toMatchObject({ kind: 'success', subscription: { planCode: TRIAL, isTrial: true } });
    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({ level: 'Standard', status: 'ActiveTrial' });

    const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, person.identityId));
    expect(account).toMatchObject({
      paymentMethod: 'wallet',
      cardType: 'Visa',
      cardFirstSix: '424242',
      cardLastFour: '4242',
      cardExpYear: year,
    });
    const viewer = await graphql(
      app,
      'query { viewer { ... on Viewer { individualAccount { billingInfo { paymentMethod creditCardInfo { cardType lastFour } } } } } }',
      { cookie: person.cookie },
    );
    expect(viewer.data!.viewer.individualAccount.billingInfo).toEqual({
      paymentMethod: 'wallet',
      creditCardInfo: { cardType: 'Visa', lastFour: '4242' },
    });
    const membership = await app.inject({
      method: 'GET',
      url: '/user/membership/',
      headers: { accept: 'text/html', cookie: person.cookie },
    });
    expect(text(membership.body)).toContain('Visa ending 4242 (wallet)');
  });

  it('shows "Pay with wallet" above the card fields with an "or pay by card" divider, off until JavaScript runs', async () => {
    const person = await signIn(app);
    const html = (
      await app.inject({
        method: 'GET',
        url: `${PAGE}?plan=individuals_premium_yearly_v1`,
        headers: { accept: 'text/html', cookie: person.cookie },
      })
    ).body;
    const button = /<button type="button" class="wallet-button"[^>]*>.*?<\/button>/.exec(html)?.[0];
    expect(button).toContain('Pay with wallet');
    expect(button).toContain('disabled=""');
    // The glyph is decoration: the button's name is its words.
    expect(button).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html.indexOf('or pay by card')).toBeGreaterThan(html.indexOf('wallet-button'));
    expect(html.indexOf('id="card-number"')).toBeGreaterThan(html.indexOf('or pay by card'));
    // The merchant id is public: the browser sends it to the wallet.
    expect(html).toContain(MERCHANT);
  });

  it('takes the payment form with a wallet token in place of a card token, still checking the billing details', async () => {
    const person = await signIn(app);
    const post = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `${PAGE}?plan=individuals_premium_yearly_v1`,
        headers: { cookie: person.cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams({
          plan: 'individuals_premium_yearly_v1',
          currency: 'GBP',
          firstName: 'Ada',
          countryCode: 'GB',
          returnTo: '/',
          idempotencyKey: `wallet-form-${keys++}`,
          ...fields,
        }).toString(),
      });
    const missing = await post({ lastName: '', cardToken: await walletToken() });
    expect(missing.body).toContain('Please check the highlighted fields.');
    expect(await app.services.memberships.currentMembership(person.identityId)).toBeNull();

    await post({ lastName: 'Okafor', cardToken: await walletToken() });
    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({
      level: 'Premium',
      status: 'ActiveRenewing',
    });
    const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, person.identityId));
    expect(account).toMatchObject({ paymentMethod: 'wallet', lastName: 'Okafor' });
  });
});
