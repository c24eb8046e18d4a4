// The search page's query (issue 20, decision 049), isomorphic: the masthead's GET form and the
// /search/ page send these parameters, and the search service parses them again. Anything a
// reader can type into the address bar is cut to a meaning (a bad filter is no filter), never an
// error page: a search box answers whatever it is given.
import { z } from 'zod';
import { safeText } from './formats.ts';

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

const topicSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(100);

export const searchQuerySchema = z.object({
  q: safeText()
    .trim()
    .catch('')
    .default('')
    .transform((q) => q.slice(0, SEARCH_TERM_MAX)),
  type: z.enum(SEARCH_TYPES).optional().catch(undefined),
  topic: topicSlug.optional().catch(undefined),
  date: z.enum(SEARCH_DATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).catch(1).default(1),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The query's filters as §3's searchFilters: a list per filter, its name then its values. */
export function searchFilters(query: Pick<SearchQuery, 'type' | 'topic' | 'date'>): string[][] {
  return (['type', 'topic', 'date'] as const).flatMap((name) => (query[name] ? [[name, query[name]]] : []));
}
