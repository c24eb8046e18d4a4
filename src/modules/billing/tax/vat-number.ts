// EU VAT number validation: format and check digits, with jsvat-next (maintained fork of jsvat).
// This checks that a number is well-formed for its country; it does not ask VIES whether the
// number is registered (an online check the purchase flow may add; see docs/decisions).
import * as jsvatNamespace from 'jsvat-next';
import { EU_VAT_RATES, vatPrefix } from './rates.ts';

type Jsvat = typeof jsvatNamespace;
// jsvat-next ships CommonJS whose named exports Node cannot detect: take them from the default export.
const jsvat: Jsvat =
  typeof (jsvatNamespace as Partial<Jsvat>).checkVAT === 'function'
    ? jsvatNamespace
    : (jsvatNamespace as unknown as { default: Jsvat }).default;

export interface VatValidation {
  isValid: boolean;
  /** The country the number was checked for (ISO 3166-1 alpha-2, upper case). */
  countryCode: string;
  /** The number, normalised: country prefix, no spaces or punctuation, upper case. */
  vatNumber: string;
}

export function normaliseCountryCode(countryCode: string | null | undefined): string | null {
  const code = countryCode?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

/**
 * Whether `vatNumber` is a well-formed VAT number of an EU member state `countryCode` (check digits
 * included). The prefix may be left out (`136695976` for DE); a prefix of another country is refused.
 */
export function validateVatNumber(vatNumber: string, countryCode: string): VatValidation {
  const country = normaliseCountryCode(countryCode) ?? countryCode.trim().toUpperCase();
  const compact = vatNumber.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = vatPrefix(country);
  const hasPrefix = /^[A-Z]{2}/.test(compact);
  const normalised = hasPrefix ? compact : `${prefix}${compact}`;
  if (!(country in EU_VAT_RATES) || !normalised.startsWith(prefix) || normalised.length > 20) {
    return { isValid: false, countryCode: country, vatNumber: normalised };
  }
  const result = jsvat.checkVAT(normalised, jsvat.countries);
  return { isValid: result.isValid && result.country?.isoCode.short === country, countryCode: country, vatNumber: normalised };
}
