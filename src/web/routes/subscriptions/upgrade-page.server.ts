// The upgrade screens' server half (/subscriptions/upgrade/ and /subscriptions/upgrade/payment/,
// src/web/routes/subscriptions/upgrade*.tsx): the member's plan, the plans above it with what each
// costs today and afterwards, the proration preview before confirming, and the upgrade itself.
// Display-ready strings only: the catalogue, tax and proration rules stay on the server.
import { randomUUID } from 'node:crypto';
import { data, type AppLoadContext } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { formFields, requireSignedIn, safeNextPath } from '../user/details.server.ts';
import { formatDay, formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import { planByCode, type Currency, type Plan } from '../../../modules/billing/catalogue.ts';
import { UPGRADE_MESSAGES, type UpgradePreview } from '../../../modules/billing/upgrades.ts';

const UPGRADE_PATH = paths.upgrade();
const UPGRADE_PAYMENT_PATH = paths.upgradePayment();

/**
 * The story that asked for the upgrade (an upgrade wall links here): ?return_to= as the pages pass
 * it on, else the same-site page that linked here. Never an account, subscriptions or internal page.
 */
function storyReturn(candidates: (string | null | undefined)[], siteUrl: string): string | null {
  for (const candidate of candidates) {
    const next = safeNextPath(candidate, siteUrl)?.replace(/\.data(\?|$)/, '$1');
    if (next && next !== '/' && !/^\/(?:user|subscriptions|_|admin)(?:\/|$)/.test(next)) return next;
  }
  return null;
}

const per = (plan: Plan) => (plan.interval === 'year' ? 'a year' : 'a month');

/** The preview as the member reads it. */
export interface UpgradeQuoteView {
  planFee: string;
  proRata: string | null;
  taxLabel: string | null;
  taxAmount: string;
  dueToday: string;
  total: string;
  totalPerMonth: string | null;
  per: string;
}

function quoteView(quote: UpgradePreview, plan: Plan): UpgradeQuoteView {
  const money = (amount: number) => formatMoney(amount, quote.currency);
  return {
    planFee: money(quote.planFee),
    proRata: quote.proRata > 0 ? money(quote.proRata) : null,
    taxLabel: taxLabel(quote.taxInfo),
    taxAmount: money(quote.taxAmount),
    dueToday: money(quote.dueToday),
    total: money(quote.total),
    totalPerMonth: plan.interval === 'year' ? money(quote.totalPerMonth) : null,
    per: per(plan),
  };
}

export interface UpgradeChoice {
  code: string;
  title: string;
  summary: string;
  features: string[];
  quote: UpgradeQuoteView;
}

export type UpgradeOptionsView =
  | { status: 'none' }
  | {
      status: 'ok';
      current: { title: string; renewsOn: string | null; isTrial: boolean };
      choices: UpgradeChoice[];
      /** The story to go back to after upgrading, or null. */
      returnTo: string | null;
    };

export async function upgradeOptionsLoader(args: { request: Request; context: AppLoadContext }): Promise<UpgradeOptionsView> {
  const signedIn = await requireSignedIn(args, UPGRADE_PATH);
  const identityId = signedIn.session.identityId;
  const { upgrades } = args.context.services.billing;
  const options = await upgrades.options(identityId);
  if (!options) return { status: 'none' };
  const choices: UpgradeChoice[] = options.targets.map(({ plan, quote }) => ({
    code: plan.code,
    title: plan.title,
    summary: plan.summary,
    features: plan.features,
    quote: quoteView(quote, plan),
  }));
  return {
    status: 'ok',
    current: {
      title: options.plan.title,
      renewsOn: options.renewsAt ? formatDay(options.renewsAt) : null,
      isTrial: options.subscription.isTrial,
    },
    choices,
    returnTo: storyReturn(
      [new URL(args.request.url).searchParams.get('return_to'), args.request.headers.get('referer')],
      args.context.config.siteUrl,
    ),
  };
}

export type UpgradePaymentView =
  | { status: 'refused'; message: string }
  | {
      status: 'ready';
      from: { code: string; title: string };
      to: { code: string; title: string; summary: string; features: string[] };
      currency: Currency;
      quote: UpgradeQuoteView;
      card: { cardType: string; lastFour: string; expires: string } | null;
      /** One per page view: a double submit of this form is one upgrade. */
      idempotencyKey: string;
      /** The story to go back to after upgrading, or null. */
      returnTo: string | null;
    };

export async function upgradePaymentLoader(args: { request: Request; context: AppLoadContext }): Promise<UpgradePaymentView> {
  const url = new URL(args.request.url);
  const planCode = url.searchParams.get('plan') ?? '';
  const signedIn = await requireSignedIn(args, UPGRADE_PAYMENT_PATH);
  const result = await args.context.services.billing.upgrades.preview({
    identityId: signedIn.session.identityId,
    planCode: planCode.slice(0, 100),
  });
  if (result.kind === 'invalid') throw data({ message: 'There is no such plan.' }, 404);
  if (result.kind === 'error') return { status: 'refused', message: result.message };
  const { preview, from, to, card } = result;
  return {
    status: 'ready',
    from: { code: from.code, title: from.title },
    to: { code: to.code, title: to.title, summary: to.summary, features: to.features },
    currency: preview.currency,
    quote: quoteView(preview, to),
    card: card
      ? { cardType: card.cardType, lastFour: card.lastFour, expires: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` }
      : null,
    idempotencyKey: randomUUID(),
    returnTo: storyReturn([url.searchParams.get('return_to'), args.request.headers.get('referer')], args.context.config.siteUrl),
  };
}

export type UpgradeActionData =
  | {
      status: 'success';
      title: string;
      charged: string;
      renewsOn: string | null;
      renewal: string;
      subscriptionId: string;
      previousPlan: string;
      currentPlan: string;
      currency: Currency;
      membershipLevel: Plan['membershipLevel'] | null;
      /** The story that asked for the upgrade, or null. */
      returnTo: string | null;
    }
  | { status: 'error'; message: string };

export async function upgradePaymentAction(args: { request: Request; context: AppLoadContext }): Promise<UpgradeActionData> {
  const signedIn = await requireSignedIn(args, UPGRADE_PAYMENT_PATH);
  const fields = await formFields(args.request);
  const result = await args.context.services.billing.upgrades.purchaseUpgrade({
    identityId: signedIn.session.identityId,
    planCode: fields.plan ?? '',
    currency: fields.currency || null,
    idempotencyKey: fields.idempotencyKey ?? '',
  });
  switch (result.kind) {
    case 'success': {
      // The new level goes into the session claims now, so the next story opens at once.
      await args.context.refreshSession();
      const { subscription } = result;
      const money = (amount: number) => formatMoney(amount, subscription.price.currency);
      return {
        status: 'success',
        title: subscription.title,
        charged: money(result.charged),
        renewsOn: subscription.currentPeriodEndsAt ? formatDay(subscription.currentPeriodEndsAt) : null,
        renewal: money(subscription.price.fullPrice),
        subscriptionId: subscription.id,
        previousPlan: result.previousPlan,
        currentPlan: result.currentPlan,
        currency: subscription.price.currency,
        // The level the session claims will carry (the page waits for it, §4).
        membershipLevel: planByCode(result.currentPlan)?.membershipLevel ?? null,
        returnTo: storyReturn([fields.returnTo], args.context.config.siteUrl),
      };
    }
    case 'three_d_secure':
      return { status: 'error', message: UPGRADE_MESSAGES.THREE_D_SECURE };
    case 'invalid':
      return { status: 'error', message: result.fieldErrors[0]?.message ?? 'Please start the upgrade again.' };
    case 'error':
      return { status: 'error', message: result.message };
  }
}
