// The payment pages' server half: /subscriptions/individuals/payment/ (src/web/routes/subscriptions/payment.tsx)
// and /subscriptions/students/payment/ (students-payment.tsx), one `kind` each. What the page shows
// (plan, price with the buyer's tax, eligibility, where to go afterwards) and the purchase its form
// submits. A student plan needs a verified academic address: without one the page sends the reader to
// /subscriptions/students/validation/ first, and a student purchase ends on the student confirmation
// page. Server-only, so the catalogue, tax rules and services stay out of the browser bundle.
import { cardPurchaseFields, NO_CARD_TOKEN, unfinishedPurchaseAnswer } from '../card-purchase-answer.server.ts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import {
  PAYMENT_PATH,
  STUDENT_CONFIRMATION_PATH,
  STUDENT_PAYMENT_PATH,
  STUDENT_VALIDATION_PATH,
  type PaymentActionData,
  type PaymentKind,
  type PaymentView,
} from '../../components/billing/payment-types.ts';
import { formFields, safeNextPath } from '../user/details.server.ts';
import { absoluteSiteUrl, currentSession } from '../user/identity.server.ts';
import { withReturnTo } from '../user/user-paths.ts';
import { CURRENCIES, planByCode, type Currency, type Plan } from '../../../modules/billing/catalogue.ts';
import { formatDay, formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import { currencyForCountry, parseCurrency, subscriptionPrice } from '../../../modules/billing/pricing.ts';
import { PURCHASE_MESSAGES } from '../../../modules/billing/subscriptions-service.ts';

export { PAYMENT_PATH, STUDENT_PAYMENT_PATH };
/** Each payment page: its path, the plan it offers when none is asked for, and the plans it sells. */
const PAGES: Record<PaymentKind, { path: string; defaultPlan: string; sells: (plan: Plan) => boolean }> = {
  individual: { path: PAYMENT_PATH, defaultPlan: 'individuals_standard_yearly_trial_v1', sells: (plan) => plan.audience !== 'student' },
  student: { path: STUDENT_PAYMENT_PATH, defaultPlan: 'students_standard_yearly_v1', sells: (plan) => plan.audience === 'student' },
};
const DEFAULT_COUNTRY = 'GB';

const country = (value: string | null | undefined) => {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
};

/** Where to send the buyer afterwards: ?return_to=, else the same-site page that linked here (the walled story), else home. */
function returnTarget(request: Request, siteUrl: string, page: string): string {
  const url = new URL(request.url);
  const candidates = [url.searchParams.get('return_to'), request.headers.get('referer')];
  for (const candidate of candidates) {
    const next = safeNextPath(candidate, siteUrl);
    if (next && !next.startsWith(page) && !next.startsWith(STUDENT_VALIDATION_PATH) && !next.startsWith('/user/') && !next.startsWith('/_'))
      return next.replace(/\.data(\?|$)/, '$1');
  }
  return '/';
}

/**
 * A buyer who has just created an account pays before confirming the address (decision 036): the
 * confirmation screen's flow comes along as `?confirm=`, and the way on after paying is through it
 * (it goes on to the story once the code is in).
 */
function confirmFirst(url: URL, returnTo: string): string {
  const flow = url.searchParams.get('confirm');
  if (!flow || !/^[0-9a-f-]{36}$/i.test(flow)) return returnTo;
  return `/user/confirm-email?flow=${flow}`;
}

export async function paymentLoader(
  args: { request: Request; context: AppLoadContext },
  kind: PaymentKind = 'individual',
): Promise<PaymentView> {
  const { request, context } = args;
  const page = PAGES[kind];
  const url = new URL(request.url);
  const returnTo = returnTarget(request, context.config.siteUrl, page.path);
  const signedIn = await currentSession(args);
  if (!signedIn) {
    // Someone following an offer while signed out is most likely new: they create an account (the
    // sign-in screen is one link away), and the plan and story ride along (decision 036).
    const query = new URLSearchParams({ plan: url.searchParams.get('plan') ?? page.defaultPlan, return_to: returnTo });
    throw redirect(withReturnTo(paths.register(), absoluteSiteUrl(context.config, `${page.path}?${query}`)));
  }
  const identityId = signedIn.session.identityId;
  const { accounts, billing, lookups, students } = context.services;
  const plan = planByCode(url.searchParams.get('plan') ?? page.defaultPlan);
  if (!plan || !page.sells(plan)) throw data({ message: 'That plan is not on sale here.' }, 404);

  const userData = await accounts.getUserData(identityId);
  const countryCode =
    country(url.searchParams.get('country')) ??
    country(userData?.country) ??
    country(request.headers.get('cf-ipcountry')) ??
    DEFAULT_COUNTRY;
  const asked = url.searchParams.get('currency');
  const currency: Currency = (asked ? parseCurrency(asked) : null) ?? currencyForCountry(countryCode);
  const price = subscriptionPrice({ plan, currency, countryCode });
  const refusal = await billing.purchaseRefusal(identityId, plan);
  // A student who has not verified an academic address (or has graduated) verifies it first, then comes back.
  if (refusal === 'INELIGIBLE_FOR_STUDENT_MEMBERSHIP') {
    const query = new URLSearchParams({
      plan: plan.code,
      ...(url.searchParams.get('currency') ? { currency: url.searchParams.get('currency')! } : {}),
    });
    throw redirect(`${STUDENT_VALIDATION_PATH}?${query}`);
  }
  const academic = kind === 'student' ? await students.academicData(identityId) : null;
  const tax = taxLabel(price.taxInfo);
  const per = plan.interval === 'year' ? 'a year' : 'a month';
  const trialEnds = plan.trialDays > 0 ? formatDay(new Date(Date.now() + plan.trialDays * 86_400_000)) : null;

  const view: PaymentView = {
    kind,
    student: academic?.emailVerified && academic.graduationYear ? { email: academic.email, graduationYear: academic.graduationYear } : null,
    plan: {
      code: plan.code,
      title: plan.title,
      summary: plan.summary,
      interval: plan.interval,
      trialDays: plan.trialDays,
      features: plan.features,
    },
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
    billing: {
      firstName: userData?.firstName ?? signedIn.firstName ?? '',
      lastName: userData?.lastName ?? (await context.services.identity.people.get(identityId))?.lastName ?? '',
    },
    refusal: refusal ? { type: refusal, message: PURCHASE_MESSAGES[refusal as keyof typeof PURCHASE_MESSAGES] } : null,
    invalidCurrency: asked && !parseCurrency(asked) ? PURCHASE_MESSAGES.INVALID_CURRENCY : null,
    returnTo: confirmFirst(url, returnTo),
    sandbox: context.config.keys.billing === 'sandbox',
    recurly: billing.recurly,
    // Only the sandbox stands in for a wallet's sheet so far; Recurly.js's Apple Pay and Google Pay are not built (decision 039).
    wallet: context.config.keys.walletMerchantId && billing.sandbox ? { merchantId: context.config.keys.walletMerchantId } : null,
  };
  return view;
}

export async function paymentAction(
  args: { request: Request; context: AppLoadContext },
  kind: PaymentKind = 'individual',
): Promise<PaymentActionData> {
  const { request, context } = args;
  const signedIn = await currentSession(args);
  if (!signedIn) return { status: 'error', message: 'Your session ended. Sign in again to continue.' };
  const fields = await formFields(request);
  if (!fields.cardToken) return NO_CARD_TOKEN;
  const { billing } = context.services;
  const purchase = kind === 'student' ? billing.purchaseStudentSubscription : billing.purchaseIndividualSubscription;
  const result = await purchase({
    identityId: signedIn.session.identityId,
    planCode: fields.plan ?? '',
    ...cardPurchaseFields(fields, fields.cardToken),
  });
  switch (result.kind) {
    case 'success': {
      // The membership goes into the session claims now, so the next page (the story) opens in full.
      await context.refreshSession();
      // A student's purchase ends on its own confirmation page (the new claims ride on this redirect).
      if (kind === 'student') throw redirect(STUDENT_CONFIRMATION_PATH);
      const { subscription } = result;
      const per = subscription.price && planByCode(subscription.planCode)?.interval === 'month' ? 'a month' : 'a year';
      return {
        status: 'success',
        subscriptionId: subscription.id,
        planCode: subscription.planCode,
        currency: subscription.price.currency,
        title: subscription.title,
        isTrial: subscription.isTrial,
        trialEndsAt: subscription.trialEndsAt ? formatDay(subscription.trialEndsAt) : null,
        renewsAt: subscription.currentPeriodEndsAt ? formatDay(subscription.currentPeriodEndsAt) : null,
        fullPrice: `${formatMoney(subscription.price.fullPrice, subscription.price.currency)} ${per}`,
      };
    }
    case 'three_d_secure':
    case 'error':
    case 'invalid':
      return unfinishedPurchaseAnswer(result);
  }
}
