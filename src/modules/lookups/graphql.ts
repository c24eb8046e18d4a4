// GraphQL for the reference lists (SPEC §3 Lookups, §7 queries). Public: forms show them before
// anyone signs in. Every list but jobTitles is small and returned whole.
import { builder } from '../../server/graphql/builder.ts';
import { InputError, parseInput } from '../../server/graphql/errors.ts';
import {
  JOB_TITLES_DEFAULT_PAGE,
  JOB_TITLES_MAX_PAGE,
  jobTitlesQuerySchema,
  type Country,
  type EmailPattern,
  type JobTitlesPage,
  type LookupItem,
  type LookupsService,
} from './lookups-service.ts';

const LookupInterface = builder.interfaceRef<LookupItem>('Lookup').implement({
  description: 'An entry of a reference list: a stable `key` to store and a `title` to show.',
  fields: (t) => ({
    key: t.exposeString('key'),
    title: t.exposeString('title'),
  }),
});

const lookupType = (name: string, description: string) =>
  builder.objectRef<LookupItem>(name).implement({ description, interfaces: [LookupInterface] });

const CountryType = builder.objectRef<Country>('Country').implement({
  description: 'An ISO 3166-1 country or territory; `key` is its alpha-2 code.',
  interfaces: [LookupInterface],
  fields: (t) => ({
    isInEU: t.exposeBoolean('isInEU', { description: 'A member state of the European Union.' }),
    nationality: t.exposeString('nationality', { description: 'The English demonym, e.g. British.' }),
    urlSlug: t.exposeString('urlSlug'),
    aliases: t.exposeStringList('aliases', { description: 'Other names people search by, e.g. UK.' }),
  }),
});

const EmailPatternTypeEnum = builder.enumType('EmailPatternType', {
  values: {
    PERSONAL_DOMAIN: { description: 'A free webmail domain (`key` is the domain): not a work address.' },
    SHARED_MAILBOX: { description: 'A word that makes a shared mailbox (`key` is e.g. `info@`).' },
  } as const,
});

const EmailPatternType = builder.objectRef<EmailPattern>('EmailPattern').implement({
  description: 'An email address pattern the professional forms flag.',
  interfaces: [LookupInterface],
  fields: (t) => ({ type: t.expose('type', { type: EmailPatternTypeEnum }) }),
});

const JobTitleType = lookupType('JobTitle', 'A suggestion for the free-text job title.');

const JobTitlePageInfo = builder.objectRef<JobTitlesPage>('JobTitlePageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page; null on an empty page.' }),
  }),
});

const JobTitleConnection = builder.objectRef<JobTitlesPage>('JobTitleConnection').implement({
  fields: (t) => ({
    // The page size is already charged on jobTitles; do not multiply it again here.
    nodes: t.field({ type: [JobTitleType], complexity: { field: 1, multiplier: 1 }, resolve: (page) => page.items }),
    pageInfo: t.field({ type: JobTitlePageInfo, resolve: (page) => page }),
  }),
});

// The whole-list queries: field name, item type, and the service call.
const lists: [field: string, type: ReturnType<typeof lookupType>, list: (lookups: LookupsService) => LookupItem[]][] = [
  ['companySizes', lookupType('CompanySize', 'A headcount band, smallest first.'), (lookups) => lookups.companySizes()],
  ['companyTypes', lookupType('CompanyType', 'What kind of business an organisation is.'), (lookups) => lookups.companyTypes()],
  ['companyOwnership', lookupType('CompanyOwnership', 'Who owns an organisation.'), (lookups) => lookups.companyOwnership()],
  ['jobFunctions', lookupType('JobFunction', 'The part of the business a person works in.'), (lookups) => lookups.jobFunctions()],
  ['jobIndustries', lookupType('JobIndustry', 'The industry a person or organisation works in.'), (lookups) => lookups.jobIndustries()],
  ['jobLevels', lookupType('JobLevel', 'Seniority, most junior first.'), (lookups) => lookups.jobLevels()],
  ['personCategories', lookupType('PersonCategory', 'What a person profile is filed under.'), (lookups) => lookups.personCategories()],
];

for (const [field, type, list] of lists) {
  builder.queryField(field, (t) => t.field({ type: [type], resolve: (_root, _args, { services }) => list(services.lookups) }));
}

builder.queryFields((t) => ({
  countries: t.field({
    type: [CountryType],
    description: 'Every ISO 3166-1 country and territory, by English name.',
    resolve: (_root, _args, { services }) => services.lookups.countries(),
  }),
  emailPatterns: t.field({
    type: [EmailPatternType],
    resolve: (_root, _args, { services }) => services.lookups.emailPatterns(),
  }),
  jobTitles: t.field({
    type: JobTitleConnection,
    description:
      'Job titles in alphabetical order, a page at a time. `search` keeps titles where every word typed starts a word of the title.',
    args: {
      search: t.arg.string(),
      first: t.arg.int({ description: `1 to ${JOB_TITLES_MAX_PAGE}; ${JOB_TITLES_DEFAULT_PAGE} when not given.` }),
      after: t.arg.string({ description: 'The `endCursor` of the previous page.' }),
    },
    errors: { types: [InputError], union: { name: 'JobTitlesResult' } },
    // Each title costs one; clamped so an out-of-range `first` gets its ZodError, not a cost error.
    complexity: ({ first }) => ({ field: Math.min(Math.max(first ?? JOB_TITLES_DEFAULT_PAGE, 1), JOB_TITLES_MAX_PAGE), multiplier: 1 }),
    resolve: (_root, args, { services }) => services.lookups.jobTitles(parseInput(jobTitlesQuerySchema, args)),
  }),
}));
