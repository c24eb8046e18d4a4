// Money and dates as a buyer reads them (isomorphic: the payment page and the receipt email).
// Amounts are integer minor units; all four §9 currencies have two decimal places.

export function formatMoney(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'symbol' }).format(minorUnits / 100);
}

/** A price on a pricing page: "£300", "€345.10", "₹17,700" (whole amounts without decimals). */
export function formatPrice(minorUnits: number, currency: string): string {
  const whole = minorUnits % 100 === 0;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minorUnits / 100);
}

/** "12 March 2026", in UTC so the server and the browser agree. */
export { longDate as formatDay } from '../../shared/dates.ts';

/** "20 % VAT", "18 % GST", or null when no tax applies. */
export function taxLabel(taxInfo: { rate: number; type: string }): string | null {
  if (taxInfo.type === 'reverse_charge') return 'VAT reverse charged';
  if (taxInfo.rate <= 0) return null;
  const percent = Math.round(taxInfo.rate * 10_000) / 100;
  return `${percent} % ${taxInfo.type === 'sales_tax' ? 'sales tax' : taxInfo.type}`;
}
