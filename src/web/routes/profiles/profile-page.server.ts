// The profile pages' server half: a person or organisation profile as its page shows it (public,
// or the source on the preview routes), with the stories that mention it, the profiles it links to
// both ways and the lookups' titles. The public page depends on the profile alone (decision 034:
// the follow state is the browser's on a shared page); the preview is a private path.
import { data, type AppLoadContext } from 'react-router';
import type { ProfileActor, ProfileLink } from '../../../modules/profiles/profiles-service.ts';
import type { OrganisationProfile, PersonProfile, Project } from '../../../modules/profiles/profile-types.ts';
import { APP_ERRORS } from '../../../shared/errors.ts';
import { cardView, type CardView } from '../../components/story-card.tsx';
import { requireSignedIn } from '../user/details.server.ts';
import { followState } from '../follow-action.server.ts';
import type { PageFollowState } from '../../components/follow-button.tsx';

const STORIES_SHOWN = 6;

export interface LookupTitles {
  category?: string;
  industry?: string;
  size?: string;
  type?: string;
  ownership?: string;
  country?: string;
  nationalities?: string[];
}

export interface PersonPageData {
  kind: 'person';
  profile: PersonProfile;
  titles: LookupTitles;
  keyPersonAt: ProfileLink[];
  careerLinks: Record<string, string>;
  stories: CardView[];
  follow: PageFollowState;
  preview: boolean;
}

export interface OrganisationPageData {
  kind: 'organisation';
  profile: OrganisationProfile;
  titles: LookupTitles;
  keyPeople: ProfileLink[];
  relatedCompanies: ProfileLink[];
  projects: Project[];
  stories: CardView[];
  follow: PageFollowState;
  preview: boolean;
}

function titleIn(list: readonly { key: string; title: string }[], key: string | undefined): string | undefined {
  return key === undefined ? undefined : (list.find((item) => item.key === key)?.title ?? key);
}

/** A filter's options: the lookup's items in use, in the lookup's order, each with its count. */
export function withCounts(list: readonly { key: string; title: string }[], counts: readonly { key: string; count: number }[]) {
  return list.flatMap((item) => {
    const count = counts.find((c) => c.key === item.key)?.count;
    return count ? [{ key: item.key, title: item.title, count }] : [];
  });
}

export function lookupTitles(
  context: AppLoadContext,
  keys: Partial<Record<Exclude<keyof LookupTitles, 'nationalities'>, string>> & { nationalities?: string[] },
): LookupTitles {
  const { lookups } = context.services;
  const countries = lookups.countries();
  return {
    category: titleIn(lookups.personCategories(), keys.category),
    industry: titleIn(lookups.jobIndustries(), keys.industry),
    size: titleIn(lookups.companySizes(), keys.size),
    type: titleIn(lookups.companyTypes(), keys.type),
    ownership: titleIn(lookups.companyOwnership(), keys.ownership),
    country: titleIn(countries, keys.country),
    nationalities: keys.nationalities?.map((key) => titleIn(countries, key) ?? key),
  };
}

async function storiesAbout(context: AppLoadContext, kind: 'person' | 'organisation', slug: string): Promise<CardView[]> {
  const [cards] = await context.services.content.latestCardsAbout([{ kind, key: slug }], STORIES_SHOWN);
  return (cards ?? []).map(cardView);
}

export async function personPageData(context: AppLoadContext, profile: PersonProfile, preview: boolean): Promise<PersonPageData> {
  const { profiles } = context.services;
  const careers = profile.details.careers ?? [];
  const linked = await profiles.organisationLinks(
    careers.flatMap((career) => (career.organisationProfileId ? [{ profileId: career.organisationProfileId }] : [])),
  );
  return {
    kind: 'person',
    profile,
    titles: lookupTitles(context, { category: profile.category, nationalities: profile.nationalities }),
    keyPersonAt: await profiles.organisationsWithKeyPerson(profile.profileId),
    careerLinks: Object.fromEntries(linked.map((link) => [link.profileId, link.slug])),
    stories: await storiesAbout(context, 'person', profile.slug),
    follow: await followState(context, { followsType: 'PERSON_PROFILE_ID', followsKey: profile.profileId }),
    preview,
  };
}

export async function organisationPageData(
  context: AppLoadContext,
  profile: OrganisationProfile,
  preview: boolean,
): Promise<OrganisationPageData> {
  const { profiles } = context.services;
  const named = await profiles.organisationLinks(
    (profile.details.relatedCompanies ?? []).map((company) => ({ profileId: company.profileId, role: company.relation })),
  );
  const parents = await profiles.parentsOf(profile.profileId);
  return {
    kind: 'organisation',
    profile,
    titles: lookupTitles(context, {
      industry: profile.organisationIndustry,
      size: profile.organisationSize,
      type: profile.organisationType,
      ownership: profile.ownershipType,
      country: profile.country,
    }),
    keyPeople: await profiles.peopleLinks(profile.details.keyPeople ?? []),
    relatedCompanies: [...parents, ...named.filter((company) => !parents.some((parent) => parent.profileId === company.profileId))],
    projects: profile.details.projects ?? [],
    stories: await storiesAbout(context, 'organisation', profile.slug),
    follow: await followState(context, { followsType: 'ORGANISATION_PROFILE_ID', followsKey: profile.profileId }),
    preview,
  };
}

/** The preview's reader: signed in (else the sign-in page, back here after), as a profile actor. */
export async function previewActor(context: AppLoadContext, request: Request): Promise<ProfileActor> {
  const url = new URL(request.url);
  const signedIn = await requireSignedIn({ request, context }, url.pathname);
  const user = context.user;
  // Staff status and level are the session token's (decision 027); none: an ordinary reader.
  const principal = user ?? { membershipLevel: 'None', isBofAdmin: false };
  return { identityId: signedIn.session.identityId, userId: user?.id || signedIn.session.identityId, principal };
}

/** A refusal of the source (not theirs, or no such profile) is a 404 to the reader: they learn nothing. */
export async function sourceOr404<T>(read: () => Promise<{ profile: T }>): Promise<T> {
  try {
    return (await read()).profile;
  } catch (error) {
    // By its code, not instanceof: the page build has its own copy of the error classes.
    if (error instanceof Error && 'code' in error && String(error.code) in APP_ERRORS) throw data(null, { status: 404 });
    throw error;
  }
}

export const profileId = (request: Request) => new URL(request.url).searchParams.get('profileId')?.slice(0, 64) ?? '';
