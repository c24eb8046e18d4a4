// The search page's query (issue 20, decision 049), isomorphic (its words and limits: shared/search.ts): the masthead's GET form and the
// /search/ page send these parameters, and the search service parses them again. Anything a
// reader can type into the address bar is cut to a meaning (a bad filter is no filter), never an
// error page: a search box answers whatever it is given.
import { z } from 'zod';
import { SEARCH_DATES, SEARCH_MAX_PAGE, SEARCH_TERM_MAX, SEARCH_TYPES } from '../search.ts';
import { safeText } from './formats.ts';

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

/**
 * `/bof500/search/`'s query (its parameters since issue 18: q, class, category, country, page), for
 * the search service's BoF 500 search. Like the site search's, a bad value is no filter.
 */
export const bof500SearchSchema = z.object({
  q: searchQuerySchema.shape.q,
  class: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  category: z
    .string()
    .regex(/^[A-Z0-9_]{1,60}$/)
    .optional()
    .catch(undefined),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  page: searchQuerySchema.shape.page,
});
export type Bof500SearchQuery = z.output<typeof bof500SearchSchema>;
