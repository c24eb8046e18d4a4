// Team plans (issue 17, SPEC §2 `organisations_bundle_volume_yearly_v1`): a yearly membership for a
// number of seats, priced per seat by volume — the whole order is priced at the tier its seat count
// falls in (Recurly's "volume" pricing: 12 seats cost 12 × the 10–24 price), plus the buyer's tax.
// Teams above the largest checkout tier are quoted by our team instead (the enquiry on
// /subscriptions/executive/). Extra seats bought mid-term are prorated to the term's end.
// docs/decisions/043-organisation-purchase.md.
import type { MembershipLevel } from '../../shared/membership.ts';
import type { Currency } from './catalogue.ts';
import { taxAmount, taxFor, type TaxInfo } from './tax/index.ts';

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
  membershipLevel: MembershipLevel;
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

export interface OrganisationPrice {
  currency: Currency;
  seats: number;
  pricePerSeat: number;
  /** seats × pricePerSeat, before tax: the invoice's subtotal. */
  itemPrice: number;
  taxAmount: number;
  /** What is charged: itemPrice + taxAmount. */
  fullPrice: number;
  taxInfo: TaxInfo;
}

/** A year of `seats` seats for a buyer in a country (and, for an EU business, with its VAT number); null when checkout does not sell it. */
export function organisationPrice({
  plan,
  seats,
  currency,
  countryCode,
  vatNumber,
}: {
  plan: OrganisationPlan;
  seats: number;
  currency: Currency;
  countryCode: string | null;
  vatNumber?: string | null;
}): OrganisationPrice | null {
  const tier = seatTier(plan, seats);
  if (!tier) return null;
  const pricePerSeat = tier.pricePerSeat[currency];
  const itemPrice = pricePerSeat * seats;
  const taxInfo = taxFor({ countryCode, vatNumber });
  const tax = taxAmount(itemPrice, taxInfo.rate);
  return { currency, seats, pricePerSeat, itemPrice, taxAmount: tax, fullPrice: itemPrice + tax, taxInfo };
}

export interface ExtraSeatsPrice extends OrganisationPrice {
  /** The seats already bought, and the total after this purchase. */
  seatsBefore: number;
  seatsAfter: number;
  /** Whole days left in the term, and the term's length in days: itemPrice is prorated by their ratio. */
  daysRemaining: number;
  termDays: number;
}

const DAY_MS = 86_400_000;

/**
 * Extra seats bought mid-term: each at the tier price of the new total, for the part of the term
 * that is left (whole days, rounded up, so a seat bought on the last day costs one day), tax on top.
 * Null when the new total is beyond checkout (a quote) or nothing is added.
 */
export function extraSeatsPrice({
  plan,
  seatsBefore,
  added,
  currency,
  countryCode,
  vatNumber,
  termStartedAt,
  termEndsAt,
  at,
}: {
  plan: OrganisationPlan;
  seatsBefore: number;
  added: number;
  currency: Currency;
  countryCode: string | null;
  vatNumber?: string | null;
  termStartedAt: Date;
  termEndsAt: Date;
  at: Date;
}): ExtraSeatsPrice | null {
  if (!Number.isInteger(added) || added < 1) return null;
  const seatsAfter = seatsBefore + added;
  const tier = seatTier(plan, seatsAfter);
  if (!tier) return null;
  const termDays = Math.max(1, Math.round((termEndsAt.getTime() - termStartedAt.getTime()) / DAY_MS));
  const daysRemaining = Math.min(termDays, Math.max(0, Math.ceil((termEndsAt.getTime() - at.getTime()) / DAY_MS)));
  if (daysRemaining === 0) return null;
  const pricePerSeat = tier.pricePerSeat[currency];
  // Rounded half up to a whole minor unit, in integers.
  const itemPrice = Math.floor((pricePerSeat * added * daysRemaining * 2 + termDays) / (2 * termDays));
  const taxInfo = taxFor({ countryCode, vatNumber });
  const tax = taxAmount(itemPrice, taxInfo.rate);
  return {
    currency,
    seats: added,
    pricePerSeat,
    itemPrice,
    taxAmount: tax,
    fullPrice: itemPrice + tax,
    taxInfo,
    seatsBefore,
    seatsAfter,
    daysRemaining,
    termDays,
  };
}
