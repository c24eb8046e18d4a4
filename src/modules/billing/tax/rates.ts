// Tax rates as data, with their source and the date they were checked. Rates are the standard rate
// for electronically supplied services (a digital subscription), as a fraction: 0.2 is 20 %.
//
// Source: the European Commission's "VAT rates applied in the Member States of the European Union"
// (taxation-customs.ec.europa.eu, standard rates) as carried by the `sales-tax` npm package 2.23.0
// (res/sales_tax_rates.json, released 2026-05-19, last EU rate change: Romania 21 % from 2025-08-01).
// rates.test.ts checks this table against that file, so a dependency update that moves a rate fails
// the tests until the table (and RATES_CHECKED_ON) is updated here.
// UK: HMRC, VAT rates (gov.uk/vat-rates), standard rate 20 %.
// India: CBIC, GST on online information and database access or retrieval (OIDAR) services, 18 %.

/** When the table below was last checked against its sources. */
export const RATES_CHECKED_ON = '2026-05-19';

/** EU member states (ISO 3166-1 alpha-2) and their standard VAT rate. */
export const EU_VAT_RATES: Readonly<Record<string, number>> = Object.freeze({
  AT: 0.2,
  BE: 0.21,
  BG: 0.2,
  CY: 0.19,
  CZ: 0.21,
  DE: 0.19,
  DK: 0.25,
  EE: 0.24, // 22 % → 24 % on 2025-07-01
  ES: 0.21,
  FI: 0.255, // 24 % → 25.5 % on 2024-09-01
  FR: 0.2,
  GR: 0.24,
  HR: 0.25,
  HU: 0.27,
  IE: 0.23,
  IT: 0.22,
  LT: 0.21,
  LU: 0.17,
  LV: 0.21,
  MT: 0.18,
  NL: 0.21,
  PL: 0.23,
  PT: 0.23,
  RO: 0.21, // 19 % → 21 % on 2025-08-01
  SE: 0.25,
  SI: 0.22,
  SK: 0.23, // 20 % → 23 % on 2025-01-01
});

export const EU_COUNTRIES: readonly string[] = Object.freeze(Object.keys(EU_VAT_RATES));

/** UK VAT, standard rate (HMRC). */
export const UK_VAT_RATE = 0.2;

/** India GST on OIDAR services (CBIC). */
export const INDIA_GST_RATE = 0.18;

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
