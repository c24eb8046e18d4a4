// What the profiles boundary takes in (GraphQL, pages, the directories' query strings), as zod
// schemas. URLs follow §5's URL rule and videos its video-link rule (shared/validation/formats.ts);
// lookup values must be keys of the lookups lists, checked by the `isKnown` the service is given.
import { z } from 'zod';
import { safeText, urlSchema, videoLinkSchema } from '../../shared/validation/formats.ts';
import { RELATIONS } from './profile-types.ts';

export const profileMessages = {
  profileId: 'There is no such profile.',
  projectId: 'There is no such project.',
  lookup: 'Choose one of the listed values',
  year: 'Use a year between 1800 and 2100',
  mediaKey: 'Use the key of an uploaded image',
  slugTaken: 'Another profile already uses this address name',
  slug: 'Use lower-case letters, digits and hyphens',
  ownProfileExists: 'You already have a profile.',
  order: 'List each of the profile’s projects once',
  notKeyPerson: 'Choose a published person profile',
  notCompany: 'Choose another published organisation profile',
  format: 'Only the newsroom changes a profile’s format',
  pinned: 'Pin one of this profile’s projects',
  featuring: 'Only the newsroom features organisations',
  featureCategory: 'Choose where to feature it',
  featureStart: 'Use a date, e.g. 2026-12-01',
} as const;

/** Featuring an organisation (§3 FeaturedOrganisationProfile): where, and from which day (today when left out). */
export const featureInputSchema = z.object({
  profileId: z.uuid({ error: profileMessages.notCompany }),
  category: z.enum(['HOMEPAGE_COMPONENT', 'ORGANISATION_INDEX'], { error: profileMessages.featureCategory }),
  startDate: z.iso.date({ error: profileMessages.featureStart }).optional(),
});
export const unfeatureInputSchema = featureInputSchema.pick({ profileId: true, category: true });

export type LookupCheck = (
  kind: 'country' | 'jobIndustry' | 'companySize' | 'companyType' | 'companyOwnership' | 'personCategory',
  key: string,
) => boolean;

const line = (max: number) => safeText().trim().max(max);
const required = (max: number) => safeText().trim().min(1, { error: 'Fill this in' }).max(max);
const longText = (max: number) => safeText({ multiline: true }).trim().max(max);
const year = z.int({ error: profileMessages.year }).min(1800, { error: profileMessages.year }).max(2100, { error: profileMessages.year });
export const uuidSchema = z.uuid({ error: profileMessages.profileId });
/** Media keys the resizer draws: demo art and (later) uploads. */
export const mediaKeySchema = z
  .string({ error: profileMessages.mediaKey })
  .regex(/^[a-z0-9][a-z0-9/_.-]{0,199}$/, { error: profileMessages.mediaKey });
export const slugSchema = z
  .string({ error: profileMessages.slug })
  .trim()
  .toLowerCase()
  .max(120, { error: profileMessages.slug })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: profileMessages.slug });

/** §3 profile formats; only site staff set one (the service checks). */
const formatSchema = z.enum(['DEFAULT', 'PREMIUM', 'SEO'], { error: 'Choose DEFAULT, PREMIUM or SEO' });

const linkSchema = z.object({ label: required(80), url: urlSchema });
const links = z.array(linkSchema).max(20);

export function profileInputSchemas(isKnown: LookupCheck) {
  const lookup = (kind: Parameters<LookupCheck>[0]) =>
    z.string({ error: profileMessages.lookup }).refine((key) => isKnown(kind, key), { error: profileMessages.lookup });

  const personFields = z.object({
    firstName: required(80),
    lastName: required(80),
    subtitle: line(160),
    summary: longText(1_000),
    location: line(120),
    nationalities: z.array(lookup('country')).max(5),
    category: lookup('personCategory'),
    yearBorn: year.nullable(),
    thumbnailKey: mediaKeySchema.nullable(),
    title: line(120),
    editorialDescription: longText(10_000),
    yearPassed: year.nullable(),
    careers: z
      .array(
        z.object({
          title: required(120),
          organisationName: required(160),
          organisationProfileId: uuidSchema.nullable().default(null),
          startYear: year.nullable().default(null),
          endYear: year.nullable().default(null),
        }),
      )
      .max(30),
    education: z.array(z.object({ institution: required(160), qualification: line(160), endYear: year.nullable().default(null) })).max(15),
    socialLinks: links,
    coverKey: mediaKeySchema.nullable(),
    condensedHeader: z.boolean(),
    format: formatSchema,
  });

  const headquarters = z.object({
    addressLine1: line(160).default(''),
    addressLine2: line(160).default(''),
    areaCode: line(20).default(''),
    city: line(120).default(''),
    country: lookup('country'),
    state: line(120).default(''),
  });

  const organisationFields = z.object({
    title: required(160),
    summary: longText(1_000),
    city: line(120),
    country: lookup('country'),
    organisationIndustry: lookup('jobIndustry'),
    organisationSize: lookup('companySize'),
    organisationType: lookup('companyType'),
    ownershipType: lookup('companyOwnership'),
    yearEstablished: year.nullable(),
    thumbnailKey: mediaKeySchema.nullable(),
    editorialDescription: longText(10_000),
    premiumDescription: longText(10_000),
    headquarters: headquarters.nullable(),
    externalLinks: links,
    socialLinks: links,
    programLinks: links,
    jobs: z
      .array(
        z.object({
          title: required(160),
          location: line(120),
          url: urlSchema,
          postedOn: z.iso.date({ error: 'Use a date such as 2026-11-20' }),
        }),
      )
      .max(50),
    coverKey: mediaKeySchema.nullable(),
    pinnedProjectId: uuidSchema.nullable(),
    format: formatSchema,
  });

  return {
    /** createPersonProfile: the names at least; the rest may come later. */
    createPerson: personFields.partial().required({ firstName: true, lastName: true, category: true }),
    /** updatePersonProfile: any of the fields; those left out keep their value. */
    updatePerson: personFields.partial(),
    updateOrganisation: organisationFields.partial(),
  };
}

export type ProfileInputSchemas = ReturnType<typeof profileInputSchemas>;
export type PersonUpdate = z.output<ProfileInputSchemas['updatePerson']>;
export type PersonCreate = z.output<ProfileInputSchemas['createPerson']>;
export type OrganisationUpdate = z.output<ProfileInputSchemas['updateOrganisation']>;

export const keyPeopleSchema = z
  .array(z.object({ profileId: uuidSchema, role: required(120) }))
  .max(30)
  .refine((people) => new Set(people.map((p) => p.profileId)).size === people.length, { error: 'List each person once' });

export const childrenSchema = z
  .array(uuidSchema)
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'List each organisation once' });

export const relatedCompaniesSchema = z.array(z.object({ profileId: uuidSchema, relation: z.enum(RELATIONS) })).max(50);

const assetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('IMAGE'), url: mediaKeySchema, description: line(300).default('') }),
  z.object({ type: z.literal('YOUTUBE'), url: videoLinkSchema, description: line(300).default('') }),
]);

export const projectInputSchema = z.object({
  title: required(160),
  description: longText(5_000).default(''),
  slug: slugSchema.optional(),
  thumbnailKey: mediaKeySchema.nullable().default(null),
  assets: z.array(assetSchema).max(30).default([]),
});
export type ProjectInput = z.input<typeof projectInputSchema>;
export const projectUpdateSchema = projectInputSchema.partial();
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

const lookupKey = z.string().regex(/^[A-Z0-9_]{1,60}$/);

/** The directories' filters, from a query string: unknown values are dropped, not refused (a link may be old). */
export const directoryQuerySchema = z.object({
  q: safeText().trim().max(80).catch('').default(''),
  category: lookupKey.optional().catch(undefined),
  industry: lookupKey.optional().catch(undefined),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  size: lookupKey.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

/** The BoF 500's filters (/bof500/, /bof500/search/): the people directory's, and a class year. */
export const bof500QuerySchema = directoryQuerySchema.extend({
  class: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
});
export type Bof500Query = z.output<typeof bof500QuerySchema>;

/** Turns a title into an address name: "Spring Show 2026" → spring-show-2026. */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'project'
  );
}
