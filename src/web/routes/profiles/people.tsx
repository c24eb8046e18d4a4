// /people/ — the people directory: published person profiles, filtered by category and name, 24 a page. The page is the same for every reader (decision 034).
import { Link } from 'react-router';
import { directoryQuerySchema } from '../../../modules/profiles/profile-input.ts';
import { paths } from '../../../shared/paths.ts';
import { DirectoryFilters, DirectoryPagination, DirectoryResults, PersonCard } from '../../components/profiles/directory.tsx';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import { lookupTitles } from './profile-page.server.ts';
import type { Route } from './+types/people';
import '../../styles/profiles.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { profiles, lookups } = context.services;
  const query = directoryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, facets] = await Promise.all([profiles.listPeople(query), profiles.facets()]);
  const categoryTitles = new Map(lookups.personCategories().map((item) => [item.key, item.title]));
  return {
    query: { q: query.q, category: query.category },
    page: {
      ...page,
      items: page.items.map((person) => ({
        profileId: person.profileId,
        slug: person.slug,
        name: `${person.firstName} ${person.lastName}`,
        subtitle: person.subtitle,
        thumbnailKey: person.thumbnailKey,
        category: lookupTitles(context, { category: person.category }).category ?? '',
      })),
    },
    categories: facets.categories
      .map((c) => ({ ...c, title: categoryTitles.get(c.key) ?? c.key }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'People',
    description: 'The people shaping the fashion industry: designers, executives, founders, editors and more.',
    url: `${root.config.siteUrl}${paths.people()}`,
    productName: root.config.productName,
  });
};

export default function People({ loaderData }: Route.ComponentProps) {
  const { query, page, categories } = loaderData;
  return (
    <div className="wrap listing">
      <header className="listing__header">
        <p className="kicker">Directory</p>
        <h1 className="display">People</h1>
        <p className="standfirst">The designers, executives, founders and editors our journalists write about.</p>
        <p>
          <Link to={paths.bof500()}>The BoF 500: the people shaping the industry, class by class</Link>
        </p>
      </header>
      <DirectoryFilters
        action={paths.people()}
        search={{ label: 'Name', value: query.q }}
        selects={[{ name: 'category', label: 'Category', value: query.category, options: categories }]}
      />
      <DirectoryResults total={page.total} noun={page.total === 1 ? 'person' : 'people'}>
        <ul className="directory-grid">
          {page.items.map((person) => (
            <PersonCard key={person.profileId} person={person} tag={person.category} />
          ))}
        </ul>
      </DirectoryResults>
      <DirectoryPagination
        basePath={paths.people()}
        params={{ q: query.q || undefined, category: query.category }}
        page={page.page}
        pageCount={page.pageCount}
      />
    </div>
  );
}
