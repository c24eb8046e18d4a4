// Tax rates read from the `sales-tax` package's own data (a dependency, which tracks the European
// Commission's "VAT rates applied in the Member States", HMRC and CBIC), not copied by hand: a
// release that moves a rate moves ours (decision 038). Rates are the standard rate for
// electronically supplied services (a digital subscription), as a fraction: 0.2 is 20 %.
// JSON imports, not createRequire: pricing.ts is also imported by a route module (its loader).
import regionCountries from 'sales-tax/res/region_countries.json' with { type: 'json' };
import salesTaxRates from 'sales-tax/res/sales_tax_rates.json' with { type: 'json' };

const rates = salesTaxRates as Readonly<Record<string, { type: string; rate: number } | undefined>>;

/** The standard rate sales-tax gives a country, checked to be the tax we expect (so a data change fails loudly). */
function standardRate(country: string, type: 'vat' | 'gst'): number {
  const entry = rates[country];
  if (entry?.type !== type || !(entry.rate > 0 && entry.rate < 1)) {
    throw new Error(`sales-tax has no ${type.toUpperCase()} rate for ${country}`);
  }
  return entry.rate;
}

/** EU member states (ISO 3166-1 alpha-2, as sales-tax lists them) and their standard VAT rate. */
export const EU_VAT_RATES: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(regionCountries.EU.map((country) => [country, standardRate(country, 'vat')])),
);

export const EU_COUNTRIES: readonly string[] = Object.freeze(Object.keys(EU_VAT_RATES));

/** UK VAT, standard rate (HMRC). */
export const UK_VAT_RATE = standardRate('GB', 'vat');

/** India GST on OIDAR services (CBIC). */
export const INDIA_GST_RATE = standardRate('IN', 'gst');

/**
 * The EU member state where Atelier is registered for VAT (docs/decisions). A business there with a
 * valid VAT number is a domestic sale and pays VAT; a business in any other member state accounts
 * for the VAT itself (reverse charge).
 */
export const SELLER_EU_COUNTRY = 'IE';

/** VAT numbers carry the country's ISO code as prefix, except Greece: EL. */
export function vatPrefix(countryCode: string): string {
  return countryCode === 'GR' ? 'EL' : countryCode;
}
