// /bof500/search/ (§2, issues 18 and 20) — searching the BoF 500: a name, role or company, with the
// class, category and nationality filters, on the site search's engine (ranked, typo-tolerant:
// bof500-search.server.ts). A GET form: every search has its own address and works without
// JavaScript. The page is the same for every reader (decision 034); each search shown and each
// result opened is an analytics event.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { trackEvent } from '../../analytics/analytics.ts';
import { Bof500People } from '../../components/profiles/bof500.tsx';
import { DirectoryFilters } from '../../components/profiles/directory.tsx';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import { bof500SearchLoader } from './bof500-search.server.ts';
import type { Route } from './+types/bof500-search';
import '../../styles/profiles.css';

export const loader = (args: Route.LoaderArgs) => bof500SearchLoader(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Search the BoF 500',
    description: 'Find the people shaping the global fashion industry by name, role, company, class, category or nationality.',
    url: `${root.config.siteUrl}${paths.bof500Search()}`,
    productName: root.config.productName,
  });
};

const SEARCH_TYPE = 'bof500';

/**
 * The search's analytics (§3, §5): user_view_search_results once per search shown, with a searchId
 * made in the browser (the page is the same for every reader), and user_click_search_result with
 * the opened result's position.
 */
function useSearchTracking(data: Route.ComponentProps['loaderData']) {
  const searchId = useRef<string | null>(null);
  const { query, page } = data;
  const searchFilters = [
    ...(query.class ? [['class', String(query.class)]] : []),
    ...(query.category ? [['category', query.category]] : []),
    ...(query.country ? [['nationality', query.country]] : []),
  ];
  const view = JSON.stringify({ searchType: SEARCH_TYPE, searchTerm: query.q.slice(0, 255), searchFilters, resultsCount: page.total });
  useEffect(() => {
    searchId.current = crypto.randomUUID();
    trackEvent('user_view_search_results', {
      ...(JSON.parse(view) as { searchType: string; searchTerm: string; searchFilters: string[][]; resultsCount: number }),
      searchId: searchId.current,
    });
  }, [view]);
  return (position: number, targetUrl: string) =>
    trackEvent('user_click_search_result', {
      searchType: SEARCH_TYPE,
      searchTerm: query.q.slice(0, 255),
      position,
      targetUrl,
      ...(searchId.current ? { searchId: searchId.current } : {}),
    });
}

export default function Bof500Search({ loaderData }: Route.ComponentProps) {
  const { query, classes, categories, countries, correctedTerm } = loaderData;
  const onOpen = useSearchTracking(loaderData);
  return (
    <div className="wrap listing">
      <header className="listing__header">
        <p className="kicker">
          <Link to={paths.bof500()}>The BoF 500</Link>
        </p>
        <h1 className="display">Search the BoF 500</h1>
      </header>
      <DirectoryFilters
        action={paths.bof500Search()}
        label="Search the BoF 500"
        search={{ label: 'Name, role or company', value: query.q }}
        selects={[
          {
            name: 'class',
            label: 'Class',
            value: query.class?.toString(),
            options: classes.map((item) => ({ key: String(item.year), title: String(item.year), count: item.count })),
          },
          { name: 'category', label: 'Category', value: query.category, options: categories },
          { name: 'country', label: 'Nationality', value: query.country, options: countries },
        ]}
      />
      {correctedTerm && (
        <p className="listing__meta">{`Nothing matched “${query.q}”, so these are the people matching “${correctedTerm}”.`}</p>
      )}
      <Bof500People data={loaderData} basePath={paths.bof500Search()} onOpen={onOpen} />
    </div>
  );
}
