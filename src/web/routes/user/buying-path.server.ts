// The buying path through the account screens (decision 036): a reader who follows a wall's offer
// while signed out creates an account, pays, then confirms the email address before reading. What
// ties the steps together is one address, the payment page's, carried as `return_to` by the
// registration, its email confirmation and the sign-in screen: it names the plan (`plan`) and the
// story to go back to (its own `return_to`). Server-only.
import { planByCode } from '../../../modules/billing/catalogue.ts';
import { PAYMENT_PATH, STUDENT_PAYMENT_PATH } from '../../components/billing/payment-types.ts';
import { safeNextPath } from './details.server.ts';

/** The offer a screen of the buying path names, as the reader sees it. */
export interface BuyingOffer {
  /** The payment page to go on to (absolute or site path, as it was carried). */
  paymentUrl: string;
  planCode: string;
  /** "Standard", "Annual" … */
  planTitle: string;
  trialDays: number;
  /** The same-site page the reader came from (the walled story), or null. */
  storyPath: string | null;
}

/** The offer when `returnTo` is a payment page of this site with a plan on sale; otherwise null. */
export function buyingOfferOf(returnTo: string | null | undefined, siteUrl: string): BuyingOffer | null {
  const path = safeNextPath(returnTo ?? null, siteUrl);
  if (!path) return null;
  const url = new URL(path, 'http://site.invalid');
  if (url.pathname !== PAYMENT_PATH && url.pathname !== STUDENT_PAYMENT_PATH) return null;
  const plan = planByCode(url.searchParams.get('plan') ?? '');
  if (!plan) return null;
  const story = safeNextPath(url.searchParams.get('return_to'), siteUrl);
  return {
    paymentUrl: returnTo!,
    planCode: plan.code,
    planTitle: plan.title,
    trialDays: plan.trialDays,
    storyPath: story && story !== '/' && !story.startsWith('/user/') && !story.startsWith('/subscriptions/') ? story : null,
  };
}

/** "your 30-day free Standard trial" or "Standard membership". */
export function offerWords(offer: Pick<BuyingOffer, 'planTitle' | 'trialDays'>): string {
  return offer.trialDays > 0 ? `your free ${offer.trialDays}-day ${offer.planTitle} trial` : `${offer.planTitle} membership`;
}
