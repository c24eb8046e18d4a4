// GraphQL for profiles (issue 18, §3, §7, decision 044): public reads answer only published
// profiles; source reads and every change need someone who may edit the profile (the person it
// belongs to; an organisation's OWNER or ADMIN, read now; site staff), checked by the service. A
// refusal is §8 UnauthorizedError (also for a profile that does not exist); bad input ZodError.
import { builder, type SignedInContext } from '../../server/graphql/builder.ts';
import { AuthError, InputError, UnauthorizedError } from '../../server/graphql/errors.ts';
import { principalOf } from '../session/permissions.ts';
import type { ProfileActor, ProfileLink } from './profiles-service.ts';
import {
  ASSET_TYPES,
  type Career,
  type Education,
  type Headquarters,
  type Job,
  type Link,
  type OrganisationProfile,
  type PersonProfile,
  type Project,
  type ProjectAsset,
  type Source,
} from './profile-types.ts';
import { FEATURED_CATEGORIES, PROFILE_FORMATS } from './schema.ts';

const EDIT_ERRORS = [AuthError, InputError, UnauthorizedError] as const;

function actorOf({ user }: Pick<SignedInContext, 'user'>): ProfileActor {
  return { identityId: user.sub, userId: user.user_id ?? user.sub, principal: principalOf(user)! };
}

/** Arguments are cut to a sane length before the service validates them. */
const cut = (value: string, max = 200) => value.slice(0, max);

/** GraphQL's null for "not given": the service's schemas keep a field left out. */
function given<T extends object>(input: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as never;
}

const FormatEnum = builder.enumType('ProfileFormat', {
  values: PROFILE_FORMATS,
  description: 'DEFAULT; PREMIUM: a richer page (cover, editorial description, projects first); SEO: a lean page.',
});
const AssetTypeEnum = builder.enumType('ProjectAssetType', { values: ASSET_TYPES });
const FeaturedCategoryEnum = builder.enumType('FeaturedProfileCategory', { values: FEATURED_CATEGORIES });

const LinkType = builder.objectRef<Link>('ProfileLinkUrl').implement({
  fields: (t) => ({ label: t.exposeString('label'), url: t.exposeString('url') }),
});
const CareerType = builder.objectRef<Career>('PersonCareer').implement({
  fields: (t) => ({
    title: t.exposeString('title'),
    organisationName: t.exposeString('organisationName'),
    organisationProfileId: t.exposeString('organisationProfileId', { nullable: true }),
    startYear: t.exposeInt('startYear', { nullable: true }),
    endYear: t.exposeInt('endYear', { nullable: true }),
  }),
});
const EducationType = builder.objectRef<Education>('PersonEducation').implement({
  fields: (t) => ({
    institution: t.exposeString('institution'),
    qualification: t.exposeString('qualification'),
    endYear: t.exposeInt('endYear', { nullable: true }),
  }),
});
const HeadquartersType = builder.objectRef<Headquarters>('OrganisationHeadquarters').implement({
  fields: (t) => ({
    addressLine1: t.exposeString('addressLine1'),
    addressLine2: t.exposeString('addressLine2'),
    areaCode: t.exposeString('areaCode'),
    city: t.exposeString('city'),
    country: t.exposeString('country', { description: 'A Country key.' }),
    state: t.exposeString('state'),
  }),
});
const JobType = builder.objectRef<Job>('OrganisationJob').implement({
  fields: (t) => ({
    jobId: t.exposeString('jobId'),
    title: t.exposeString('title'),
    location: t.exposeString('location'),
    url: t.exposeString('url'),
    postedOn: t.exposeString('postedOn', { description: 'A date, YYYY-MM-DD.' }),
  }),
});
const AssetType = builder.objectRef<ProjectAsset>('ProjectAsset').implement({
  fields: (t) => ({
    type: t.expose('type', { type: AssetTypeEnum }),
    url: t.exposeString('url', { description: 'IMAGE: the image key (the resizer draws it); YOUTUBE: the video link.' }),
    description: t.exposeString('description'),
  }),
});
const ProjectType = builder.objectRef<Project>('Project').implement({
  fields: (t) => ({
    projectId: t.exposeString('projectId'),
    profileId: t.exposeString('profileId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    thumbnail: t.exposeString('thumbnailKey', { nullable: true }),
    assets: t.field({ type: [AssetType], resolve: (project) => project.assets }),
  }),
});
const LinkedProfileType = builder.objectRef<ProfileLink>('LinkedProfile').implement({
  description: 'Another published profile this one links to (key people, related companies).',
  fields: (t) => ({
    profileId: t.exposeString('profileId'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    subtitle: t.exposeString('subtitle'),
    thumbnail: t.exposeString('thumbnailKey', { nullable: true }),
    role: t.exposeString('role', { nullable: true, description: 'A key person’s role, or the relation of a related company.' }),
  }),
});

const PersonProfileType = builder.objectRef<PersonProfile>('PersonProfile').implement({
  fields: (t) => ({
    profileId: t.exposeString('profileId'),
    slug: t.exposeString('slug'),
    title: t.string({ resolve: (p) => p.details.title || `${p.firstName} ${p.lastName}` }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    subtitle: t.exposeString('subtitle'),
    summary: t.exposeString('summary'),
    editorialDescription: t.string({ resolve: (p) => p.details.editorialDescription ?? '' }),
    format: t.expose('format', { type: FormatEnum }),
    version: t.exposeInt('version', { description: 'How many times it was published.' }),
    yearBorn: t.exposeInt('yearBorn', { nullable: true }),
    yearPassed: t.int({ nullable: true, resolve: (p) => p.details.yearPassed ?? null }),
    memberSince: t.int({ nullable: true, resolve: (p) => p.details.memberSince ?? null }),
    location: t.exposeString('location'),
    nationalities: t.exposeStringList('nationalities', { description: 'Country keys.' }),
    category: t.exposeString('category', { description: 'A PersonCategory key.' }),
    careers: t.field({ type: [CareerType], resolve: (p) => p.details.careers ?? [] }),
    education: t.field({ type: [EducationType], resolve: (p) => p.details.education ?? [] }),
    collections: t.stringList({ resolve: (p) => p.details.collections ?? [] }),
    socialLinks: t.field({ type: [LinkType], resolve: (p) => p.details.socialLinks ?? [] }),
    profileBadges: t.stringList({ resolve: (p) => p.details.badges ?? [] }),
    profileCover: t.string({ nullable: true, resolve: (p) => p.details.coverKey ?? null }),
    profileThumbnail: t.exposeString('thumbnailKey', { nullable: true }),
    condensedHeader: t.boolean({ resolve: (p) => p.details.condensedHeader ?? false }),
    isLinkable: t.boolean({ resolve: (p) => p.details.isLinkable ?? true }),
    keyPersonAt: t.field({
      type: [LinkedProfileType],
      description: 'Published organisations naming this person among their key people.',
      resolve: (p, _args, { services }) => services.profiles.organisationsWithKeyPerson(p.profileId),
    }),
  }),
});

const OrganisationProfileType = builder.objectRef<OrganisationProfile>('OrganisationProfile').implement({
  fields: (t) => ({
    profileId: t.exposeString('profileId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    summary: t.exposeString('summary'),
    editorialDescription: t.string({ resolve: (o) => o.details.editorialDescription ?? '' }),
    premiumDescription: t.string({ resolve: (o) => o.details.premiumDescription ?? '' }),
    format: t.expose('format', { type: FormatEnum }),
    version: t.exposeInt('version'),
    yearEstablished: t.exposeInt('yearEstablished', { nullable: true }),
    isLinkable: t.boolean({ resolve: (o) => o.details.isLinkable ?? true }),
    coverImage: t.string({ nullable: true, resolve: (o) => o.details.coverKey ?? null }),
    profileThumbnail: t.exposeString('thumbnailKey', { nullable: true }),
    headquarters: t.field({
      type: HeadquartersType,
      nullable: true,
      resolve: (o) =>
        o.details.headquarters ?? { addressLine1: '', addressLine2: '', areaCode: '', city: o.city, country: o.country, state: '' },
    }),
    organisationIndustry: t.exposeString('organisationIndustry', { description: 'A JobIndustry key.' }),
    organisationSize: t.exposeString('organisationSize', { description: 'A CompanySize key.' }),
    organisationType: t.exposeString('organisationType', { description: 'A CompanyType key.' }),
    ownershipType: t.exposeString('ownershipType', { description: 'A CompanyOwnership key.' }),
    externalLinks: t.field({ type: [LinkType], resolve: (o) => o.details.externalLinks ?? [] }),
    socialLinks: t.field({ type: [LinkType], resolve: (o) => o.details.socialLinks ?? [] }),
    programLinks: t.field({ type: [LinkType], resolve: (o) => o.details.programLinks ?? [] }),
    keyPeople: t.field({
      type: [LinkedProfileType],
      resolve: (o, _args, { services }) => services.profiles.peopleLinks(o.details.keyPeople ?? []),
    }),
    relatedCompanies: t.field({
      type: [LinkedProfileType],
      description: 'Companies this one names (role: their relation), then those naming it as a subsidiary (role PARENT).',
      resolve: async (o, _args, { services }) => [
        ...(await services.profiles.organisationLinks(
          (o.details.relatedCompanies ?? []).map((c) => ({ profileId: c.profileId, role: c.relation })),
        )),
        ...(await services.profiles.parentsOf(o.profileId)),
      ],
    }),
    jobs: t.field({ type: [JobType], resolve: (o) => o.details.jobs ?? [] }),
    projects: t.field({ type: [ProjectType], resolve: (o) => o.details.projects ?? [] }),
    pinnedProject: t.field({
      type: ProjectType,
      nullable: true,
      resolve: (o) => o.details.projects?.find((p) => p.projectId === o.details.pinnedProjectId) ?? null,
    }),
    profileBadges: t.stringList({ resolve: (o) => o.details.badges ?? [] }),
  }),
});

const sourceType = <P extends object>(name: string, profile: typeof PersonProfileType | typeof OrganisationProfileType) =>
  builder.objectRef<Source<P>>(name).implement({
    description: 'The draft editors change; publishing copies it to the public profile.',
    fields: (t) => ({
      profile: t.field({ type: profile as never, resolve: (source) => source.profile as never }),
      hasUnpublishedChanges: t.exposeBoolean('hasUnpublishedChanges'),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true }),
    }),
  });
const PersonSourceType = sourceType<PersonProfile>('PersonProfileSource', PersonProfileType);
const OrganisationSourceType = sourceType<OrganisationProfile>('OrganisationProfileSource', OrganisationProfileType);

const CountType = builder.objectRef<{ key: string; count: number }>('ProfileCount').implement({
  fields: (t) => ({ key: t.exposeString('key'), count: t.exposeInt('count') }),
});

const FeaturedType = builder.objectRef<OrganisationProfile & { startDate: Date }>('FeaturedOrganisationProfile').implement({
  fields: (t) => ({
    profileId: t.exposeString('profileId'),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    profile: t.field({ type: OrganisationProfileType, resolve: (f) => f }),
  }),
});

// ---------- Reads ----------

builder.queryFields((t) => ({
  personProfilePublic: t.field({
    type: PersonProfileType,
    nullable: true,
    description: 'A published person profile by slug or id; null when there is none.',
    args: { slug: t.arg.string(), profileId: t.arg.string() },
    resolve: (_root, { slug, profileId }, { services }) => services.profiles.personPublic(cut(slug ?? profileId ?? '')),
  }),
  organisationProfilePublic: t.field({
    type: OrganisationProfileType,
    nullable: true,
    description: 'A published organisation profile by slug or id; null when there is none.',
    args: { slug: t.arg.string(), profileId: t.arg.string() },
    resolve: (_root, { slug, profileId }, { services }) => services.profiles.organisationPublic(cut(slug ?? profileId ?? '')),
  }),
  personProfileSource: t.withAuth({ signedIn: true }).field({
    type: PersonSourceType,
    description: 'The draft of a person profile: the person it belongs to, or site staff.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'PersonProfileSourceResult' } },
    args: { profileId: t.arg.string({ required: true }) },
    resolve: (_root, { profileId }, context) => context.services.profiles.personSource(actorOf(context), cut(profileId)),
  }),
  organisationProfileSource: t.withAuth({ signedIn: true }).field({
    type: OrganisationSourceType,
    description: 'The draft of an organisation profile, with its projects: its OWNER and ADMINs, or site staff.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'OrganisationProfileSourceResult' } },
    args: { profileId: t.arg.string({ required: true }) },
    resolve: (_root, { profileId }, context) => context.services.profiles.organisationSource(actorOf(context), cut(profileId)),
  }),
  personProfileCategories: t.field({
    type: [CountType],
    description: 'The PersonCategory keys published people are filed under, with how many.',
    resolve: (_root, _args, { services }) => services.profiles.personCategories(),
  }),
  profileCollections: t.field({
    type: [CountType],
    description: 'The collections (a BoF 500 class) published people belong to, with how many.',
    resolve: (_root, _args, { services }) => services.profiles.collections(),
  }),
  featuredOrganisationProfiles: t.field({
    type: [FeaturedType],
    args: { category: t.arg({ type: FeaturedCategoryEnum, required: true }) },
    resolve: (_root, { category }, { services }) => services.profiles.featuredOrganisations(category),
  }),
}));

// ---------- Inputs ----------

const LinkInput = builder.inputType('ProfileLinkUrlInput', {
  fields: (t) => ({ label: t.string({ required: true }), url: t.string({ required: true, description: 'http(s), §5 URL rule.' }) }),
});
const CareerInput = builder.inputType('PersonCareerInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    organisationName: t.string({ required: true }),
    organisationProfileId: t.string(),
    startYear: t.int(),
    endYear: t.int(),
  }),
});
const EducationInput = builder.inputType('PersonEducationInput', {
  fields: (t) => ({ institution: t.string({ required: true }), qualification: t.string(), endYear: t.int() }),
});
const HeadquartersInput = builder.inputType('OrganisationHeadquartersInput', {
  fields: (t) => ({
    addressLine1: t.string(),
    addressLine2: t.string(),
    areaCode: t.string(),
    city: t.string(),
    country: t.string({ required: true }),
    state: t.string(),
  }),
});
const JobInput = builder.inputType('OrganisationJobInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    location: t.string(),
    url: t.string({ required: true }),
    postedOn: t.string({ required: true, description: 'YYYY-MM-DD' }),
  }),
});

const PersonProfileInput = builder.inputType('PersonProfileInput', {
  description: 'Fields left out keep their value.',
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    title: t.string(),
    subtitle: t.string(),
    summary: t.string(),
    editorialDescription: t.string(),
    location: t.string(),
    nationalities: t.stringList({ description: 'Country keys.' }),
    category: t.string({ description: 'A PersonCategory key.' }),
    yearBorn: t.int(),
    yearPassed: t.int(),
    profileThumbnail: t.string({ description: 'An image key.' }),
    profileCover: t.string({ description: 'An image key.' }),
    condensedHeader: t.boolean(),
    careers: t.field({ type: [CareerInput] }),
    education: t.field({ type: [EducationInput] }),
    socialLinks: t.field({ type: [LinkInput] }),
    format: t.field({ type: FormatEnum, description: 'Site staff only.' }),
  }),
});

const OrganisationProfileInput = builder.inputType('OrganisationProfileInput', {
  description: 'Fields left out keep their value.',
  fields: (t) => ({
    title: t.string(),
    summary: t.string(),
    editorialDescription: t.string(),
    premiumDescription: t.string(),
    yearEstablished: t.int(),
    city: t.string(),
    country: t.string({ description: 'A Country key.' }),
    headquarters: t.field({ type: HeadquartersInput }),
    organisationIndustry: t.string(),
    organisationSize: t.string(),
    organisationType: t.string(),
    ownershipType: t.string(),
    externalLinks: t.field({ type: [LinkInput] }),
    socialLinks: t.field({ type: [LinkInput] }),
    programLinks: t.field({ type: [LinkInput] }),
    jobs: t.field({ type: [JobInput] }),
    profileThumbnail: t.string(),
    coverImage: t.string(),
    pinnedProjectId: t.string(),
    format: t.field({ type: FormatEnum, description: 'Site staff only.' }),
  }),
});

const KeyPersonInput = builder.inputType('OrganisationKeyPersonInput', {
  fields: (t) => ({ profileId: t.string({ required: true }), role: t.string({ required: true }) }),
});
const AssetInput = builder.inputType('ProjectAssetInput', {
  fields: (t) => ({
    type: t.field({ type: AssetTypeEnum, required: true }),
    url: t.string({ required: true, description: 'IMAGE: an image key; YOUTUBE: a video link (§5).' }),
    description: t.string(),
  }),
});
const ProjectInput = builder.inputType('ProjectInput', {
  fields: (t) => ({
    title: t.string(),
    slug: t.string(),
    description: t.string(),
    thumbnail: t.string({ description: 'An image key; the first image when left out.' }),
    assets: t.field({ type: [AssetInput] }),
  }),
});

type PersonInputArgs = typeof PersonProfileInput.$inferInput;
type OrganisationInputArgs = typeof OrganisationProfileInput.$inferInput;
type ProjectInputArgs = typeof ProjectInput.$inferInput;

/** The GraphQL names (§3 profileThumbnail, profileCover) onto the service's. */
function personUpdate({ profileThumbnail, profileCover, ...rest }: PersonInputArgs) {
  return given({ ...rest, thumbnailKey: profileThumbnail, coverKey: profileCover });
}
function organisationUpdate({ profileThumbnail, coverImage, ...rest }: OrganisationInputArgs) {
  return given({ ...rest, thumbnailKey: profileThumbnail, coverKey: coverImage });
}
function projectUpdate({ thumbnail, ...rest }: ProjectInputArgs) {
  return given({
    ...rest,
    thumbnailKey: thumbnail,
    assets: rest.assets?.map((asset) => ({ ...asset, description: asset.description ?? '' })),
  });
}

// ---------- Changes ----------

builder.mutationFields((t) => ({
  createPersonProfile: t.withAuth({ signedIn: true }).field({
    type: PersonSourceType,
    description: 'The signed-in person’s own profile (one each), unpublished until publishPersonProfile.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'CreatePersonProfileResult' } },
    args: { input: t.arg({ type: PersonProfileInput, required: true }) },
    resolve: (_root, { input }, context) => context.services.profiles.createPerson(actorOf(context), personUpdate(input)),
  }),
  updatePersonProfile: t.withAuth({ signedIn: true }).field({
    type: PersonSourceType,
    description: 'Changes the draft; the public profile changes at the next publish.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'UpdatePersonProfileResult' } },
    args: { profileId: t.arg.string({ required: true }), input: t.arg({ type: PersonProfileInput, required: true }) },
    resolve: (_root, { profileId, input }, context) =>
      context.services.profiles.updatePerson(actorOf(context), cut(profileId), personUpdate(input)),
  }),
  publishPersonProfile: t.withAuth({ signedIn: true }).field({
    type: PersonProfileType,
    description: 'Copies the draft to the public profile and bumps its version.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'PublishPersonProfileResult' } },
    args: { profileId: t.arg.string({ required: true }) },
    resolve: (_root, { profileId }, context) => context.services.profiles.publishPerson(actorOf(context), cut(profileId)),
  }),
  updateOrganisationProfile: t.withAuth({ signedIn: true }).field({
    type: OrganisationSourceType,
    errors: { types: [...EDIT_ERRORS], union: { name: 'UpdateOrganisationProfileResult' } },
    args: { profileId: t.arg.string({ required: true }), input: t.arg({ type: OrganisationProfileInput, required: true }) },
    resolve: (_root, { profileId, input }, context) =>
      context.services.profiles.updateOrganisation(actorOf(context), cut(profileId), organisationUpdate(input)),
  }),
  publishOrganisationProfile: t.withAuth({ signedIn: true }).field({
    type: OrganisationProfileType,
    description: 'Copies the draft and its projects to the public profile and bumps its version.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'PublishOrganisationProfileResult' } },
    args: { profileId: t.arg.string({ required: true }) },
    resolve: (_root, { profileId }, context) => context.services.profiles.publishOrganisation(actorOf(context), cut(profileId)),
  }),
  updateOrganisationChildren: t.withAuth({ signedIn: true }).field({
    type: OrganisationSourceType,
    description: 'Sets the organisation’s subsidiaries (published organisation profiles); their pages name it as parent once published.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'UpdateOrganisationChildrenResult' } },
    args: { profileId: t.arg.string({ required: true }), childProfileIds: t.arg.stringList({ required: true }) },
    resolve: (_root, { profileId, childProfileIds }, context) =>
      context.services.profiles.updateChildren(
        actorOf(context),
        cut(profileId),
        childProfileIds.slice(0, 51).map((id) => cut(id, 64)),
      ),
  }),
  updateOrganisationKeyPeople: t.withAuth({ signedIn: true }).field({
    type: OrganisationSourceType,
    errors: { types: [...EDIT_ERRORS], union: { name: 'UpdateOrganisationKeyPeopleResult' } },
    args: { profileId: t.arg.string({ required: true }), keyPeople: t.arg({ type: [KeyPersonInput], required: true }) },
    resolve: (_root, { profileId, keyPeople }, context) =>
      context.services.profiles.updateKeyPeople(actorOf(context), cut(profileId), keyPeople.slice(0, 31)),
  }),
  createProject: t.withAuth({ signedIn: true }).field({
    type: ProjectType,
    errors: { types: [...EDIT_ERRORS], union: { name: 'CreateProjectResult' } },
    args: { profileId: t.arg.string({ required: true }), input: t.arg({ type: ProjectInput, required: true }) },
    resolve: (_root, { profileId, input }, context) =>
      context.services.profiles.createProject(actorOf(context), cut(profileId), projectUpdate(input)),
  }),
  updateProject: t.withAuth({ signedIn: true }).field({
    type: ProjectType,
    errors: { types: [...EDIT_ERRORS], union: { name: 'UpdateProjectResult' } },
    args: { projectId: t.arg.string({ required: true }), input: t.arg({ type: ProjectInput, required: true }) },
    resolve: (_root, { projectId, input }, context) =>
      context.services.profiles.updateProject(actorOf(context), cut(projectId), projectUpdate(input)),
  }),
  deleteProject: t.withAuth({ signedIn: true }).field({
    type: ProjectType,
    errors: { types: [...EDIT_ERRORS], union: { name: 'DeleteProjectResult' } },
    args: { projectId: t.arg.string({ required: true }) },
    resolve: (_root, { projectId }, context) => context.services.profiles.deleteProject(actorOf(context), cut(projectId)),
  }),
  reorderProject: t.withAuth({ signedIn: true }).field({
    type: [ProjectType],
    description: 'Moves a project to `position` (0 first); answers the profile’s projects in their new order.',
    errors: { types: [...EDIT_ERRORS], union: { name: 'ReorderProjectResult' }, result: { name: 'ReorderProjectSuccess' } },
    args: { projectId: t.arg.string({ required: true }), position: t.arg.int({ required: true }) },
    resolve: (_root, { projectId, position }, context) =>
      context.services.profiles.reorderProject(actorOf(context), cut(projectId), position),
  }),
}));
