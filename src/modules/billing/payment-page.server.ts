// The payment page's server half (/subscriptions/individuals/payment/, src/web/routes/subscriptions/payment.tsx):
// what the page shows (plan, price with the buyer's tax, eligibility, where to go afterwards) and the
// purchase its form submits. Server-only, so the catalogue, tax rules and services stay out of the browser bundle.
import { data, redirect, type AppLoadContext } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { PAYMENT_PATH, type PaymentActionData, type PaymentView } from '../../web/components/billing/payment-types.ts';
import { formFields, safeNextPath } from '../../web/routes/user/details.server.ts';
import { absoluteSiteUrl, currentSession } from '../../web/routes/user/identity.server.ts';
import { withReturnTo } from '../../web/routes/user/user-paths.ts';
import { CURRENCIES, planByCode, type Currency } from './catalogue.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { currencyForCountry, parseCurrency, subscriptionPrice } from './pricing.ts';
import { PURCHASE_MESSAGES } from './subscriptions-service.ts';

export { PAYMENT_PATH };
const PATH = PAYMENT_PATH;
const DEFAULT_PLAN = 'individuals_standard_yearly_trial_v1';
const DEFAULT_COUNTRY = 'GB';

const country = (value: string | null | undefined) => {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
};

/** Where to send the buyer afterwards: ?return_to=, else the same-site page that linked here (the walled story), else home. */
function returnTarget(request: Request, siteUrl: string): string {
  const url = new URL(request.url);
  const candidates = [url.searchParams.get('return_to'), request.headers.get('referer')];
  for (const candidate of candidates) {
    const next = safeNextPath(candidate, siteUrl);
    if (next && !next.startsWith(PATH) && !next.startsWith('/user/') && !next.startsWith('/_')) return next.replace(/\.data(\?|$)/, '$1');
  }
  return '/';
}

export async function paymentLoader(args: { request: Request; context: AppLoadContext }): Promise<PaymentView> {
  const { request, context } = args;
  const url = new URL(request.url);
  const returnTo = returnTarget(request, context.config.siteUrl);
  const signedIn = await currentSession(args);
  if (!signedIn) {
    const query = new URLSearchParams({ plan: url.searchParams.get('plan') ?? DEFAULT_PLAN, return_to: returnTo });
    throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, `${PATH}?${query}`)));
  }
  const identityId = signedIn.session.identityId;
  const { accounts, billing, lookups } = context.services;
  const plan = planByCode(url.searchParams.get('plan') ?? DEFAULT_PLAN);
  if (!plan || plan.audience === 'student') throw data({ message: 'That plan is not on sale here.' }, 404);

  const userData = await accounts.getUserData(identityId);
  const countryCode = country(url.searchParams.get('country')) ?? country(userData?.country) ?? country(request.headers.get('cf-ipcountry')) ?? DEFAULT_COUNTRY;
  const asked = url.searchParams.get('currency');
  const currency: Currency = (asked ? parseCurrency(asked) : null) ?? currencyForCountry(countryCode);
  const price = subscriptionPrice({ plan, currency, countryCode });
  const refusal = await billing.purchaseRefusal(identityId, plan);
  const tax = taxLabel(price.taxInfo);
  const per = plan.interval === 'year' ? 'a year' : 'a month';
  const trialEnds = plan.trialDays > 0 ? formatDay(new Date(Date.now() + plan.trialDays * 86_400_000)) : null;

  const view: PaymentView = {
    plan: { code: plan.code, title: plan.title, summary: plan.summary, interval: plan.interval, trialDays: plan.trialDays, features: plan.features },
    price: {
      currency,
      fullPrice: formatMoney(price.fullPrice, currency),
      itemPrice: formatMoney(price.itemPrice, currency),
      taxAmount: formatMoney(price.taxAmount, currency),
      taxLabel: tax,
      per,
      dueToday: formatMoney(plan.trialDays > 0 ? 0 : price.fullPrice, currency),
      trialEnds,
    },
    countryCode,
    currencies: [...CURRENCIES],
    countries: lookups.countries().map(({ key, title }) => ({ key, title })),
    billing: { firstName: userData?.firstName ?? signedIn.firstName ?? '', lastName: userData?.lastName ?? '' },
    refusal: refusal ? { type: refusal, message: PURCHASE_MESSAGES[refusal as keyof typeof PURCHASE_MESSAGES] } : null,
    invalidCurrency: asked && !parseCurrency(asked) ? PURCHASE_MESSAGES.INVALID_CURRENCY : null,
    returnTo,
    sandbox: context.config.keys.billing === 'sandbox',
  };
  return view;
}

export async function paymentAction(args: { request: Request; context: AppLoadContext }): Promise<PaymentActionData> {
  const { request, context } = args;
  const signedIn = await currentSession(args);
  if (!signedIn) return { status: 'error', message: 'Your session ended. Sign in again to continue.' };
  const fields = await formFields(request);
  if (!fields.cardToken) return { status: 'error', message: 'Enter your card details. The card form needs JavaScript, so your card goes straight to our payment provider.' };
  const result = await context.services.billing.purchaseIndividualSubscription({
    identityId: signedIn.session.identityId,
    planCode: fields.plan ?? '',
    currency: fields.currency ?? '',
    billingInfo: { firstName: fields.firstName ?? '', lastName: fields.lastName ?? '', countryCode: fields.countryCode ?? '', postalCode: fields.postalCode || null },
    cardToken: fields.cardToken,
    idempotencyKey: fields.idempotencyKey ?? '',
    threeDSecureActionResultToken: fields.threeDSecureActionResultToken || null,
  });
  switch (result.kind) {
    case 'success': {
      // The membership goes into the session claims now, so the next page (the story) opens in full.
      await context.refreshSession();
      const { subscription } = result;
      const per = subscription.price && planByCode(subscription.planCode)?.interval === 'month' ? 'a month' : 'a year';
      return {
        status: 'success',
        title: subscription.title,
        isTrial: subscription.isTrial,
        trialEndsAt: subscription.trialEndsAt ? formatDay(subscription.trialEndsAt) : null,
        renewsAt: subscription.currentPeriodEndsAt ? formatDay(subscription.currentPeriodEndsAt) : null,
        fullPrice: `${formatMoney(subscription.price.fullPrice, subscription.price.currency)} ${per}`,
      };
    }
    case 'three_d_secure':
      return { status: 'three_d_secure', actionToken: result.threeDSecureActionToken, message: result.message };
    case 'error':
      return { status: 'error', type: result.type, message: result.message };
    case 'invalid':
      return { status: 'error', message: 'Please check the highlighted fields.', fieldErrors: Object.fromEntries(result.fieldErrors.map((error) => [error.path.at(-1) ?? '', error.message])) };
  }
}

