// The team payment page's server half (/subscriptions/organisations/payment/?plan=…&seats=…, issue 17):
// the team plan for the seats asked, priced for the billing country (and, for an EU business, its VAT
// number: reverse charge), the buyer's details, and the purchase its form submits through billing's
// one paid-purchase path. Signed-out readers create an account (or sign in) first and come back here.
import { NO_CARD_TOKEN, unfinishedPurchaseAnswer } from '../card-purchase-answer.server.ts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { CURRENCIES, type Currency } from '../../../modules/billing/catalogue.ts';
import { formatDay, formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import { organisationPlanByCode, TEAM_PLAN } from '../../../modules/billing/organisation-plans.ts';
import { currencyForCountry, parseCurrency } from '../../../modules/billing/pricing.ts';
import { PURCHASE_MESSAGES } from '../../../modules/billing/subscriptions-service.ts';
import { paths } from '../../../shared/paths.ts';
import { TEAM_PAYMENT_PATH, type TeamPaymentActionData, type TeamPaymentView } from '../../components/billing/payment-types.ts';
import { formFields } from '../user/details.server.ts';
import { absoluteSiteUrl, currentSession } from '../user/identity.server.ts';
import { withReturnTo } from '../user/user-paths.ts';

const DEFAULT_SEATS = 5;
const DEFAULT_COUNTRY = 'GB';

const country = (value: string | null | undefined) => {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
};

export async function teamPaymentLoader(args: { request: Request; context: AppLoadContext }): Promise<TeamPaymentView> {
  const { request, context } = args;
  const url = new URL(request.url);
  const plan = organisationPlanByCode(url.searchParams.get('plan') ?? TEAM_PLAN.code);
  if (!plan) throw data({ message: 'That team plan is not on sale.' }, 404);
  const signedIn = await currentSession(args);
  if (!signedIn) {
    // The plan and seats ride along through registration (or sign-in, one link away).
    throw redirect(withReturnTo(paths.register(), absoluteSiteUrl(context.config, `${TEAM_PAYMENT_PATH}${url.search}`)));
  }
  const identityId = signedIn.session.identityId;
  const { accounts, billing, lookups, identity } = context.services;
  const userData = await accounts.getUserData(identityId);

  const asked = Number(url.searchParams.get('seats') ?? DEFAULT_SEATS);
  const seats = Number.isInteger(asked) && asked > 0 && asked <= 100_000 ? asked : DEFAULT_SEATS;
  const countryCode =
    country(url.searchParams.get('country')) ??
    country(userData?.country) ??
    country(request.headers.get('cf-ipcountry')) ??
    DEFAULT_COUNTRY;
  const askedCurrency = url.searchParams.get('currency');
  const currency: Currency = (askedCurrency ? parseCurrency(askedCurrency) : null) ?? currencyForCountry(countryCode);
  const vatNumber = (url.searchParams.get('vat') ?? '').slice(0, 20);
  const price = billing.organisations.quoteTeamPlan({ planCode: plan.code, seats, currency, countryCode, vatNumber: vatNumber || null });

  const seatsProblem =
    seats > plan.maxSeats
      ? { message: `Teams of more than ${plan.maxSeats} are quoted by our memberships team.`, quote: true }
      : seats < plan.minSeats
        ? { message: `A team plan has at least ${plan.minSeats} seats.`, quote: false }
        : null;

  return {
    plan: {
      code: plan.code,
      title: plan.title,
      summary: plan.summary,
      features: [...plan.features],
      minSeats: plan.minSeats,
      maxSeats: plan.maxSeats,
    },
    seats,
    seatsProblem,
    price: price && {
      currency,
      pricePerSeat: formatMoney(price.pricePerSeat, currency),
      itemPrice: formatMoney(price.itemPrice, currency),
      taxAmount: formatMoney(price.taxAmount, currency),
      taxLabel: taxLabel(price.taxInfo),
      fullPrice: formatMoney(price.fullPrice, currency),
    },
    countryCode,
    vatNumber,
    currencies: [...CURRENCIES],
    countries: lookups.countries().map(({ key, title }) => ({ key, title })),
    billing: {
      firstName: userData?.firstName ?? signedIn.firstName ?? '',
      lastName: userData?.lastName ?? (await identity.people.get(identityId))?.lastName ?? '',
      companyName: userData?.organisationTitle ?? '',
    },
    invalidCurrency: askedCurrency && !parseCurrency(askedCurrency) ? PURCHASE_MESSAGES.INVALID_CURRENCY : null,
    sandbox: context.config.keys.billing === 'sandbox',
    recurly: billing.recurly,
  };
}

export async function teamPaymentAction(args: { request: Request; context: AppLoadContext }): Promise<TeamPaymentActionData> {
  const { request, context } = args;
  const signedIn = await currentSession(args);
  if (!signedIn) return { status: 'error', message: 'Your session ended. Sign in again to continue.' };
  const fields = await formFields(request);
  if (!fields.cardToken) return NO_CARD_TOKEN;
  const result = await context.services.billing.organisations.purchaseOrganisationSubscription({
    identityId: signedIn.session.identityId,
    planCode: fields.plan ?? '',
    seats: Number(fields.seats ?? ''),
    currency: fields.currency ?? '',
    companyName: fields.companyName ?? '',
    billingInfo: {
      firstName: fields.firstName ?? '',
      lastName: fields.lastName ?? '',
      addressLine1: fields.addressLine1 ?? '',
      city: fields.city ?? '',
      postalCode: fields.postalCode || null,
      countryCode: fields.countryCode ?? '',
      vatNumber: fields.vatNumber || null,
    },
    cardToken: fields.cardToken,
    idempotencyKey: fields.idempotencyKey ?? '',
    threeDSecureActionResultToken: fields.threeDSecureActionResultToken || null,
  });
  switch (result.kind) {
    case 'success': {
      // The buyer holds the first seat: it goes into the session claims now.
      await context.refreshSession();
      const { subscription } = result;
      return {
        status: 'success',
        subscriptionId: subscription.id,
        accountId: subscription.accountId,
        planCode: subscription.planCode,
        currency: subscription.price.currency,
        seats: subscription.seats,
        companyName: fields.companyName ?? '',
        renewsAt: subscription.currentPeriodEndsAt ? formatDay(subscription.currentPeriodEndsAt) : null,
        fullPrice: `${formatMoney(subscription.price.fullPrice, subscription.price.currency)} a year`,
      };
    }
    case 'three_d_secure':
    case 'error':
    case 'invalid':
      return unfinishedPurchaseAnswer(result);
  }
}
