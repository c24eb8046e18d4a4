import { describe, expect, it } from 'vitest';
import { DEFAULT_TAG_CONSENT, hasAnalyticsConsent, hasEmbedsConsent, tagConsentFlags } from './tag-consent.ts';

describe('tag manager consent flags (§9)', () => {
  it('defaults to everything denied', () => {
    expect(DEFAULT_TAG_CONSENT).toEqual({
      ad_storage: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'denied',
      embeds_storage: 'denied',
    });
  });

  it('storage, analytics, functionality, personalization and security follow nonessential', () => {
    expect(tagConsentFlags(['nonessential'])).toEqual({
      ad_storage: 'granted',
      analytics_storage: 'granted',
      functionality_storage: 'granted',
      personalization_storage: 'granted',
      security_storage: 'granted',
      embeds_storage: 'denied',
    });
  });

  it('the embeds flag follows embeds alone', () => {
    expect(tagConsentFlags(['embeds'])).toMatchObject({ embeds_storage: 'granted', analytics_storage: 'denied', ad_storage: 'denied' });
    expect(tagConsentFlags(['nonessential', 'embeds']).embeds_storage).toBe('granted');
  });

  it('analytics consent is "accepted nonessential" (§4)', () => {
    expect(hasAnalyticsConsent(['nonessential'])).toBe(true);
    expect(hasAnalyticsConsent(['embeds'])).toBe(false);
    expect(hasAnalyticsConsent([])).toBe(false);
    expect(hasAnalyticsConsent(null)).toBe(false);
    expect(hasEmbedsConsent(['embeds'])).toBe(true);
  });
});
