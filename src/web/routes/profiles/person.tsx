// /people/:slug/ — a published person profile (drafts never show here: the preview route does).
import { data } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { PersonPage } from '../../components/profiles/profile-pages.tsx';
import { JsonLd } from '../../lib/json-ld.tsx';
import { rootDataFromMatches, useRootData } from '../../lib/root-data.ts';
import { absoluteUrl, socialMeta } from '../../lib/seo.ts';
import { imageUrl } from '../../../shared/images.ts';
import { followAction } from '../follow-action.server.ts';
import { personPageData } from './profile-page.server.ts';
import type { Route } from './+types/person';
import '../../styles/profiles.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await context.services.profiles.personPublic(params.slug);
  if (!profile) throw data(null, { status: 404 });
  return personPageData(context, profile, false);
}

export function action(args: Route.ActionArgs) {
  return followAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { profile } = loaderData;
  return socialMeta({
    title: `${profile.firstName} ${profile.lastName}`,
    description: profile.summary || profile.subtitle,
    url: `${root.config.siteUrl}${paths.person(profile.slug)}`,
    type: 'profile',
    productName: root.config.productName,
  });
};

export default function Person({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { profile, keyPersonAt } = loaderData;
  const siteUrl = root?.config.siteUrl ?? '';
  const image = profile.thumbnailKey
    ? absoluteUrl(siteUrl, imageUrl(root?.config.endpoints.imageResizer ?? '/img', profile.thumbnailKey, '1x1', 320))
    : undefined;
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Person',
          name: `${profile.firstName} ${profile.lastName}`,
          givenName: profile.firstName,
          familyName: profile.lastName,
          jobTitle: profile.subtitle || undefined,
          description: profile.summary || undefined,
          url: `${siteUrl}${paths.person(profile.slug)}`,
          image,
          birthDate: profile.yearBorn ? String(profile.yearBorn) : undefined,
          worksFor: keyPersonAt.map((org) => ({
            '@type': 'Organization',
            name: org.name,
            url: `${siteUrl}${paths.organisation(org.slug)}`,
          })),
          sameAs: (profile.details.socialLinks ?? []).map((link) => link.url),
        }}
      />
      <PersonPage data={loaderData} />
    </>
  );
}
