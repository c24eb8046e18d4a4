// What the packages pages show a reader: the listed plans priced in the reader's currency with the
// tax of the reader's country (docs/decisions/012). Server-only: the catalogue and tax rules stay
// out of the browser bundle; the page receives display-ready strings.
import type { AppLoadContext } from 'react-router';
import { CURRENCIES, type Currency, type Plan } from '../../../modules/billing/catalogue.ts';
import { currencyForCountry, parseCurrency, pricedPlans, type SubscriptionPrice } from '../../../modules/billing/pricing.ts';
import { formatPrice } from '../../../modules/billing/money.ts';
import { currentSession } from '../user/identity.server.ts';

/** Cloudflare's visitor country header; XX (unknown) and T1 (Tor) are not countries. */
const COUNTRY_HEADER = 'cf-ipcountry';

export interface PlanView {
  code: string;
  title: string;
  summary: string;
  interval: Plan['interval'];
  trialDays: number;
  features: string[];
  /** Where its call to action goes (the payment or student validation page). */
  href: string;
  price: SubscriptionPrice;
  /** What the buyer pays per interval, formatted: "£300". */
  fullPrice: string;
  /** Before tax and the tax, formatted: "£250", "£50". */
  itemPrice: string;
  taxAmount: string;
  /** "VAT at 20%", "GST at 18%", or null when no tax is added. */
  taxLabel: string | null;
}

/** One level of membership: its main (yearly) plan and the other billing intervals offered. */
export interface PlanGroup {
  title: string;
  main: PlanView;
  alternatives: PlanView[];
}

export interface ReaderPricing {
  currency: Currency;
  /** The reader's country (ISO alpha-2) as we worked it out, and its name. */
  countryCode: string | null;
  countryName: string | null;
  /** The reader asked for a currency with ?currency= (kept on links). */
  currencyChosen: boolean;
  /** ?currency= held something we do not sell in. */
  invalidCurrency: string | null;
  currencies: { code: Currency; label: string }[];
  groups: PlanGroup[];
  /** A sentence about the tax in these prices. */
  taxNote: string;
  isMember: boolean;
}

const CURRENCY_LABELS: Record<Currency, string> = { EUR: '€ EUR', GBP: '£ GBP', INR: '₹ INR', USD: '$ USD' };

/** The currencies we sell in, labelled for the currency switcher. */
export const currencyChoices = () => CURRENCIES.map((code) => ({ code, label: CURRENCY_LABELS[code] }));

function asCountry(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
}

/** "£300", "€345.10", "₹17,700": whole amounts without decimals (money.ts). */
export const formatMoney = (minor: number, currency: Currency): string => formatPrice(minor, currency);

function percent(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

/** The reader's country: their account's when signed in and set, else the CDN's header. */
async function readerCountry(args: { request: Request; context: AppLoadContext }): Promise<string | null> {
  const signedIn = args.context.user ? await currentSession(args) : null;
  if (signedIn) {
    const data = await args.context.services.accounts.getUserData(signedIn.session.identityId);
    const country = asCountry(data?.country);
    if (country) return country;
  }
  return asCountry(args.request.headers.get(COUNTRY_HEADER));
}

export async function readerPricing(
  args: { request: Request; context: AppLoadContext },
  audience: Plan['audience'],
): Promise<ReaderPricing> {
  const { request, context } = args;
  const query = new URL(request.url).searchParams;
  const countryCode = await readerCountry(args);
  const asked = query.get('currency');
  const chosen = asked ? parseCurrency(asked) : null;
  const currency = chosen ?? currencyForCountry(countryCode);
  const countryName = countryCode ? (context.services.lookups.country(countryCode)?.title ?? countryCode) : null;

  const payment = audience === 'student' ? '/subscriptions/students/validation/' : '/subscriptions/individuals/payment/';
  const view = ({ plan, price }: ReturnType<typeof pricedPlans>[number]): PlanView => {
    const href = `${payment}?${new URLSearchParams({ plan: plan.code, ...(chosen ? { currency } : {}) })}`;
    const taxed = price.taxAmount > 0;
    return {
      code: plan.code,
      title: plan.title,
      summary: plan.summary,
      interval: plan.interval,
      trialDays: plan.trialDays,
      features: plan.features,
      href,
      price,
      fullPrice: formatMoney(price.fullPrice, currency),
      itemPrice: formatMoney(price.itemPrice, currency),
      taxAmount: formatMoney(price.taxAmount, currency),
      taxLabel: taxed ? `${price.taxInfo.type} at ${percent(price.taxInfo.rate)}` : null,
    };
  };

  // One card per membership level, the yearly plan first; other intervals are offered under it.
  const byLevel = new Map<string, PlanView[]>();
  for (const priced of pricedPlans({ audience, currency, countryCode })) {
    const level = `${priced.plan.membershipLevel}/${priced.plan.membershipType}`;
    byLevel.set(level, [...(byLevel.get(level) ?? []), view(priced)]);
  }
  const groups: PlanGroup[] = [...byLevel.values()].map((plans) => {
    const [main, ...alternatives] = [...plans].sort((a, b) => (a.interval === b.interval ? 0 : a.interval === 'year' ? -1 : 1));
    return { title: main!.title, main: main!, alternatives };
  });

  return {
    currency,
    countryCode,
    countryName,
    currencyChosen: chosen !== null,
    invalidCurrency: asked && !chosen ? asked.slice(0, 12) : null,
    currencies: currencyChoices(),
    groups,
    taxNote: taxNote(countryCode, countryName, groups[0]?.main.price ?? null),
    isMember: context.user?.isMember ?? false,
  };
}

function taxNote(countryCode: string | null, countryName: string | null, price: SubscriptionPrice | null): string {
  if (!countryCode || !price) return 'Prices are shown without tax; any tax due is added at checkout from your billing country.';
  const { type, rate } = price.taxInfo;
  if (type === 'VAT') return `Prices include VAT at ${percent(rate)} for ${countryName}.`;
  if (type === 'GST') return `Prices include GST at ${percent(rate)} for ${countryName}.`;
  if (countryCode === 'US') return 'No sales tax is added for readers in the United States.';
  return `No tax is added for readers in ${countryName}.`;
}
