// The packages pages over HTTP, as a browser without JavaScript sees them: prices in the reader's
// currency with their country's tax, the currency switcher, and where each plan's button goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { signIn } from '../../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

/** The href of the call to action of a plan (its card or its monthly alternative). */
const hrefsOf = (html: string) =>
  [...html.matchAll(/href="(\/subscriptions\/(?:individuals\/payment|students\/validation)\/\?[^"]+)"/g)].map((match) =>
    match[1]!.replace(/&amp;/g, '&'),
  );

describe('/subscriptions/packages/', () => {
  it('shows a GB reader (by cf-ipcountry) prices in pounds with UK VAT', async () => {
    const { status, html, headers } = await page('/subscriptions/packages/', { 'cf-ipcountry': 'GB' });
    expect(status).toBe(200);
    expect(headers['cache-control']).toContain('private');
    expect(html).toContain('£300'); // Standard yearly: £250 + £50 VAT
    expect(html).toContain('£250 + £50 VAT at 20%');
    expect(html).toContain('£540'); // Premium yearly: £450 + £90
    expect(html).toContain('Prices include VAT at 20% for United Kingdom');
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*>£ GBP<\/a>/);
    expect(hrefsOf(html)).toEqual(
      expect.arrayContaining([
        '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1',
        '/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1',
        '/subscriptions/individuals/payment/?plan=individuals_standard_monthly_v1',
      ]),
    );
  });

  it('switches currency with ?currency= and keeps the tax of the reader’s country', async () => {
    const { html } = await page('/subscriptions/packages/?currency=EUR', { 'cf-ipcountry': 'GB' });
    expect(html).toContain('€348'); // €290 + 20 % UK VAT
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*>€ EUR<\/a>/);
    expect(hrefsOf(html)).toContain('/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=EUR');
  });

  it('links each currency to this page’s own address, as the browser will (no redirect, no hydration mismatch)', async () => {
    const { html } = await page('/subscriptions/packages/?packages=beauty');
    const currencyLinks = [...html.matchAll(/<a[^>]*href="([^"]*currency=[^"]*)"[^>]*>[^<]*(?:GBP|EUR|USD|INR)<\/a>/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    expect(currencyLinks).toEqual(
      expect.arrayContaining([
        '/subscriptions/packages/?packages=beauty&currency=GBP',
        '/subscriptions/packages/?packages=beauty&currency=USD',
      ]),
    );
    expect(currencyLinks).toHaveLength(4);
  });

  it('marks no section current in the masthead, and a topic page marks its own section (in the server’s HTML)', async () => {
    expect((await page('/subscriptions/packages/')).html).not.toMatch(/<nav class="masthead__nav"[^]*?aria-current="page"[^]*?<\/nav>/);
    const topic = (await page('/topics/news/')).html;
    expect(topic).toMatch(/<a class="active" aria-current="page" href="\/topics\/news\/"/);
    expect(topic.match(/aria-current="page"/g)).toHaveLength(1);
    expect((await page('/')).html).toMatch(/<a class="active" aria-current="page" href="\/"/);
  });

  it('shows a German reader euros with German VAT, and anyone without a country dollars without tax', async () => {
    expect((await page('/subscriptions/packages/', { 'cf-ipcountry': 'DE' })).html).toContain('€345.10');
    const anonymous = (await page('/subscriptions/packages/')).html;
    expect(anonymous).toContain('$300');
    expect(anonymous).toContain('any tax due is added at checkout');
    expect((await page('/subscriptions/packages/', { 'cf-ipcountry': 'US' })).html).toContain(
      'No sales tax is added for readers in the United States',
    );
  });

  it('ignores a currency we do not sell in, and says so', async () => {
    const { status, html } = await page('/subscriptions/packages/?currency=JPY', { 'cf-ipcountry': 'GB' });
    expect(status).toBe(200);
    expect(html).toContain('£300');
    expect(html).toContain('We don’t sell memberships in JPY');
  });

  it('uses the signed-in reader’s account country over the header', async () => {
    const person = await signIn(app);
    expect(
      (await app.services.accounts.updatePersonalDetails(person.identityId, { firstName: 'Ada', lastName: 'Okafor', country: 'IN' })).ok,
    ).toBe(true);
    const { html } = await page('/subscriptions/packages/', { cookie: person.cookie, 'cf-ipcountry': 'GB' });
    expect(html).toContain('₹17,700'); // ₹15,000 + 18 % GST
    expect(html).toContain('GST at 18%');
  });

  it('shows the beauty package with ?packages=beauty', async () => {
    const { html } = await page('/subscriptions/packages/?packages=beauty', { 'cf-ipcountry': 'GB' });
    expect(html).toContain('The Beauty package');
    expect(html).toContain('£180'); // £150 + £30 VAT
    expect(hrefsOf(html)).toEqual(['/subscriptions/individuals/payment/?plan=beauty_package_yearly_v1']);
  });
});

describe('the other subscription pages', () => {
  it('lists student plans leading to the academic email check', async () => {
    const { status, html } = await page('/subscriptions/packages/students/', { 'cf-ipcountry': 'GB' });
    expect(status).toBe(200);
    expect(html).toContain('£90'); // £75 + £15 VAT
    expect(hrefsOf(html).sort()).toEqual([
      '/subscriptions/students/validation/?plan=students_standard_monthly_v1',
      '/subscriptions/students/validation/?plan=students_standard_yearly_v1',
    ]);
  });

  it('serves the FAQ and the executive page with the team enquiry form', async () => {
    const faq = await page('/subscriptions/faq/');
    expect(faq.status).toBe(200);
    expect(faq.html).toContain('Do prices include tax?');
    const executive = await page('/subscriptions/executive/');
    expect(executive.status).toBe(200);
    expect(executive.html).toContain('id="enquiry"');
    expect(executive.html).toMatch(/<form[^>]*enquiry__form[^>]*method="post"/);
  });
});
