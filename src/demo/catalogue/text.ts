// Text helpers: slugs, typography, sentence splitting and template tags, and the organisation
// tests templates ask for.
import type { OrgKind, OrgSeed } from './organisations.ts';
import { at, type Rng } from './random.ts';

/** Lowercase, ASCII, hyphen-separated; accents stripped, apostrophes dropped. */
export function slugify(text: string, maxLength = 80): string {
  const base = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= maxLength) return base;
  const cut = base.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/g, '');
}

/** Straight apostrophes and quotes to typographic ones; tidy doubled punctuation. */
export function typeset(text: string): string {
  return text
    .replace(/(^|[\s(“—])'/g, '$1‘')
    .replace(/'/g, '’')
    .replace(/(^|[\s(—])"/g, '$1“')
    .replace(/"/g, '”')
    .replace(/Co\.\./g, 'Co.')
    .replace(/(?<!\bCo)([.?!][”’]? )([a-z])/g, (_m, stop: string, letter: string) => stop + letter.toUpperCase())
    .replace(/Co\.([,;:])/g, 'Co.$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export function capitalise(text: string): string {
  const i = text.search(/[A-Za-z]/);
  if (i < 0) return text;
  return text.slice(0, i) + text.charAt(i).toUpperCase() + text.slice(i + 1);
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function withCommas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Resolve `[a|b|c]` alternatives. */
export function spin(text: string, rng: Rng): string {
  return text.replace(/\[([^[\]]+)\]/g, (_m, body: string) => rng.pick(body.split('|')));
}

/** Split running text into sentences (a closing quote may end a sentence). */
export function splitSentences(text: string): string[] {
  return text.split(/(?<=[.?!][”’]?|,”)\s+(?=[A-Z“‘{])/).filter(Boolean);
}

const TAG_PATTERN = /^(?:§[a-z0-9]+§\s*)+/;

export function stripTags(template: string): string {
  return template.replace(TAG_PATTERN, '');
}

export function tagsOf(template: string): string[] {
  const m = TAG_PATTERN.exec(template);
  return m ? [...m[0].matchAll(/§([a-z0-9]+)§/g)].map((x) => at(x, 1)) : [];
}

const CONSUMER_KINDS: readonly OrgKind[] = ['lux', 'brand', 'designer', 'dtc', 'group', 'retail', 'dept', 'marketplace', 'beauty'];

export function orgHasTag(org: OrgSeed | undefined, tag: string): boolean {
  if (!org) return tag === 'c' || tag === 's';
  const k = org.kinds;
  switch (tag) {
    case 'c':
      return k.some((x) => CONSUMER_KINDS.includes(x));
    case 's':
      return (
        !k.includes('marketplace') &&
        (k.some((x) => x === 'lux' || x === 'dept' || x === 'brand' || x === 'designer') || k.includes('retail'))
      );
    case 't':
      return k.includes('tech') && !k.includes('retail');
    case 'up':
      return org.year >= 2009 && org.ownership !== 'Public';
    case 'b':
      return k.includes('beauty');
    case 'pub':
      return org.ownership === 'Public';
    case 'm':
      return k.includes('media');
    case 'dept':
      return k.includes('dept');
    case 'maker':
      return k.includes('maker');
    case 'cn':
      return k.includes('china') && k.some((x) => CONSUMER_KINDS.includes(x));
    case 'big':
      return org.size === '1001-5000' || org.size === '5000+';
    default:
      return true;
  }
}

/** Two organisations compete if they share a kind of business (or are both consumer-facing brands). */
export function areRivals(a: OrgSeed, b: OrgSeed): boolean {
  const consumer = (o: OrgSeed): boolean => o.kinds.some((x) => CONSUMER_KINDS.includes(x));
  return (
    a.kinds.some((k) => k !== 'china' && b.kinds.includes(k)) ||
    (consumer(a) && consumer(b) && a.kinds.includes('beauty') === b.kinds.includes('beauty'))
  );
}

export function isFixedText(template: string): boolean {
  return !/[{[]/.test(stripTags(template));
}
