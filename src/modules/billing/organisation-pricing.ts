// What a team plan costs a buyer (issue 17): the whole order at its volume tier plus the buyer's tax
// (reverse charge for an EU business with a valid VAT number), and extra seats bought mid-term,
// prorated to the term's end. Server-only (the tax rules). docs/decisions/043-organisation-purchase.md.
import type { Currency } from './catalogue.ts';
import { seatTier, type OrganisationPlan } from './organisation-plans.ts';
import { taxAmount, taxFor, type TaxInfo } from './tax/index.ts';

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
