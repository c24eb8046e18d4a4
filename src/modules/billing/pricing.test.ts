import { describe, expect, it } from 'vitest';
import { CURRENCIES, PLANS, planByCode, type Currency } from './catalogue.ts';
import { currencyForCountry, discountedPrice, parseCurrency, subscriptionPrice } from './pricing.ts';

const standard = planByCode('individuals_standard_yearly_trial_v1')!;
const premium = planByCode('individuals_premium_yearly_v1')!;
const studentMonthly = planByCode('students_standard_monthly_v1')!;

describe('subscriptionPrice: price × currency × country → tax and totals', () => {
  // plan, currency, buyer country, VAT number → itemPrice, taxAmount, fullPrice, taxInfo
  const table: [string, Currency, string | null, string | null, number, number, number, { rate: number; region: string; type: string }][] =
    [
      ['Standard GBP, UK reader', 'GBP', 'GB', null, 25000, 5000, 30000, { rate: 0.2, region: 'GB', type: 'VAT' }],
      ['Standard EUR, German reader', 'EUR', 'DE', null, 29000, 5510, 34510, { rate: 0.19, region: 'DE', type: 'VAT' }],
      ['Standard EUR, French reader', 'EUR', 'FR', null, 29000, 5800, 34800, { rate: 0.2, region: 'FR', type: 'VAT' }],
      [
        'Standard EUR, Hungarian reader (highest EU rate)',
        'EUR',
        'HU',
        null,
        29000,
        7830,
        36830,
        { rate: 0.27, region: 'HU', type: 'VAT' },
      ],
      [
        'Standard EUR, Luxembourg reader (lowest EU rate)',
        'EUR',
        'LU',
        null,
        29000,
        4930,
        33930,
        { rate: 0.17, region: 'LU', type: 'VAT' },
      ],
      ['Standard EUR, Greek reader (EL in VAT numbers)', 'EUR', 'GR', null, 29000, 6960, 35960, { rate: 0.24, region: 'GR', type: 'VAT' }],
      ['Standard INR, Indian reader', 'INR', 'IN', null, 1500000, 270000, 1770000, { rate: 0.18, region: 'IN', type: 'GST' }],
      ['Standard USD, US reader', 'USD', 'US', null, 30000, 0, 30000, { rate: 0, region: 'US', type: 'none' }],
      ['Standard USD, Japanese reader', 'USD', 'JP', null, 30000, 0, 30000, { rate: 0, region: 'JP', type: 'none' }],
      ['Standard USD, no country known', 'USD', null, null, 30000, 0, 30000, { rate: 0, region: '', type: 'none' }],
      // Tax follows the buyer's country, not the currency chosen.
      ['Standard USD, UK reader paying in dollars', 'USD', 'GB', null, 30000, 6000, 36000, { rate: 0.2, region: 'GB', type: 'VAT' }],
      ['Standard GBP, German reader paying in pounds', 'GBP', 'DE', null, 25000, 4750, 29750, { rate: 0.19, region: 'DE', type: 'VAT' }],
      ['Premium EUR, Danish reader', 'EUR', 'DK', null, 52000, 13000, 65000, { rate: 0.25, region: 'DK', type: 'VAT' }],
      ['Premium GBP, UK reader', 'GBP', 'GB', null, 45000, 9000, 54000, { rate: 0.2, region: 'GB', type: 'VAT' }],
      // 25.5 % of €9.00 is 229.5 cents: rounded half up.
      ['Student monthly EUR, Finnish reader (rounding)', 'EUR', 'FI', null, 900, 230, 1130, { rate: 0.255, region: 'FI', type: 'VAT' }],
      ['Student monthly INR, Indian reader', 'INR', 'IN', null, 45000, 8100, 53100, { rate: 0.18, region: 'IN', type: 'GST' }],
      // Reverse charge: a business with a valid VAT number of another member state than ours (IE).
      ['Standard EUR, German business', 'EUR', 'DE', 'DE136695976', 29000, 0, 29000, { rate: 0, region: 'DE', type: 'reverse_charge' }],
      [
        'Standard EUR, German business, number without prefix',
        'EUR',
        'DE',
        '136 695 976',
        29000,
        0,
        29000,
        { rate: 0, region: 'DE', type: 'reverse_charge' },
      ],
      ['Standard EUR, Greek business', 'EUR', 'GR', 'EL094259216', 29000, 0, 29000, { rate: 0, region: 'GR', type: 'reverse_charge' }],
      [
        'Standard EUR, German reader, bad check digit',
        'EUR',
        'DE',
        'DE136695977',
        29000,
        5510,
        34510,
        { rate: 0.19, region: 'DE', type: 'VAT' },
      ],
      [
        'Standard EUR, German reader, French VAT number',
        'EUR',
        'DE',
        'FR40303265045',
        29000,
        5510,
        34510,
        { rate: 0.19, region: 'DE', type: 'VAT' },
      ],
      [
        'Standard EUR, Irish business (our own member state: domestic)',
        'EUR',
        'IE',
        'IE6388047V',
        29000,
        6670,
        35670,
        { rate: 0.23, region: 'IE', type: 'VAT' },
      ],
      [
        'Standard GBP, UK business (no reverse charge outside the EU)',
        'GBP',
        'GB',
        'GB980780684',
        25000,
        5000,
        30000,
        { rate: 0.2, region: 'GB', type: 'VAT' },
      ],
      ['Standard EUR, lower-case country', 'EUR', 'de', null, 29000, 5510, 34510, { rate: 0.19, region: 'DE', type: 'VAT' }],
    ];

  it.each(table)('%s', (_name, currency, countryCode, vatNumber, itemPrice, taxAmount, fullPrice, taxInfo) => {
    const plan = _name.startsWith('Premium') ? premium : _name.startsWith('Student') ? studentMonthly : standard;
    expect(subscriptionPrice({ plan, currency, countryCode, vatNumber })).toEqual({ currency, itemPrice, taxAmount, fullPrice, taxInfo });
  });

  it('always pays itemPrice + taxAmount, in whole minor units, for every plan, currency and a spread of countries', () => {
    for (const plan of PLANS) {
      for (const currency of CURRENCIES) {
        for (const countryCode of ['GB', 'DE', 'FI', 'HU', 'IN', 'US', 'BR', null]) {
          const price = subscriptionPrice({ plan, currency, countryCode });
          expect(price.itemPrice).toBe(plan.prices[currency]);
          expect(Number.isInteger(price.taxAmount)).toBe(true);
          expect(price.fullPrice).toBe(price.itemPrice + price.taxAmount);
          expect(price.taxAmount).toBe(Math.round(price.itemPrice * price.taxInfo.rate));
        }
      }
    }
  });
});

describe('discountedPrice: a percent coupon off the item price, tax worked out again', () => {
  const STAY50 = { code: 'STAY50', discountPercent: 50 };
  it.each([
    // name, itemPrice, tax rate, percent → discount, itemPrice, taxAmount, fullPrice
    ['Standard GBP, UK 20 %, half off', 25000, 0.2, 50, 12500, 12500, 2500, 15000],
    ['Premium EUR, France 20 %, half off', 52000, 0.2, 50, 26000, 26000, 5200, 31200],
    ['Standard USD, no tax', 30000, 0, 50, 15000, 15000, 0, 15000],
    // Half of 901 is 450.5: the discount rounds half up, and 25.5 % of 450 is 114.75 → 115.
    ['an odd amount, Finland 25.5 %', 901, 0.255, 50, 451, 450, 115, 565],
    ['100 % off', 25000, 0.2, 100, 25000, 0, 0, 0],
    ['0 % off', 25000, 0.2, 0, 0, 25000, 5000, 30000],
  ] as const)('%s', (_name, itemPrice, rate, discountPercent, discount, discountedItem, taxAmount, fullPrice) => {
    expect(discountedPrice({ itemPrice, taxInfo: { rate, region: 'GB', type: 'VAT' } }, { ...STAY50, discountPercent })).toEqual({
      discount,
      itemPrice: discountedItem,
      taxAmount,
      fullPrice,
    });
  });
});

describe('currencyForCountry', () => {
  it.each([
    ['GB', 'GBP'],
    ['IN', 'INR'],
    ['DE', 'EUR'],
    ['FR', 'EUR'],
    ['IE', 'EUR'],
    ['GR', 'EUR'],
    // EU members outside the euro area still see EUR (we sell in four currencies only).
    ['PL', 'EUR'],
    ['SE', 'EUR'],
    ['gb', 'GBP'],
    ['US', 'USD'],
    ['CH', 'USD'],
    ['NO', 'USD'],
    ['JP', 'USD'],
    ['XX', 'USD'],
    ['', 'USD'],
    [null, 'USD'],
  ] as const)('%s → %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });
});

describe('parseCurrency', () => {
  it.each(['EUR', 'GBP', 'INR', 'USD'])('accepts %s', (code) => expect(parseCurrency(code)).toBe(code));
  it('ignores case and surrounding space', () => {
    expect(parseCurrency(' gbp ')).toBe('GBP');
    expect(parseCurrency('Eur')).toBe('EUR');
  });
  it.each(['', 'JPY', 'CHF', 'EURO', 'US', '£', 'USD;', 'null'])('refuses %j (INVALID_CURRENCY)', (value) =>
    expect(parseCurrency(value)).toBeNull(),
  );
});

describe('the catalogue', () => {
  it('holds the §2 plan codes', () => {
    for (const code of [
      'individuals_standard_yearly_trial_v1',
      'individual_annual_trial_v1',
      'individuals_premium_yearly_v1',
      'students_standard_yearly_v1',
      'beauty_package_yearly_v1',
    ]) {
      expect(planByCode(code)?.code).toBe(code);
    }
    expect(planByCode('nope')).toBeNull();
  });
  it('gives every plan a positive whole price in every currency and unique codes', () => {
    expect(new Set(PLANS.map((plan) => plan.code)).size).toBe(PLANS.length);
    for (const plan of PLANS)
      for (const currency of CURRENCIES) expect(Number.isInteger(plan.prices[currency]) && plan.prices[currency] > 0).toBe(true);
  });
  it('grants what each plan says', () => {
    expect(planByCode('individuals_premium_yearly_v1')).toMatchObject({
      membershipLevel: 'Premium',
      membershipType: 'Individual',
      trialDays: 0,
    });
    expect(planByCode('individuals_standard_yearly_trial_v1')).toMatchObject({
      membershipLevel: 'Standard',
      membershipType: 'Individual',
      interval: 'year',
    });
    expect(planByCode('individuals_standard_yearly_trial_v1')!.trialDays).toBeGreaterThan(0);
    expect(planByCode('individual_annual_trial_v1')!.trialDays).toBeGreaterThan(0);
    expect(planByCode('students_standard_yearly_v1')).toMatchObject({ membershipType: 'Student', audience: 'student' });
    expect(planByCode('beauty_package_yearly_v1')).toMatchObject({ membershipLevel: 'TopicBeauty', audience: 'beauty' });
  });
});
