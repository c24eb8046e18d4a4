// What the team pages show (issue 17): the team plan's seat tiers priced in the reader's currency,
// before tax (a business reclaims or reverse-charges VAT; checkout adds what is due for the billing
// country). The currency is ?currency=, else the reader's country's. Server-only.
import type { Currency } from '../../../modules/billing/catalogue.ts';
import { extraSeatAllowance, TEAM_PLAN } from '../../../modules/billing/organisation-plans.ts';
import { currencyForCountry, parseCurrency } from '../../../modules/billing/pricing.ts';
import { formatMoney } from './pricing.server.ts';

export interface SeatTierView {
  fromSeats: number;
  /** The last seat count this tier prices (the next tier's first − 1, or the checkout's largest team). */
  toSeats: number;
  /** Minor units, and formatted: "£390". */
  pricePerSeat: number;
  pricePerSeatLabel: string;
}

export interface TeamPlanView {
  code: string;
  title: string;
  summary: string;
  features: string[];
  minSeats: number;
  maxSeats: number;
  currency: Currency;
  tiers: SeatTierView[];
  /** How many more people than seats may hold one, as a share (0.1: one in ten, rounded up). */
  extraSeatShare: number;
  extraSeatsExample: { purchased: number; extra: number };
}

const asCountry = (value: string | null | undefined) => {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
};

/** The currency asked for (?currency=), else the one of the reader's country (the CDN's header), else USD. */
export function teamCurrency(request: Request): { currency: Currency; chosen: boolean; invalid: string | null } {
  const asked = new URL(request.url).searchParams.get('currency');
  const chosen = asked ? parseCurrency(asked) : null;
  return {
    currency: chosen ?? currencyForCountry(asCountry(request.headers.get('cf-ipcountry'))),
    chosen: chosen !== null,
    invalid: asked && !chosen ? asked.slice(0, 12) : null,
  };
}

export function teamPlanView(currency: Currency): TeamPlanView {
  const plan = TEAM_PLAN;
  return {
    code: plan.code,
    title: plan.title,
    summary: plan.summary,
    features: [...plan.features],
    minSeats: plan.minSeats,
    maxSeats: plan.maxSeats,
    currency,
    tiers: plan.tiers.map((tier, index) => ({
      fromSeats: tier.fromSeats,
      toSeats: (plan.tiers[index + 1]?.fromSeats ?? plan.maxSeats + 1) - 1,
      pricePerSeat: tier.pricePerSeat[currency],
      pricePerSeatLabel: formatMoney(tier.pricePerSeat[currency], currency),
    })),
    extraSeatShare: plan.extraSeatShare,
    extraSeatsExample: { purchased: 10, extra: extraSeatAllowance(plan, 10) },
  };
}

/** The reader's pick of seats from ?seats=, kept within what the calculator offers. */
export function seatsAsked(request: Request, fallback: number): number {
  const raw = Number(new URL(request.url).searchParams.get('seats'));
  return Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : fallback;
}
