// What a newsletter sign-up and a change of preferences are made of, and the rules they are checked
// by: one zod schema each, used by the forms (browser and page action), GraphQL and the service, so
// a message reads the same wherever it is raised. Isomorphic: zod and the shared format rules only.
import { z } from 'zod';
import { emailSchema, formatMessages, safeText } from '../../shared/validation/formats.ts';

// The words and lists without zod live in newsletter-words.ts (reading pages load the sign-up
// form, and zod must not come with it: src/web/light-page.int.test.ts); they are re-exported here.
export * from './newsletter-words.ts';
import { NEWSLETTER_LIMITS, PLACEMENTS } from './newsletter-words.ts';

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
