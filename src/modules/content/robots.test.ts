// robots.txt keeps private pages out of search engines and nothing else (issue 16): the public
// packages pages under /subscriptions/ are indexable; every page route is classified.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config/config.ts';
import routes from '../../web/routes.ts';
import type { ContentService } from './content-service.ts';
import { registerFeedRoutes } from './feed-routes.ts';

const app = Fastify();
let disallowed: string[] = [];

beforeAll(async () => {
  // robots.txt reads nothing from the content service.
  registerFeedRoutes(app, { content: {} as ContentService, config: { siteUrl: 'https://atelier.test' } as Config });
  const response = await app.inject('/robots.txt');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  expect(response.body).toContain('Sitemap: https://atelier.test/sitemap.xml');
  disallowed = response.body
    .split('\n')
    .filter((line) => line.startsWith('Disallow:'))
    .map((line) => line.slice('Disallow:'.length).trim());
});
afterAll(() => app.close());

/** A crawler's reading of the rules above (prefix match; robots.txt here uses no wildcards). */
const isAllowed = (path: string) => !disallowed.some((prefix) => prefix !== '' && path.startsWith(prefix));

/** Pages meant to be found: under /subscriptions/ only the offers and what explains them. */
const PUBLIC_SUBSCRIPTION_PAGES = [
  '/subscriptions/packages/',
  '/subscriptions/packages/students/',
  '/subscriptions/faq/',
  '/subscriptions/executive/',
  '/subscriptions/groups/',
];
/** A page is private when it belongs to a reader (saved jobs, the partner hub too), an admin, a draft's preview, or a step of buying or cancelling. */
const isPrivatePage = (path: string) =>
  path.startsWith('/user/') ||
  path.startsWith('/careers/your-jobs/') ||
  path.startsWith('/my-bof/') ||
  path.startsWith('/admin/') ||
  path.startsWith('/_preview/') ||
  (path.startsWith('/subscriptions/') && !PUBLIC_SUBSCRIPTION_PAGES.includes(path));

describe('robots.txt', () => {
  it('lets search engines index the public pages, the packages pages among them', () => {
    for (const path of ['/', '/articles/a-story/', '/topics/luxury/', '/authors/someone/', '/legal/', ...PUBLIC_SUBSCRIPTION_PAGES]) {
      expect(isAllowed(path), path).toBe(true);
    }
  });

  it('keeps out account, admin, payment, upgrade, cancellation and confirmation pages and the API endpoints', () => {
    for (const path of [
      '/user/account/',
      '/user/membership/',
      '/admin/analytics/',
      '/subscriptions/individuals/payment/',
      '/subscriptions/students/validation/',
      '/subscriptions/students/payment/',
      '/subscriptions/students/confirmation/',
      '/subscriptions/upgrade/',
      '/subscriptions/upgrade/payment/',
      '/subscriptions/cancel/',
      '/subscriptions/cancel/confirmation/',
      '/subscriptions/organisations/payment/',
      '/graphql',
      '/trpc/account.userData',
      '/identity/self-service/login/browser',
      '/api/consent',
      '/_dev/mail/',
      '/_sandbox/billing/tokens',
    ]) {
      expect(isAllowed(path), path).toBe(false);
    }
  });

  it('classifies every page route: private ones are kept out, the others are indexable', () => {
    const pages = routes.flatMap((route) => (route.path && route.path !== '*' ? [`/${route.path}/`] : []));
    expect(pages).toContain('/subscriptions/packages/');
    for (const path of pages) expect(isAllowed(path), path).toBe(!isPrivatePage(path));
  });
});
