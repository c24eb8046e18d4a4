// The BoF 500's pages (/bof500/ and /bof500/search/, issue 18): one loader. Both read the index
// through the profiles service with the same filters; the search page adds the text box. The
// pages are the same for every reader (decision 034), so they are served from the page cache.
import type { AppLoadContext } from 'react-router';
import { bof500QuerySchema } from '../../../modules/profiles/profile-input.ts';
import { lookupTitles, withCounts } from './profile-page.server.ts';

export async function bof500Loader({ request, context }: { request: Request; context: AppLoadContext }) {
  const { profiles, lookups } = context.services;
  const query = bof500QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, facets] = await Promise.all([profiles.listBof500(query), profiles.bof500Facets(query.class)]);
  return {
    query: { q: query.q, class: query.class, category: query.category, country: query.country },
    page: {
      ...page,
      items: page.items.map((person) => {
        const titles = lookupTitles(context, { category: person.category, nationalities: person.nationalities });
        return {
          profileId: person.profileId,
          slug: person.slug,
          name: `${person.firstName} ${person.lastName}`,
          subtitle: person.subtitle,
          thumbnailKey: person.thumbnailKey,
          category: titles.category ?? '',
          nationality: titles.nationalities?.join(', ') ?? '',
          classYear: person.details.memberSince ?? null,
        };
      }),
    },
    classes: facets.classes,
    categories: withCounts(lookups.personCategories(), facets.categories),
    countries: withCounts(lookups.countries(), facets.countries),
  };
}

export type Bof500Data = Awaited<ReturnType<typeof bof500Loader>>;
