// What a plan costs a buyer: the plan's price in a currency plus the tax of the buyer's country
// (§3 SubscriptionPrice). All amounts are integer minor units of `currency`.
import { CURRENCIES, listedPlans, type Currency, type Plan } from './catalogue.ts';
import { EU_COUNTRIES, normaliseCountryCode, taxAmount, taxFor, type TaxInfo } from './tax/index.ts';

export type { TaxInfo, TaxType } from './tax/index.ts';

export interface SubscriptionPrice {
  currency: Currency;
  /** The plan's price for one interval, before tax. */
  itemPrice: number;
  /** What the buyer pays per interval: itemPrice + taxAmount. */
  fullPrice: number;
  /** The tax on itemPrice (0 under reverse charge or where no tax is collected). */
  taxAmount: number;
  taxInfo: TaxInfo;
}

export function subscriptionPrice({
  plan,
  currency,
  countryCode,
  vatNumber,
}: {
  plan: Plan;
  currency: Currency;
  countryCode: string | null;
  vatNumber?: string | null;
}): SubscriptionPrice {
  const itemPrice = plan.prices[currency];
  const taxInfo = taxFor({ countryCode, vatNumber });
  const tax = taxAmount(itemPrice, taxInfo.rate);
  return { currency, itemPrice, fullPrice: itemPrice + tax, taxAmount: tax, taxInfo };
}

/** A percent coupon on one invoice (the retention coupon, cancellation.ts). */
export interface PercentCoupon {
  code: string;
  discountPercent: number;
}

export interface DiscountedPrice {
  /** What the coupon takes off the item price (before tax), rounded half up to a whole minor unit. */
  discount: number;
  /** The item price after the discount: the invoice's subtotal. */
  itemPrice: number;
  /** The tax on the discounted item price, at the price's own rate. */
  taxAmount: number;
  /** What is charged: itemPrice + taxAmount. */
  fullPrice: number;
}

/** The price with a percent coupon applied to the item price; the tax is worked out again on what is left. */
export function discountedPrice(price: Pick<SubscriptionPrice, 'itemPrice' | 'taxInfo'>, coupon: PercentCoupon): DiscountedPrice {
  const percent = Math.min(Math.max(coupon.discountPercent, 0), 100);
  const discount = Math.floor((price.itemPrice * percent * 2 + 100) / 200);
  const itemPrice = price.itemPrice - discount;
  const tax = taxAmount(itemPrice, price.taxInfo.rate);
  return { discount, itemPrice, taxAmount: tax, fullPrice: itemPrice + tax };
}

const EU = new Set(EU_COUNTRIES);

/** The currency a reader in `countryCode` sees by default: EU members EUR, GB GBP, IN INR, else USD. */
export function currencyForCountry(countryCode: string | null): Currency {
  const country = normaliseCountryCode(countryCode);
  if (!country) return 'USD';
  if (EU.has(country)) return 'EUR';
  if (country === 'GB') return 'GBP';
  if (country === 'IN') return 'INR';
  return 'USD';
}

/** A §9 currency from user input (case and surrounding space ignored); anything else is null (INVALID_CURRENCY). */
export function parseCurrency(value: string): Currency | null {
  const code = value.trim().toUpperCase();
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : null;
}

export interface PricedPlan {
  plan: Plan;
  price: SubscriptionPrice;
}

/** The plans a packages page lists (catalogue.listedPlans), each with what this buyer pays. */
export function pricedPlans({
  audience,
  currency,
  countryCode,
}: {
  audience: Plan['audience'];
  currency: Currency;
  countryCode: string | null;
}): PricedPlan[] {
  return listedPlans(audience).map((plan) => ({ plan, price: subscriptionPrice({ plan, currency, countryCode }) }));
}

/** The `packages` query parameter of /subscriptions/packages/ (and the subscriptionPlans query): which plans to list. */
export function audienceForPackages(packages: string | null | undefined): Plan['audience'] | null {
  const value = packages?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'individuals') return 'individual';
  if (value === 'students') return 'student';
  if (value === 'beauty') return 'beauty';
  return null;
}
