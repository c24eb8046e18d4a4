// The app's analytics entry points: `trackEvent`/`trackPage` for components, and `startAnalytics`,
// which starts consent and, once someone has decided, the one tracker proxy of the page with its
// destinations (tracker.ts) (SPEC §1 "cookie consent, page-view tracking"; §4; §7).
import type { ConsentChange } from '../../modules/consent/browser/cookie-consent.ts';
import type { EventName, EventPayloads } from '../../shared/analytics/events.ts';
import type { PublicConfig } from '../../config/config.ts';
import { createCookieReader, MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import { sessionUserFromTokens } from '../../shared/auth/session-user.ts';
import { startConsent } from '../consent/consent-service.ts';
import { hasAnalyticsConsent } from '../consent/tag-consent.ts';
import { installErrorReporting } from './error-reporting.ts';
import { completedSignIn, navigationType } from './sign-in-completion.ts';
import type { PageView, TrackerProxy, TrackerState } from './tracker-proxy.ts';

/** On <html data-analytics>: pending, active or deactivated — for people debugging, and browser tests. */
export const STATE_ATTRIBUTE = 'analytics';

/** Same bound as the tracker proxy's queue (MAX_QUEUED_EVENTS), for the calls made before it loads. */
const MAX_EARLY_CALLS = 1000;

type TrackName = Exclude<EventName, 'page_view'>;
type EarlyCall = { kind: 'page'; page: PageView; at: number } | { kind: 'track'; name: TrackName; payload: unknown; at: number };

// The tracker proxy (tracker.ts, with the zod catalogue and the destinations) loads only once
// consent is decided (issue 15): until then calls wait here, as they would wait in its queue, and
// are handed to it with their own time when it loads. Undecided, nothing could be sent anyway.
let proxy: TrackerProxy | null = null;
let loading: Promise<TrackerProxy> | null = null;
let early: EarlyCall[] = [];
let stampAt: number | null = null;
let started = false;

function setStateAttribute(state: TrackerState) {
  document.documentElement.dataset[STATE_ATTRIBUTE] = state;
}

function remember(call: EarlyCall) {
  early.push(call);
  if (early.length > MAX_EARLY_CALLS) early.splice(0, early.length - MAX_EARLY_CALLS);
}

/** A catalogue event; queued until consent, dropped (and logged) if it is invalid or consent was refused. */
export function trackEvent<N extends TrackName>(name: N, payload: EventPayloads[N]): void {
  if (typeof window === 'undefined') return;
  if (proxy) proxy.track(name, payload);
  else remember({ kind: 'track', name, payload, at: Date.now() });
}

export function trackPage(page: PageView): void {
  if (typeof window === 'undefined') return;
  if (proxy) proxy.page(page);
  else remember({ kind: 'page', page, at: Date.now() });
}

/** The signed-in user's id from the session cookie, null when signed out (decoded, not verified). */
export function currentUserId(): string | null {
  const cookies = createCookieReader(() => document.cookie);
  const user = sessionUserFromTokens(cookies.get(MAIN_TOKEN_COOKIE), cookies.get(PAYWALL_TOKEN_COOKIE));
  return user.isLoggedIn ? user.id : null;
}

type AnalyticsConfig = Pick<PublicConfig, 'endpoints' | 'analytics'>;

/** Loads the tracker once, hands it the early calls, then runs `then` (in call order). */
function withTracker(config: AnalyticsConfig, userId: string | null, then: (tracker: TrackerProxy) => void) {
  loading ??= import('./tracker.ts').then(({ createTracker }) => {
    const created = createTracker({ config, onStateChange: setStateAttribute, now: () => stampAt ?? Date.now() });
    created.setUser(userId);
    for (const call of early) {
      stampAt = call.at;
      if (call.kind === 'page') created.page(call.page);
      else created.track(call.name, call.payload as never);
    }
    stampAt = null;
    early = [];
    proxy = created;
    return created;
  });
  loading.then(then, (error: unknown) => console.error('Analytics could not load', error));
}

/**
 * Once per page, in the browser: error reporting, then consent, then (once someone has decided)
 * the tracker and its destinations. Resolves when consent has started; a consent script that never
 * loads leaves analytics pending (nothing sent, nothing more loaded).
 */
export async function startAnalytics(config: AnalyticsConfig): Promise<void> {
  if (typeof window === 'undefined' || started) return;
  started = true;
  setStateAttribute(proxy?.state ?? 'pending');
  installErrorReporting(window, (payload) => trackEvent('application_error', payload));

  const userId = currentUserId();
  // The end of a sign-in or registration: this page was loaded by the identity provider's redirect.
  const completed = completedSignIn({
    referrer: document.referrer,
    url: window.location.href,
    navigationType: navigationType(),
    signedIn: userId !== null,
  });
  if (completed) trackEvent(completed, {});
  const consent = await startConsent({
    staticBaseUrl: config.endpoints.staticAssets,
    getUser: () => userId,
    recordUrl: `${config.endpoints.apiBase.replace(/\/+$/, '')}/consent`,
  });
  const decided = consent.getState();
  // No decision yet: the banner is showing. Its view waits with every call before the decision —
  // sent if analytics is accepted, dropped if not (CONTEXT.md).
  if (decided === null) trackEvent('user_view_consent', { consentVariant: 'banner', interactionMode: 'non-blocking' });
  else withTracker(config, userId, (tracker) => tracker.setConsent(decided.categories));
  consent.onChange((change: ConsentChange) => {
    const categories = change.state.categories;
    withTracker(config, userId, (tracker) => {
      tracker.setConsent(categories);
      // Sent only with analytics consent (the catalogue's rule for user_submit_consent).
      if (hasAnalyticsConsent(categories)) {
        tracker.track('user_submit_consent', {
          consentState: categories,
          consentVariant: change.variant,
          interactionMode: change.variant === 'banner' ? 'non-blocking' : 'blocking',
        });
      }
    });
  });
}
