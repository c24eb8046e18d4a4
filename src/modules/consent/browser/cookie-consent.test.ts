import { describe, expect, it } from 'vitest';
import {
  BANNER_VERSION,
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE,
  CONSENT_REVISION,
  categoriesFor,
  consentRecord,
  nextConsentState,
  normaliseCategories,
  parseConsentCookie,
  serializeConsentCookie,
  type ConsentState,
} from './cookie-consent.ts';

const ID = '3b0f6c1e-2a4d-4e8f-9b1a-7c6d5e4f3a2b';
const state: ConsentState = {
  categories: ['nonessential', 'embeds'],
  revision: CONSENT_REVISION,
  consentId: ID,
  consentTimestamp: '2026-11-21T10:00:00.000Z',
  lastConsentTimestamp: '2026-11-21T10:00:00.000Z',
};

/** The cookie string a browser would hold after the Set-Cookie-style assignment. */
function cookieHeader(serialized: string, others = 'sp=abc; bof_session=x.y.z') {
  return `${others}; ${serialized.split(';')[0]}`;
}

describe('the consent cookie (§3)', () => {
  it('holds a JSON object with a categories list, path /, one year, SameSite=Lax', () => {
    const text = serializeConsentCookie(state, { secure: false });
    expect(text).toMatch(new RegExp(`^${CONSENT_COOKIE}=`));
    expect(text).toContain('; Path=/');
    expect(text).toContain(`; Max-Age=${CONSENT_COOKIE_MAX_AGE}`);
    expect(CONSENT_COOKIE_MAX_AGE).toBe(365 * 24 * 3600);
    expect(text).toContain('; SameSite=Lax');
    expect(text).not.toContain('Secure');
    const json = JSON.parse(decodeURIComponent(text.split(';')[0]!.slice(CONSENT_COOKIE.length + 1)));
    expect(json.categories).toEqual(['nonessential', 'embeds']);
  });

  it('is Secure over https', () => {
    expect(serializeConsentCookie(state, { secure: true })).toMatch(/; Secure$/);
  });

  it('round-trips among other cookies', () => {
    expect(parseConsentCookie(cookieHeader(serializeConsentCookie(state, { secure: false })))).toEqual(state);
  });

  it('counts a missing, malformed or older-revision cookie as no decision', () => {
    expect(parseConsentCookie('')).toBeNull();
    expect(parseConsentCookie(`${CONSENT_COOKIE}=not-json`)).toBeNull();
    expect(parseConsentCookie(`${CONSENT_COOKIE}=${encodeURIComponent('{"categories":"nonessential"}')}`)).toBeNull();
    const old = serializeConsentCookie({ ...state, revision: CONSENT_REVISION - 1 }, { secure: false });
    expect(parseConsentCookie(cookieHeader(old))).toBeNull();
  });

  it('drops unknown categories and keeps catalogue order', () => {
    const odd = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ ...state, categories: ['embeds', 'marketing', 'nonessential', 'embeds'] }))}`;
    expect(parseConsentCookie(odd)?.categories).toEqual(['nonessential', 'embeds']);
    expect(normaliseCategories(['embeds', 'x'])).toEqual(['embeds']);
  });
});

describe('decisions', () => {
  it('accept all is both categories; reject non-essential is none', () => {
    expect(categoriesFor('accept_all')).toEqual(['nonessential', 'embeds']);
    expect(categoriesFor('reject_all')).toEqual([]);
  });

  it('a first decision gets a new consent id; later ones keep it and the first timestamp', () => {
    const first = nextConsentState(null, ['nonessential'], { now: new Date('2026-11-21T10:00:00Z'), newId: () => ID });
    expect(first).toEqual({
      categories: ['nonessential'],
      revision: CONSENT_REVISION,
      consentId: ID,
      consentTimestamp: '2026-11-21T10:00:00.000Z',
      lastConsentTimestamp: '2026-11-21T10:00:00.000Z',
    });
    const later = nextConsentState(first, [], { now: new Date('2026-11-22T09:00:00Z'), newId: () => 'other' });
    expect(later).toMatchObject({
      categories: [],
      consentId: ID,
      consentTimestamp: '2026-11-21T10:00:00.000Z',
      lastConsentTimestamp: '2026-11-22T09:00:00.000Z',
    });
  });

  it('records when, what, which banner and whose', () => {
    expect(consentRecord({ state, action: 'accept_all', variant: 'banner', previous: [] }, '1234')).toEqual({
      consentId: ID,
      userId: '1234',
      categories: ['nonessential', 'embeds'],
      action: 'accept_all',
      variant: 'banner',
      bannerVersion: BANNER_VERSION,
    });
  });
});
