// /subscriptions/executive/ (§2): memberships for teams and executives. Groups are set up with our
// team, so the page leads to the team enquiry form (kind `group`, contact/enquiry-form.tsx) at
// #enquiry, where /subscriptions/groups/ sends teams larger than its checkout takes. A tracked
// view (user_view_enquiry_group). Under /subscriptions/, so never kept in the shared page cache.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { rootDataFromMatches, useRootData } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import { ENQUIRY_ANCHOR, EnquiryForm, EnquirySent, type EnquiryProblem } from '../contact/enquiry-form.tsx';
import { enquiryAction, enquiryHeaders, enquiryPageData } from '../contact/enquiry-page.server.ts';
import type { Route } from './+types/executive';

export function loader(args: Route.LoaderArgs) {
  return enquiryPageData(args);
}

export function action(args: Route.ActionArgs) {
  return enquiryAction(args, 'group');
}

export const headers: Route.HeadersFunction = enquiryHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Memberships for teams',
    description: `Give your team ${root.config.productName}: group memberships with one invoice and seats you assign.`,
    url: `${root.config.siteUrl}/subscriptions/executive/`,
    productName: root.config.productName,
  });
};

export default function Executive({ loaderData, actionData }: Route.ComponentProps) {
  const { countries, sourcePath, sent } = loaderData;
  const name = useRootData()?.config.productName ?? 'Atelier';
  useTrackEvent('user_view_packages', { offerVariant: 'group' });
  useTrackEvent('user_view_enquiry_group', {});
  return (
    <div className="wrap executive">
      <header className="packages__header">
        <p className="kicker">Teams and executives</p>
        <h1 className="display">{name} for your whole team</h1>
        <p className="standfirst">
          Keep everyone who makes decisions working from the same analysis. Group memberships give each colleague their own account, on one
          invoice.
        </p>
        <p className="cta-row">
          <a className="button" href={`#${ENQUIRY_ANCHOR}`}>
            Ask for a quote
          </a>
          <a className="button button--secondary" href="/subscriptions/packages/">
            Individual memberships
          </a>
        </p>
      </header>

      <section className="executive__benefits" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="rail-title">
          What a group membership includes
        </h2>
        <ul className="executive__grid">
          <li>
            <h3>A seat for everyone</h3>
            <p>Each colleague signs in with their own account and keeps their newsletters, follows and reading history.</p>
          </li>
          <li>
            <h3>Seats you manage</h3>
            <p>Your administrators add and remove people, or let anyone with a company email address join.</p>
          </li>
          <li>
            <h3>One invoice</h3>
            <p>Yearly billing in euros, pounds, rupees or dollars, by card or bank transfer, with VAT handled for your country.</p>
          </li>
          <li>
            <h3>Premium for leaders</h3>
            <p>Insights reports, courses and briefings for the executives who need them, alongside Standard seats for the team.</p>
          </li>
        </ul>
      </section>

      <div className="executive__start">
        <section className="executive__how prose" aria-labelledby="how-heading">
          <h2 id="how-heading">How to start</h2>
          <p>
            Tell us about your company, how many people you’d like to include and where they’re based. We reply within two working days with
            a quote, and can set up a trial for your team.
          </p>
          <p>
            Students and educators: see <Link to="/subscriptions/packages/students/">student memberships</Link> or{' '}
            <Link to={paths.contact('student')}>access for schools and universities</Link>. Buying for yourself: see{' '}
            <Link to={paths.packages()}>individual memberships</Link>.
          </p>
        </section>
        {sent ? (
          <EnquirySent>
            <p>
              <Link to={paths.packages()}>See the individual memberships</Link> while you wait.
            </p>
          </EnquirySent>
        ) : (
          <EnquiryForm
            kind="group"
            countries={countries}
            sourcePath={sourcePath}
            problem={actionData as EnquiryProblem | undefined}
            heading="Ask about a team membership"
            submitLabel="Ask for a quote"
          />
        )}
      </div>
    </div>
  );
}
