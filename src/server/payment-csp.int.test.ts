// Recurly.js on the payment pages (decision 039): with Recurly as the provider, the payment page's CSP
// lets in Recurly.js (BILLING_SCRIPT_URL's origin), its frames and its API, and the page hands the browser
// the public key and the script's address instead of saying card payments are unavailable. Every other
// page keeps the site's policy, and with the sandbox nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createTestApp } from '../test/app.ts';
import { signIn } from '../test/graphql.ts';
import { paymentPageSources } from './payment-csp.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
const PAGE = '/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1';
const RECURLY = {
  BILLING_PUBLIC_KEY: 'ewr1-PublicKeyForRecurlyJs',
  BILLING_PRIVATE_KEY: 'rk_private_key_never_in_a_page',
  // Never called: these tests load pages, and nothing is bought.
  BILLING_API_URL: 'http://127.0.0.1:9',
};
const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('with Recurly as the provider', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ ...RECURLY, WALLET_MERCHANT_ID: 'merchant.atelier.test' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets Recurly.js, its frames and its API into the payment page, and hands the page the key and the script', async () => {
    const person = await signIn(app);
    const response = await app.inject({ method: 'GET', url: PAGE, headers: { accept: 'text/html', cookie: person.cookie } });
    expect(response.statusCode).toBe(200);
    const csp = response.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toContain('https://js.recurly.com');
    expect(directive(csp, 'frame-src')).toContain('https://api.recurly.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.recurly.com');
    expect(csp).not.toContain('unsafe-inline');
    expect(response.body).not.toContain('Card payments are not available');
    expect(response.body).toContain('https://js.recurly.com/v4/recurly.js');
    expect(response.body).toContain('ewr1-PublicKeyForRecurlyJs');
    expect(response.body).not.toContain(RECURLY.BILLING_PRIVATE_KEY);
    // Recurly's card, not the sandbox's fields and test cards; Recurly.js itself loads in the browser.
    expect(response.body).not.toContain('id="card-number"');
    expect(response.body).not.toContain('Test cards (sandbox)');
    expect(response.body).not.toMatch(/<script[^>]*js\.recurly\.com/);
    // Only the sandbox stands in for a wallet so far.
    expect(response.body).not.toContain('Pay with wallet');
  });

  it('lets Recurly.js into the membership page too, whose "Update card" takes a card, with the cardholder’s names', async () => {
    const person = await signIn(app);
    const response = await app.inject({ method: 'GET', url: '/user/membership/', headers: { accept: 'text/html', cookie: person.cookie } });
    expect(response.statusCode).toBe(200);
    expect(directive(response.headers['content-security-policy'] as string, 'script-src')).toContain('https://js.recurly.com');
    expect(response.body).toContain('https://js.recurly.com/v4/recurly.js');
    expect(response.body).not.toContain(RECURLY.BILLING_PRIVATE_KEY);
  });

  it('keeps Recurly out of every other page’s CSP', async () => {
    const person = await signIn(app);
    for (const url of ['/', '/subscriptions/packages/', '/subscriptions/faq/', '/user/following/']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: person.cookie } });
      const csp = response.headers['content-security-policy'] as string;
      expect(csp, url).toBeTruthy();
      expect(csp, url).not.toContain('recurly');
    }
  });
});

describe('paymentPageSources', () => {
  const config = (env: Record<string, string>) => loadConfig({ APP_ENV: 'test', ...env });

  it('names the payment pages only, with or without the query and the trailing slash', () => {
    const sources = paymentPageSources(config(RECURLY))!;
    const recurly = { script: ['https://js.recurly.com'], frame: ['https://api.recurly.com'], connect: ['https://api.recurly.com'] };
    expect(sources('/subscriptions/individuals/payment/?plan=x')).toEqual(recurly);
    expect(sources('/subscriptions/individuals/payment')).toEqual(recurly);
    expect(sources('/subscriptions/students/payment/')).toEqual(recurly);
    expect(sources('/user/membership/')).toEqual(recurly);
    expect(sources('/subscriptions/individuals/payment/extra')).toBeNull();
    expect(sources('/subscriptions/upgrade/')).toBeNull();
    expect(sources('/articles/a-story/?from=/subscriptions/individuals/payment/')).toBeNull();
  });

  it('follows BILLING_SCRIPT_URL and an EU site’s key (Recurly.js calls the EU API for "fra-" keys)', () => {
    const sources = paymentPageSources(
      config({ ...RECURLY, BILLING_PUBLIC_KEY: 'fra-PublicKey', BILLING_SCRIPT_URL: 'https://recurly-js.proxy.test/v4/recurly.js' }),
    )!;
    expect(sources('/subscriptions/individuals/payment/')).toEqual({
      script: ['https://recurly-js.proxy.test'],
      frame: ['https://api.eu.recurly.com'],
      connect: ['https://api.eu.recurly.com'],
    });
  });

  it('refuses a BILLING_SCRIPT_URL that is not an absolute http(s) URL, and defaults to Recurly’s', () => {
    expect(config(RECURLY).billingScriptUrl).toBe('https://js.recurly.com/v4/recurly.js');
    expect(() => config({ ...RECURLY, BILLING_SCRIPT_URL: '/recurly.js' })).toThrow(/BILLING_SCRIPT_URL/);
  });

  it('adds nothing with the sandbox, or with a public key but no private key (nothing could be charged)', () => {
    expect(paymentPageSources(config({}))).toBeUndefined();
    expect(paymentPageSources(config({ BILLING_PUBLIC_KEY: 'sandbox', BILLING_PRIVATE_KEY: 'rk' }))).toBeUndefined();
    // loadConfig refuses a Recurly public key without its private key; the last guard is here.
    const publicOnly = { ...config({}), keys: { ...config({}).keys, billing: 'ewr1-PublicKey' } };
    expect(paymentPageSources(publicOnly)).toBeUndefined();
  });
});
