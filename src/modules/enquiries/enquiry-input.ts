// What an enquiry is made of, and the rules its form is checked by: one zod schema per kind, used
// by the page in the browser (inline errors), by the page's action and by the service, so a
// message reads the same wherever it is raised. Isomorphic: zod and the shared format rules only.
import { z } from 'zod';
import { emailSchema, formatMessages, safeText } from '../../shared/validation/formats.ts';

/**
 * professional: the professional membership (§1 membership types); student: schools and
 * universities buying for their students; insights: the research and insights team; media: press
 * enquiries; group: a team membership (from /subscriptions/executive/).
 */
export const ENQUIRY_KINDS = ['professional', 'student', 'insights', 'media', 'group'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** new: not yet dealt with; answered: someone replied; spam: not a real enquiry (never emailed). */
export const ENQUIRY_STATUSES = ['new', 'answered', 'spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/**
 * The honeypot: a field the form hides from people (off screen, out of the tab order, labelled
 * "leave empty") that form-filling robots fill in. A filled one is answered like a success and
 * stored as spam, never emailed. Named like a field a robot expects.
 */
export const HONEYPOT_FIELD = 'website';

/** The admin list's page size. */
export const ENQUIRY_PAGE_SIZE = 25;

export const ENQUIRY_LIMITS = {
  name: 100,
  company: 200,
  jobTitle: 100,
  message: 5000,
  sourcePath: 2048,
  teamSizeMin: 2,
  teamSizeMax: 100_000,
} as const;

export const enquiryMessages = {
  name: 'Enter your name',
  nameTooLong: `Use ${ENQUIRY_LIMITS.name} characters or fewer`,
  email: formatMessages.email,
  company: {
    professional: 'Enter the company you work for',
    student: 'Enter the name of your school or university',
    insights: 'Enter the company you work for',
    media: 'Enter the publication or outlet you write for',
    group: 'Enter your company’s name',
  } satisfies Record<EnquiryKind, string>,
  companyTooLong: `Use ${ENQUIRY_LIMITS.company} characters or fewer`,
  jobTitle: 'Enter your job title',
  jobTitleTooLong: `Use ${ENQUIRY_LIMITS.jobTitle} characters or fewer`,
  country: 'Choose the country you are based in',
  unknownCountry: 'Choose a country from the list',
  teamSize: `Enter how many people the membership is for: a whole number from ${ENQUIRY_LIMITS.teamSizeMin} to ${ENQUIRY_LIMITS.teamSizeMax.toLocaleString('en-GB')}`,
  message: 'Tell us what you would like to know',
  messageTooLong: `Use ${ENQUIRY_LIMITS.message.toLocaleString('en-GB')} characters or fewer`,
  sourcePath: 'The page this form was sent from is not one of ours',
} as const;

type Need = 'required' | 'optional';
/** The fields each kind asks beside name and email: required, optional, or not asked (absent). */
export interface EnquiryFieldsOfKind {
  company: Need;
  jobTitle?: Need;
  country?: Need;
  teamSize?: Need;
  message?: Need;
}

export const ENQUIRY_FIELDS: Record<EnquiryKind, EnquiryFieldsOfKind> = {
  professional: { company: 'required', jobTitle: 'required', country: 'required', message: 'optional' },
  student: { company: 'required', jobTitle: 'required', country: 'required', message: 'required' },
  insights: { company: 'required', jobTitle: 'optional', country: 'optional', message: 'required' },
  media: { company: 'required', jobTitle: 'optional', country: 'optional', message: 'required' },
  group: { company: 'required', jobTitle: 'optional', country: 'required', teamSize: 'required', message: 'optional' },
};

// An empty form field means "not given": optional fields arrive as '' from HTML forms.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function text(max: number, missing: string, tooLong: string, { multiline = false } = {}) {
  return safeText({ multiline, error: missing }).trim().min(1, { error: missing }).max(max, { error: tooLong });
}

function field<T extends z.ZodType>(need: Need, schema: T) {
  return need === 'required' ? z.preprocess(blankToUndefined, schema) : z.preprocess(blankToUndefined, schema.optional());
}

// A whole number typed in a form (or given as a number by another caller).
const teamSize = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  safeText({ error: enquiryMessages.teamSize })
    .trim()
    .regex(/^\d{1,7}$/, { error: enquiryMessages.teamSize })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(ENQUIRY_LIMITS.teamSizeMin, { error: enquiryMessages.teamSize })
        .max(ENQUIRY_LIMITS.teamSizeMax, { error: enquiryMessages.teamSize }),
    ),
);

function buildSchema(kind: EnquiryKind) {
  const fields = ENQUIRY_FIELDS[kind];
  const shape: Record<string, z.ZodType> = {
    name: text(ENQUIRY_LIMITS.name, enquiryMessages.name, enquiryMessages.nameTooLong),
    email: z.preprocess(blankToUndefined, safeText({ error: enquiryMessages.email }).pipe(emailSchema)),
    company: field(fields.company, text(ENQUIRY_LIMITS.company, enquiryMessages.company[kind], enquiryMessages.companyTooLong)),
  };
  if (fields.jobTitle)
    shape.jobTitle = field(fields.jobTitle, text(ENQUIRY_LIMITS.jobTitle, enquiryMessages.jobTitle, enquiryMessages.jobTitleTooLong));
  // A lookup key (ISO 3166-1 alpha-2); whether it exists is checked on the server (lookups).
  if (fields.country)
    shape.country = field(
      fields.country,
      safeText({ error: enquiryMessages.country })
        .trim()
        .regex(/^[A-Z]{2}$/, { error: enquiryMessages.unknownCountry }),
    );
  if (fields.teamSize) shape.teamSize = field(fields.teamSize, teamSize);
  if (fields.message)
    shape.message = field(
      fields.message,
      text(ENQUIRY_LIMITS.message, enquiryMessages.message, enquiryMessages.messageTooLong, { multiline: true }),
    );
  return z.object(shape);
}

const SCHEMAS = new Map(ENQUIRY_KINDS.map((kind) => [kind, buildSchema(kind)] as const));

/** The form's rules for one kind: the fields that kind asks, nothing else kept. */
export function enquiryFormSchema(kind: EnquiryKind): z.ZodType<EnquiryDetails, unknown> {
  return SCHEMAS.get(kind)! as unknown as z.ZodType<EnquiryDetails, unknown>;
}

/** What a valid form gives (fields a kind does not ask are absent). */
export interface EnquiryDetails {
  name: string;
  email: string;
  company?: string;
  jobTitle?: string;
  country?: string;
  teamSize?: number;
  message?: string;
}

/** The page a form was on: a path of this site (not //host), with its query. */
export const sourcePathSchema = safeText({ error: enquiryMessages.sourcePath })
  .trim()
  .max(ENQUIRY_LIMITS.sourcePath, { error: enquiryMessages.sourcePath })
  .regex(/^\/(?![/\\])\S*$/, { error: enquiryMessages.sourcePath });

export const enquiryKindSchema = z.enum(ENQUIRY_KINDS);
export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES);

/** How each kind is named in the admin list, the inbox's email and its subject. */
export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = {
  professional: 'Professional membership',
  student: 'Schools and universities',
  insights: 'Insights',
  media: 'Press and media',
  group: 'Team membership',
};

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  answered: 'Answered',
  spam: 'Spam',
};

/** What the company field is called for each kind, on the form and in the inbox's email. */
export const ENQUIRY_COMPANY_LABELS: Record<EnquiryKind, string> = {
  professional: 'Company',
  student: 'School or university',
  insights: 'Company',
  media: 'Publication',
  group: 'Company',
};
