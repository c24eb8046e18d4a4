// Which sign-in or registration a page load finishes (SPEC §3 user_complete_login,
// user_complete_registration). The sign-in and registration forms post straight to the identity
// provider, which redirects to where the reader was going; that page is loaded with the form's page
// as its referrer (our Referrer-Policy keeps same-origin paths). So: a fresh navigation, signed in,
// that came from /user/login/ or /user/register/ and is not itself a sign-in screen (a wrong
// password or a code to enter shows the form again) is the end of that flow.
import type { EventName } from '../../shared/analytics/events.ts';

export type SignInCompletion = Extract<EventName, 'user_complete_login' | 'user_complete_registration'>;

const FORM_PAGES: readonly (readonly [string, SignInCompletion])[] = [
  ['/user/login', 'user_complete_login'],
  ['/user/register', 'user_complete_registration'],
];
/** Screens that mean the flow is still going (or failed), not done. */
const STILL_SIGNING_IN = ['/user/login', '/user/register', '/user/recovery', '/user/error'];

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export interface PageLoad {
  /** document.referrer ('' when none). */
  referrer: string;
  /** location.href */
  url: string;
  /** The navigation timing type: navigate, reload, back_forward or prerender. */
  navigationType: string | undefined;
  signedIn: boolean;
}

export function completedSignIn({ referrer, url, navigationType, signedIn }: PageLoad): SignInCompletion | null {
  // A reload or a step back keeps the old referrer: only a fresh navigation counts, once.
  if (!signedIn || !referrer || navigationType !== 'navigate') return null;
  let from: URL;
  let here: URL;
  try {
    from = new URL(referrer);
    here = new URL(url);
  } catch {
    return null;
  }
  if (from.origin !== here.origin) return null;
  if (STILL_SIGNING_IN.some((prefix) => isUnder(here.pathname, prefix))) return null;
  return FORM_PAGES.find(([prefix]) => isUnder(from.pathname, prefix))?.[1] ?? null;
}

/** The current document's navigation type, from the Navigation Timing API. */
export function navigationType(win: Pick<Window, 'performance'> = window): string | undefined {
  const [entry] = win.performance?.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type;
}
