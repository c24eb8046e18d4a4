// The membership page's server half (/user/membership/, src/web/routes/user/membership.tsx): the
// reader's membership with its §4 status, the subscription with its price as charged, the invoices
// and the card on file, and the "Update card" action (the card is tokenised in the browser; this
// action gets the token only). Display-ready strings: formatting stays on the server.
import { data, type AppLoadContext } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { formFields, requireSignedIn } from './details.server.ts';
import { receiptView } from './receipt-view.server.ts';
import type { ReceiptView } from '../../components/billing/receipt.tsx';
import { formatDay, formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import type { CardSummary } from '../../../modules/billing/provider.ts';
import { UPDATE_CARD_MESSAGES } from '../../../modules/billing/subscriptions-service.ts';

export const MEMBERSHIP_PATH = paths.membership();

const LEVEL_TITLES: Record<string, string> = {
  AllAccess: 'All Access',
  LearningAndDevelopment: 'Learning and Development',
  NewsAndAnalysis: 'News and Analysis',
  TopicBeauty: 'Beauty',
};

export interface MembershipView {
  email: string;
  membership: { level: string; type: string; status: string; statusText: string } | null;
  subscription: {
    planCode: string;
    title: string;
    state: string;
    isTrial: boolean;
    price: string;
    taxLabel: string | null;
    currency: string;
    started: string | null;
    currentPeriodEnds: string | null;
    trialEnds: string | null;
  } | null;
  invoices: { id: string; date: string; dateTime: string; amount: string; status: string }[];
  /** `wallet`: a wallet (Apple Pay, Google Pay) handed the card over; shown "Visa ending 4242 (wallet)". */
  card: { type: string; lastFour: string; expiry: string; wallet: boolean } | null;
  /** Whether there is a billing account whose card can be replaced. */
  hasAccount: boolean;
  /**
   * With Recurly as the provider: Recurly.js's card field replaces the sandbox's (decision 039), and
   * Recurly.js wants the cardholder's names with the card (the reader's own). Null with the sandbox.
   */
  recurly: { publicKey: string; scriptUrl: string; firstName: string; lastName: string } | null;
}

export type MembershipActionData =
  | { status: 'success'; message: string; intent?: 'update-card' | 'resume' }
  | { status: 'error'; message: string; intent?: 'update-card' | 'resume' };

const cardView = (card: CardSummary) => ({
  type: card.cardType,
  lastFour: card.lastFour,
  expiry: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
  wallet: card.paymentMethod === 'wallet',
});

function statusText(
  status: string,
  { endsAt, trialEndsAt, renewsAt }: { endsAt: string | null; trialEndsAt: string | null; renewsAt: string | null },
): string {
  switch (status) {
    case 'ActiveTrial':
      return trialEndsAt ? `Free trial, until ${formatDay(trialEndsAt)}` : 'Free trial';
    case 'ActiveRenewing':
      return renewsAt ? `Active, renews on ${formatDay(renewsAt)}` : 'Active';
    case 'ActiveCanceled':
      return endsAt ? `Cancelled, ends on ${formatDay(endsAt)}` : 'Cancelled';
    case 'Expired':
      return endsAt ? `Expired on ${formatDay(endsAt)}` : 'Expired';
    default:
      return 'No membership';
  }
}

export async function membershipLoader(args: { request: Request; context: AppLoadContext }): Promise<MembershipView> {
  const signedIn = await requireSignedIn(args, MEMBERSHIP_PATH);
  const identityId = signedIn.session.identityId;
  const { accounts, billing, identity, memberships } = args.context.services;
  const [membership, overview, userData, person] = await Promise.all([
    memberships.currentMembership(identityId),
    billing.billingOverview(identityId),
    billing.recurly ? accounts.getUserData(identityId) : null,
    billing.recurly ? identity.people.get(identityId) : null,
  ]);
  const latest = overview?.subscriptions[0] ?? null;
  const endsAt = membership?.endsAt?.toISOString() ?? null;
  const shown = membership && membership.status !== 'None' ? membership : null;
  return {
    email: signedIn.email,
    membership: shown
      ? {
          level: LEVEL_TITLES[shown.level] ?? shown.level,
          type: shown.type,
          status: shown.status,
          statusText: statusText(shown.status, {
            endsAt,
            trialEndsAt: latest?.trialEndsAt ?? endsAt,
            renewsAt: latest?.currentPeriodEndsAt ?? endsAt,
          }),
        }
      : null,
    subscription: latest
      ? {
          planCode: latest.planCode,
          title: latest.title,
          state: latest.state,
          isTrial: latest.isTrial,
          price: `${formatMoney(latest.price.fullPrice, latest.price.currency)} ${latest.interval === 'month' ? 'a month' : 'a year'}`,
          taxLabel: taxLabel(latest.price.taxInfo),
          currency: latest.price.currency,
          started: latest.activatedAt ? formatDay(latest.activatedAt) : null,
          currentPeriodEnds: latest.currentPeriodEndsAt ? formatDay(latest.currentPeriodEndsAt) : null,
          trialEnds: latest.trialEndsAt ? formatDay(latest.trialEndsAt) : null,
        }
      : null,
    invoices: (overview?.invoices ?? []).map((invoice) => ({
      id: invoice.id,
      date: formatDay(invoice.createdAt),
      dateTime: invoice.createdAt,
      amount: formatMoney(invoice.total, invoice.currency),
      status: invoice.state === 'paid' ? 'Paid' : 'Refunded',
    })),
    card: overview?.card ? cardView(overview.card) : null,
    hasAccount: overview !== null,
    // The names the reader gave (their details, else their account's), as the payment page fills them in.
    recurly: billing.recurly
      ? {
          ...billing.recurly,
          firstName: userData?.firstName || person?.firstName || '',
          lastName: userData?.lastName || person?.lastName || '',
        }
      : null,
  };
}

export async function membershipAction(args: { request: Request; context: AppLoadContext }): Promise<MembershipActionData> {
  const signedIn = await requireSignedIn(args, MEMBERSHIP_PATH);
  const fields = await formFields(args.request);
  if (fields.intent === 'resume') return resumeAction(args, signedIn.session.identityId, fields.subscriptionId ?? '');
  if (fields.intent !== 'update-card') return { status: 'error', message: 'This form could not be sent. Reload the page and try again.' };
  if (!fields.cardToken) return { status: 'error', message: UPDATE_CARD_MESSAGES.MISSING_TOKEN };
  const result = await args.context.services.billing.updateCard({ identityId: signedIn.session.identityId, cardToken: fields.cardToken });
  if (result.kind === 'error') return { status: 'error', message: result.message };
  return {
    status: 'success',
    message: `Your card is updated: ${result.card.cardType} ending ${result.card.lastFour} will be used from now on.`,
  };
}

/** Resumes a cancelled membership before its term ends (billing's cancellation service checks it is the reader's own). */
async function resumeAction(args: { context: AppLoadContext }, identityId: string, subscriptionId: string): Promise<MembershipActionData> {
  const result = await args.context.services.billing.cancellation.resume({ identityId, subscriptionId });
  if (!result.ok) {
    const message =
      result.error.kind === 'refused'
        ? result.error.message
        : result.error.kind === 'unauthorized'
          ? 'This membership belongs to another account.'
          : 'This form could not be sent. Reload the page and try again.';
    return { status: 'error', intent: 'resume', message };
  }
  await args.context.refreshSession();
  const renews = result.subscription.isTrial ? result.subscription.trialEndsAt : result.subscription.currentPeriodEndsAt;
  return {
    status: 'success',
    intent: 'resume',
    message: `Your membership is resumed${renews ? ` and carries on after ${formatDay(renews)}` : ''}.`,
  };
}

/**
 * /user/membership/?receipt=<invoice id>: the receipt of one of the reader's own invoices. Someone
 * else's invoice, or no such invoice, is a 404 (the same answer, so ids cannot be probed).
 */
export async function receiptLoader(args: { request: Request; context: AppLoadContext }, invoiceId: string): Promise<ReceiptView> {
  const signedIn = await requireSignedIn(args, MEMBERSHIP_PATH);
  const receipt = await args.context.services.billing.receipt(signedIn.session.identityId, invoiceId.slice(0, 64));
  if (!receipt) throw data({ message: 'There is no such receipt on your account.' }, 404);
  const country = receipt.billedTo.countryCode ? args.context.services.lookups.country(receipt.billedTo.countryCode)?.title : null;
  return receiptView(receipt, receipt.description, [
    receipt.billedTo.name,
    receipt.billedTo.postalCode,
    country ?? receipt.billedTo.countryCode,
  ]);
}
