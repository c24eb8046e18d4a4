// /subscriptions/executive/ (§2): memberships for teams and executives. An enquiry page: groups are
// set up with our team (organisation checkout is /subscriptions/organisations/payment/), so the
// call to action is an email to them, not a form.
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { rootDataFromMatches, useRootData } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/executive';

/** Where group enquiries go. */
export const GROUP_SALES_EMAIL = 'groups@atelier.example';

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

export default function Executive() {
  const name = useRootData()?.config.productName ?? 'Atelier';
  useTrackEvent('user_view_packages', { offerVariant: 'group' });
  useTrackEvent('user_view_enquiry_group', {});
  const subject = encodeURIComponent(`Group membership enquiry`);
  const body = encodeURIComponent('Company:\nNumber of people:\nCountry:\nWhat your team works on:\n');
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
          <a className="button" href={`mailto:${GROUP_SALES_EMAIL}?subject=${subject}&body=${body}`}>
            Email our memberships team
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

      <section className="executive__how prose" aria-labelledby="how-heading">
        <h2 id="how-heading">How to start</h2>
        <p>
          Write to <a href={`mailto:${GROUP_SALES_EMAIL}?subject=${subject}&body=${body}`}>{GROUP_SALES_EMAIL}</a> with your company, how
          many people you’d like to include and where they’re based. We reply within two working days with a quote, and can set up a trial
          for your team.
        </p>
        <p>
          Students and educators: see <a href="/subscriptions/packages/students/">student memberships</a>. Buying for yourself: see{' '}
          <a href="/subscriptions/packages/">individual memberships</a>.
        </p>
      </section>
    </div>
  );
}
