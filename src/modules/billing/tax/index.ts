// Which tax a buyer pays, from the buyer's country and (for EU businesses) VAT number.
// The rules (docs/decisions, "Tax on subscriptions"):
// - EU: VAT at the buyer's member state's rate (place of supply of an electronic service is the
//   customer's country). A business with a valid VAT number of a member state other than ours
//   accounts for the VAT itself: reverse charge, 0 %.
// - UK: VAT 20 %. India: GST 18 %.
// - US: no sales tax collected (a product decision until we track economic nexus per state).
// - Everywhere else, or no country known: no tax collected.
import { EU_VAT_RATES, INDIA_GST_RATE, SELLER_EU_COUNTRY, UK_VAT_RATE } from './rates.ts';
import { normaliseCountryCode, validateVatNumber } from './vat-number.ts';

export type TaxType = 'VAT' | 'GST' | 'sales_tax' | 'reverse_charge' | 'none';

/** §3 taxInfo: the rate applied (a fraction: 0.2 is 20 %), where, and what kind of tax. */
export interface TaxInfo {
  rate: number;
  /** The tax region: the buyer's ISO country code, or '' when no country is known. */
  region: string;
  /** One of TaxType: VAT, GST, sales_tax, reverse_charge, none. */
  type: string;
}

export function taxFor({
  countryCode,
  vatNumber,
}: {
  countryCode: string | null | undefined;
  vatNumber?: string | null;
}): TaxInfo & { type: TaxType } {
  const country = normaliseCountryCode(countryCode);
  if (!country) return { rate: 0, region: '', type: 'none' };
  const euRate = EU_VAT_RATES[country];
  if (euRate !== undefined) {
    if (vatNumber && country !== SELLER_EU_COUNTRY && validateVatNumber(vatNumber, country).isValid) {
      return { rate: 0, region: country, type: 'reverse_charge' };
    }
    return { rate: euRate, region: country, type: 'VAT' };
  }
  if (country === 'GB') return { rate: UK_VAT_RATE, region: country, type: 'VAT' };
  if (country === 'IN') return { rate: INDIA_GST_RATE, region: country, type: 'GST' };
  return { rate: 0, region: country, type: 'none' };
}

/** Tax on an amount in minor units, rounded half up to a whole minor unit. */
export function taxAmount(amount: number, rate: number): number {
  // Integer arithmetic on basis points (0.255 → 2550), so 25.5 % of 2900 is exactly 739.5 → 740.
  const basisPoints = Math.round(rate * 10_000);
  return Math.floor((amount * basisPoints * 2 + 10_000) / 20_000);
}

export { EU_COUNTRIES } from './rates.ts';
export { validateVatNumber, normaliseCountryCode, type VatValidation } from './vat-number.ts';
