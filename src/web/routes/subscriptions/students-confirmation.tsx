// /subscriptions/students/confirmation/ (§2): the student membership has started. Shows the plan,
// what it costs with its tax, when it renews and the verified academic address, with links to start
// reading and to /user/membership/. Signed-out readers sign in and come back; someone without a
// student subscription is sent to the student packages. The first time it shows a subscription it
// sends user_purchased_student_subscription, and it waits for the new claims (§4 Refresh-until-changed).
import { Link, redirect } from 'react-router';
import { planByCode } from '../../../modules/billing/catalogue.ts';
import { formatDay, formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import { paths } from '../../../shared/paths.ts';
import { useTrackOnce } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { useNewClaims } from '../../lib/new-claims.ts';
import { STUDENT_CONFIRMATION_PATH } from '../../components/billing/payment-types.ts';
import { requireSignedIn } from '../user/details.server.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/students-confirmation';

export async function loader(args: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(args, STUDENT_CONFIRMATION_PATH);
  const identityId = signedIn.session.identityId;
  const { billing, students } = args.context.services;
  const [overview, academic] = await Promise.all([billing.billingOverview(identityId), students.academicData(identityId)]);
  const subscription = overview?.subscriptions.find(
    (candidate) => candidate.state === 'ACTIVE' && planByCode(candidate.planCode)?.audience === 'student',
  );
  if (!subscription) throw redirect(`${paths.packages()}students/`);
  const { price } = subscription;
  const per = subscription.interval === 'month' ? 'a month' : 'a year';
  return {
    purchase: { subscriptionId: subscription.id, planCode: subscription.planCode, currency: price.currency },
    title: subscription.title,
    billed: subscription.interval === 'month' ? 'monthly' : 'yearly',
    price: `${formatMoney(price.fullPrice, price.currency)} ${per}`,
    taxLabel: taxLabel(price.taxInfo),
    renewsOn: subscription.currentPeriodEndsAt ? formatDay(subscription.currentPeriodEndsAt) : null,
    renewsAt: subscription.currentPeriodEndsAt,
    email: academic?.email ?? null,
    graduationYear: academic?.graduationYear ?? null,
    firstName: signedIn.firstName ?? null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Welcome, student member',
    description: 'Your student membership has started.',
    path: STUDENT_CONFIRMATION_PATH,
  });

export default function StudentConfirmation({ loaderData }: Route.ComponentProps) {
  const { title, billed, price, taxLabel: tax, renewsOn, renewsAt, email, graduationYear, firstName, purchase } = loaderData;
  useTrackOnce(purchase.subscriptionId, 'user_purchased_student_subscription', purchase);
  const claims = useNewClaims({ field: 'isMember', allowedValues: [true] });
  return (
    <AuthPage
      kicker="Student membership"
      title="Your student membership has started"
      standfirst={`${firstName ? `Welcome, ${firstName}. ` : 'Welcome. '}Everything members read is now open to you.`}
    >
      <div className="student-confirmation">
        <dl className="membership-facts">
          <div>
            <dt>Plan</dt>
            <dd>
              {title}, billed {billed}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>
              {price}
              {tax && <span className="membership-facts__note"> including {tax}</span>}
            </dd>
          </div>
          {renewsOn && (
            <div>
              <dt>Renews on</dt>
              <dd>
                <time dateTime={renewsAt ?? undefined}>{renewsOn}</time>
              </dd>
            </div>
          )}
          {email && (
            <div>
              <dt>Verified with</dt>
              <dd className="student-confirmation__email">
                {email}
                {graduationYear && <span className="membership-facts__note"> · graduating in {graduationYear}</span>}
              </dd>
            </div>
          )}
        </dl>
        <p className="student-confirmation__note">
          We have emailed you a receipt. You can cancel at any time before the renewal date from your membership page.
        </p>
        {claims === 'failed' && <p>If a story still asks you to subscribe, reload the page: your membership is active.</p>}
        <p className="cta-row">
          <Link className="button" to={paths.home()}>
            Start reading
          </Link>
          <Link className="button button--secondary" to={paths.membership()}>
            See your membership
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}
