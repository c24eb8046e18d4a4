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
