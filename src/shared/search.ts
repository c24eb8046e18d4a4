// The site search's words and limits (issue 20, decision 049), for the browser and the server
// alike and free of any library: the masthead's search box is on every page (the schema that
// parses a query is shared/validation/search.ts).

/** What the type filter chooses between; events join when they have pages (modules/search/CONTEXT.md). */
export const SEARCH_TYPES = ['story', 'case_study', 'person', 'organisation'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  story: 'Stories',
  case_study: 'Case studies',
  person: 'People',
  organisation: 'Organisations',
};

/** The date filter: published within the last week, month or year. */
export const SEARCH_DATES = ['week', 'month', 'year'] as const;
export type SearchDate = (typeof SEARCH_DATES)[number];

export const SEARCH_DATE_LABELS: Record<SearchDate, string> = { week: 'Past week', month: 'Past month', year: 'Past year' };

export const SEARCH_PAGE_SIZE = 10;
/** Deep pages of a relevance ranking help no one and cost a sort of every match. */
export const SEARCH_MAX_PAGE = 50;
export const SEARCH_TERM_MAX = 200;

/** The query's filters as §3's searchFilters: a list per filter, its name then its values. */
export function searchFilters(query: { type?: SearchType; topic?: string; date?: SearchDate }): string[][] {
  return (['type', 'topic', 'date'] as const).flatMap((name) => (query[name] ? [[name, query[name]]] : []));
}
