// The demo catalogue writes lookups by title ("Luxury Fashion", "France"); profiles store lookups
// keys (LUXURY_FASHION, FR). This turns one into the other, with the catalogue's few titles that
// are not a list's own mapped to the nearest entry.
import { createLookupsService, type LookupItem } from '../../modules/lookups/lookups-service.ts';

const lookups = createLookupsService();

type Kind = 'country' | 'industry' | 'size' | 'type' | 'ownership' | 'category';

const NEAREST: Partial<Record<Kind, Record<string, string>>> = {
  country: { Turkey: 'TR' },
  industry: {
    'Creative Agency': 'CREATIVE_AGENCY',
    'Department Stores and Malls': 'DEPARTMENT_STORES',
    'Live Commerce': 'ECOMMERCE',
    'Luxury Conglomerate': 'LUXURY_FASHION',
    'Luxury Knitwear': 'LUXURY_FASHION',
    'Model Management': 'MODEL_MANAGEMENT',
    Publishing: 'MEDIA_PUBLISHING',
    Resale: 'RESALE_RENTAL',
    Software: 'SOFTWARE_TECHNOLOGY',
    Sportswear: 'SPORTSWEAR',
  },
};

const LISTS: Record<Kind, () => LookupItem[]> = {
  country: lookups.countries,
  industry: lookups.jobIndustries,
  size: lookups.companySizes,
  type: lookups.companyTypes,
  ownership: lookups.companyOwnership,
  category: lookups.personCategories,
};

const byTitle = new Map<Kind, Map<string, string>>(
  (Object.keys(LISTS) as Kind[]).map((kind) => [kind, new Map(LISTS[kind]().map((item) => [item.title, item.key]))]),
);
// A country is also found by its other names ("Turkey" for Türkiye).
for (const country of lookups.countries())
  for (const alias of country.aliases) if (!byTitle.get('country')!.has(alias)) byTitle.get('country')!.set(alias, country.key);

/** The key of a demo title; throws for a title the demo should not have, so a typo fails the seed's test. */
export function demoKey(kind: Kind, title: string): string {
  const key = NEAREST[kind]?.[title] ?? byTitle.get(kind)?.get(title);
  if (!key) throw new Error(`demo-profiles: no ${kind} key for "${title}"`);
  return key;
}

/** Every title → key pair of a kind (the migration that converted the first demo rows used these). */
export function demoKeyPairs(kind: Kind): [string, string][] {
  return [...(byTitle.get(kind) ?? new Map<string, string>()).entries(), ...Object.entries(NEAREST[kind] ?? {})];
}
