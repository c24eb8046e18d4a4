// /organisations/:slug/ — a published organisation profile (drafts never show here: the preview route does).
import { data } from 'react-router';
import { imageUrl } from '../../../shared/images.ts';
import { paths } from '../../../shared/paths.ts';
import { OrganisationPage } from '../../components/profiles/profile-pages.tsx';
import { JsonLd } from '../../lib/json-ld.tsx';
import { rootDataFromMatches, useRootData } from '../../lib/root-data.ts';
import { absoluteUrl, socialMeta } from '../../lib/seo.ts';
import { followAction } from '../follow-action.server.ts';
import { organisationPageData } from './profile-page.server.ts';
import type { Route } from './+types/organisation';
import '../../styles/profiles.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await context.services.profiles.organisationPublic(params.slug);
  if (!profile) throw data(null, { status: 404 });
  return organisationPageData(context, profile, false);
}

export function action(args: Route.ActionArgs) {
  return followAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { profile } = loaderData;
  return socialMeta({
    title: profile.title,
    description: profile.summary,
    url: `${root.config.siteUrl}${paths.organisation(profile.slug)}`,
    type: 'profile',
    productName: root.config.productName,
  });
};

export default function Organisation({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { profile, keyPeople, relatedCompanies, titles } = loaderData;
  const siteUrl = root?.config.siteUrl ?? '';
  const logo = profile.thumbnailKey
    ? absoluteUrl(siteUrl, imageUrl(root?.config.endpoints.imageResizer ?? '/img', profile.thumbnailKey, '1x1', 320))
    : undefined;
  const hq = profile.details.headquarters;
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: profile.title,
          description: profile.summary || undefined,
          url: `${siteUrl}${paths.organisation(profile.slug)}`,
          logo,
          foundingDate: profile.yearEstablished ? String(profile.yearEstablished) : undefined,
          address: {
            '@type': 'PostalAddress',
            streetAddress: hq?.addressLine1 || undefined,
            postalCode: hq?.areaCode || undefined,
            addressLocality: profile.city,
            addressCountry: profile.country,
          },
          numberOfEmployees: titles.size ? { '@type': 'QuantitativeValue', description: titles.size } : undefined,
          employee: keyPeople.map((person) => ({
            '@type': 'Person',
            name: person.name,
            jobTitle: person.role ?? undefined,
            url: `${siteUrl}${paths.person(person.slug)}`,
          })),
          parentOrganization: relatedCompanies
            .filter((company) => company.role === 'PARENT')
            .map((company) => ({ '@type': 'Organization', name: company.name, url: `${siteUrl}${paths.organisation(company.slug)}` })),
          subOrganization: relatedCompanies
            .filter((company) => company.role === 'SUBSIDIARY')
            .map((company) => ({ '@type': 'Organization', name: company.name, url: `${siteUrl}${paths.organisation(company.slug)}` })),
          sameAs: [...(profile.details.externalLinks ?? []), ...(profile.details.socialLinks ?? [])].map((link) => link.url),
        }}
      />
      <OrganisationPage data={loaderData} />
    </>
  );
}
