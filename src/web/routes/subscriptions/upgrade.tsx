// /subscriptions/upgrade/ (§2): a member chooses a plan above theirs. Each choice shows what it
// costs today (the new fee less the credit for the rest of the current period, tax included) and
// at each renewal; choosing one opens the proration preview at /subscriptions/upgrade/payment/.
// The server half is upgrade-page.server.ts beside it; the rules, upgrades.ts.
import { Link } from 'react-router';
import { upgradeOptionsLoader } from './upgrade-page.server.ts';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/upgrade';
import { trackPackageChoice } from './plan-cards.tsx';

export function loader(args: Route.LoaderArgs) {
  return upgradeOptionsLoader(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Upgrade your membership', description: 'Move to a membership that opens more.', path: paths.upgrade() });

/** The upgrade choices are a packages page for members: same events, their own offer variant. */
const UPGRADE_OFFER = { offerVariant: 'upgrade' };

export default function Upgrade({ loaderData }: Route.ComponentProps) {
  useTrackEvent('user_view_packages', loaderData.status === 'none' ? null : UPGRADE_OFFER);
  if (loaderData.status === 'none') {
    return (
      <AuthPage kicker="Membership" title="Upgrade your membership" standfirst="You have no membership to upgrade yet.">
        <p className="cta-row">
          <Link className="button" to={paths.packages()}>
            See memberships
          </Link>
        </p>
      </AuthPage>
    );
  }
  const { current, choices, returnTo } = loaderData;
  // The story that asked for the upgrade rides along, so the confirmation can lead back to it.
  const paymentHref = (code: string) =>
    returnTo ? `${paths.upgradePayment(code)}&return_to=${encodeURIComponent(returnTo)}` : paths.upgradePayment(code);
  return (
    <div className="wrap payment">
      <header className="payment__header">
        <p className="kicker">Membership</p>
        <h1 className="display">Upgrade your membership</h1>
        <p className="standfirst">
          You are a {current.title} member
          {current.renewsOn ? `, ${current.isTrial ? 'on a free trial until' : 'renewing on'} ${current.renewsOn}` : ''}. An upgrade starts
          at once; we take off what is left of what you have paid.
        </p>
      </header>
      {choices.length === 0 ? (
        <p>
          You already have our fullest membership. <Link to={paths.membership()}>Back to your membership</Link>
        </p>
      ) : (
        <section className={`plans plans--${Math.min(choices.length, 3)}`} aria-label="Plans you can upgrade to">
          {choices.map((choice) => {
            const titleId = `upgrade-${choice.code}`;
            return (
              <article className="plan" aria-labelledby={titleId} key={choice.code} data-plan={choice.code}>
                <div className="plan__head">
                  <h2 id={titleId} className="plan__title">
                    {choice.title}
                  </h2>
                </div>
                <p className="plan__summary">{choice.summary}</p>
                <p className="plan__price">
                  <span className="plan__amount">{choice.quote.dueToday}</span> <span className="plan__per">today</span>
                </p>
                <p className="plan__tax">
                  Then {choice.quote.total} {choice.quote.per}
                  {choice.quote.taxLabel ? `, including ${choice.quote.taxLabel}` : ''}
                </p>
                <Link
                  className="button plan__action"
                  to={paymentHref(choice.code)}
                  aria-describedby={titleId}
                  onClick={() => trackPackageChoice(UPGRADE_OFFER, choice.code, paths.upgradePayment(choice.code))}
                >
                  Upgrade to {choice.title}
                </Link>
                <ul className="plan__features" aria-label={`${choice.title} includes`}>
                  {choice.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </article>
            );
          })}
        </section>
      )}
    </div>
  );
}
