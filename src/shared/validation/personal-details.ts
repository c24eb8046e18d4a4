// The personal-details rules, shared by the account forms (browser and React Router actions) and
// the GraphQL mutations, so a field error reads the same wherever it is raised.
import { z } from 'zod';
import { emailSchema, safeText } from './formats.ts';

export const personalDetailsMessages = {
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  nameTooLong: 'Use 100 characters or fewer',
  organisationTitle: 'Enter the organisation you work for',
  organisationTooLong: 'Use 200 characters or fewer',
  country: 'Choose the country you are based in',
  jobFunction: 'Choose your job function',
  jobIndustry: 'Choose your industry',
  jobLevel: 'Choose your job level',
  code: 'Enter the 6-digit code from the email',
  sameEmail: 'This is already your email address',
} as const;

const name = (missing: string) =>
  safeText({ error: missing }).trim().min(1, { error: missing }).max(100, { error: personalDetailsMessages.nameTooLong });
// A lookup key (country code, job function …); whether it exists is checked on the server.
const lookupKey = (missing: string) => safeText({ error: missing }).trim().min(1, { error: missing }).max(64, { error: missing });
// An empty form field means "not given": optional fields arrive as '' from HTML forms.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

/** Every field of §3 UserData a person edits; only the names are required. */
export const personalDetailsSchema = z.object({
  firstName: name(personalDetailsMessages.firstName),
  lastName: name(personalDetailsMessages.lastName),
  organisationTitle: optional(safeText().trim().max(200, { error: personalDetailsMessages.organisationTooLong })),
  country: optional(lookupKey(personalDetailsMessages.country)),
  jobFunction: optional(lookupKey(personalDetailsMessages.jobFunction)),
  jobIndustry: optional(lookupKey(personalDetailsMessages.jobIndustry)),
  jobLevel: optional(lookupKey(personalDetailsMessages.jobLevel)),
});
export type PersonalDetailsInput = z.input<typeof personalDetailsSchema>;
export type PersonalDetails = z.output<typeof personalDetailsSchema>;

/** The facts /user/one-more-step/ collects; all of them make the user data complete. */
export const USER_DATA_FIELDS = [
  'firstName',
  'lastName',
  'organisationTitle',
  'country',
  'jobFunction',
  'jobIndustry',
  'jobLevel',
] as const;

/** One-more-step: the same fields, every one required. */
export const completeUserDataSchema = personalDetailsSchema.extend({
  organisationTitle: safeText({ error: personalDetailsMessages.organisationTitle })
    .trim()
    .min(1, { error: personalDetailsMessages.organisationTitle })
    .max(200, { error: personalDetailsMessages.organisationTooLong }),
  country: lookupKey(personalDetailsMessages.country),
  jobFunction: lookupKey(personalDetailsMessages.jobFunction),
  jobIndustry: lookupKey(personalDetailsMessages.jobIndustry),
  jobLevel: lookupKey(personalDetailsMessages.jobLevel),
});

/** `is_user_data_complete` (§3): every one-more-step field has a value. */
export function isUserDataComplete(data: Partial<Record<(typeof USER_DATA_FIELDS)[number], string | null | undefined>>): boolean {
  return USER_DATA_FIELDS.every((field) => Boolean(data[field]?.trim()));
}

export const emailChangeRequestSchema = z.object({ newEmail: emailSchema });
export const emailChangeConfirmationSchema = z.object({
  code: z
    .string({ error: personalDetailsMessages.code })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: personalDetailsMessages.code })),
});
