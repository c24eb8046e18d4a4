import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './catalogue.ts';
import { extraSeatAllowance, organisationPlanByCode, seatTier, TEAM_PLAN } from './organisation-plans.ts';
import { extraSeatsPrice, organisationPrice } from './organisation-pricing.ts';

const DAY = 86_400_000;

describe('team plan: volume tiers', () => {
  // seats → the tier's first seat count (null: not sold at checkout)
  const table: [number, number | null][] = [
    [0, null],
    [1, null],
    [2, 2],
    [9, 2],
    [10, 10],
    [24, 10],
    [25, 25],
    [49, 25],
    [50, null],
    [2.5, null],
    [-3, null],
  ];
  it.each(table)('%s seats → tier from %s', (seats, from) => {
    expect(seatTier(TEAM_PLAN, seats)?.fromSeats ?? null).toBe(from);
  });

  it('is found by its §2 code, and a seat costs less in a larger tier in every currency', () => {
    expect(organisationPlanByCode('organisations_bundle_volume_yearly_v1')).toBe(TEAM_PLAN);
    expect(organisationPlanByCode('individuals_premium_yearly_v1')).toBeNull();
    for (const currency of CURRENCIES) {
      const prices = TEAM_PLAN.tiers.map((tier) => tier.pricePerSeat[currency]);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(new Set(prices).size).toBe(prices.length);
    }
  });
});

describe('organisationPrice: the whole order at its tier, tax on top', () => {
  // seats, currency, country, VAT number → per seat, subtotal, tax, total, tax type
  const table: [number, 'EUR' | 'GBP' | 'USD' | 'INR', string | null, string | null, number, number, number, number, string][] = [
    [5, 'GBP', 'GB', null, 39000, 195000, 39000, 234000, 'VAT'],
    [12, 'EUR', 'FR', null, 40000, 480000, 96000, 576000, 'VAT'],
    [12, 'EUR', 'DE', 'DE136695976', 40000, 480000, 0, 480000, 'reverse_charge'],
    [25, 'USD', 'US', null, 36500, 912500, 0, 912500, 'none'],
    [3, 'INR', 'IN', null, 2400000, 7200000, 1296000, 8496000, 'GST'],
  ];
  it.each(table)('%s seats in %s, %s %s', (seats, currency, country, vat, perSeat, subtotal, tax, total, type) => {
    const price = organisationPrice({ plan: TEAM_PLAN, seats, currency, countryCode: country, vatNumber: vat });
    expect(price).toMatchObject({ seats, pricePerSeat: perSeat, itemPrice: subtotal, taxAmount: tax, fullPrice: total });
    expect(price?.taxInfo.type).toBe(type);
  });

  it('sells no team too small or too large for checkout', () => {
    expect(organisationPrice({ plan: TEAM_PLAN, seats: 1, currency: 'EUR', countryCode: 'FR' })).toBeNull();
    expect(organisationPrice({ plan: TEAM_PLAN, seats: 50, currency: 'EUR', countryCode: 'FR' })).toBeNull();
  });
});

describe('extraSeatsPrice: added seats at the new total’s tier, for the days left in the term', () => {
  const termStartedAt = new Date('2026-01-01T00:00:00Z');
  const termEndsAt = new Date('2027-01-01T00:00:00Z'); // 365 days
  const at = (daysIn: number) => new Date(termStartedAt.getTime() + daysIn * DAY);
  const price = (seatsBefore: number, added: number, daysIn: number, countryCode = 'US') =>
    extraSeatsPrice({ plan: TEAM_PLAN, seatsBefore, added, currency: 'USD', countryCode, termStartedAt, termEndsAt, at: at(daysIn) });

  it('charges a full year on the first day and half of it half-way', () => {
    expect(price(5, 2, 0)).toMatchObject({ itemPrice: 2 * 47000, daysRemaining: 365, termDays: 365, seatsAfter: 7 });
    // 182.5 days in: 183 days left (rounded up) of 365 → 2 × 47000 × 183 / 365 = 47128.77 → 47129
    expect(price(5, 2, 182.5)).toMatchObject({ itemPrice: 47129, daysRemaining: 183 });
  });

  it('prices the added seats at the tier of the new total', () => {
    // 8 + 3 = 11 seats: the 10–24 tier.
    expect(price(8, 3, 0)).toMatchObject({ pricePerSeat: 42000, itemPrice: 126000 });
  });

  it('adds tax on the prorated amount', () => {
    const gb = extraSeatsPrice({
      plan: TEAM_PLAN,
      seatsBefore: 5,
      added: 1,
      currency: 'GBP',
      countryCode: 'GB',
      termStartedAt,
      termEndsAt,
      at: at(365 - 73),
    });
    // 73 of 365 days: 39000 / 5 = 7800, VAT 20 % = 1560
    expect(gb).toMatchObject({ itemPrice: 7800, taxAmount: 1560, fullPrice: 9360 });
  });

  it('sells nothing for zero seats, past the term, or beyond checkout', () => {
    expect(price(5, 0, 10)).toBeNull();
    expect(price(5, 1.5, 10)).toBeNull();
    expect(price(5, 1, 400)).toBeNull();
    expect(price(45, 5, 10)).toBeNull();
  });
});

describe('extraSeatAllowance', () => {
  it.each([
    [2, 1],
    [5, 1],
    [10, 1],
    [11, 2],
    [49, 5],
  ])('%s seats bought → %s more people may hold one', (purchased, extra) => {
    expect(extraSeatAllowance(TEAM_PLAN, purchased)).toBe(extra);
  });
});
