// The reference lists forms and profiles choose from (SPEC §3 Lookups). Countries come from
// maintained datasets (world-countries for ISO 3166-1, sales-tax for EU membership); the
// fashion-industry taxonomies from taxonomies.ts. All static: built once, when first imported.
import { createRequire } from 'node:module';
import type { Country as WorldCountry } from 'world-countries';
import { z } from 'zod';
import { sharedMailboxWords } from '../../shared/validation/formats.ts';
import * as taxonomies from './taxonomies.ts';

/** An entry of a reference list: `key` is what gets stored, `title` what a person reads. */
export interface LookupItem {
  key: string;
  title: string;
}

export interface Country extends LookupItem {
  /** The ISO 3166-1 alpha-2 code, e.g. GB. */
  key: string;
  isInEU: boolean;
  /** The English demonym, e.g. British. */
  nationality: string;
  urlSlug: string;
  /** Other names people search by (UK, Great Britain, the official name). */
  aliases: string[];
}

export type JobFunction = LookupItem;
export type JobIndustry = LookupItem;
export type JobLevel = LookupItem;
export type JobTitle = LookupItem;
export type CompanySize = LookupItem;
export type CompanyType = LookupItem;
export type CompanyOwnership = LookupItem;
export type PersonCategory = LookupItem;

export type EmailPatternType = 'PERSONAL_DOMAIN' | 'SHARED_MAILBOX';

/** A personal webmail domain (key `gmail.com`) or a shared-mailbox local part (key `info@`). */
export interface EmailPattern extends LookupItem {
  type: EmailPatternType;
}

export const LOOKUP_KINDS = [
  'country',
  'jobFunction',
  'jobIndustry',
  'jobLevel',
  'companySize',
  'companyType',
  'companyOwnership',
  'personCategory',
] as const;
/** The lists whose keys are stored on user data, organisations and profiles, so are checked on write. */
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export interface JobTitlesPage {
  items: JobTitle[];
  hasNextPage: boolean;
  endCursor: string | null;
}

// ---------------------------------------------------------------------------------------------
// Text helpers

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byTitle = (a: LookupItem, b: LookupItem) => collator.compare(a.title, b.title);

/** Lower case without accents, so "premiere" finds "Première" and slugs stay ASCII. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// Apostrophes join ("Côte d'Ivoire" → cote-divoire); other punctuation separates words.
const words = (text: string) =>
  fold(text)
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const slugify = (title: string) => words(title).join('-');
const keyFromTitle = (title: string) => words(title).join('_').toUpperCase();

// A hyphenated word is found by its parts and run together: "make", "up" and "makeup" for Make-up.
const searchWords = (title: string) =>
  title.split(/\s+/).flatMap((token) => {
    const parts = words(token);
    return parts.length > 1 ? [...parts, parts.join('')] : parts;
  });

const keysOf = (list: readonly LookupItem[]): ReadonlySet<string> => new Set(list.map((item) => item.key));

function items(list: Readonly<Record<string, string>>): LookupItem[] {
  return Object.entries(list).map(([key, title]) => Object.freeze({ key, title }));
}

// ---------------------------------------------------------------------------------------------
// Countries

// Both packages are CommonJS or plain JSON without an exports map; require loads them the same
// way under tsx, vitest and the compiled dist/.
const require = createRequire(import.meta.url);
const worldCountries = require('world-countries') as WorldCountry[];
const regionCountries = require('sales-tax/res/region_countries.json') as { EU: string[] };

function toCountry(entry: WorldCountry, euMembers: ReadonlySet<string>): Country {
  const title = entry.name.common;
  const demonym = entry.demonyms.eng;
  return Object.freeze({
    key: entry.cca2,
    title,
    isInEU: euMembers.has(entry.cca2),
    // Uninhabited territories (Bouvet Island) have no demonym; their name reads well enough.
    nationality: demonym?.m || demonym?.f || title,
    urlSlug: slugify(title),
    aliases: [...new Set([...entry.altSpellings, entry.name.official])].filter((alias) => alias !== entry.cca2 && alias !== title),
  });
}

function buildCountries(): Country[] {
  // Kosovo (XK) is user-assigned, not ISO 3166-1.
  const iso = worldCountries.filter((entry) => entry.status === 'officially-assigned');
  const euMembers = new Set(regionCountries.EU);
  // A code the ISO list lacks (Greece as EL, say) would silently un-flag a member state.
  const unknown = [...euMembers].filter((code) => !iso.some((entry) => entry.cca2 === code));
  if (unknown.length > 0) throw new Error(`sales-tax lists EU members that are not ISO 3166-1 codes: ${unknown.join(', ')}`);
  return iso.map((entry) => toCountry(entry, euMembers)).sort(byTitle);
}

// ---------------------------------------------------------------------------------------------
// Job titles: sorted, searchable by the start of any word, paged by an opaque cursor

export const JOB_TITLES_DEFAULT_PAGE = 20;
export const JOB_TITLES_MAX_PAGE = 100;

interface IndexedJobTitle {
  item: JobTitle;
  words: string[];
}

function buildJobTitles(): IndexedJobTitle[] {
  const indexed = taxonomies.jobTitles
    .map((title) => ({ item: Object.freeze({ key: keyFromTitle(title), title }), words: searchWords(title) }))
    .sort((a, b) => byTitle(a.item, b.item));
  if (keysOf(indexed.map(({ item }) => item)).size !== indexed.length) throw new Error('taxonomies.ts: two job titles share a key');
  return indexed;
}

const JOB_TITLES = buildJobTitles();
const JOB_TITLE_POSITION = new Map(JOB_TITLES.map(({ item }, index) => [item.key, index]));

const CURSOR_PREFIX = 'jobTitle:';
const encodeCursor = (key: string) => Buffer.from(CURSOR_PREFIX + key).toString('base64url');

/** Where the page after `cursor` starts in the full sorted list; null for a cursor we did not make. */
function positionAfter(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const position = JOB_TITLE_POSITION.get(text.slice(CURSOR_PREFIX.length));
  return position === undefined ? null : position + 1;
}

export const jobTitlesMessages = {
  first: `Ask for between 1 and ${JOB_TITLES_MAX_PAGE} job titles at a time`,
  after: 'This list has changed: start again from the first page',
  search: 'Search with 100 characters or fewer',
} as const;

/** The jobTitles arguments; nulls (as GraphQL sends them) mean "not given". */
export const jobTitlesQuerySchema = z.object({
  search: z.string().trim().max(100, { error: jobTitlesMessages.search }).nullish(),
  first: z
    .int({ error: jobTitlesMessages.first })
    .min(1, { error: jobTitlesMessages.first })
    .max(JOB_TITLES_MAX_PAGE, { error: jobTitlesMessages.first })
    .nullish()
    .transform((first) => first ?? JOB_TITLES_DEFAULT_PAGE),
  after: z
    .string({ error: jobTitlesMessages.after })
    .refine((cursor) => positionAfter(cursor) !== null, { error: jobTitlesMessages.after })
    .nullish(),
});
export type JobTitlesQuery = z.input<typeof jobTitlesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Email patterns

function buildEmailPatterns(): EmailPattern[] {
  return [
    ...Object.entries(taxonomies.personalEmailDomains).map(([domain, provider]) => ({
      key: domain,
      title: provider,
      type: 'PERSONAL_DOMAIN' as const,
    })),
    // The words classifyMailbox reads shared mailboxes with (formats.ts), not a copy of them.
    ...sharedMailboxWords.map((word) => ({ key: `${word}@`, title: `${word}@`, type: 'SHARED_MAILBOX' as const })),
  ].map((pattern) => Object.freeze(pattern));
}

// ---------------------------------------------------------------------------------------------

const COUNTRIES = buildCountries();
const COUNTRY_BY_KEY = new Map(COUNTRIES.map((country) => [country.key, country]));
const LISTS = {
  jobFunction: items(taxonomies.jobFunctions),
  jobIndustry: items(taxonomies.jobIndustries),
  jobLevel: items(taxonomies.jobLevels),
  companySize: items(taxonomies.companySizes),
  companyType: items(taxonomies.companyTypes),
  companyOwnership: items(taxonomies.companyOwnership),
  personCategory: items(taxonomies.personCategories),
} as const;
const EMAIL_PATTERNS = buildEmailPatterns();
const KNOWN_KEYS: Record<LookupKind, ReadonlySet<string>> = {
  country: keysOf(COUNTRIES),
  jobFunction: keysOf(LISTS.jobFunction),
  jobIndustry: keysOf(LISTS.jobIndustry),
  jobLevel: keysOf(LISTS.jobLevel),
  companySize: keysOf(LISTS.companySize),
  companyType: keysOf(LISTS.companyType),
  companyOwnership: keysOf(LISTS.companyOwnership),
  personCategory: keysOf(LISTS.personCategory),
};

export function createLookupsService() {
  return {
    /** Every ISO 3166-1 country, by English name. */
    countries: (): Country[] => [...COUNTRIES],
    country: (key: string): Country | null => COUNTRY_BY_KEY.get(key) ?? null,
    jobFunctions: (): JobFunction[] => [...LISTS.jobFunction],
    jobIndustries: (): JobIndustry[] => [...LISTS.jobIndustry],
    jobLevels: (): JobLevel[] => [...LISTS.jobLevel],
    companySizes: (): CompanySize[] => [...LISTS.companySize],
    companyTypes: (): CompanyType[] => [...LISTS.companyType],
    companyOwnership: (): CompanyOwnership[] => [...LISTS.companyOwnership],
    personCategories: (): PersonCategory[] => [...LISTS.personCategory],
    emailPatterns: (): EmailPattern[] => [...EMAIL_PATTERNS],

    /**
     * A page of job titles in alphabetical order. `search` keeps the titles where every word
     * typed starts some word of the title ("cre dir" finds Creative Director). Throws a ZodError
     * for arguments outside jobTitlesQuerySchema; transports parse with it first.
     */
    jobTitles(query: JobTitlesQuery = {}): JobTitlesPage {
      const { search, first, after } = jobTitlesQuerySchema.parse(query);
      const terms = words(search ?? '');
      const start = after ? positionAfter(after)! : 0;
      const page: JobTitle[] = [];
      let hasNextPage = false;
      for (let index = start; index < JOB_TITLES.length; index++) {
        const entry = JOB_TITLES[index]!;
        if (!terms.every((term) => entry.words.some((word) => word.startsWith(term)))) continue;
        if (page.length === first) {
          hasNextPage = true;
          break;
        }
        page.push(entry.item);
      }
      const last = page.at(-1);
      return { items: page, hasNextPage, endCursor: last ? encodeCursor(last.key) : null };
    },

    /** Whether `key` is an entry of that list (exact, case-sensitive: keys are stored as given). */
    isKnown: (kind: LookupKind, key: string): boolean => KNOWN_KEYS[kind].has(key),
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;
