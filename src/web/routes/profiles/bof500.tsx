// /bof500/ (§2, issue 18) — the BoF 500: the people shaping the industry, by class year
// (`?class=2026`), filtered by category and nationality; 24 a page. Searching by name is
// /bof500/search/. The page is the same for every reader (decision 034).
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Bof500Classes, Bof500People } from '../../components/profiles/bof500.tsx';
import { DirectoryFilters } from '../../components/profiles/directory.tsx';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import { bof500Loader } from './bof500.server.ts';
import type { Route } from './+types/bof500';
import '../../styles/profiles.css';

export const loader = (args: Route.LoaderArgs) => bof500Loader(args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const year = loaderData?.query.class;
  return socialMeta({
    title: year ? `The BoF 500: the class of ${year}` : 'The BoF 500',
    description: 'The people shaping the global fashion industry: designers, executives, founders, editors and more, chosen each year.',
    url: `${root.config.siteUrl}${paths.bof500()}${year ? `?class=${year}` : ''}`,
    productName: root.config.productName,
  });
};

export default function Bof500({ loaderData }: Route.ComponentProps) {
  const { query, classes, categories, countries } = loaderData;
  const inIndex = classes.reduce((sum, item) => sum + item.count, 0);
  return (
    <div className="wrap listing">
      <header className="listing__header">
        <p className="kicker">The index</p>
        <h1 className="display">{query.class ? `The BoF 500: class of ${query.class}` : 'The BoF 500'}</h1>
        <p className="standfirst">
          The people shaping the global fashion industry, chosen by our editors each year from nominations, data and reporting. Once in the
          index, always in it.
        </p>
        <p>
          <Link to={paths.bof500Search()}>Search the BoF 500 by name, role or company</Link>
        </p>
      </header>
      <Bof500Classes classes={classes} current={query.class} total={inIndex} />
      <DirectoryFilters
        action={paths.bof500()}
        label="Filter the BoF 500"
        hidden={{ class: query.class?.toString() }}
        selects={[
          { name: 'category', label: 'Category', value: query.category, options: categories },
          { name: 'country', label: 'Nationality', value: query.country, options: countries },
        ]}
      />
      <Bof500People data={loaderData} basePath={paths.bof500()} />
    </div>
  );
}
