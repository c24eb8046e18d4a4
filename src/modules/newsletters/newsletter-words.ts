// The newsletters' fixed words and lists, with no zod: the sign-up form on every reading page
// imports them, and a reading page loads no validation library (issue 15, decision 033). The
// schemas that check input against them are in newsletter-input.ts, which re-exports all of this.

/** §4 newsletter groups, in the order the preference centre shows them. */
export const NEWSLETTER_GROUPS = ['DAILY', 'PERSONALISED', 'WEEKLY'] as const;
export type NewsletterGroup = (typeof NEWSLETTER_GROUPS)[number];

/** §4 newsletter subscription status: `none` is no row (never asked), the other two are stored. */
export const NEWSLETTER_SUBSCRIPTION_STATUSES = ['none', 'subscribed', 'unsubscribed'] as const;
export type NewsletterSubscriptionStatus = (typeof NEWSLETTER_SUBSCRIPTION_STATUSES)[number];
export type StoredSubscriptionStatus = Exclude<NewsletterSubscriptionStatus, 'none'>;

/**
 * How a consent was given: `double-opt-in` — the link emailed to the address was used (a POST from
 * the confirmation page); `signed-in` — a signed-in reader whose address the identity provider has
 * confirmed. An unsubscribe is recorded as `withdrawn`. Consents given before the reader had an
 * account move with their subscriptions when the account's address is confirmed.
 */
export const CONSENT_METHODS = ['double-opt-in', 'signed-in', 'withdrawn'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The browser's note (localStorage) that the newsletter prompt has been shown: it never shows again. */
export const PROMPT_SEEN_KEY = 'atelier.newsletterPromptShown';

/** Where a sign-up was offered (analytics placementVariant, and the consent record). */
export const PLACEMENTS = ['story', 'topic', 'footer', 'prompt', 'signup-page', 'preferences', 'one-more-step', 'api', 'email'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** The hidden field people leave empty and form-filling robots fill in (as the enquiry forms do). */
export const HONEYPOT_FIELD = 'website';

export const NEWSLETTER_LIMITS = { newsletters: 20, sourcePath: 2048, consentText: 1000 } as const;

/**
 * The words next to every sign-up button: what the reader agrees to. Stored with each consent, so
 * what was shown is on record even after the wording changes.
 */
export const SIGNUP_CONSENT_TEXT =
  'By signing up you agree to receive these newsletters by email. Every email has a link to unsubscribe, and you can change your choices at any time on the newsletters page.';
/** The words on the preference centre's switches (a signed-in reader's change). */
export const PREFERENCES_CONSENT_TEXT = 'Newsletters: choose the ones you want by email. You can change your choices at any time.';
export const UNSUBSCRIBE_ALL_TEXT = 'Unsubscribe from all newsletters';
/** What the unsubscribe link in an issue (and the mail client's one-click button) does (decision 048). */
export const EMAIL_UNSUBSCRIBE_TEXT = 'Unsubscribe from this newsletter (the link in an issue, or the mail client’s unsubscribe button)';

/** How often each group arrives when a newsletter names no schedule of its own. */
export const GROUP_LABELS: Record<NewsletterGroup, { title: string; intro: string }> = {
  DAILY: { title: 'Daily', intro: 'The news as it happens, every weekday.' },
  PERSONALISED: { title: 'Personalised', intro: 'Chosen for you from what you follow and read.' },
  WEEKLY: { title: 'Weekly', intro: 'Briefings on one subject, once a week.' },
};
