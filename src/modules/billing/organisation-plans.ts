// Team plans (issue 17, SPEC §2 `organisations_bundle_volume_yearly_v1`): a yearly membership for a
// number of seats, priced per seat by volume — the whole order is priced at the tier its seat count
// falls in (Recurly's "volume" pricing: 12 seats cost 12 × the 10–24 price), plus the buyer's tax.
// Teams above the largest checkout tier are quoted by our team instead (the enquiry on
// /subscriptions/executive/). What an order costs with tax, and extra seats bought mid-term
// (prorated to the term's end), are organisation-pricing.ts. Pure: the groups page's seat
// calculator runs it in the browser. docs/decisions/043-organisation-purchase.md.
import type { MembershipLevel } from '../../shared/membership.ts';
import type { Currency } from './catalogue.ts';

export interface SeatTier {
  /** The smallest seat count this tier prices (inclusive). */
  fromSeats: number;
  /** Price of one seat for a year, before tax, in minor units of each currency. */
  pricePerSeat: Record<Currency, number>;
}

export interface OrganisationPlan {
  code: string;
  title: string;
  summary: string;
  interval: 'year';
  /** What every seat holder's membership is (§4). */
  membershipLevel: Exclude<MembershipLevel, 'None'>;
  /** Smallest and largest team sold at checkout; larger teams are quoted (an enquiry). */
  minSeats: number;
  maxSeats: number;
  /** Ascending by fromSeats; the first starts at minSeats. */
  tiers: readonly SeatTier[];
  /**
   * How many people beyond the seats bought may hold one, as a share of the seats bought (rounded
   * up): they are let in and the owner is told to buy more (docs/decisions/042). 0 = refused.
   */
  extraSeatShare: number;
  features: readonly string[];
}

export const TEAM_PLAN: OrganisationPlan = Object.freeze({
  code: 'organisations_bundle_volume_yearly_v1',
  title: 'Team',
  summary: 'Premium membership for everyone on your team, on one yearly invoice.',
  interval: 'year',
  membershipLevel: 'Premium',
  minSeats: 2,
  maxSeats: 49,
  tiers: Object.freeze([
    { fromSeats: 2, pricePerSeat: { EUR: 45000, GBP: 39000, INR: 2400000, USD: 47000 } },
    { fromSeats: 10, pricePerSeat: { EUR: 40000, GBP: 34500, INR: 2150000, USD: 42000 } },
    { fromSeats: 25, pricePerSeat: { EUR: 35000, GBP: 30000, INR: 1850000, USD: 36500 } },
  ]),
  extraSeatShare: 0.1,
  features: Object.freeze([
    'Premium membership for every seat: stories, Insights reports, courses and briefings',
    'Seats your administrators assign, by email or by company domain',
    'One yearly invoice, with VAT reverse charge for EU businesses',
    'Add seats at any time, priced to your renewal date',
  ]),
});

export const ORGANISATION_PLANS: readonly OrganisationPlan[] = Object.freeze([TEAM_PLAN]);

export function organisationPlanByCode(code: string): OrganisationPlan | null {
  return ORGANISATION_PLANS.find((plan) => plan.code === code) ?? null;
}

/** The tier a seat count is priced at, or null when checkout does not sell that many (too few or a quote). */
export function seatTier(plan: OrganisationPlan, seats: number): SeatTier | null {
  if (!Number.isInteger(seats) || seats < plan.minSeats || seats > plan.maxSeats) return null;
  return plan.tiers.findLast((tier) => tier.fromSeats <= seats) ?? null;
}

/** How many people beyond the seats bought may hold a seat (rounded up; 0 when the plan allows none). */
export function extraSeatAllowance(plan: OrganisationPlan, purchasedSeats: number): number {
  return Math.ceil(purchasedSeats * plan.extraSeatShare);
}
