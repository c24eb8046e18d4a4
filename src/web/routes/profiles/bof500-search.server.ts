// /bof500/search/'s loader (issue 20, decision 049): words go to the search engine, as on /search/
// (ranked, typo-tolerant), scoped to the BoF 500 and its class, category and nationality filters;
// without words the page lists the index as /bof500/ does (bof500.server.ts). The filters' values
// and counts are the index's (profiles' bof500Facets), so they are the same with or without words.
// People's profiles are open to every reader: the search is asked as nobody in particular, and the
// page stays the same for every reader (decision 034).
import type { AppLoadContext } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { bof500Loader, type Bof500Data } from './bof500.server.ts';
import { lookupTitles, withCounts } from './profile-page.server.ts';

const PERSON_PATH = /^\/people\/([^/]+)\/$/;

export async function bof500SearchLoader({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}): Promise<Bof500Data & { correctedTerm: string | null }> {
  const { search, profiles, lookups } = context.services;
  const input = Object.fromEntries(new URL(request.url).searchParams);
  const found = await search.searchBof500({ input, user: null });
  if (!found) return { ...(await bof500Loader({ request, context })), correctedTerm: null };
  const { query } = found;
  const facets = await profiles.bof500Facets(query.class);
  return {
    query: { q: query.q, class: query.class, category: query.category, country: query.country },
    correctedTerm: found.correctedTerm,
    page: {
      page: found.page,
      pageCount: found.pageCount,
      total: found.total,
      items: found.results.flatMap((result) => {
        const slug = PERSON_PATH.exec(result.uri)?.[1];
        const person = result.details?.kind === 'person' ? result.details : null;
        if (!slug || !person || result.uri !== paths.person(slug)) return [];
        const titles = lookupTitles(context, { category: person.category ?? undefined, nationalities: person.nationalities });
        return [
          {
            profileId: result.id,
            slug,
            name: result.title,
            subtitle: result.description,
            thumbnailKey: result.imageKey,
            category: titles.category ?? '',
            nationality: titles.nationalities?.join(', ') ?? '',
            classYear: person.bof500Classes[0] ?? null,
          },
        ];
      }),
    },
    classes: facets.classes,
    categories: withCounts(lookups.personCategories(), facets.categories),
    countries: withCounts(lookups.countries(), facets.countries),
  };
}
