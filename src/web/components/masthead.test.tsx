import { renderToString } from 'react-dom/server';
import { matchRoutes, MemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../shared/auth/audience.ts';
import { paths } from '../../shared/paths.ts';
import routes from '../routes.ts';
import { Masthead } from './masthead.tsx';

function render(audience: Audience) {
  return renderToString(
    <MemoryRouter>
      <Masthead productName="Atelier" sections={[]} series={[]} audience={audience} />
    </MemoryRouter>,
  );
}

describe('Masthead account state (server render)', () => {
  it('offers Sign in and Subscribe to an anonymous reader', () => {
    const html = render('anonymous');
    expect(html).toContain('href="/user/login/"');
    expect(html).toContain('>Subscribe</a>');
    expect(html).not.toContain('<details');
  });

  it('gives a signed-in reader a closed account disclosure with the account links and Sign out', () => {
    const html = render('registered');
    expect(html).not.toContain('>Sign in</a>');
    expect(html).toMatch(/<details class="account-menu"><summary class="account-menu__toggle">My account<\/summary>/);
    for (const href of ['/user/account/', '/user/membership/', '/user/logout/']) expect(html).toContain(`href="${href}"`);
    // A shared page names no one: "Signed in as" is filled in by the browser from the cookie.
    expect(html).not.toContain('Signed in as');
    // Not a member yet: still offered a subscription, no badge.
    expect(html).toContain('>Subscribe</a>');
    expect(html).not.toContain('>Member</span>');
  });

  it('shows members their badge and no Subscribe button', () => {
    const html = render('member');
    expect(html).toContain('<span class="badge account-menu__badge">Member</span>');
    expect(html).not.toContain('>Subscribe</a>');
  });
});

// The app's route table without its catch-all: a link that only the not-found page answers is dead.
const pages: RouteObject[] = routes.filter((r) => r.path !== '*').map((r) => ({ path: r.path ?? '/', index: r.index }) as RouteObject);
const isPage = (href: string) => matchRoutes(pages, new URL(href, 'http://site.test').pathname) !== null;

describe('Links to pages that exist', () => {
  it('the masthead links only to pages the app has, for every kind of reader', () => {
    for (const audience of ['anonymous', 'registered', 'member'] as const) {
      const hrefs = [...render(audience).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((href) => href.startsWith('/'));
      expect(hrefs.length).toBeGreaterThan(2);
      expect(hrefs.filter((href) => !isPage(href))).toEqual([]);
    }
  });

  it('every shared page path names a page the app has', () => {
    // Called without arguments: a slug parameter reads "undefined", which still names its route.
    const fixed = Object.values(paths).map((path) => (path as () => string)());
    expect(fixed.filter((href) => !href.endsWith('.xml') && !isPage(href))).toEqual([]);
  });
});
