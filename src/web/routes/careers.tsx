import { rootDataFromMatches, useRootData } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import type { Route } from './+types/careers';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Careers',
    description: 'Jobs in fashion, luxury and beauty, with our career partner.',
    url: `${root.config.siteUrl}/careers/`,
    productName: root.config.productName,
  });
};

export default function Careers() {
  const root = useRootData();
  const name = root?.config.productName ?? 'Atelier';
  return (
    <div className="wrap wrap--narrow prose-page">
      <p className="kicker">Careers</p>
      <h1 className="display">Find your next role in fashion</h1>
      <p className="standfirst">
        {name} Careers brings together opportunities at luxury houses, retailers, beauty groups and the start-ups reshaping the industry —
        from design studios to the boardroom.
      </p>
      <div className="prose">
        <p>
          Job listings and applications are handled by our career partner. Browse open roles by function, level and city, set up alerts, and
          apply with the profile you keep there.
        </p>
        <p>Hiring? Our partner team can help you reach the most engaged audience in the industry with listings and employer profiles.</p>
      </div>
      <div className="cta-row">
        <a className="button" href={root?.config.careers.jobsUrl} rel="noopener">
          Browse and apply for jobs
        </a>
        <a className="button button--secondary" href={root?.config.careers.contactUrl} rel="noopener">
          Contact the careers team
        </a>
      </div>
      <p className="note">Both links open our career partner’s site.</p>
    </div>
  );
}
