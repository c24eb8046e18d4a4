// /subscriptions/cancel/confirmation/ (§2): what happens now, after /subscriptions/cancel/: the
// membership runs until its end date and does not renew (outcome cancelled), or the discount is
// applied to the next renewal (outcome accepted_discount). Shows the member's latest outcome, and
// sends it as user_complete_cancellation once per outcome (a reload of this page is not another one).
import { Link, redirect } from 'react-router';
import { planByCode } from '../../../modules/billing/catalogue.ts';
import { formatDay } from '../../../modules/billing/money.ts';
import { paths } from '../../../shared/paths.ts';
import { useTrackOnce } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { requireSignedIn } from '../user/details.server.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/cancel-confirmation';

const PATH = '/subscriptions/cancel/confirmation/';

export async function loader(args: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(args, PATH);
  const outcome = await args.context.services.billing.cancellation.latestOutcome(signedIn.session.identityId);
  if (!outcome) throw redirect(paths.membership());
  const cut = (text: string | null) => (text ? text.slice(0, 255) : undefined);
  return {
    outcome: {
      id: outcome.id,
      event: {
        action: outcome.action,
        subscriptionId: outcome.subscriptionId,
        planCode: outcome.planCode,
        discountOffered: outcome.discountOffered,
        cancellationReason: cut(outcome.reason),
        cancellationReasonOther: cut(outcome.otherReason),
      },
    },
    action: outcome.action,
    title: planByCode(outcome.planCode)?.title ?? outcome.planCode,
    endsOn: outcome.endsAt ? formatDay(outcome.endsAt) : null,
    endsAt: outcome.endsAt,
    discountPercent: outcome.coupon?.discountPercent ?? null,
    couponCode: outcome.coupon?.code ?? null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Your membership has changed', description: 'What happens to your membership now.', path: PATH });

export default function CancelConfirmation({ loaderData }: Route.ComponentProps) {
  const { action, title, endsOn, endsAt, discountPercent, couponCode, outcome } = loaderData;
  useTrackOnce(outcome.id, 'user_complete_cancellation', outcome.event);
  if (action === 'accepted_discount') {
    return (
      <AuthPage
        kicker="Thank you for staying"
        title="Your discount is applied"
        standfirst={`Your ${title} membership continues as before.`}
      >
        <div className="cancel-confirmation">
          <p>
            {discountPercent} % off (code <strong>{couponCode}</strong>) comes off your next renewal
            {endsOn && (
              <>
                {' '}
                on <time dateTime={endsAt ?? undefined}>{endsOn}</time>
              </>
            )}
            . You do not need to do anything.
          </p>
          <p>
            <Link to={paths.membership()} className="button">
              Back to your membership
            </Link>
          </p>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      kicker="Membership cancelled"
      title="Your membership is cancelled"
      standfirst={`Your ${title} membership will not renew and you will not be charged again.`}
    >
      <div className="cancel-confirmation">
        {endsOn ? (
          <p>
            You keep full access until <time dateTime={endsAt ?? undefined}>{endsOn}</time>. We have emailed you a confirmation.
          </p>
        ) : (
          <p>We have emailed you a confirmation.</p>
        )}
        <p>Changed your mind? You can join again at any time.</p>
        <p>
          <Link to={paths.membership()} className="button">
            Back to your membership
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}
