import { redirect } from 'react-router';
import { planByCode } from '../../../modules/billing/catalogue.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { FlowForm } from '../../components/flow-form.tsx';
import type { Route } from './+types/confirm-email';
import { buyingOfferOf, type BuyingOffer } from './buying-path.server.ts';
import { currentSession } from './identity.server.ts';
import { loadFlowOrLink } from './link-screen.server.ts';
import { userPageMeta } from './user-meta.ts';

export async function loader(args: Route.LoaderArgs) {
  const flow = await loadFlowOrLink('verification', args);
  // The code was right: the tokens still say the address is unconfirmed (decision 040), so mint them
  // again here, and the story this screen leads back to opens in full without signing in again.
  const { user } = args.context;
  if (flow.state === 'passed_challenge' && user?.isLoggedIn && !user.isEmailVerified) await args.context.refreshSession();
  const offer = buyingOfferOf(flow.return_to, args.context.config.siteUrl);
  // The buying path (decision 036): the card first, then this code, then the story.
  if (offer && !flow.confirmingLink) {
    const paid = await hasPaid(args, offer);
    if (paid === false) {
      const payment = new URL(offer.paymentUrl, `${args.context.config.siteUrl}/`);
      if (flow.state !== 'passed_challenge') payment.searchParams.set('confirm', flow.id);
      throw redirect(`${payment.pathname}${payment.search}`);
    }
    if (paid && flow.state === 'passed_challenge') throw redirect(offer.storyPath ?? '/');
  }
  return {
    ui: flow.ui,
    state: flow.state,
    confirmingLink: flow.confirmingLink,
    offer: offer ? { planTitle: offer.planTitle, storyPath: offer.storyPath } : null,
  };
}

/** Whether the signed-in reader already holds the offer's plan (null: nobody is signed in here). */
async function hasPaid(args: Route.LoaderArgs, offer: BuyingOffer): Promise<boolean | null> {
  const signedIn = await currentSession(args);
  const plan = planByCode(offer.planCode);
  if (!signedIn || !plan) return null;
  return (await args.context.services.billing.purchaseRefusal(signedIn.session.identityId, plan)) !== null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Confirm your email address',
    description: 'Confirm your email address with the code we sent you.',
    path: '/user/confirm-email',
  });

const COPY = {
  choose_method: {
    title: 'Confirm your email address',
    standfirst: 'Enter your email address and we’ll send you a six-digit code to confirm it’s yours.',
    submit: 'Send code',
  },
  sent_email: {
    title: 'Confirm your email address',
    standfirst: 'One last thing, so we know the address is yours.',
    submit: 'Confirm email address',
  },
  passed_challenge: { title: 'Email address confirmed', standfirst: 'You can carry on where you left off.', submit: 'Continue' },
  // An emailed link: only this button's POST uses it, so a mail scanner opening the link cannot.
  confirming_link: {
    title: 'Confirm your email address',
    standfirst: 'Press the button to confirm that this address is yours.',
    submit: 'Confirm email address',
  },
} as const;

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { ui, state, confirmingLink, offer } = loaderData;
  const copy = COPY[confirmingLink ? 'confirming_link' : (state as keyof typeof COPY)] ?? COPY.choose_method;
  // After paying: the membership is waiting for this code.
  const standfirst =
    offer && state === 'sent_email' && !confirmingLink
      ? `Your ${offer.planTitle} membership is ready. Enter the code we emailed you to confirm your address, then ${offer.storyPath ? 'we take you back to the story' : 'start reading'}.`
      : copy.standfirst;
  return (
    <AuthPage kicker={offer ? 'Last step' : undefined} title={copy.title} standfirst={standfirst}>
      <FlowForm ui={ui} labels={{ 'method=code': copy.submit, 'method=link': confirmingLink ? copy.submit : 'Send a new link' }} />
    </AuthPage>
  );
}
