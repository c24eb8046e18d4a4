// The reference lists as the service gives them: countries from the datasets, the taxonomies,
// job-title search and paging, and key checks.
import { describe, expect, it } from 'vitest';
import { sharedMailboxWords } from '../../shared/validation/formats.ts';
import { createLookupsService, JOB_TITLES_MAX_PAGE, LOOKUP_KINDS, type JobTitle } from './lookups-service.ts';

const lookups = createLookupsService();

// The 27 member states since 1 February 2020, by ISO code (Greece is GR, not the EU's own EL).
const EU_MEMBERS = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

function allJobTitles(query: { search?: string; first?: number } = {}): JobTitle[] {
  const titles: JobTitle[] = [];
  let after: string | null = null;
  do {
    const page = lookups.jobTitles({ ...query, after });
    titles.push(...page.items);
    after = page.hasNextPage ? page.endCursor : null;
  } while (after);
  return titles;
}

describe('countries', () => {
  const countries = lookups.countries();

  it('lists every ISO 3166-1 country, once, by English name', () => {
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((country) => country.key)).size).toBe(249);
    expect(countries.every((country) => /^[A-Z]{2}$/.test(country.key))).toBe(true);
    const titles = countries.map((country) => country.title);
    expect(titles).toEqual([...titles].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    expect(titles.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    // Kosovo's XK is user-assigned, not ISO.
    expect(lookups.country('XK')).toBeNull();
  });

  it('flags exactly the 27 EU member states', () => {
    const flagged = countries.filter((country) => country.isInEU).map((country) => country.key);
    expect(flagged.sort()).toEqual([...EU_MEMBERS].sort());
    expect(lookups.country('GR')?.isInEU).toBe(true);
    expect(lookups.country('EL')).toBeNull();
    for (const outside of ['GB', 'CH', 'NO', 'IS', 'TR', 'US']) expect(lookups.country(outside)?.isInEU).toBe(false);
  });

  it('gives each a nationality, a unique ASCII slug and aliases without the key or title', () => {
    expect(lookups.country('GB')).toEqual({
      key: 'GB',
      title: 'United Kingdom',
      isInEU: false,
      nationality: 'British',
      urlSlug: 'united-kingdom',
      aliases: ['UK', 'Great Britain', 'United Kingdom of Great Britain and Northern Ireland'],
    });
    expect(lookups.country('FR')).toMatchObject({
      nationality: 'French',
      isInEU: true,
      aliases: expect.arrayContaining(['French Republic']),
    });
    expect(lookups.country('AX')?.urlSlug).toBe('aland-islands');
    expect(lookups.country('ST')?.urlSlug).toBe('sao-tome-and-principe');
    // No demonym in the dataset: the name stands in.
    expect(lookups.country('BV')?.nationality).toBe('Bouvet Island');
    expect(countries.every((country) => country.nationality.length > 0)).toBe(true);
    expect(new Set(countries.map((country) => country.urlSlug)).size).toBe(249);
    expect(countries.every((country) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(country.urlSlug))).toBe(true);
    for (const country of countries) {
      expect(country.aliases).not.toContain(country.key);
      expect(country.aliases).not.toContain(country.title);
      expect(new Set(country.aliases).size).toBe(country.aliases.length);
    }
  });

  it('hands out copies, so a caller cannot change the list for everyone', () => {
    lookups.countries().pop();
    expect(lookups.countries()).toHaveLength(249);
    expect(() => {
      (lookups.country('GB') as { title: string }).title = 'Changed';
    }).toThrow(TypeError);
  });
});

describe('taxonomies', () => {
  const lists = {
    jobFunctions: lookups.jobFunctions(),
    jobIndustries: lookups.jobIndustries(),
    jobLevels: lookups.jobLevels(),
    companySizes: lookups.companySizes(),
    companyTypes: lookups.companyTypes(),
    companyOwnership: lookups.companyOwnership(),
    personCategories: lookups.personCategories(),
  };

  it.each(Object.entries(lists))('%s has unique UPPER_SNAKE keys and titles', (_name, list) => {
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((item) => /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(item.key))).toBe(true);
    expect(new Set(list.map((item) => item.key)).size).toBe(list.length);
    expect(new Set(list.map((item) => item.title)).size).toBe(list.length);
  });

  it('keeps the order forms show: sizes smallest first, levels most junior first', () => {
    expect(lists.companySizes.map((size) => size.title)).toEqual(['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+']);
    expect(lists.jobLevels[0]).toEqual({ key: 'STUDENT', title: 'Student' });
  });

  it('lists the webmail domains and every shared-mailbox word formats.ts reads', () => {
    const patterns = lookups.emailPatterns();
    expect(patterns).toContainEqual({ key: 'gmail.com', title: 'Gmail', type: 'PERSONAL_DOMAIN' });
    const shared = patterns.filter((pattern) => pattern.type === 'SHARED_MAILBOX').map((pattern) => pattern.key);
    expect(shared).toEqual(sharedMailboxWords.map((word) => `${word}@`));
    expect(new Set(patterns.map((pattern) => pattern.key)).size).toBe(patterns.length);
  });
});

describe('jobTitles', () => {
  it('pages through every title in order with opaque cursors', () => {
    const first = lookups.jobTitles({ first: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.hasNextPage).toBe(true);
    expect(first.endCursor).not.toContain(first.items[4]!.key);

    const titles = allJobTitles({ first: 7 });
    expect(titles.length).toBeGreaterThanOrEqual(150);
    expect(titles.length).toBeLessThanOrEqual(250);
    expect(new Set(titles.map((title) => title.key)).size).toBe(titles.length);
    expect(titles.slice(0, 5)).toEqual(first.items);
    expect(allJobTitles({ first: JOB_TITLES_MAX_PAGE })).toEqual(titles);
  });

  it('gives 20 by default and an empty last page no cursor', () => {
    expect(lookups.jobTitles().items).toHaveLength(20);
    const empty = lookups.jobTitles({ search: 'zzzz' });
    expect(empty).toEqual({ items: [], hasNextPage: false, endCursor: null });
  });

  it('matches the start of any word, ignoring case and accents', () => {
    const titles = (search: string) => lookups.jobTitles({ search, first: 100 }).items.map((title) => title.title);
    expect(titles('dir')).toEqual(expect.arrayContaining(['Creative Director', 'Art Director', 'Managing Director']));
    expect(titles('dir').every((title) => /\bDir/.test(title))).toBe(true);
    expect(titles('CREATIVE dir')).toEqual(['Creative Director']);
    expect(titles('irector')).toEqual([]);
    expect(titles('premiere')).toEqual(["Première d'Atelier"]);
    expect(titles('makeup')).toEqual(['Make-up Artist']);
    expect(titles('  chief  ')).toContain('Editor-in-Chief');
  });

  it('pages through search results', () => {
    const all = lookups.jobTitles({ search: 'manager', first: 100 }).items;
    expect(all.length).toBeGreaterThan(40);
    expect(allJobTitles({ search: 'manager', first: 9 })).toEqual(all);
  });

  it('refuses a page size outside 1–100 and a cursor it did not make', () => {
    expect(() => lookups.jobTitles({ first: 0 })).toThrow(/between 1 and 100/);
    expect(() => lookups.jobTitles({ first: 101 })).toThrow(/between 1 and 100/);
    expect(() => lookups.jobTitles({ after: 'bm9wZQ' })).toThrow(/start again/);
  });
});

describe('isKnown', () => {
  it('knows the keys of each stored list, exactly as given', () => {
    expect(lookups.isKnown('country', 'GB')).toBe(true);
    expect(lookups.isKnown('country', 'gb')).toBe(false);
    expect(lookups.isKnown('country', 'XK')).toBe(false);
    expect(lookups.isKnown('jobFunction', 'DESIGN')).toBe(true);
    expect(lookups.isKnown('jobIndustry', 'LUXURY_FASHION')).toBe(true);
    expect(lookups.isKnown('jobLevel', 'DIRECTOR')).toBe(true);
    expect(lookups.isKnown('companySize', 'SIZE_51_200')).toBe(true);
    expect(lookups.isKnown('companyType', 'BRAND')).toBe(true);
    expect(lookups.isKnown('companyOwnership', 'FAMILY_OWNED')).toBe(true);
    // A key of another list is not one of this list's.
    expect(lookups.isKnown('jobLevel', 'DESIGN')).toBe(false);
    expect(lookups.isKnown('companyType', '')).toBe(false);
  });

  it('covers every kind', () => {
    for (const kind of LOOKUP_KINDS) expect(lookups.isKnown(kind, 'NOT_A_KEY')).toBe(false);
  });
});
