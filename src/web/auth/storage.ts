// Browser storage for the §3 keys: every key carries one fixed prefix and every value expires,
// so a stale redirect or flag left behind by an abandoned journey cannot resurface weeks later.

/** The part of the Web Storage API used here; `window.localStorage` fits. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const STORAGE_PREFIX = 'bof-';

/** Key names (without the prefix) of the §3 browser storage keys. */
export const STORAGE_KEYS = Object.freeze({
  /** Post-login / post-logout redirect target; stored as `bof-auth-redirect-to` (§9). */
  authRedirectTo: 'auth-redirect-to',
  userRedirectTo: 'user-redirect-to',
  wallJourney: 'wall-journey',
  samplingBannerRedirect: 'sampling-banner-redirect',
  ssoDebug: 'sso-debug',
  brainOfFashionConsent: 'brain-of-fashion-consent',
});

/** How long a value lives when the caller does not say: a week. */
export const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A redirect only has to outlive one round trip through the identity provider. */
export const REDIRECT_TTL_MS = 60 * 60 * 1000;

export interface ExpiringStorage {
  /** The value under `STORAGE_PREFIX + name`, or null when missing, expired or unreadable. */
  get(name: string): string | null;
  set(name: string, value: string, ttlMs?: number): void;
  remove(name: string): void;
}

export interface ExpiringStorageDeps {
  storage: StorageLike;
  /** Milliseconds since the epoch. */
  now: () => number;
}

interface Envelope {
  value: string;
  expiresAt: number;
}

export function storageKey(name: string): string {
  return STORAGE_PREFIX + name;
}

export function createExpiringStorage({ storage, now }: ExpiringStorageDeps): ExpiringStorage {
  // Storage access throws in some private modes and when the quota is full; losing a redirect or
  // a flag is better than breaking sign-in, so failures read as "nothing stored".
  const remove = (name: string): void => {
    try {
      storage.removeItem(storageKey(name));
    } catch {
      // see above
    }
  };
  return {
    get(name) {
      let raw: string | null;
      try {
        raw = storage.getItem(storageKey(name));
      } catch {
        return null;
      }
      if (raw === null) return null;
      const envelope = parseEnvelope(raw);
      if (!envelope || envelope.expiresAt <= now()) {
        remove(name);
        return null;
      }
      return envelope.value;
    },
    set(name, value, ttlMs = DEFAULT_TTL_MS) {
      const envelope: Envelope = { value, expiresAt: now() + ttlMs };
      try {
        storage.setItem(storageKey(name), JSON.stringify(envelope));
      } catch {
        // see above
      }
    },
    remove,
  };
}

function parseEnvelope(raw: string): Envelope | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { value, expiresAt } = parsed as Record<string, unknown>;
    return typeof value === 'string' && typeof expiresAt === 'number' ? { value, expiresAt } : null;
  } catch {
    return null;
  }
}

// ---- Login redirect storage (§4) ----

const LOGIN_UNSAFE = ['/user/confirm-email'];
const LOGOUT_UNSAFE = ['/user/one-more-step', '/user/logout'];

/**
 * The absolute URL to return to after login. Default is the current page; a confirm-email link
 * would replay a used token, so it becomes the home page.
 */
export function loginRedirectTarget(target: string | undefined, currentUrl: string): string {
  return redirectTarget(target, currentUrl, LOGIN_UNSAFE);
}

/**
 * The absolute URL to return to after logout. Default is the current page; the one-more-step and
 * logout pages only make sense signed in (or would log out again), so they become the home page.
 */
export function logoutRedirectTarget(target: string | undefined, currentUrl: string): string {
  return redirectTarget(target, currentUrl, LOGOUT_UNSAFE);
}

function redirectTarget(target: string | undefined, currentUrl: string, unsafe: readonly string[]): string {
  const home = new URL('/', currentUrl).href;
  let url: URL;
  try {
    url = new URL(target || currentUrl, currentUrl);
  } catch {
    return home;
  }
  // Anything but http(s) (javascript:, data:) must never be navigated to later.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return home;
  const href = url.href;
  return unsafe.some((part) => href.includes(part)) ? home : href;
}

export interface RedirectStore {
  /** Stores (and returns) the post-login target under `bof-auth-redirect-to`. */
  storeLoginRedirect(target?: string): string;
  /** Stores (and returns) the post-logout target under `bof-auth-redirect-to`. */
  storeLogoutRedirect(target?: string): string;
  readAuthRedirect(): string | null;
  /** Reads and clears the target, so it is followed once. */
  takeAuthRedirect(): string | null;
}

export interface RedirectStoreDeps {
  storage: ExpiringStorage;
  /** The page the user is on (`window.location.href`). */
  currentUrl: () => string;
}

export function createRedirectStore({ storage, currentUrl }: RedirectStoreDeps): RedirectStore {
  const store = (value: string): string => {
    storage.set(STORAGE_KEYS.authRedirectTo, value, REDIRECT_TTL_MS);
    return value;
  };
  return {
    storeLoginRedirect: (target) => store(loginRedirectTarget(target, currentUrl())),
    storeLogoutRedirect: (target) => store(logoutRedirectTarget(target, currentUrl())),
    readAuthRedirect: () => storage.get(STORAGE_KEYS.authRedirectTo),
    takeAuthRedirect() {
      const value = storage.get(STORAGE_KEYS.authRedirectTo);
      storage.remove(STORAGE_KEYS.authRedirectTo);
      return value;
    },
  };
}
