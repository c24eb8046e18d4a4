// /subscriptions/packages/students/ (§2): student memberships, priced for the reader. Buying starts
// with the academic email check (/subscriptions/students/validation/).
import { data, Link } from 'react-router';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/students';
import { CurrencySwitcher, PlanCards, PricingNotes } from './plan-cards.tsx';
import { readerPricing } from './pricing.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return data({ pricing: await readerPricing(args, 'student') }, { headers: { 'cache-control': 'private, no-cache' } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Student membership',
    description: `Full ${root.config.productName} membership at a student price, verified with your academic email address.`,
    url: `${root.config.siteUrl}/subscriptions/packages/students/`,
    productName: root.config.productName,
  });
};

export default function StudentPackages({ loaderData }: Route.ComponentProps) {
  const { pricing } = loaderData;
  useTrackEvent('user_view_packages', { offerVariant: 'student', currency: pricing.currency });
  return (
    <div className="wrap packages">
      <header className="packages__header">
        <p className="kicker">Student membership</p>
        <h1 className="display">Start your career informed</h1>
        <p className="standfirst">
          Everything members read, at a student price: the news, analysis, case studies and careers advice the industry relies on.
        </p>
        {pricing.isMember ? (
          <p className="packages__member" role="note">
            You’re already a member. See your plan on <a href="/user/membership/">your membership page</a>.
          </p>
        ) : null}
      </header>

      <CurrencySwitcher pricing={pricing} />
      <PlanCards pricing={pricing} label="Student memberships" offerVariant="student" />

      <section className="packages__steps" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="rail-title">
          How it works
        </h2>
        <ol>
          <li>Choose yearly or monthly billing.</li>
          <li>
            Enter your academic email address (a university or college address) and the year you expect to graduate, then the code we send
            to that address.
          </li>
          <li>Pay. Your student membership runs until you graduate; then we offer you the standard membership.</li>
        </ol>
      </section>
      <PricingNotes pricing={pricing} />
      <p className="packages__back">
        Not a student? <Link to="/subscriptions/packages/">See individual memberships</Link>.
      </p>
    </div>
  );
}
