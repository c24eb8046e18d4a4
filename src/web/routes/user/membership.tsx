// /user/membership/ (§2): the reader's membership and its §4 status, the subscription (plan, price
// with tax as charged, dates), the invoices and the card on file, with an "Update card" form that
// tokenises the new card in the browser like the payment page (useCardFields from
// components/billing/card-fields.tsx, or with Recurly useRecurlyCard, decision 039) — the card
// number never reaches this page's action.
// Signed-out readers sign in and come back. The server half is membership-page.server.ts beside it.
import { useSyncExternalStore, type FormEvent } from 'react';
import { Form, Link, useFetcher, useNavigation } from 'react-router';
import {
  membershipAction,
  membershipLoader,
  receiptLoader,
  type MembershipActionData,
  type MembershipView,
} from './membership-page.server.ts';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { Fact } from '../../components/fact.tsx';
import { ReceiptDocument } from '../../components/billing/receipt.tsx';
import { useCardFields } from '../../components/billing/card-fields.tsx';
import { InvoiceTable } from '../../components/billing/invoice-table.tsx';
import { useRecurlyCard, type CardTokens } from '../../components/billing/recurly-card.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import type { Route } from './+types/membership';
import { requireSignedIn } from './details.server.ts';
import { formatDay } from '../../../modules/billing/money.ts';
import { userPageMeta } from './user-meta.ts';
import { membershipClaimAction, membershipTeam } from './organisations-page.server.ts';

const PATH = paths.membership();
const noSubscription = () => () => {};

export async function loader(args: Route.LoaderArgs) {
  // ?receipt=<invoice id>: that invoice's printable receipt (only the reader's own).
  const receiptId = new URL(args.request.url).searchParams.get('receipt');
  if (receiptId !== null) return { page: 'receipt' as const, receipt: await receiptLoader(args, receiptId) };
  const view = await membershipLoader(args);
  // Cancellation (subscriptions/cancel.tsx): the link while there is something to cancel, and a redeemed retention coupon.
  // Upgrades (subscriptions/upgrade.tsx): the link while a plan above this one is on sale.
  const { cancellation, upgrades } = args.context.services.billing;
  const identityId = (await requireSignedIn(args, PATH)).session.identityId;
  const [cancellable, upgradeOptions, resumable, team] = await Promise.all([
    cancellation.cancellableSubscription(identityId),
    upgrades.options(identityId),
    cancellation.resumableSubscription(identityId),
    // The organisation whose seat gives the membership, and a seat waiting for the reader's address (issue 17).
    membershipTeam(args, identityId, view.email),
  ]);
  return {
    page: 'membership' as const,
    ...view,
    team,
    // A cancelled membership whose term has not ended may be resumed (billing's cancellation.resume).
    resumable: resumable ? { id: resumable.id, endsOn: termEnd(resumable) } : null,
    cancellable: cancellable !== null,
    coupon: cancellable ? await cancellation.couponFor(cancellable.id) : null,
    upgradeable: (upgradeOptions?.targets.length ?? 0) > 0,
  };
}

/** The day the cancelled term ends: the trial's end on a trial, else the paid period's. */
function termEnd(subscription: { isTrial: boolean; trialEndsAt: string | null; currentPeriodEndsAt: string | null }): string | null {
  const end = subscription.isTrial ? (subscription.trialEndsAt ?? subscription.currentPeriodEndsAt) : subscription.currentPeriodEndsAt;
  return end ? formatDay(end) : null;
}

export async function action(args: Route.ActionArgs) {
  // "Join" the team whose seat waits for the reader (claimSeat, then the session minted again).
  const claimed = await membershipClaimAction(args);
  if (claimed) return { status: claimed.status, message: claimed.message, intent: 'claim' as const };
  return membershipAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Your membership', description: 'Your membership, subscription, invoices and card.', path: PATH });

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.page === 'receipt')
    return <ReceiptDocument receipt={loaderData.receipt} kicker="Membership" back={{ to: PATH, label: 'Back to your membership' }} />;
  return <MembershipPage loaderData={loaderData} actionData={actionData} />;
}

type MembershipData = Exclude<Route.ComponentProps['loaderData'], { page: 'receipt' }>;

function MembershipPage({ loaderData, actionData }: { loaderData: MembershipData; actionData: Route.ComponentProps['actionData'] }) {
  const { email, membership, subscription, invoices, card, hasAccount, cancellable, coupon, upgradeable, resumable, recurly } = loaderData;
  const navigation = useNavigation();
  const resuming = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'resume';
  const resumeAnswer = actionData && 'intent' in actionData && actionData.intent === 'resume' ? actionData : null;
  const claimAnswer = actionData && 'intent' in actionData && actionData.intent === 'claim' ? actionData : null;
  const account = paths.account();
  useTrackEvent('user_view_memberships', subscription ? { planCode: subscription.planCode } : {});
  return (
    <AccountLayout
      title="Your membership"
      intro={
        <>
          Signed in as <strong>{email}</strong>
        </>
      }
      menu={[
        { label: 'Personal details', href: `${account}#details` },
        { label: 'Email address', href: `${account}#email` },
        { label: 'Security', href: `${account}#security` },
        { label: 'Membership', href: PATH, current: true },
        ...(loaderData.team.onTeam
          ? [
              { label: 'Team members', href: paths.organisationUsers() },
              { label: 'Team plan', href: paths.organisationMemberships() },
            ]
          : []),
        { label: 'Following', href: paths.following() },
        { label: 'Gift links', href: paths.gifts() },
        { label: 'Sign out', href: paths.logout() },
      ]}
    >
      <section className="account-section membership-section" aria-labelledby="membership-heading">
        <h2 id="membership-heading" className="account-section__title">
          Membership
        </h2>
        {membership ? (
          <dl className="membership-facts">
            <Fact term="Level">{membership.level}</Fact>
            <Fact term="Type">{membership.type}</Fact>
            <Fact term="Status" data-status={membership.status}>
              {membership.statusText}
            </Fact>
            <Fact term="Through">{loaderData.team.group ? `${loaderData.team.group.title} (${loaderData.team.group.status})` : null}</Fact>
          </dl>
        ) : (
          <p className="account-section__intro">
            No membership. <Link to={paths.packages()}>See membership options</Link>
          </p>
        )}
      </section>

      <TeamOffer team={loaderData.team} answer={claimAnswer} />

      {subscription && (
        <section className="account-section membership-section" aria-labelledby="subscription-heading">
          <h2 id="subscription-heading" className="account-section__title">
            Subscription
          </h2>
          <dl className="membership-facts">
            <Fact term="Plan">{subscription.title}</Fact>
            <Fact term="Price">
              {subscription.price}
              {subscription.taxLabel && <span className="membership-facts__note"> including {subscription.taxLabel}</span>}
            </Fact>
            <Fact term="Currency">{subscription.currency}</Fact>
            <Fact term="Started">{subscription.started}</Fact>
            <Fact term="Free trial ends">{subscription.trialEnds}</Fact>
            <Fact term="Current period ends">{subscription.currentPeriodEnds}</Fact>
          </dl>
          {coupon && (
            <p className="membership-coupon">
              Discount: {coupon.discountPercent} % off your next renewal (code {coupon.code})
            </p>
          )}
          {resumeAnswer && <FormNotice kind={resumeAnswer.status === 'success' ? 'success' : 'error'}>{resumeAnswer.message}</FormNotice>}
          {resumable && (
            <Form method="post" className="membership-resume">
              <p>
                Your membership is cancelled{resumable.endsOn ? ` and ends on ${resumable.endsOn}` : ''}. Changed your mind? Resume it and
                it carries on as before; nothing is charged today.
              </p>
              <input type="hidden" name="intent" value="resume" />
              <input type="hidden" name="subscriptionId" value={resumable.id} />
              <p className="cta-row">
                <button type="submit" className="button" disabled={resuming}>
                  {resuming ? 'Resuming…' : 'Resume membership'}
                </button>
              </p>
            </Form>
          )}
          {(upgradeable || cancellable) && (
            <p className="cta-row">
              {upgradeable && (
                <Link className="button" to={paths.upgrade()}>
                  Upgrade membership
                </Link>
              )}
              {cancellable && <Link to="/subscriptions/cancel/">Cancel membership</Link>}
            </p>
          )}
        </section>
      )}

      {hasAccount && (
        <section className="account-section membership-section" aria-labelledby="invoices-heading">
          <h2 id="invoices-heading" className="account-section__title">
            Invoices
          </h2>
          <InvoiceTable invoices={invoices} caption="Your invoices, newest first" receiptHref={(id) => `${PATH}?receipt=${id}`} />
        </section>
      )}

      {hasAccount && <CardSection card={card} recurly={recurly} />}
    </AccountLayout>
  );
}

/** The seat waiting for the reader's address ("Lind Group has given you a seat — Join"), and the team pages for someone on a team. */
function TeamOffer({ team, answer }: { team: MembershipData['team']; answer: { status: 'success' | 'error'; message: string } | null }) {
  const navigation = useNavigation();
  const joining = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'claim';
  if (!team.offer && !team.manages && !answer) return null;
  return (
    <section className="account-section membership-section" aria-labelledby="team-heading">
      <h2 id="team-heading" className="account-section__title">
        Team
      </h2>
      {answer && <FormNotice kind={answer.status}>{answer.message}</FormNotice>}
      {team.offer && answer?.status !== 'success' && (
        <Form method="post">
          <p className="account-section__intro">
            <strong>{team.offer.title}</strong> has given you a seat: join to read everything its team membership includes.
          </p>
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="accountId" value={team.offer.accountId} />
          <p className="cta-row">
            <button type="submit" className="button" disabled={joining}>
              {joining ? 'Joining…' : 'Join'}
            </button>
          </p>
        </Form>
      )}
      {team.manages && (
        <p className="cta-row">
          <Link to={paths.organisationUsers()}>Manage your team</Link>
          <Link to={paths.organisationMemberships()}>Team plan and invoices</Link>
        </p>
      )}
    </section>
  );
}

function CardSection({ card, recurly }: { card: MembershipView['card']; recurly: MembershipView['recurly'] }) {
  const fetcher = useFetcher<MembershipActionData>();
  // False in the server render and before hydration: without JavaScript nothing can be tokenised.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const sandboxCard = useCardFields();
  const recurlyCard = useRecurlyCard(recurly);
  const newCard: CardTokens = recurly ? recurlyCard : sandboxCard;
  const { problem: localProblem } = newCard;
  const busy = newCard.tokenizing || fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' && !localProblem ? fetcher.data : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The card goes to the provider; the action gets the token only.
    await newCard.withToken(async (cardToken) => {
      await fetcher.submit({ intent: 'update-card', cardToken }, { method: 'post' });
      newCard.clear();
    }, event.currentTarget);
  }

  return (
    <section id="card" className="account-section membership-section" aria-labelledby="card-heading">
      <h2 id="card-heading" className="account-section__title">
        Card
      </h2>
      {card ? (
        <dl className="membership-facts membership-card">
          <Fact term="Card">
            {card.type} ending {card.lastFour}
            {card.wallet && ' (wallet)'}
          </Fact>
          <Fact term="Expires">{card.expiry}</Fact>
        </dl>
      ) : (
        <p className="account-section__intro">No card on file.</p>
      )}
      <section className="account-panel" aria-labelledby="update-card-heading">
        <h3 id="update-card-heading" className="account-panel__title">
          Update card
        </h3>
        <p id="update-card-secure" className="account-panel__text">
          Your new card is checked with your bank (nothing is charged) and used for your next payment. Your card details go straight to our
          payment provider; we never see or store your card number.
        </p>
        <noscript>
          <p className="payment__noscript">
            Updating your card needs JavaScript: your card details go from your browser straight to our payment provider, never through our
            server.
          </p>
        </noscript>
        <div className="membership-card__notice">
          {answer?.status === 'success' && <FormNotice kind="success">{answer.message}</FormNotice>}
        </div>
        {(localProblem ?? (answer?.status === 'error' ? answer.message : null)) && (
          <FormNotice kind="error">{localProblem ?? (answer?.status === 'error' ? answer.message : '')}</FormNotice>
        )}
        <form method="post" className="membership-card__form" onSubmit={onSubmit} noValidate aria-describedby="update-card-secure">
          {recurly && (
            <>
              {/* For Recurly.js, which sends the cardholder's names with the card; never posted to the action. */}
              <input type="hidden" name="firstName" value={recurly.firstName} />
              <input type="hidden" name="lastName" value={recurly.lastName} />
            </>
          )}
          {newCard.fields}
          <p>
            <button type="submit" className="button" disabled={!hydrated || busy}>
              {busy ? 'Updating…' : 'Update card'}
            </button>
          </p>
        </form>
      </section>
    </section>
  );
}
