// Story context and slot filling: the people and organisations a story is about, and the {slots}
// of a template filled from them with plausible figures.
import type { OrgSeed } from './organisations.ts';
import type { PersonSeed } from './people.ts';
import { at, type Rng } from './random.ts';
import { EURO_COUNTRIES, PERIODS, QUARTERS, SHARES, WEEKDAYS } from './settings.ts';
import { capitalise, spin, stripTags, withCommas } from './text.ts';

export interface OrgRecord {
  seed: OrgSeed;
  slug: string;
}

export interface PersonRecord {
  seed: PersonSeed;
  slug: string;
  fullName: string;
}

export interface StoryContext {
  org: OrgSeed;
  org2: OrgSeed;
  person: PersonRecord;
  person2: PersonRecord;
  otherCity: string;
  season: string;
  market: string;
}

const OWNERSHIP_PHRASE: Readonly<Record<OrgSeed['ownership'], string>> = {
  'Family-owned': 'family-owned',
  Private: 'privately held',
  Public: 'publicly listed',
  'Private equity-backed': 'private equity-backed',
};

function currencyOf(org: OrgSeed): string {
  if (org.country === 'United Kingdom') return '£';
  return EURO_COUNTRIES.has(org.country) ? '€' : '$';
}

const SIZE_TIERS: readonly OrgSeed['size'][] = ['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+'];
/** Annual revenue, in millions, by organisation size. */
const REVENUE_MILLIONS: readonly (readonly [number, number])[] = [
  [1, 8],
  [5, 40],
  [30, 180],
  [150, 1400],
  [900, 6000],
  [3000, 24000],
];
/** Typical programme costs, savings and cash balances, in millions, by size. */
const SPEND_MILLIONS: readonly (readonly [number, number])[] = [
  [0.3, 2],
  [1, 6],
  [3, 25],
  [10, 120],
  [25, 400],
  [60, 900],
];
/** Employees, by size. */
const HEADCOUNT: readonly (readonly [number, number])[] = [
  [4, 10],
  [15, 50],
  [60, 200],
  [220, 1000],
  [1100, 5000],
  [6000, 40000],
];

function scaled(org: OrgSeed, table: readonly (readonly [number, number])[], rng: Rng): number {
  const [lo, hi] = at(table, SIZE_TIERS.indexOf(org.size));
  // Log-uniform between the bounds, so small values are as likely as large ones.
  return Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo)));
}

function roundNice(n: number): number {
  const step = n < 100 ? 5 : n < 1000 ? 10 : n < 10000 ? 100 : 1000;
  return Math.max(step, Math.round(n / step) * step);
}

/** A sum given in millions, written the way a business desk would. */
function formatMoney(cur: string, millions: number): string {
  if (millions >= 1000) return `${cur}${(millions / 1000).toFixed(1).replace(/\.0$/, '')} billion`;
  if (millions >= 100) return `${cur}${Math.round(millions / 10) * 10} million`;
  if (millions >= 10) return `${cur}${Math.round(millions)} million`;
  if (millions >= 1) return `${cur}${millions.toFixed(1).replace(/\.0$/, '')} million`;
  return `${cur}${withCommas(Math.max(1, Math.round(millions * 20)) * 50_000)}`;
}

function entryPrice(org: OrgSeed, rng: Rng): number {
  if (org.kinds.includes('beauty')) return rng.int(5, 9) * 5;
  if (org.kinds.includes('lux')) return rng.int(6, 12) * 100;
  return rng.int(9, 18) * 10;
}

/** Fill one template for a story: alternatives first, then slots. Figures are drawn per use. */
export function fillTemplate(template: string, ctx: StoryContext, rng: Rng): string {
  const cur = currencyOf(ctx.org);
  const pcts = new Set<number>();
  const freshPct = (min: number, max: number): number => {
    for (let i = 0; i < 8; i++) {
      const n = rng.int(min, max);
      if (!pcts.has(n)) {
        pcts.add(n);
        return n;
      }
    }
    return rng.int(min, max);
  };
  const text = spin(stripTags(template), rng).replace(/\{([A-Za-z0-9]+)\}/g, (whole, slot: string) => {
    switch (slot) {
      case 'org':
        return ctx.org.title;
      case 'org2':
        return ctx.org2.title;
      case 'orgNoun':
        return ctx.org.noun;
      case 'OrgNoun':
        return capitalise(ctx.org.noun);
      case 'org2Noun':
        return ctx.org2.noun;
      case 'person':
        return ctx.person.fullName;
      case 'personRole':
        return ctx.person.seed.role;
      case 'personLast':
        return ctx.person.seed.last;
      case 'person2':
        return ctx.person2.fullName;
      case 'person2Role':
        return ctx.person2.seed.role;
      case 'person2Last':
        return ctx.person2.seed.last;
      case 'city':
        return ctx.org.city;
      case 'country':
        return ctx.org.country;
      case 'otherCity':
        return ctx.otherCity;
      case 'season':
        return ctx.season;
      case 'market':
        return ctx.market;
      case 'founded':
        return String(ctx.org.year);
      case 'ownership':
        return OWNERSHIP_PHRASE[ctx.org.ownership];
      case 'pct':
        return `${freshPct(6, 34)} percent`;
      case 'pctSmall':
        return `${freshPct(2, 9)} percent`;
      case 'pctBig':
        return `${freshPct(36, 78)} percent`;
      case 'pts':
        return `${rng.int(2, 9)} percentage points`;
      case 'share':
        return rng.pick(SHARES);
      case 'money':
        return formatMoney(cur, scaled(ctx.org, REVENUE_MILLIONS, rng));
      case 'moneyM':
        return formatMoney(cur, scaled(ctx.org, SPEND_MILLIONS, rng));
      case 'org2Value':
        return formatMoney(currencyOf(ctx.org2), 3 * scaled(ctx.org2, REVENUE_MILLIONS, rng));
      case 'industryMoney':
        return `${cur}${rng.int(20, 140)} billion`;
      case 'headcount':
        return withCommas(roundNice(scaled(ctx.org, HEADCOUNT, rng)));
      case 'roles':
        return withCommas(roundNice(scaled(ctx.org, HEADCOUNT, rng) * (rng.int(8, 20) / 100)));
      case 'respondents':
        return withCommas(rng.int(12, 48) * 100);
      case 'showCost':
        return formatMoney(
          cur,
          ctx.org.kinds.includes('lux') || ctx.org.kinds.includes('group') ? rng.int(15, 80) / 10 : rng.int(15, 90) / 100,
        );
      case 'bagPrice':
        return `${cur}${withCommas(rng.int(19, 42) * 100)}`;
      case 'beautyPrice':
        return `${cur}${rng.int(48, 165)}`;
      case 'orderValue':
        return `${cur}${rng.int(18, 54) * 10}`;
      case 'entryPrice':
        return `${cur}${withCommas(entryPrice(ctx.org, rng))}`;
      case 'postFee':
        return `${cur}${withCommas(rng.int(20, 120) * 1000)}`;
      case 'num':
        return String(rng.int(12, 90));
      case 'stores':
        return String(rng.int(8, 45));
      case 'year':
        return String(rng.int(2028, 2031));
      case 'months':
        return rng.pick(PERIODS);
      case 'weekday':
        return rng.pick(WEEKDAYS);
      case 'quarter':
        return rng.pick(QUARTERS);
      default:
        throw new Error(`demo-content: unknown slot ${whole}`);
    }
  });
  return capitalise(text);
}
