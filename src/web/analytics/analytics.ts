// The app's analytics entry points: one tracker proxy per page, `trackEvent`/`trackPage` for
// components, and `startAnalytics`, which starts consent and wires the destinations to it
// (SPEC §1 "cookie consent, page-view tracking"; §4; §7).
import type { ConsentChange } from '../../modules/consent/browser/cookie-consent.ts';
import type { EventName, EventPayloads } from '../../shared/analytics/events.ts';
import type { PublicConfig } from '../../config/config.ts';
import { createCookieReader, MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import { sessionUserFromTokens } from '../../shared/auth/session-user.ts';
import { startConsent } from '../consent/consent-service.ts';
import { operatorTags, type TagWindow } from '../consent/gated-tags.ts';
import { hasAnalyticsConsent } from '../consent/tag-consent.ts';
import { installErrorReporting } from './error-reporting.ts';
import { completedSignIn, navigationType } from './sign-in-completion.ts';
import { createSnowplowDestination } from './snowplow-destination.ts';
import { createTrackerProxy, type PageView, type TrackerProxy, type TrackerState } from './tracker-proxy.ts';

/** On <html data-analytics>: pending, active or deactivated — for people debugging, and browser tests. */
export const STATE_ATTRIBUTE = 'analytics';

let proxy: TrackerProxy | null = null;
let started = false;

function tracker(): TrackerProxy | null {
  if (typeof window === 'undefined') return null;
  proxy ??= createTrackerProxy({
    onStateChange: (state: TrackerState) => {
      document.documentElement.dataset[STATE_ATTRIBUTE] = state;
    },
  });
  return proxy;
}

/** A catalogue event; queued until consent, dropped (and logged) if it is invalid or consent was refused. */
export function trackEvent<N extends Exclude<EventName, 'page_view'>>(name: N, payload: EventPayloads[N]): void {
  tracker()?.track(name, payload);
}

export function trackPage(page: PageView): void {
  tracker()?.page(page);
}

/** The signed-in user's id from the session cookie, null when signed out (decoded, not verified). */
export function currentUserId(): string | null {
  const cookies = createCookieReader(() => document.cookie);
  const user = sessionUserFromTokens(cookies.get(MAIN_TOKEN_COOKIE), cookies.get(PAYWALL_TOKEN_COOKIE));
  return user.isLoggedIn ? user.id : null;
}

type AnalyticsConfig = Pick<PublicConfig, 'endpoints' | 'analytics'>;

/**
 * Once per page, in the browser: error reporting, the destinations, then consent. Resolves when
 * consent has started; a consent script that never loads leaves analytics pending (nothing sent).
 */
export async function startAnalytics(config: AnalyticsConfig): Promise<void> {
  const proxy = tracker();
  if (!proxy || started) return;
  started = true;
  document.documentElement.dataset[STATE_ATTRIBUTE] = proxy.state;
  installErrorReporting(window, (payload) => proxy.track('application_error', payload));

  const pageUrl = window.location.href;
  const win = window as Window & TagWindow;
  proxy.addDestination(
    createSnowplowDestination({ appId: config.analytics.appId, collectorUrl: config.endpoints.analyticsCollector, pageUrl }),
  );
  for (const tag of operatorTags(config.analytics, { win, pageUrl })) proxy.addDestination(tag);

  const userId = currentUserId();
  proxy.setUser(userId);
  // The end of a sign-in or registration: this page was loaded by the identity provider's redirect.
  const completed = completedSignIn({
    referrer: document.referrer,
    url: window.location.href,
    navigationType: navigationType(),
    signedIn: userId !== null,
  });
  if (completed) proxy.track(completed, {});
  const consent = await startConsent({
    staticBaseUrl: config.endpoints.staticAssets,
    getUser: () => userId,
    recordUrl: `${config.endpoints.apiBase.replace(/\/+$/, '')}/consent`,
  });
  const decided = consent.getState();
  // No decision yet: the banner is showing. Its view waits in the queue like every call before the
  // decision — sent if analytics is accepted, dropped with the queue if not (CONTEXT.md).
  if (decided === null) proxy.track('user_view_consent', { consentVariant: 'banner', interactionMode: 'non-blocking' });
  proxy.setConsent(decided?.categories ?? null);
  consent.onChange((change: ConsentChange) => {
    proxy.setConsent(change.state.categories);
    // Sent only with analytics consent (the catalogue's rule for user_submit_consent).
    if (hasAnalyticsConsent(change.state.categories)) {
      proxy.track('user_submit_consent', {
        consentState: change.state.categories,
        consentVariant: change.variant,
        interactionMode: change.variant === 'banner' ? 'non-blocking' : 'blocking',
      });
    }
  });
}
