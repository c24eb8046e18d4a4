// Generator settings: which organisations suit a topic, fallbacks between sentence roles, default
// media types, and the small vocabularies slots are filled from (cities, markets, seasons …).
import type { StoryMediaType } from '../../modules/content/types.ts';
import type { OrgKind } from './organisations.ts';
import type { Role } from './sentences.ts';

/** Which kinds of organisation suit each topic when a template does not say. */
export const TOPIC_ORG_KINDS: Readonly<Record<string, readonly OrgKind[]>> = {
  news: ['lux', 'brand', 'dtc', 'retail', 'beauty', 'group', 'designer'],
  analysis: ['lux', 'brand', 'retail', 'beauty', 'dtc'],
  opinion: ['lux', 'brand', 'retail', 'designer', 'beauty'],
  luxury: ['lux', 'group'],
  retail: ['retail', 'dept', 'marketplace', 'brand', 'dtc'],
  technology: ['tech', 'dtc', 'marketplace'],
  sustainability: ['maker', 'brand'],
  beauty: ['beauty'],
  workplace: ['lux', 'brand', 'group', 'dept', 'edu', 'agency'],
  'case-studies': ['brand', 'dtc', 'beauty', 'retail'],
  'bof-insights': ['lux', 'brand', 'retail', 'beauty'],
  marketing: ['brand', 'beauty', 'agency', 'lux'],
  'fashion-week': ['lux', 'designer'],
  china: ['china', 'lux'],
  media: ['media', 'agency'],
};

/** Secondary topic implied by an organisation kind, for stories filed under a generic topic. */
export const KIND_TOPIC: Partial<Record<OrgKind, string>> = {
  lux: 'luxury',
  group: 'luxury',
  retail: 'retail',
  dept: 'retail',
  marketplace: 'retail',
  dtc: 'retail',
  beauty: 'beauty',
  tech: 'technology',
  maker: 'sustainability',
  media: 'media',
  china: 'china',
  agency: 'marketing',
  designer: 'fashion-week',
  edu: 'workplace',
};

export const ROLE_FALLBACKS: Partial<Record<Role, readonly Role[]>> = {
  ctx: ['ev', 'counter'],
  ev: ['ctx', 'counter'],
  counter: ['ctx', 'ev'],
  close: ['ctx', 'counter'],
  voice2: ['counter', 'ctx'],
  voice: ['voice2', 'ctx'],
};

export const GENERIC_TOPICS = new Set(['news', 'analysis', 'opinion', 'case-studies']);

export const DEFAULT_MEDIA_TYPE: Readonly<Record<string, StoryMediaType>> = {
  news: 'article',
  analysis: 'analysis',
  opinion: 'opinion',
  'case-studies': 'case_study',
  'bof-insights': 'report',
};

export const CITIES = [
  'Paris',
  'Milan',
  'London',
  'New York',
  'Tokyo',
  'Shanghai',
  'Seoul',
  'Dubai',
  'Los Angeles',
  'Copenhagen',
  'Riyadh',
  'Singapore',
] as const;
export const MARKETS = [
  'the Gulf',
  'Japan',
  'the US',
  'South Korea',
  'India',
  'Southeast Asia',
  'mainland China',
  'Europe',
  'the Middle East',
  'Mexico',
] as const;
export const SEASONS = ['Spring/Summer 2027', 'Resort 2027', 'Pre-Fall 2027', 'Autumn/Winter 2026'] as const;
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export const QUARTERS = ['third quarter', 'three months to September', 'first half', 'latest quarter'] as const;
export const SHARES = [
  'roughly a third',
  'about a quarter',
  'nearly half',
  'more than half',
  'around two-fifths',
  'about a fifth',
  'close to 60 percent',
] as const;
export const PERIODS = ['12 months', '18 months', 'two years', 'three years', '24 months'] as const;
export const EURO_COUNTRIES = new Set(['France', 'Italy', 'Sweden', 'Netherlands', 'Germany', 'Portugal', 'Denmark', 'Spain']);
