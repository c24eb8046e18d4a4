// /professional/ (§2 General): the marketing page of the professional membership — the membership
// type for people who read at work (§1 membership types): a professional account set up with a
// work address and role (/user/one-more-step/?flow=professional, then /user/welcome-pro/), the
// professional newsletters, and a membership chosen with our team (/contact/professional/).
// A tracked view (user_view_marketing_professional). Shared by every reader of one kind: the only
// thing that differs is whether the reader already has an account (the audience).
import { Link } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { useTrackEvent } from '../analytics/use-track-event.ts';
import { RegisterLink } from '../components/auth-links.tsx';
import { rootDataFromMatches, useRootData } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import type { Route } from './+types/professional';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Professional membership',
    description: `${root.config.productName} for people who work in fashion and beauty: analysis, case studies and professional newsletters for your work.`,
    url: `${root.config.siteUrl}${paths.professional()}`,
    productName: root.config.productName,
  });
};

export default function Professional() {
  const root = useRootData();
  const name = root?.config.productName ?? 'Atelier';
  const signedIn = root !== undefined && root.audience !== 'anonymous';
  useTrackEvent('user_view_marketing_professional', { offerVariant: 'professional' });
  return (
    <div className="wrap executive professional">
      <header className="packages__header">
        <p className="kicker">Professional membership</p>
        <h1 className="display">{name} for the people who run fashion</h1>
        <p className="standfirst">
          Designers, buyers, merchandisers, marketers and executives read {name} to do their jobs better. A professional membership is set
          up around your work: your role, your industry and the areas you follow.
        </p>
        <p className="cta-row">
          {signedIn ? (
            <Link className="button" to="/user/one-more-step/?flow=professional">
              Set up your professional account
            </Link>
          ) : (
            <RegisterLink className="button" redirectTo="/user/welcome-pro/">
              Create your professional account
            </RegisterLink>
          )}
          <Link className="button button--secondary" to={paths.contact('professional')}>
            Talk to our memberships team
          </Link>
        </p>
      </header>

      <section className="executive__benefits" aria-labelledby="pro-benefits-heading">
        <h2 id="pro-benefits-heading" className="rail-title">
          What professionals get
        </h2>
        <ul className="executive__grid">
          <li>
            <h3>Analysis you can act on</h3>
            <p>The reporting, case studies and data behind the decisions of the industry’s houses, retailers and start-ups.</p>
          </li>
          <li>
            <h3>The Professional Edition</h3>
            <p>Our newsletter for fashion professionals, every Wednesday: career advice, leadership insight and industry intelligence.</p>
          </li>
          <li>
            <h3>Set up for your role</h3>
            <p>Tell us your job function, industry and level once; we start you with the topics and series people in your role follow.</p>
          </li>
          <li>
            <h3>A membership that fits</h3>
            <p>Standard or Premium for yourself, or a team membership for everyone you work with, on one invoice.</p>
          </li>
        </ul>
      </section>

      <section className="executive__how prose" aria-labelledby="pro-how-heading">
        <h2 id="pro-how-heading">How it works</h2>
        <ol className="professional__steps">
          <li>
            <strong>Create your account</strong> with your own work email address. A shared mailbox such as info@ or team@ cannot hold a
            professional account.
          </li>
          <li>
            <strong>Tell us what you do</strong> at work: your organisation, country, job function, industry and level.
          </li>
          <li>
            <strong>Choose your membership</strong> from our <Link to={paths.packages()}>membership plans</Link>, or{' '}
            <Link to={paths.contact('professional')}>ask our team</Link> which one suits your role. We reply within two working days.
          </li>
        </ol>
        <p>
          Buying for a team? See <Link to={paths.executive()}>memberships for teams</Link>. Teaching or studying? See{' '}
          <Link to={paths.contact('student')}>access for schools and universities</Link>.
        </p>
      </section>
    </div>
  );
}
