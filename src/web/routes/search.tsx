// /search/ — the site search (issue 20, decision 049): stories, case studies, people,
// organisations and events, with filters by type, topic and date (each with its count), pages of ten and
// highlighted snippets from text this reader may read. A GET form and plain links: it all works
// without JavaScript, and every filtered page has its own address. SPEC §2 names no route for the
// site search (only /bof500/search/), so it lives here.
//
// Never stored in the page cache (`private, no-store`): the results depend on the reader's
// membership level, which the page cache's audience variant does not separate, and every query
// string would be a new entry pushing story pages out of it.
import { useEffect, useRef, type RefObject } from 'react';
import { Form, Link } from 'react-router';
import type { Highlighted, SearchResult, SearchResults } from '../../modules/search/search-service.ts';
import { paths } from '../../shared/paths.ts';
import { SEARCH_DATE_LABELS, SEARCH_TERM_MAX, SEARCH_TYPE_LABELS, searchFilters } from '../../shared/search.ts';
import type { SearchQuery } from '../../shared/validation/search.ts';
import type { EventPayloads } from '../../shared/analytics/events.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { formatEventDay } from '../components/events/event-time.tsx';
import { Picture } from '../components/picture.tsx';
import { formatShortDate } from '../lib/format.ts';
import { rootDataFromMatches } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import type { Route } from './+types/search';
import '../styles/search.css';

type SearchViewPayload = EventPayloads['user_view_search_results'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const input = Object.fromEntries(new URL(request.url).searchParams);
  const found = await context.services.search.search({ input, user: context.user });
  return { found, term: typeof input.q === 'string' ? input.q.slice(0, SEARCH_TERM_MAX) : '' };
}

export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const term = loaderData?.found?.query.q;
  return [
    ...socialMeta({
      title: term ? `Search: ${term}` : 'Search',
      description: 'Search the stories, case studies, people, organisations and events of the fashion industry.',
      url: `${root.config.siteUrl}${paths.search()}`,
      productName: root.config.productName,
    }),
    // Result pages are endless and change by the minute: not for search engines.
    { name: 'robots', content: 'noindex' },
  ];
};

/** The address of this search with some parameters changed (a filter chosen, another page); the page number starts again unless given. */
function searchHref(query: SearchQuery, change: Partial<Record<'type' | 'topic' | 'date' | 'page', string | number | undefined>>): string {
  const params = new URLSearchParams({ q: query.q });
  const merged = { type: query.type, topic: query.topic, date: query.date, page: undefined, ...change };
  for (const [name, value] of Object.entries(merged)) {
    if (value !== undefined && !(name === 'page' && value === 1)) params.set(name, String(value));
  }
  return `${paths.search()}?${params.toString()}`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { found, term } = loaderData;
  const searchId = useViewTracking(found);
  return (
    <div className="wrap search-page">
      <header className="search-page__header">
        <h1 className="display">Search</h1>
        <Form method="get" action={paths.search()} role="search" className="search-page__form" aria-label="Search the site">
          <label className="visually-hidden" htmlFor="search-page-q">
            Search stories, case studies, people, organisations and events
          </label>
          <input
            className="field__input search-page__input"
            id="search-page-q"
            name="q"
            type="search"
            defaultValue={found?.query.q ?? term}
            key={found?.query.q ?? term}
            maxLength={SEARCH_TERM_MAX}
            placeholder="Search stories, people, events"
          />
          <button type="submit" className="button">
            Search
          </button>
        </Form>
      </header>
      {found && (
        <p className="search-page__hint">
          <Link to={paths.brainOfFashion(found.query.q)}>{`Ask The Brain of Fashion about “${found.query.q}”`}</Link>
        </p>
      )}
      {found ? (
        <SearchOutcome found={found} searchId={searchId} />
      ) : (
        <p className="search-page__hint">Type a few words: a brand, a person, a subject.</p>
      )}
    </div>
  );
}

/**
 * Sends user_view_search_results once per search shown, with a fresh searchId made in the browser
 * (the page's HTML is the same for every reader of its kind); result clicks read the id from the ref.
 */
function useViewTracking(found: SearchResults | null): RefObject<string | null> {
  const searchId = useRef<string | null>(null);
  const view = found
    ? JSON.stringify({
        searchType: 'site',
        searchTerm: found.query.q.slice(0, 255),
        searchFilters: searchFilters(found.query),
        resultsCount: found.total,
      })
    : null;
  useEffect(() => {
    if (view === null) return;
    searchId.current = crypto.randomUUID();
    trackEvent('user_view_search_results', { ...(JSON.parse(view) as Omit<SearchViewPayload, 'searchId'>), searchId: searchId.current });
  }, [view]);
  return searchId;
}

function SearchOutcome({ found, searchId }: { found: SearchResults; searchId: RefObject<string | null> }) {
  const { query, total, results, page, pageCount, correctedTerm, estimated } = found;
  const first = (page - 1) * 10;
  // A search matching thousands of documents counts them on a sample (decision 058): "about" so many.
  const about = estimated ? 'About ' : '';
  return (
    <div className="search-page__body">
      <aside className="search-filters" aria-label="Filters">
        <FilterGroup
          title="Type"
          estimated={estimated}
          options={[
            { label: 'All', count: found.counts.anyType, href: searchHref(query, { type: undefined }), current: !query.type },
            ...found.counts.types.map((t) => ({
              label: SEARCH_TYPE_LABELS[t.value],
              count: t.count,
              href: searchHref(query, { type: t.value }),
              current: query.type === t.value,
            })),
          ]}
        />
        <FilterGroup
          title="Topic"
          estimated={estimated}
          options={[
            { label: 'Any topic', count: found.counts.anyTopic, href: searchHref(query, { topic: undefined }), current: !query.topic },
            ...found.counts.topics.map((t) => ({
              label: t.name,
              count: t.count,
              href: searchHref(query, { topic: t.value }),
              current: query.topic === t.value,
            })),
          ]}
        />
        <FilterGroup
          title="Date"
          estimated={estimated}
          options={[
            { label: 'Any time', count: found.counts.anyDate, href: searchHref(query, { date: undefined }), current: !query.date },
            ...found.counts.dates.map((t) => ({
              label: SEARCH_DATE_LABELS[t.value],
              count: t.count,
              href: searchHref(query, { date: t.value }),
              current: query.date === t.value,
            })),
          ]}
        />
      </aside>
      <section className="search-results" aria-labelledby="search-results-title">
        <h2 id="search-results-title" className="search-results__count" aria-live="polite">
          {total === 0
            ? `No results for “${query.q}”`
            : `${about}${total.toLocaleString('en-GB')} ${total === 1 ? 'result' : 'results'} for “${correctedTerm ?? query.q}”`}
        </h2>
        {correctedTerm && (
          <p className="search-results__corrected">{`Nothing matched “${query.q}”, so these are the results for “${correctedTerm}”.`}</p>
        )}
        {total === 0 && <p className="search-page__hint">Check the spelling, use fewer words, or clear a filter.</p>}
        <ol className="search-results__list" start={first + 1}>
          {results.map((result, index) => (
            <ResultItem
              key={`${result.kind}:${result.id}`}
              result={result}
              position={first + index + 1}
              query={query}
              searchId={searchId}
            />
          ))}
        </ol>
        {pageCount > 1 && (
          <nav className="pagination" aria-label="Result pages">
            {page > 1 ? (
              <Link to={searchHref(query, { page: page - 1 })} rel="prev">
                ← Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="pagination__status">{`Page ${page} of ${estimated ? 'about ' : ''}${pageCount.toLocaleString('en-GB')}`}</span>
            {page < pageCount ? (
              <Link to={searchHref(query, { page: page + 1 })} rel="next">
                Next →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

function FilterGroup({
  title,
  options,
  estimated,
}: {
  title: string;
  options: { label: string; count: number; href: string; current: boolean }[];
  /** The counts come from a sample: each is shown as about so many (≈). */
  estimated: boolean;
}) {
  return (
    <nav className="search-filters__group" aria-label={title}>
      <h3 className="search-filters__title">{title}</h3>
      <ul>
        {/* A choice that would show nothing is left out, unless it is the one chosen. */}
        {options
          .filter((option) => option.count > 0 || option.current)
          .map((option) => (
            <li key={option.href}>
              <Link to={option.href} aria-current={option.current ? 'true' : undefined} className="search-filters__link">
                <span>{option.label}</span>
                <span className="search-filters__count">{estimated ? `≈${option.count.toLocaleString('en-GB')}` : option.count}</span>
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

function ResultItem({
  result,
  position,
  query,
  searchId,
}: {
  result: SearchResult;
  position: number;
  query: SearchQuery;
  searchId: RefObject<string | null>;
}) {
  const onOpen = () =>
    trackEvent('user_click_search_result', {
      searchType: 'site',
      searchTerm: query.q.slice(0, 255),
      position,
      targetUrl: result.uri,
      ...(searchId.current ? { searchId: searchId.current } : {}),
    });
  const profile = result.kind === 'person' || result.kind === 'organisation';
  const event = result.details?.kind === 'event' ? result.details : null;
  return (
    <li className="search-result">
      <div className="search-result__text">
        <p className="kicker">
          <span>
            {event?.typeName ?? (profile ? SEARCH_TYPE_LABELS[result.kind] : (result.primarySection ?? SEARCH_TYPE_LABELS[result.kind]))}
          </span>
          {result.kind === 'case_study' && <span>Case study</span>}
          {event && <span>Event</span>}
          {result.gated && <span className="badge">Members</span>}
        </p>
        <h3 className="search-result__title">
          <Link to={result.uri} onClick={onOpen}>
            <Marked pieces={result.titleHighlighted} />
          </Link>
        </h3>
        <p className="search-result__snippet">
          <Marked pieces={result.snippet} />
        </p>
        {event ? (
          // An event's day where it happens (as its page and the listing say it), and where.
          <p className="meta">
            <time dateTime={result.availableTime}>{formatEventDay(result.availableTime, event.timeZone)}</time>
            {` · ${event.place}`}
          </p>
        ) : (
          !profile && (
            <p className="meta">
              <time dateTime={result.availableTime}>{formatShortDate(result.availableTime)}</time>
            </p>
          )
        )}
      </div>
      {result.imageKey && (
        <Picture
          className={`search-result__image${profile ? ' search-result__image--round' : ''}`}
          imageKey={result.imageKey}
          alt=""
          ratio={profile ? '1x1' : '3x2'}
          width={160}
          sizes="96px"
        />
      )}
    </li>
  );
}

/** Highlighted text: the matched words in <mark>, everything as React text (escaped). */
function Marked({ pieces }: { pieces: Highlighted }) {
  return <>{pieces.map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}</>;
}
