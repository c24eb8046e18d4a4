// The membership catalogue (issue 7, SPEC §2 plan codes, §4 levels and types, §9 currencies).
// Plans and their prices live here, in our domain code (DESIGN §4), not in the billing provider.
// Prices are integer minor units (pence, cents, paise) BEFORE tax; tax is added by pricing.ts.
import type { MembershipLevel, MembershipType } from '../../shared/membership.ts';

/** §9: the currencies we sell in. */
export const CURRENCIES = ['EUR', 'GBP', 'INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Plan {
  /** The provider-facing plan code (§2), stable forever: subscriptions and links carry it. */
  code: string;
  title: string;
  summary: string;
  interval: 'year' | 'month';
  /** Free days before the first charge; 0 for no trial. */
  trialDays: number;
  /** The membership a subscription on this plan grants (§4). */
  membershipLevel: MembershipLevel;
  membershipType: MembershipType;
  /** Which packages page lists the plan: individual (/subscriptions/packages/), student (/students/), beauty (?packages=beauty). */
  audience: 'individual' | 'student' | 'beauty';
  /** Price per interval in minor units of each currency, before tax. */
  prices: Record<Currency, number>;
  /** What the plan includes, for the packages pages. */
  features: string[];
}

const STANDARD_FEATURES = [
  'Unlimited access to every story, analysis and briefing',
  'The daily and weekly member newsletters',
  'Case studies and the full archive',
  'Member-only events and live briefings',
];

const PREMIUM_FEATURES = [
  'Everything in Standard',
  'Insights reports and data briefings',
  'Professional courses and learning programmes',
  'Priority booking for our events',
];

const STUDENT_FEATURES = [
  'Everything in Standard, at a student price',
  'Careers advice and the student newsletter',
  'Verified with your academic email address',
];

const BEAUTY_FEATURES = [
  'Every beauty story, analysis and briefing',
  'The beauty newsletter and market reports',
  'Business of beauty events and case studies',
];

export const PLANS: readonly Plan[] = Object.freeze([
  {
    code: 'individuals_standard_yearly_trial_v1',
    title: 'Standard',
    summary: 'The full membership, billed yearly after a 30-day free trial.',
    interval: 'year',
    trialDays: 30,
    membershipLevel: 'Standard',
    membershipType: 'Individual',
    audience: 'individual',
    prices: { EUR: 29000, GBP: 25000, INR: 1500000, USD: 30000 },
    features: STANDARD_FEATURES,
  },
  {
    code: 'individuals_standard_monthly_v1',
    title: 'Standard monthly',
    summary: 'The full membership, billed monthly. Cancel any time.',
    interval: 'month',
    trialDays: 0,
    membershipLevel: 'Standard',
    membershipType: 'Individual',
    audience: 'individual',
    prices: { EUR: 2900, GBP: 2500, INR: 150000, USD: 3000 },
    features: STANDARD_FEATURES,
  },
  {
    code: 'individuals_premium_yearly_v1',
    title: 'Premium',
    summary: 'Standard plus insights reports, courses and priority booking, billed yearly.',
    interval: 'year',
    trialDays: 0,
    membershipLevel: 'Premium',
    membershipType: 'Individual',
    audience: 'individual',
    prices: { EUR: 52000, GBP: 45000, INR: 2700000, USD: 54000 },
    features: PREMIUM_FEATURES,
  },
  {
    code: 'individuals_premium_monthly_v1',
    title: 'Premium monthly',
    summary: 'Standard plus insights reports, courses and priority booking, billed monthly.',
    interval: 'month',
    trialDays: 0,
    membershipLevel: 'Premium',
    membershipType: 'Individual',
    audience: 'individual',
    prices: { EUR: 5200, GBP: 4500, INR: 270000, USD: 5400 },
    features: PREMIUM_FEATURES,
  },
  {
    // The annual offer that campaign links and older emails carry (§2): Standard with a 14-day trial.
    code: 'individual_annual_trial_v1',
    title: 'Annual',
    summary: 'The full membership, billed yearly after a 14-day free trial.',
    interval: 'year',
    trialDays: 14,
    membershipLevel: 'Standard',
    membershipType: 'Individual',
    audience: 'individual',
    prices: { EUR: 29000, GBP: 25000, INR: 1500000, USD: 30000 },
    features: STANDARD_FEATURES,
  },
  {
    code: 'students_standard_yearly_v1',
    title: 'Student',
    summary: 'The full membership for students, billed yearly.',
    interval: 'year',
    trialDays: 0,
    membershipLevel: 'Standard',
    membershipType: 'Student',
    audience: 'student',
    prices: { EUR: 8500, GBP: 7500, INR: 450000, USD: 9000 },
    features: STUDENT_FEATURES,
  },
  {
    code: 'students_standard_monthly_v1',
    title: 'Student monthly',
    summary: 'The full membership for students, billed monthly.',
    interval: 'month',
    trialDays: 0,
    membershipLevel: 'Standard',
    membershipType: 'Student',
    audience: 'student',
    prices: { EUR: 900, GBP: 800, INR: 45000, USD: 900 },
    features: STUDENT_FEATURES,
  },
  {
    code: 'beauty_package_yearly_v1',
    title: 'Beauty package',
    summary: 'Everything we publish on the business of beauty, billed yearly.',
    interval: 'year',
    trialDays: 0,
    membershipLevel: 'TopicBeauty',
    membershipType: 'Individual',
    audience: 'beauty',
    prices: { EUR: 17500, GBP: 15000, INR: 900000, USD: 18000 },
    features: BEAUTY_FEATURES,
  },
] satisfies Plan[]);

/** The end of a billing period of `interval` starting at `from` (calendar months and years, UTC). */
export function addInterval(from: Date, interval: Plan['interval']): Date {
  const to = new Date(from);
  if (interval === 'year') to.setUTCFullYear(to.getUTCFullYear() + 1);
  else to.setUTCMonth(to.getUTCMonth() + 1);
  return to;
}

const BY_CODE = new Map(PLANS.map((plan) => [plan.code, plan]));

export function planByCode(code: string): Plan | null {
  return BY_CODE.get(code) ?? null;
}

/**
 * The plans a packages page lists, in display order. The individual page (`packages` absent) lists
 * the current individual offers; `individual_annual_trial_v1` is bought through its links, not listed.
 * `packages=beauty` lists the beauty package; the students page lists the student plans.
 */
export const LISTED_PLAN_CODES: Readonly<Record<Plan['audience'], readonly string[]>> = Object.freeze({
  individual: [
    'individuals_standard_monthly_v1',
    'individuals_standard_yearly_trial_v1',
    'individuals_premium_yearly_v1',
    'individuals_premium_monthly_v1',
  ],
  student: ['students_standard_monthly_v1', 'students_standard_yearly_v1'],
  beauty: ['beauty_package_yearly_v1'],
});

export function listedPlans(audience: Plan['audience']): Plan[] {
  return LISTED_PLAN_CODES[audience].map((code) => BY_CODE.get(code)).filter((plan): plan is Plan => plan !== undefined);
}
