// /subscriptions/upgrade/payment/?plan=… (§2): the proration preview, then the upgrade. The page
// lists the new plan's fee, the credit for the rest of the current period, the tax and what is due
// today, and what each renewal costs afterwards; "Pay and upgrade" charges the card on file. A
// plain form post (it works without JavaScript); one idempotency key per page view, so a double
// submit upgrades once. Success refreshes the session: the new level opens stories at once, and the
// page waits for the browser's claims to carry it (§4 Refresh-until-changed).
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { upgradePaymentAction, upgradePaymentLoader } from './upgrade-page.server.ts';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent, useTrackResult } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { useNewClaims } from '../../lib/new-claims.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/upgrade-payment';

export function loader(args: Route.LoaderArgs) {
  return upgradePaymentLoader(args);
}

export function action(args: Route.ActionArgs) {
  return upgradePaymentAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Confirm your upgrade',
    description: 'What your upgrade costs today and afterwards.',
    path: paths.upgradePayment(),
  });

/** The way back to the membership page, beside each end of the upgrade (done, or not possible). */
function YourMembershipLink() {
  return (
    <Link className="button button--secondary" to={paths.membership()}>
      Your membership
    </Link>
  );
}

export default function UpgradePayment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const ready = loaderData.status === 'ready' ? loaderData : null;
  useTrackEvent('user_view_payment_upgrade', ready ? { planCode: ready.to.code, currency: ready.currency } : null);
  const success = actionData?.status === 'success' ? actionData : null;
  useTrackResult(
    actionData,
    'user_purchased_upgrade',
    success
      ? {
          subscriptionId: success.subscriptionId,
          planCode: success.currentPlan,
          currency: success.currency,
          previousPlan: success.previousPlan,
          currentPlan: success.currentPlan,
        }
      : null,
  );
  const claims = useNewClaims(success?.membershipLevel ? { field: 'membershipLevel', allowedValues: [success.membershipLevel] } : null);
  // The confirmation replaces a long page: on a phone it would start above the viewport. Focus it
  // (a screen reader reads it) and bring it into view.
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!success || !confirmation.current) return;
    confirmation.current.focus({ preventScroll: true });
    confirmation.current.scrollIntoView({ block: 'start' });
  }, [success]);

  if (success) {
    return (
      <div ref={confirmation} tabIndex={-1} className="upgrade__confirmation" aria-label={`Welcome to ${success.title}`}>
        <AuthPage
          kicker="Membership"
          title={`Welcome to ${success.title}`}
          standfirst={
            <span role="status">{`Your upgrade is done: we charged ${success.charged}. Your membership renews${success.renewsOn ? ` on ${success.renewsOn}` : ''} at ${success.renewal}.`}</span>
          }
        >
          <p>We have emailed you a receipt.</p>
          {claims === 'failed' && <p>If a story still asks you to upgrade, reload the page: your new membership is active.</p>}
          <p className="cta-row">
            {success.returnTo ? (
              <a className="button" href={success.returnTo}>
                Back to the story
              </a>
            ) : (
              <Link className="button" to={paths.home()}>
                Start reading
              </Link>
            )}
            <YourMembershipLink />
          </p>
        </AuthPage>
      </div>
    );
  }

  if (!ready) {
    return (
      <AuthPage
        kicker="Membership"
        title="Upgrade your membership"
        standfirst={loaderData.status === 'refused' ? loaderData.message : undefined}
      >
        <p className="cta-row">
          <Link className="button" to={paths.upgrade()}>
            See upgrade options
          </Link>
          <YourMembershipLink />
        </p>
      </AuthPage>
    );
  }

  const { from, to, quote, card, currency, idempotencyKey } = ready;
  const error = actionData?.status === 'error' ? actionData.message : null;
  return (
    <div className="wrap payment">
      <header className="payment__header">
        <p className="kicker">Membership</p>
        <h1 className="display">Upgrade to {to.title}</h1>
        <p className="standfirst">{to.summary}</p>
      </header>
      <div className="payment__grid">
        <section className="payment__summary" aria-labelledby="upgrade-summary">
          <h2 id="upgrade-summary" className="rail-title">
            What you pay
          </h2>
          <dl className="payment__lines" data-testid="upgrade-preview">
            <div>
              <dt>{to.title} plan fee</dt>
              <dd>{quote.planFee}</dd>
            </div>
            {quote.proRata && (
              <div>
                <dt>Credit for the rest of {from.title}</dt>
                <dd>−{quote.proRata}</dd>
              </div>
            )}
            {quote.taxLabel && (
              <div>
                <dt>{quote.taxLabel}</dt>
                <dd>{quote.taxAmount}</dd>
              </div>
            )}
            <div className="payment__due">
              <dt>Due today</dt>
              <dd>{quote.dueToday}</dd>
            </div>
          </dl>
          <p className="payment__note">
            Your {to.title} membership starts now. It then renews at {quote.total} {quote.per}
            {quote.totalPerMonth ? ` (${quote.totalPerMonth} a month)` : ''}, tax included, unless you cancel.
          </p>
          <ul className="payment__features">
            {to.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
        <section className="payment__form" aria-labelledby="upgrade-pay">
          <h2 id="upgrade-pay" className="rail-title">
            Payment
          </h2>
          {error && (
            <p className="form-message form-message--error" role="alert">
              {error}
            </p>
          )}
          {card ? (
            <Form method="post" className="payment__fields">
              <p>
                We will charge your {card.cardType} ending {card.lastFour} (expires {card.expires}).{' '}
                <Link to={paths.membership()}>Use another card</Link>
              </p>
              <input type="hidden" name="plan" value={to.code} />
              <input type="hidden" name="currency" value={currency} />
              <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
              {ready.returnTo && <input type="hidden" name="returnTo" value={ready.returnTo} />}
              <button type="submit" className="button" disabled={busy} aria-disabled={busy}>
                {busy ? 'Upgrading…' : `Pay ${quote.dueToday} and upgrade`}
              </button>
            </Form>
          ) : (
            <p>
              There is no card on file to charge. <Link to={paths.membership()}>Add a card on your membership page</Link>, then come back.
            </p>
          )}
          <p className="payment__note">
            <Link to={paths.upgrade()}>Choose another plan</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
