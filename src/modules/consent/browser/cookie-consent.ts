// cookie-consent.js (SPEC §1, §3, §4; DESIGN §6; BRAND): the consent banner, its preferences
// popup, the consent cookie and the `window.atelierConsent` API the app reads. Served from the
// static base URL, compiled by tsc on its own (docs/decisions/006): it must import nothing, and
// the app imports only its types (a value import would install a second copy in the app bundle).

export const CONSENT_CATEGORIES = ['nonessential', 'embeds'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export const CONSENT_COOKIE = 'cc_cookie';
/** One year, in seconds. */
export const CONSENT_COOKIE_MAX_AGE = 31_536_000;
/** Bump to ask everyone again (a new purpose or vendor); older cookies then count as no decision. */
export const CONSENT_REVISION = 1;
/** The wording and layout shown; recorded with every decision so it can be proven later. */
export const BANNER_VERSION = '2026-11-1';
export const READY_EVENT = 'atelier:consent-ready';

export const CONSENT_ACTIONS = ['accept_all', 'reject_all', 'custom'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];
/** banner: the bar at the bottom; popup: the preferences dialog. */
export const CONSENT_VARIANTS = ['banner', 'popup'] as const;
export type ConsentVariant = (typeof CONSENT_VARIANTS)[number];

/** What the consent cookie holds (JSON). */
export interface ConsentState {
  categories: ConsentCategory[];
  revision: number;
  /** Anonymous id of this browser's decisions, kept with each server-side record. */
  consentId: string;
  /** First decision, ISO 8601. */
  consentTimestamp: string;
  /** Latest decision, ISO 8601. */
  lastConsentTimestamp: string;
}

export interface ConsentChange {
  state: ConsentState;
  action: ConsentAction;
  variant: ConsentVariant;
  /** Categories accepted before this decision. */
  previous: ConsentCategory[];
}

export interface ConsentStartOptions {
  /** The signed-in user's id; null when signed out. */
  userId: string | null;
  /** Where decisions are recorded (POST), e.g. /api/consent. */
  recordUrl: string;
  /** How to ask when there is no decision yet. Default banner. */
  variant?: ConsentVariant;
  /** Link to the privacy notice. Default /legal/#privacy. */
  privacyUrl?: string;
}

export interface ConsentApi {
  readonly bannerVersion: string;
  /** Reads the cookie and asks when there is no current decision. Later calls only update the user. */
  start(options: ConsentStartOptions): void;
  /** The current decision; null until one is made. */
  getState(): ConsentState | null;
  acceptedCategory(category: ConsentCategory): boolean;
  /** Called after every decision; returns the unsubscribe function. */
  onChange(listener: (change: ConsentChange) => void): () => void;
  /** Opens the preferences popup (e.g. from "Cookie preferences" in the footer). */
  showPreferences(): void;
  /** Decides exactly these categories without the UI (the embed placeholder's "Allow embeds" passes the current ones plus embeds). */
  accept(categories: readonly ConsentCategory[], variant?: ConsentVariant): void;
}

declare global {
  interface Window {
    atelierConsent?: ConsentApi;
  }
}

// ---------------------------------------------------------------------------------------------
// The cookie (pure)

export function isConsentCategory(value: unknown): value is ConsentCategory {
  return typeof value === 'string' && (CONSENT_CATEGORIES as readonly string[]).includes(value);
}

/** Reads the consent cookie from a `document.cookie` string; null when absent, malformed or of an older revision. */
export function parseConsentCookie(cookieHeader: string, revision = CONSENT_REVISION): ConsentState | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()));
      if (typeof value !== 'object' || value === null) return null;
      const state = value as Record<string, unknown>;
      if (!Array.isArray(state.categories) || state.revision !== revision || typeof state.consentId !== 'string') return null;
      const consentTimestamp = typeof state.consentTimestamp === 'string' ? state.consentTimestamp : '';
      return {
        categories: normaliseCategories(state.categories.filter(isConsentCategory)),
        revision,
        consentId: state.consentId,
        consentTimestamp,
        lastConsentTimestamp: typeof state.lastConsentTimestamp === 'string' ? state.lastConsentTimestamp : consentTimestamp,
      };
    } catch {
      return null;
    }
  }
  return null;
}

/** The Set-Cookie-style string for `document.cookie`. */
export function serializeConsentCookie(state: ConsentState, { secure }: { secure: boolean }): string {
  const value = encodeURIComponent(JSON.stringify(state));
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Known categories once each, in catalogue order. */
export function normaliseCategories(categories: readonly string[]): ConsentCategory[] {
  return CONSENT_CATEGORIES.filter((category) => categories.includes(category));
}

export function categoriesFor(action: Exclude<ConsentAction, 'custom'>): ConsentCategory[] {
  return action === 'accept_all' ? [...CONSENT_CATEGORIES] : [];
}

/** The next cookie value after a decision; keeps the consent id and first timestamp. */
export function nextConsentState(
  previous: ConsentState | null,
  categories: readonly string[],
  { now, newId }: { now: Date; newId: () => string },
): ConsentState {
  const at = now.toISOString();
  return {
    categories: normaliseCategories(categories),
    revision: CONSENT_REVISION,
    consentId: previous?.consentId ?? newId(),
    consentTimestamp: previous?.consentTimestamp || at,
    lastConsentTimestamp: at,
  };
}

/** What POST /api/consent receives. */
export function consentRecord(change: ConsentChange, userId: string | null) {
  return {
    consentId: change.state.consentId,
    userId,
    categories: change.state.categories,
    action: change.action,
    variant: change.variant,
    bannerVersion: BANNER_VERSION,
  };
}

// ---------------------------------------------------------------------------------------------
// The UI and the window API (browser only)

const COPY = {
  title: 'Your privacy',
  text: 'We use essential cookies to run this site. With your permission we also use analytics and advertising cookies to learn how our journalism is read and to measure our marketing, and we show video from other sites.',
  privacy: 'Privacy policy',
  acceptAll: 'Accept all',
  reject: 'Reject non-essential',
  preferences: 'Preferences',
  save: 'Save preferences',
  prefsTitle: 'Cookie preferences',
  prefsText: 'Choose which cookies we may use. You can change this at any time from “Cookie preferences” at the foot of every page.',
  close: 'Close',
  categories: [
    { id: 'essential', label: 'Essential', text: 'Sign-in, security and remembering these choices. Always on.' },
    {
      id: 'nonessential',
      label: 'Analytics and advertising',
      text: 'Measuring how stories are read, and our advertising partners’ pixels and tags.',
    },
    { id: 'embeds', label: 'Embedded media', text: 'Video and other content from other sites, which may set cookies of their own.' },
  ],
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function newConsentId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: a v4-shaped id from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function createConsent(doc: Document): ConsentApi {
  const listeners = new Set<(change: ConsentChange) => void>();
  let state: ConsentState | null = parseConsentCookie(doc.cookie);
  let options: ConsentStartOptions | null = null;
  let banner: HTMLElement | null = null;
  let dialog: HTMLDialogElement | null = null;
  /** Where focus goes back to when the UI closes. */
  let returnFocus: HTMLElement | null = null;
  let stylesheet: Promise<void> | null = null;

  /**
   * cookie-consent.css, beside this script (same ?v=), fetched only when there is something to show:
   * most readers decided long ago, and a stylesheet in <head> would hold up every page's first paint.
   */
  function stylesheetLoaded(): Promise<void> {
    stylesheet ??= new Promise((resolve) => {
      const url = new URL(import.meta.url);
      url.pathname = url.pathname.replace(/\.js$/, '.css');
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = url.href;
      // Should it fail, the banner still shows, unstyled, rather than never.
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
      doc.head.append(link);
    });
    return stylesheet;
  }

  function decide(categories: readonly ConsentCategory[], action: ConsentAction, variant: ConsentVariant) {
    const previous = state?.categories ?? [];
    state = nextConsentState(state, categories, { now: new Date(), newId: newConsentId });
    doc.cookie = serializeConsentCookie(state, { secure: doc.location.protocol === 'https:' });
    closeUi();
    const change: ConsentChange = { state, action, variant, previous };
    record(change);
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch (error) {
        // One broken subscriber must not stop the others (e.g. the tracker) from hearing the change.
        console.error(error);
      }
    }
  }

  function record(change: ConsentChange) {
    if (!options) return;
    // keepalive: the decision is often followed at once by a navigation.
    void fetch(options.recordUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(consentRecord(change, options.userId)),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {
      // The cookie still holds the decision; only this record is missing (not retried).
    });
  }

  /** Accept and reject side by side, equally easy to reach; accept is the primary action only on the banner. */
  function actionButtons({ acceptPrimary }: { acceptPrimary: boolean }): string {
    return `<button type="button" class="cc-button${acceptPrimary ? ' cc-button--primary' : ''}" data-cc="accept_all">${COPY.acceptAll}</button><button type="button" class="cc-button" data-cc="reject_all">${COPY.reject}</button>`;
  }

  function showBanner() {
    if (banner || !options) return;
    banner = doc.createElement('section');
    banner.className = 'cc-banner';
    banner.setAttribute('aria-labelledby', 'cc-banner-title');
    banner.setAttribute('aria-describedby', 'cc-banner-text');
    banner.dataset.ccVersion = BANNER_VERSION;
    banner.innerHTML = `<div class="cc-banner__inner">
<div class="cc-banner__copy">
<h2 id="cc-banner-title" class="cc-title">${COPY.title}</h2>
<p id="cc-banner-text" class="cc-text">${COPY.text} <a href="${escapeHtml(options.privacyUrl ?? '/legal/#privacy')}">${COPY.privacy}</a></p>
</div>
<div class="cc-actions">${actionButtons({ acceptPrimary: true })}<button type="button" class="cc-button cc-button--quiet" data-cc="preferences" aria-haspopup="dialog">${COPY.preferences}</button></div>
</div>`;
    banner.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-cc]');
      if (!button) return;
      const what = button.dataset.cc;
      if (what === 'accept_all' || what === 'reject_all') decide(categoriesFor(what), what, 'banner');
      else if (what === 'preferences') showPreferences(button);
    });
    // Early in the tab order (just after a skip link) but never focused by force; fixed in place by
    // the stylesheet, so it moves no content.
    const skipLink = doc.body.firstElementChild?.matches('a[href^="#"]') ? doc.body.firstElementChild : null;
    if (skipLink) skipLink.after(banner);
    else doc.body.prepend(banner);
  }

  function showPreferences(opener?: HTMLElement) {
    if (!dialog) dialog = buildDialog();
    if (dialog.open) return;
    returnFocus = opener ?? (doc.activeElement instanceof HTMLElement ? doc.activeElement : null);
    for (const category of CONSENT_CATEGORIES) {
      const box = dialog.querySelector<HTMLInputElement>(`input[name="${category}"]`);
      if (box) box.checked = state?.categories.includes(category) ?? false;
    }
    dialog.showModal();
    dialog.querySelector<HTMLInputElement>('input[name="nonessential"]')?.focus();
  }

  function buildDialog(): HTMLDialogElement {
    const element = doc.createElement('dialog');
    element.className = 'cc-dialog';
    element.setAttribute('aria-labelledby', 'cc-dialog-title');
    element.setAttribute('aria-describedby', 'cc-dialog-text');
    const rows = COPY.categories
      .map(({ id, label, text }) => {
        const fixed = id === 'essential';
        return `<div class="cc-category">
<input type="checkbox" id="cc-category-${id}" name="${id}"${fixed ? ' checked disabled' : ''} aria-describedby="cc-category-${id}-text">
<label for="cc-category-${id}">${label}</label>
<p id="cc-category-${id}-text" class="cc-category__text">${text}</p>
</div>`;
      })
      .join('\n');
    element.innerHTML = `<form method="dialog" class="cc-dialog__form">
<h2 id="cc-dialog-title" class="cc-title">${COPY.prefsTitle}</h2>
<p id="cc-dialog-text" class="cc-text">${COPY.prefsText}</p>
<fieldset class="cc-categories"><legend class="cc-visually-hidden">Cookie categories</legend>
${rows}
</fieldset>
<div class="cc-actions"><button type="button" class="cc-button cc-button--primary" data-cc="save">${COPY.save}</button>${actionButtons({ acceptPrimary: false })}</div>
<button type="button" class="cc-close" data-cc="close" aria-label="${COPY.close}">×</button>
</form>`;
    element.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-cc]');
      if (!button) return;
      const what = button.dataset.cc;
      if (what === 'accept_all' || what === 'reject_all') decide(categoriesFor(what), what, 'popup');
      else if (what === 'save') {
        const chosen = CONSENT_CATEGORIES.filter(
          (category) => element.querySelector<HTMLInputElement>(`input[name="${category}"]`)?.checked,
        );
        decide(chosen, 'custom', 'popup');
      } else if (what === 'close') closeDialog();
    });
    // Escape closes without deciding; the banner then asks until there is a decision.
    element.addEventListener('close', () => {
      restoreFocus();
      if (!state) showBanner();
    });
    doc.body.append(element);
    return element;
  }

  function closeDialog() {
    if (dialog?.open) dialog.close();
  }

  function restoreFocus() {
    const target = returnFocus && returnFocus.isConnected ? returnFocus : null;
    returnFocus = null;
    if (target) target.focus({ preventScroll: true });
    else if (doc.activeElement === doc.body || !doc.activeElement) doc.getElementById('main')?.focus({ preventScroll: true });
  }

  function closeUi() {
    const hadFocus = banner?.contains(doc.activeElement) ?? false;
    if (banner && returnFocus && banner.contains(returnFocus)) returnFocus = null;
    banner?.remove();
    banner = null;
    if (dialog?.open) dialog.close();
    // The focused button is gone: continue from the main content rather than the top of the page.
    else if (hadFocus) doc.getElementById('main')?.focus({ preventScroll: true });
  }

  return {
    bannerVersion: BANNER_VERSION,
    start(startOptions) {
      const first = options === null;
      options = { ...startOptions };
      if (!first) return;
      if (state) return;
      void stylesheetLoaded().then(() => {
        if (state) return;
        if (startOptions.variant === 'popup') showPreferences();
        else showBanner();
      });
    },
    getState: () => state,
    acceptedCategory: (category) => state?.categories.includes(category) ?? false,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showPreferences: () => void stylesheetLoaded().then(() => showPreferences()),
    accept(categories, variant = 'banner') {
      decide(normaliseCategories(categories), 'custom', variant);
    },
  };
}

if (typeof window !== 'undefined' && typeof document !== 'undefined' && !window.atelierConsent) {
  window.atelierConsent = createConsent(document);
  document.dispatchEvent(new CustomEvent(READY_EVENT));
}
