import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { SEARCH_TERM_MAX } from '../../shared/search.ts';
import { trackEvent } from '../analytics/analytics.ts';
import type { Audience } from '../../shared/auth/audience.ts';
import { browserAuthStarting, useSessionUser } from '../lib/session.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { SignInLink } from './auth-links.tsx';
import { HydrateLater } from '../lib/hydrate-later.tsx';
import { Prerendered } from '../lib/prerendered.tsx';

interface NavItem {
  slug: string;
  name: string;
}

export function Masthead({
  productName,
  sections,
  series,
  audience,
}: {
  productName: string;
  sections: NavItem[];
  series: NavItem[];
  /** The kind of reader (root.tsx: the page's until the browser has read the cookies). */
  audience: Audience;
}) {
  const signedIn = audience !== 'anonymous';
  const isMember = audience === 'member';
  // The section links, with the current one marked, are kept as the server wrote them when the page
  // hydrates (decision 060), and rendered here again once the reader moves to another page.
  const { pathname } = useLocation();
  const navShows = useMemo(() => ({ pathname, sections, series }), [pathname, sections, series]);
  return (
    <header className="masthead">
      {/* Hydrates in a task after the page's (decision 061): until then the search form and the links
          work as plain HTML, and the account menu opens as a <details>. */}
      <HydrateLater as="div" className="masthead__bar wrap">
        <SearchBox />
        <nav className="masthead__utility" aria-label="Account">
          {!signedIn && <SignInLink className="masthead__signin">Sign in</SignInLink>}
          {!isMember && (
            <Link to={paths.packages()} className="button button--small">
              Subscribe
            </Link>
          )}
          {signedIn && <AccountMenu isMember={isMember} />}
        </nav>
      </HydrateLater>
      <div className="masthead__brand wrap">
        <Link to="/" className="wordmark" aria-label={`${productName} home`}>
          {productName}
        </Link>
        <p className="masthead__tagline">The business of fashion, read closely</p>
      </div>
      <nav className="masthead__nav" aria-label="Sections">
        <Prerendered as="ul" className="wrap" keepWhile={navShows}>
          <li>
            <SectionLink to="/" end>
              Home
            </SectionLink>
          </li>
          {sections.map((s) => (
            <li key={s.slug}>
              <SectionLink to={paths.topic(s.slug)}>{s.name}</SectionLink>
            </li>
          ))}
          {series.map((s) => (
            <li key={s.slug}>
              <SectionLink to={paths.topic(s.slug)}>{s.name}</SectionLink>
            </li>
          ))}
          <li>
            <SectionLink to={paths.topic('case-studies')}>Case Studies</SectionLink>
          </li>
        </Prerendered>
      </nav>
    </header>
  );
}

/**
 * The site search (issue 20): a plain GET form to /search/, so it works before (and without)
 * JavaScript, outside a router too; with JavaScript the submission is tracked (user_submit_search).
 */
function SearchBox() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const term = new FormData(event.currentTarget).get('q');
    if (typeof term === 'string' && term.trim())
      trackEvent('user_submit_search', { searchType: 'site', searchTerm: term.trim().slice(0, 255) });
  };
  return (
    <form method="get" action={paths.search()} role="search" aria-label="Site" className="masthead__search" onSubmit={onSubmit}>
      <label htmlFor="masthead-q" className="visually-hidden">
        Search
      </label>
      <input id="masthead-q" name="q" type="search" placeholder="Search" maxLength={SEARCH_TERM_MAX} className="masthead__search-input" />
      <button type="submit" className="masthead__search-button">
        Search
      </button>
    </form>
  );
}

/**
 * A <details> disclosure: opens and closes without JavaScript, and the summary is a native,
 * focusable toggle. With JavaScript it also closes on Escape, on a click elsewhere and on navigation.
 * The page is shared by every reader of its kind: who is signed in comes from the browser's cookies.
 */
function AccountMenu({ isMember }: { isMember: boolean }) {
  const user = useSessionUser();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  // Close on navigation only: a menu the reader opened before the page hydrated stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const closeOutside = (event: globalThis.MouseEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    document.addEventListener('click', closeOutside);
    return () => document.removeEventListener('click', closeOutside);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector('summary')?.focus();
  };

  // With the auth client running, sign out straight from here (§4 Logout: back to this page);
  // otherwise the link's page does it.
  const signOut = (event: MouseEvent<HTMLAnchorElement>) => {
    const auth = browserAuthStarting();
    if (!auth) return;
    event.preventDefault();
    setSigningOut(true);
    // The client may still be loading right after the page appeared: wait for it.
    void auth.then((client) => client.logout()).catch(() => window.location.assign(paths.logout()));
  };

  return (
    <details className="account-menu" ref={menu} onKeyDown={onKeyDown}>
      <summary className="account-menu__toggle">
        My account
        {isMember && <span className="badge account-menu__badge">Member</span>}
      </summary>
      <div className="account-menu__panel">
        {user?.email && (
          <p className="account-menu__who">
            Signed in as <strong>{user.email}</strong>
          </p>
        )}
        <ul className="account-menu__links">
          <li>
            <Link to={paths.account()}>Account details</Link>
          </li>
          <li>
            <Link to={paths.personProfileEditor()}>Your profile</Link>
          </li>
          <li>
            <Link to={paths.following()}>Following</Link>
          </li>
          <li>
            <Link to={paths.yourJobs()}>Saved jobs</Link>
          </li>
          <li>
            <Link to={paths.newsletters()}>Newsletters</Link>
          </li>
          <li>
            <Link to={paths.yourTickets()}>Your tickets</Link>
          </li>
          {isMember && (
            <li>
              <Link to={paths.gifts()}>Gift links</Link>
            </li>
          )}
          <li>
            <Link to={paths.membership()}>Membership</Link>
          </li>
          {/* A seat on a team (the token's membership type), or one waiting for this address: the team's pages. */}
          {(user?.membershipType.toLowerCase() === 'group' || user?.unclaimedMembershipAccountId) && (
            <li>
              <Link to={paths.organisationUsers()}>Your team</Link>
            </li>
          )}
          {/* From the browser's cookie, as "Signed in as": the shared page does not say who is an admin. */}
          {user?.isBofAdmin && (
            <>
              <li>
                <Link to={paths.adminAnalytics()}>Admin: analytics</Link>
              </li>
              <li>
                <Link to={paths.adminEnquiries()}>Admin: enquiries</Link>
              </li>
            </>
          )}
          <li>
            <a href={paths.logout()} onClick={signOut} aria-disabled={signingOut || undefined}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </a>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * A section's link, marked current on its pages. Not NavLink: React Router gives the server the
 * path without its trailing slash and the browser with it, so NavLink marked a section current in
 * the browser only (a hydration mismatch, and no mark in the page's HTML).
 */
function SectionLink({ to, end = false, children }: { to: string; end?: boolean; children: ReactNode }) {
  const here = canonicalUrl('', useLocation().pathname);
  const current = end ? here === to : here.startsWith(to);
  return (
    <Link to={to} className={current ? 'active' : ''} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
