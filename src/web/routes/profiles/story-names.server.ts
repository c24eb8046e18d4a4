// The names a story mentions that have a published profile, for the story page to link them
// (web/components/story-body.tsx). Stories name profiles by slug (content's person_slugs and
// organisation_slugs); two statements whatever their number.
import type { AppLoadContext } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import type { NameLink } from '../../components/story-body.tsx';

export async function storyNameLinks(
  context: AppLoadContext,
  story: { personSlugs: readonly string[]; organisationSlugs: readonly string[] },
): Promise<NameLink[]> {
  const { profiles } = context.services;
  const [people, organisations] = await Promise.all([
    profiles.publishedSlugs('person', story.personSlugs),
    profiles.publishedSlugs('organisation', story.organisationSlugs),
  ]);
  return [
    ...people.map((person) => ({ name: person.name, href: paths.person(person.slug) })),
    ...organisations.map((organisation) => ({ name: organisation.name, href: paths.organisation(organisation.slug) })),
  ];
}
