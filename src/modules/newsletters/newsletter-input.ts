// What a newsletter sign-up and a change of preferences are made of, and the rules they are checked
// by: one zod schema each, used by the forms (browser and page action), GraphQL and the service, so
// a message reads the same wherever it is raised. Isomorphic: zod and the shared format rules only.
import { z } from 'zod';
import { emailSchema, formatMessages, safeText } from '../../shared/validation/formats.ts';

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

/** Where a sign-up was offered (analytics placementVariant, and the consent record). */
export const PLACEMENTS = ['story', 'topic', 'footer', 'signup-page', 'preferences', 'one-more-step', 'api'] as const;
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

export const newsletterMessages = {
  email: formatMessages.email,
  newsletters: 'Choose at least one newsletter',
  unknownNewsletter: 'Choose newsletters from the list',
  tooMany: `Choose ${NEWSLETTER_LIMITS.newsletters} newsletters or fewer`,
  sourcePath: 'The page this form was sent from is not one of ours',
  token: 'This confirmation link is not complete: open the link from the email again',
  status: 'Choose subscribed or unsubscribed',
  notForYou: 'That newsletter is not offered to your account',
  confirmAddress: 'Confirm your email address first: then you can subscribe here at once',
} as const;

const uuid = z.uuid({ error: newsletterMessages.unknownNewsletter });

/** A form sends one value or several under one name; an API sends a list. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(NEWSLETTER_LIMITS.newsletters, { error: newsletterMessages.tooMany }),
  );

export const newsletterIdsSchema = listOf(uuid).transform((ids) => [...new Set(ids)]);

/** The page a form was on: a path of this site (not //host), with its query. */
export const sourcePathSchema = safeText({ error: newsletterMessages.sourcePath })
  .trim()
  .max(NEWSLETTER_LIMITS.sourcePath, { error: newsletterMessages.sourcePath })
  .regex(/^\/(?![/\\])\S*$/, { error: newsletterMessages.sourcePath });

export const signupSchema = z.object({
  email: safeText({ error: newsletterMessages.email }).pipe(emailSchema),
  /** Empty: the newsletters offered to everyone by default (isPreselectedOnOMS, open to all). */
  newsletterIds: newsletterIdsSchema,
  sourcePath: sourcePathSchema.default('/'),
  placement: z.enum(PLACEMENTS).default('api'),
});
export type SignupInput = z.input<typeof signupSchema>;

export const preferenceChangeSchema = z.object({
  newsletterId: uuid,
  status: z.enum(['subscribed', 'unsubscribed'], { error: newsletterMessages.status }),
});
export const preferencesSchema = z.object({
  subscriptions: z.array(preferenceChangeSchema).min(1, { error: newsletterMessages.newsletters }).max(100),
  sourcePath: sourcePathSchema.default('/user/newsletters/'),
  placement: z.enum(PLACEMENTS).default('preferences'),
});
export type PreferenceChange = z.output<typeof preferenceChangeSchema>;

/** The emailed link: the sign-up's id and its token (base64url of an HMAC, 43 characters). */
export const confirmationSchema = z.object({
  signupId: z.uuid({ error: newsletterMessages.token }),
  token: z
    .string({ error: newsletterMessages.token })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: newsletterMessages.token }),
});

/** How often each group arrives when a newsletter names no schedule of its own. */
export const GROUP_LABELS: Record<NewsletterGroup, { title: string; intro: string }> = {
  DAILY: { title: 'Daily', intro: 'The news as it happens, every weekday.' },
  PERSONALISED: { title: 'Personalised', intro: 'Chosen for you from what you follow and read.' },
  WEEKLY: { title: 'Weekly', intro: 'Briefings on one subject, once a week.' },
};
