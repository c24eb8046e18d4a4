import { describe, expect, it } from 'vitest';
import { createMemoryStorage, START_MS } from './auth-test-fakes.ts';
import {
  createExpiringStorage,
  createRedirectStore,
  DEFAULT_TTL_MS,
  loginRedirectTarget,
  logoutRedirectTarget,
  REDIRECT_TTL_MS,
  STORAGE_KEYS,
  storageKey,
} from './storage.ts';

const PAGE = 'https://atelier.test/articles/some-story/?ref=home';

function setup(page = PAGE) {
  let now = START_MS;
  const raw = createMemoryStorage();
  const storage = createExpiringStorage({ storage: raw, now: () => now });
  const redirects = createRedirectStore({ storage, currentUrl: () => page });
  return { raw, storage, redirects, advance: (ms: number) => (now += ms) };
}

describe('expiring storage (§3 Browser storage keys)', () => {
  it('names the §3 keys with one fixed prefix, the redirect key being bof-auth-redirect-to', () => {
    expect(storageKey(STORAGE_KEYS.authRedirectTo)).toBe('bof-auth-redirect-to');
    expect(Object.values(STORAGE_KEYS).map(storageKey)).toEqual([
      'bof-auth-redirect-to',
      'bof-user-redirect-to',
      'bof-wall-journey',
      'bof-sampling-banner-redirect',
      'bof-sso-debug',
      'bof-brain-of-fashion-consent',
    ]);
    const { raw, storage } = setup();
    storage.set('anything-else', 'x');
    expect([...raw.items.keys()]).toEqual(['bof-anything-else']);
  });

  it('returns a value until it expires, then forgets it', () => {
    const { raw, storage, advance } = setup();
    storage.set(STORAGE_KEYS.ssoDebug, 'on', 1000);
    advance(999);
    expect(storage.get(STORAGE_KEYS.ssoDebug)).toBe('on');
    advance(1);
    expect(storage.get(STORAGE_KEYS.ssoDebug)).toBeNull();
    expect(raw.items.size).toBe(0);
  });

  it('expires values after a week by default', () => {
    const { storage, advance } = setup();
    storage.set(STORAGE_KEYS.wallJourney, 'paywall');
    advance(DEFAULT_TTL_MS - 1);
    expect(storage.get(STORAGE_KEYS.wallJourney)).toBe('paywall');
    advance(1);
    expect(storage.get(STORAGE_KEYS.wallJourney)).toBeNull();
  });

  it('reads unreadable entries, and a throwing storage, as nothing stored', () => {
    const { raw, storage } = setup();
    raw.setItem('bof-wall-journey', 'legacy-plain-text');
    expect(storage.get(STORAGE_KEYS.wallJourney)).toBeNull();
    const broken = createExpiringStorage({
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => {
          throw new Error('SecurityError');
        },
      },
      now: () => START_MS,
    });
    expect(() => broken.set('x', 'y')).not.toThrow();
    expect(broken.get('x')).toBeNull();
  });
});

describe('login redirect storage (§4)', () => {
  it('on login replaces a redirect containing /user/confirm-email with /', () => {
    expect(loginRedirectTarget('/user/confirm-email?token=abc', PAGE)).toBe('https://atelier.test/');
    expect(loginRedirectTarget('https://atelier.test/user/confirm-email', PAGE)).toBe('https://atelier.test/');
    // Only login has this rule.
    expect(logoutRedirectTarget('/user/confirm-email', PAGE)).toBe('https://atelier.test/user/confirm-email');
  });

  it('on logout replaces a redirect containing /user/one-more-step or /user/logout with /', () => {
    expect(logoutRedirectTarget('/user/one-more-step/?flow=professional', PAGE)).toBe('https://atelier.test/');
    expect(logoutRedirectTarget('/user/logout/', PAGE)).toBe('https://atelier.test/');
    // Only logout has these rules.
    expect(loginRedirectTarget('/user/one-more-step/', PAGE)).toBe('https://atelier.test/user/one-more-step/');
  });

  it('makes relative targets absolute', () => {
    expect(loginRedirectTarget('/subscriptions/packages/', PAGE)).toBe('https://atelier.test/subscriptions/packages/');
    expect(loginRedirectTarget('next-story/', PAGE)).toBe('https://atelier.test/articles/some-story/next-story/');
    expect(logoutRedirectTarget('/events/', PAGE)).toBe('https://atelier.test/events/');
  });

  it('defaults to the current page', () => {
    expect(loginRedirectTarget(undefined, PAGE)).toBe(PAGE);
    expect(logoutRedirectTarget('', PAGE)).toBe(PAGE);
    expect(logoutRedirectTarget(undefined, 'https://atelier.test/user/logout/')).toBe('https://atelier.test/');
  });

  it('never keeps a script URL', () => {
    expect(loginRedirectTarget('javascript:alert(1)', PAGE)).toBe('https://atelier.test/');
  });

  it('stores the target under bof-auth-redirect-to for an hour, and take reads it once', () => {
    const { raw, redirects, advance } = setup();
    expect(redirects.storeLoginRedirect('/user/confirm-email')).toBe('https://atelier.test/');
    expect(JSON.parse(raw.getItem('bof-auth-redirect-to') ?? '')).toEqual({
      value: 'https://atelier.test/',
      expiresAt: START_MS + REDIRECT_TTL_MS,
    });
    redirects.storeLogoutRedirect();
    expect(redirects.readAuthRedirect()).toBe(PAGE);
    expect(redirects.takeAuthRedirect()).toBe(PAGE);
    expect(redirects.takeAuthRedirect()).toBeNull();
    redirects.storeLoginRedirect();
    advance(REDIRECT_TTL_MS);
    expect(redirects.readAuthRedirect()).toBeNull();
  });
});
