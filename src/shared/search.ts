// The site search's words and limits (issue 20, decision 049), for the browser and the server
// alike and free of any library: the masthead's search box is on every page (the schema that
// parses a query is shared/validation/search.ts).

/** What the type filter chooses between (modules/search/CONTEXT.md: a new kind is a reader in its owner's service). */
export const SEARCH_TYPES = ['story', 'case_study', 'person', 'organisation', 'event'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  story: 'Stories',
  case_study: 'Case studies',
  person: 'People',
  organisation: 'Organisations',
  event: 'Events',
};

/** What a result shows beyond its title, snippet, date and picture, for the kinds that have more. */
export type SearchDetails =
  | {
      kind: 'event';
      /** The series (§9 event type) as readers see it named. */
      typeName: string;
      /** The IANA zone the event happens in: its day is shown there. */
      timeZone: string;
      /** Where: a town, or "Online (platform)". */
      place: string;
    }
  | {
      kind: 'person';
      /** Lookup keys: a PersonCategory, Country keys. */
      category: string | null;
      nationalities: string[];
      /** The BoF 500 classes the person is in (years); empty: not in the index. */
      bof500Classes: number[];
    };

/** The date filter: published within the last week, month or year. */
export const SEARCH_DATES = ['week', 'month', 'year'] as const;
export type SearchDate = (typeof SEARCH_DATES)[number];

export const SEARCH_DATE_LABELS: Record<SearchDate, string> = { week: 'Past week', month: 'Past month', year: 'Past year' };

export const SEARCH_PAGE_SIZE = 10;
/** /bof500/search/ shows people as the BoF 500's grid does: 24 to a page. */
export const BOF500_PAGE_SIZE = 24;
/** Deep pages of a relevance ranking help no one and cost a sort of every match. */
export const SEARCH_MAX_PAGE = 50;
export const SEARCH_TERM_MAX = 200;

/** The query's filters as §3's searchFilters: a list per filter, its name then its values. */
export function searchFilters(query: { type?: SearchType; topic?: string; date?: SearchDate }): string[][] {
  return (['type', 'topic', 'date'] as const).flatMap((name) => (query[name] ? [[name, query[name]]] : []));
}
