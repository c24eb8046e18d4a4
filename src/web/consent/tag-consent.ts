// How consent categories map onto the tag manager's consent flags (SPEC §4, §9): storage,
// analytics, functionality, personalization and security follow nonessential; embeds follows embeds.
import type { CONSENT_CATEGORIES, ConsentCategory } from '../../modules/consent/browser/cookie-consent.ts';

/** The script's categories (a value import would pull the script into the app bundle; the type keeps the two equal). */
export const CATEGORIES: typeof CONSENT_CATEGORIES = ['nonessential', 'embeds'];

export type ConsentFlag = 'granted' | 'denied';
export const NONESSENTIAL_FLAGS = [
  'ad_storage',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;
export const EMBEDS_FLAG = 'embeds_storage';
export type TagConsentFlags = Record<(typeof NONESSENTIAL_FLAGS)[number] | typeof EMBEDS_FLAG, ConsentFlag>;

/** Analytics consent is "accepted nonessential" (§4). */
export function hasAnalyticsConsent(categories: readonly ConsentCategory[] | null | undefined): boolean {
  return categories?.includes('nonessential') ?? false;
}

export function hasEmbedsConsent(categories: readonly ConsentCategory[] | null | undefined): boolean {
  return categories?.includes('embeds') ?? false;
}

export function tagConsentFlags(categories: readonly ConsentCategory[]): TagConsentFlags {
  const nonessential: ConsentFlag = hasAnalyticsConsent(categories) ? 'granted' : 'denied';
  return {
    ...(Object.fromEntries(NONESSENTIAL_FLAGS.map((flag) => [flag, nonessential])) as Record<
      (typeof NONESSENTIAL_FLAGS)[number],
      ConsentFlag
    >),
    [EMBEDS_FLAG]: hasEmbedsConsent(categories) ? 'granted' : 'denied',
  };
}

/** What the page says before anyone has decided: everything denied. */
export const DEFAULT_TAG_CONSENT: TagConsentFlags = Object.freeze(tagConsentFlags([]));
