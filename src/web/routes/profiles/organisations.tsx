// /organisations/ — the organisations directory: featured organisations (ORGANISATION_INDEX) first,
// then published organisation profiles filtered by industry, country, size and name, 24 a page.
import { Link } from 'react-router';
import { directoryQuerySchema } from '../../../modules/profiles/profile-input.ts';
import { paths } from '../../../shared/paths.ts';
import { DirectoryFilters, DirectoryPagination, DirectoryResults } from '../../components/profiles/directory.tsx';
import { Picture } from '../../components/picture.tsx';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import { withCounts } from './profile-page.server.ts';
import type { Route } from './+types/organisations';
import '../../styles/profiles.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { profiles, lookups } = context.services;
  const query = directoryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const filtered = Boolean(query.q || query.industry || query.country || query.size || query.page > 1);
  const [page, facets, featured] = await Promise.all([
    profiles.listOrganisations(query),
    profiles.facets(),
    filtered ? Promise.resolve([]) : profiles.featuredOrganisations('ORGANISATION_INDEX', 6),
  ]);
  const industryTitles = new Map(lookups.jobIndustries().map((item) => [item.key, item.title]));
  const card = (o: (typeof page.items)[number]) => ({
    profileId: o.profileId,
    slug: o.slug,
    title: o.title,
    city: o.city,
    thumbnailKey: o.thumbnailKey,
    industry: industryTitles.get(o.organisationIndustry) ?? o.organisationIndustry,
  });
  return {
    query: { q: query.q, industry: query.industry, country: query.country, size: query.size },
    page: { ...page, items: page.items.map(card) },
    featured: featured.map(card),
    industries: withCounts(lookups.jobIndustries(), facets.industries),
    countries: withCounts(lookups.countries(), facets.countries),
    sizes: withCounts(lookups.companySizes(), facets.sizes),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Organisations',
    description: 'The houses, brands, retailers, makers and agencies of the fashion industry.',
    url: `${root.config.siteUrl}${paths.organisations()}`,
    productName: root.config.productName,
  });
};

type Card = Route.ComponentProps['loaderData']['featured'][number];

function OrganisationCard({ organisation }: { organisation: Card }) {
  return (
    <li className="directory-card">
      {organisation.thumbnailKey && (
        <Picture className="directory-card__image" imageKey={organisation.thumbnailKey} alt="" ratio="1x1" width={160} sizes="80px" />
      )}
      <div>
        <Link to={paths.organisation(organisation.slug)} className="directory-card__name">
          {organisation.title}
        </Link>
        <p className="directory-card__meta">{organisation.city}</p>
        <p className="directory-card__tag">{organisation.industry}</p>
      </div>
    </li>
  );
}

export default function Organisations({ loaderData }: Route.ComponentProps) {
  const { query, page, featured, industries, countries, sizes } = loaderData;
  return (
    <div className="wrap listing">
      <header className="listing__header">
        <p className="kicker">Directory</p>
        <h1 className="display">Organisations</h1>
        <p className="standfirst">The houses, brands, retailers, makers and agencies of the fashion industry.</p>
      </header>
      {featured.length > 0 && (
        <section className="profile-section" aria-labelledby="featured-title">
          <h2 className="rail-title" id="featured-title">
            Featured
          </h2>
          <ul className="directory-grid directory-grid--featured">
            {featured.map((organisation) => (
              <OrganisationCard key={organisation.profileId} organisation={organisation} />
            ))}
          </ul>
        </section>
      )}
      <DirectoryFilters
        action={paths.organisations()}
        search={{ label: 'Name', value: query.q }}
        selects={[
          { name: 'industry', label: 'Industry', value: query.industry, options: industries },
          { name: 'country', label: 'Country', value: query.country, options: countries },
          { name: 'size', label: 'Employees', value: query.size, options: sizes },
        ]}
      />
      <DirectoryResults total={page.total} noun={page.total === 1 ? 'organisation' : 'organisations'}>
        <ul className="directory-grid">
          {page.items.map((organisation) => (
            <OrganisationCard key={organisation.profileId} organisation={organisation} />
          ))}
        </ul>
      </DirectoryResults>
      <DirectoryPagination
        basePath={paths.organisations()}
        params={{ q: query.q || undefined, industry: query.industry, country: query.country, size: query.size }}
        page={page.page}
        pageCount={page.pageCount}
      />
    </div>
  );
}
