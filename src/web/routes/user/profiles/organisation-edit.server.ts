// The organisation profile editors on the server (issue 18, decision 047):
// /user/organisations/profiles/ (the profiles of the organisations the person is OWNER or ADMIN of),
// /user/organisations/profiles/edit/?profileId= (fields, key people, subsidiaries, publish) and
// /user/organisations/profiles/projects/edit/?profileId= (projects with uploaded images and
// YouTube links, order, pin). Who may edit is the profiles service's answer at every call.
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../../shared/paths.ts';
import { safeText } from '../../../../shared/validation/formats.ts';
import type { OrganisationProfile, ProjectAsset } from '../../../../modules/profiles/profile-types.ts';
import type { ProfileActor } from '../../../../modules/profiles/profiles-service.ts';
import { previewActor, profileId as profileIdOf } from '../../profiles/profile-page.server.ts';
import {
  EDIT_MESSAGES,
  imageAction,
  fieldText,
  lookupOptions,
  publishState,
  readForm,
  refusal,
  rowsOf,
  yearOf,
  type Args,
  type EditAnswer,
} from './profile-edit.server.ts';
import { ORGANISATION_IMAGES } from '../../../components/profiles/edit/image-labels.ts';

const refusedMessage = EDIT_MESSAGES.refusedOrganisation;
const SEARCH_SHOWN = 8;

const isRefusal = (error: unknown) => error instanceof Error && 'code' in error && (error.code === 'FORBIDDEN' || error.code === 'REFUSED');

/** The source if the person may edit it; null (a refusal page) otherwise, also for a profile that does not exist. */
async function sourceFor(args: Args, actor: ProfileActor, profileId: string) {
  try {
    return await args.context.services.profiles.organisationSource(actor, profileId);
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

const refusedPage = (reason: string) => data({ kind: 'refused' as const, reason }, { status: 403 });

// ---------- /user/organisations/profiles/ ----------

export async function profilesListLoader(args: Args) {
  const actor = await previewActor(args.context, args.request);
  const { organisations, profiles } = args.context.services;
  const accounts = await organisations.accountsOf(actor.identityId);
  const managed = accounts.filter((account) => account.role === 'OWNER' || account.role === 'ADMIN');
  if (managed.length === 0)
    return refusedPage(
      accounts.length > 0
        ? `Only an organisation’s owner and admins edit its profile. Ask the owner of ${accounts[0]!.title} if something on it should change.`
        : 'You are not an owner or admin of an organisation, so there is no organisation profile for you to edit.',
    );
  const groups = await Promise.all(
    managed.map(async (account) => {
      const ids = await profiles.organisationProfileIdsOf(account.accountId);
      const sources = (await Promise.all(ids.map((id) => sourceFor(args, actor, id)))).filter((source) => source !== null);
      return {
        accountId: account.accountId,
        title: account.title,
        profiles: sources.map(({ profile, hasUnpublishedChanges }) => ({
          profileId: profile.profileId,
          title: profile.title,
          state: publishState(profile.version, hasUnpublishedChanges),
          projects: profile.details.projects?.length ?? 0,
          editUrl: paths.organisationProfileEditor(profile.profileId),
          projectsUrl: paths.projectsEditor(profile.profileId),
          previewUrl: paths.organisationPreview(profile.profileId),
          publicUrl: profile.version > 0 ? paths.organisation(profile.slug) : null,
        })),
      };
    }),
  );
  return { kind: 'list' as const, groups };
}

// ---------- /user/organisations/profiles/edit/ ----------

const searchQuery = safeText().trim().max(80).catch('');

export async function organisationEditLoader(args: Args) {
  const actor = await previewActor(args.context, args.request);
  const { profiles } = args.context.services;
  const profileId = profileIdOf(args.request);
  const source = await sourceFor(args, actor, profileId);
  if (!source) return refusedPage(refusedMessage);
  const { profile } = source;
  const url = new URL(args.request.url);
  const peopleQuery = searchQuery.parse(url.searchParams.get('people') ?? '');
  const companiesQuery = searchQuery.parse(url.searchParams.get('companies') ?? '');
  const children = (profile.details.relatedCompanies ?? []).filter((company) => company.relation === 'SUBSIDIARY');
  const [keyPeople, subsidiaries, peopleFound, companiesFound] = await Promise.all([
    profiles.peopleLinks(profile.details.keyPeople ?? []),
    profiles.organisationLinks(children.map((child) => ({ profileId: child.profileId }))),
    peopleQuery ? profiles.listPeople({ q: peopleQuery, page: 1 }) : null,
    companiesQuery ? profiles.listOrganisations({ q: companiesQuery, page: 1 }) : null,
  ]);
  const done = url.searchParams.get('done');
  return {
    kind: 'edit' as const,
    options: lookupOptions(args.context),
    notice: done === 'published' ? EDIT_MESSAGES.published : null,
    state: publishState(profile.version, source.hasUnpublishedChanges),
    previewUrl: paths.organisationPreview(profile.profileId),
    publicUrl: profile.version > 0 ? paths.organisation(profile.slug) : null,
    projectsUrl: paths.projectsEditor(profile.profileId),
    images: { thumbnail: profile.thumbnailKey, cover: profile.details.coverKey ?? null },
    profile: organisationFields(profile),
    keyPeople: keyPeople.map(({ profileId: id, name, slug, role }) => ({ profileId: id, name, slug, role: role ?? '' })),
    subsidiaries: subsidiaries.map(({ profileId: id, name, slug }) => ({ profileId: id, name, slug })),
    search: {
      people: peopleQuery,
      companies: companiesQuery,
      peopleFound: (peopleFound?.items ?? [])
        .filter((person) => !keyPeople.some((key) => key.profileId === person.profileId))
        .slice(0, SEARCH_SHOWN)
        .map((person) => ({
          profileId: person.profileId,
          name: `${person.firstName} ${person.lastName}`,
          slug: person.slug,
          detail: person.subtitle,
        })),
      companiesFound: (companiesFound?.items ?? [])
        .filter((company) => company.profileId !== profile.profileId && !children.some((child) => child.profileId === company.profileId))
        .slice(0, SEARCH_SHOWN)
        .map((company) => ({ profileId: company.profileId, name: company.title, slug: company.slug, detail: company.city })),
    },
  };
}

function organisationFields(profile: OrganisationProfile) {
  const hq = profile.details.headquarters;
  return {
    profileId: profile.profileId,
    title: profile.title,
    summary: profile.summary,
    city: profile.city,
    country: profile.country,
    organisationIndustry: profile.organisationIndustry,
    organisationSize: profile.organisationSize,
    organisationType: profile.organisationType,
    ownershipType: profile.ownershipType,
    yearEstablished: profile.yearEstablished,
    editorialDescription: profile.details.editorialDescription ?? '',
    premiumDescription: profile.details.premiumDescription ?? '',
    headquarters: {
      addressLine1: hq?.addressLine1 ?? '',
      addressLine2: hq?.addressLine2 ?? '',
      areaCode: hq?.areaCode ?? '',
      city: hq?.city ?? '',
      state: hq?.state ?? '',
      country: hq?.country ?? '',
    },
    externalLinks: profile.details.externalLinks ?? [],
    socialLinks: profile.details.socialLinks ?? [],
    jobs: (profile.details.jobs ?? []).map(({ title, location, url, postedOn }) => ({ title, location, url, postedOn })),
  };
}

/** The organisation form as updateOrganisationProfile's input. */
function organisationInput(fields: Record<string, string>) {
  const hq = {
    addressLine1: fieldText(fields['headquarters.addressLine1']),
    addressLine2: fieldText(fields['headquarters.addressLine2']),
    areaCode: fieldText(fields['headquarters.areaCode']),
    city: fieldText(fields['headquarters.city']),
    state: fieldText(fields['headquarters.state']),
    country: fieldText(fields['headquarters.country']),
  };
  return {
    title: fieldText(fields.title),
    summary: fieldText(fields.summary),
    city: fieldText(fields.city),
    country: fieldText(fields.country),
    organisationIndustry: fieldText(fields.organisationIndustry),
    organisationSize: fieldText(fields.organisationSize),
    organisationType: fieldText(fields.organisationType),
    ownershipType: fieldText(fields.ownershipType),
    yearEstablished: yearOf(fields.yearEstablished),
    editorialDescription: fieldText(fields.editorialDescription),
    premiumDescription: fieldText(fields.premiumDescription),
    // No address at all: no headquarters.
    headquarters: Object.values(hq).some((value) => value !== '') ? hq : null,
    externalLinks: rowsOf(fields, 'externalLinks', ['label', 'url']),
    socialLinks: rowsOf(fields, 'socialLinks', ['label', 'url']),
    jobs: rowsOf(fields, 'jobs', ['title', 'location', 'url', 'postedOn']),
  };
}

/** A person or organisation named by their profile id (a search result) or their address name. */
async function pickProfile(args: Args, kind: 'person' | 'organisation', fields: Record<string, string>): Promise<string | null> {
  const { profiles } = args.context.services;
  if (fields.pickId) return fields.pickId.slice(0, 64);
  const slug = fieldText(fields.slug)
    .toLowerCase()
    .replace(/^.*\/(people|organisations)\//, '')
    .replace(/\/+$/, '')
    .slice(0, 120);
  if (!slug) return null;
  const [found] = kind === 'person' ? await profiles.peopleBySlugs([slug]) : await profiles.organisationsBySlugs([slug]);
  return found?.profileId ?? null;
}

const NOT_FOUND = {
  person: 'There is no person profile at that address. Use the part after /people/, for example helene-castel.',
  organisation: 'There is no organisation profile at that address. Use the part after /organisations/, for example maison-verrier.',
};

export async function organisationEditAction(args: Args) {
  const actor = await previewActor(args.context, args.request);
  const { profiles } = args.context.services;
  const { fields, files } = await readForm(args.request);
  const intent = fields.intent ?? '';
  const profileId = (fields.profileId ?? '').slice(0, 64);
  const answer = (message: string) => ({ intent, status: 'success', message }) satisfies EditAnswer;
  try {
    const current = async () => (await profiles.organisationSource(actor, profileId)).profile.details;
    switch (intent) {
      case 'save':
        await profiles.updateOrganisation(actor, profileId, organisationInput(fields));
        return answer(EDIT_MESSAGES.saved);
      case 'image':
      case 'remove-image':
        // Who may edit is checked before anything is stored: a stranger's upload is never kept.
        await profiles.organisationSource(actor, profileId);
        return await imageAction(args, { intent, fields, files, label: ORGANISATION_IMAGES }, (update) =>
          profiles.updateOrganisation(actor, profileId, update),
        );
      case 'publish':
        await profiles.publishOrganisation(actor, profileId);
        return redirect(`${paths.organisationProfileEditor(profileId)}&done=published`);
      case 'key-add': {
        const keyPeople = (await current()).keyPeople ?? [];
        const personId = await pickProfile(args, 'person', fields);
        if (!personId) return data<EditAnswer>({ intent, status: 'error', message: NOT_FOUND.person, values: fields }, { status: 422 });
        await profiles.updateKeyPeople(actor, profileId, [...keyPeople, { profileId: personId, role: fieldText(fields.role) }]);
        return answer('Added to the key people (in the draft).');
      }
      case 'key-roles': {
        const keyPeople = (await current()).keyPeople ?? [];
        await profiles.updateKeyPeople(
          actor,
          profileId,
          keyPeople.map((person, index) => ({
            profileId: person.profileId,
            role: fieldText(fields[`keyPeople.${index}.role`] ?? person.role),
          })),
        );
        return answer('Roles saved (in the draft).');
      }
      case 'key-remove': {
        const keyPeople = (await current()).keyPeople ?? [];
        await profiles.updateKeyPeople(
          actor,
          profileId,
          keyPeople.filter((person) => person.profileId !== fields.pickId),
        );
        return answer('Removed from the key people (in the draft).');
      }
      case 'child-add':
      case 'child-remove': {
        const children = ((await current()).relatedCompanies ?? []).filter((c) => c.relation === 'SUBSIDIARY').map((c) => c.profileId);
        const picked = await pickProfile(args, 'organisation', fields);
        if (!picked) return data<EditAnswer>({ intent, status: 'error', message: NOT_FOUND.organisation, values: fields }, { status: 422 });
        await profiles.updateChildren(
          actor,
          profileId,
          intent === 'child-add' ? [...children, picked] : children.filter((id) => id !== picked),
        );
        return answer(
          intent === 'child-add' ? 'Added to the subsidiaries (in the draft).' : 'Removed from the subsidiaries (in the draft).',
        );
      }
      default:
        return data<EditAnswer>({ intent, status: 'error', message: EDIT_MESSAGES.unknownForm }, { status: 400 });
    }
  } catch (error) {
    return refusal(intent, error, {
      values: fields,
      refusedMessage,
      rename: { 'keyPeople.0.role': 'role', 'childProfileIds.0': 'slug' },
    });
  }
}

// ---------- /user/organisations/profiles/projects/edit/ ----------

export async function projectsLoader(args: Args) {
  const actor = await previewActor(args.context, args.request);
  const profileId = profileIdOf(args.request);
  const source = await sourceFor(args, actor, profileId);
  if (!source) return refusedPage(refusedMessage);
  const { profile } = source;
  const done = new URL(args.request.url).searchParams.get('done');
  return {
    kind: 'projects' as const,
    notice: done === 'published' ? EDIT_MESSAGES.published : null,
    title: profile.title,
    profileId: profile.profileId,
    state: publishState(profile.version, source.hasUnpublishedChanges),
    previewUrl: paths.organisationPreview(profile.profileId),
    publicUrl: profile.version > 0 ? paths.organisation(profile.slug) : null,
    editUrl: paths.organisationProfileEditor(profile.profileId),
    pinnedProjectId: profile.details.pinnedProjectId ?? null,
    projects: (profile.details.projects ?? []).map((project) => ({
      projectId: project.projectId,
      title: project.title,
      description: project.description,
      assets: project.assets,
    })),
  };
}

const positionSchema = z.coerce.number().int().min(0).max(1000);

/** The new assets from the form: an uploaded image (stored first) and a YouTube link, either or both. */
async function newAssets(args: Args, fields: Record<string, string>, files: Record<string, File>) {
  const description = fieldText(fields.assetDescription);
  const assets: ProjectAsset[] = [];
  const image = files.image;
  if (image) {
    const stored = await args.context.services.media.upload(new Uint8Array(await image.arrayBuffer()));
    if (!stored.ok) return { error: stored.message, assets };
    assets.push({ type: 'IMAGE', url: stored.key, description });
  }
  const video = fieldText(fields.video);
  if (video) assets.push({ type: 'YOUTUBE', url: video, description });
  return { error: null, assets };
}

export async function projectsAction(args: Args) {
  const actor = await previewActor(args.context, args.request);
  const { profiles } = args.context.services;
  const { fields, files } = await readForm(args.request);
  const intent = fields.intent ?? '';
  const profileId = (fields.profileId ?? '').slice(0, 64);
  const projectId = (fields.projectId ?? '').slice(0, 64) || undefined;
  const answer = (message: string) => ({ intent, status: 'success', message, projectId }) satisfies EditAnswer;
  // A link's refusal (assets.<n>.url) is the video field's: an image's key is the server's own.
  const videoPaths = Object.fromEntries(Array.from({ length: 32 }, (_, n) => [`assets.${n}.url`, 'video']));
  const problem = (message: string, status: number) =>
    data<EditAnswer>({ intent, status: 'error', message, projectId, values: fields }, { status });
  try {
    // Who may edit is checked before anything is stored: a stranger's upload is never kept.
    const { profile } = await profiles.organisationSource(actor, profileId);
    const project = projectId ? profile.details.projects?.find((item) => item.projectId === projectId) : undefined;
    const needsProject = ['update', 'add-asset', 'remove-asset', 'move', 'pin', 'delete'].includes(intent);
    if ((projectId || needsProject) && !project) return problem('There is no such project on this profile. Reload the page.', 404);
    switch (intent) {
      case 'create': {
        const added = await newAssets(args, fields, files);
        if (added.error) return problem(added.error, 422);
        await profiles.createProject(actor, profileId, {
          title: fieldText(fields.title),
          description: fieldText(fields.description),
          assets: added.assets,
        });
        return { ...answer('Project added (in the draft).'), projectId: undefined };
      }
      case 'update':
        {
          // The project's fields are named by it (several projects' forms on one page).
          const named = (name: string) => fields[`${name}-${project!.projectId.slice(0, 8)}`] ?? fields[name];
          await profiles.updateProject(actor, project!.projectId, {
            title: fieldText(named('title')),
            description: fieldText(named('description')),
          });
        }
        return answer('Project saved (in the draft).');
      case 'add-asset': {
        const added = await newAssets(args, fields, files);
        if (added.error) return problem(added.error, 422);
        if (added.assets.length === 0) return problem('Choose an image to upload or paste a YouTube link.', 400);
        await profiles.updateProject(actor, project!.projectId, { assets: [...project!.assets, ...added.assets] });
        return answer(
          added.assets.length > 1
            ? 'Image and video added (in the draft).'
            : added.assets[0]!.type === 'IMAGE'
              ? 'Image added (in the draft).'
              : 'Video added (in the draft).',
        );
      }
      case 'remove-asset': {
        const index = positionSchema.safeParse(fields.assetIndex);
        if (!index.success || !project!.assets[index.data]) return problem('That image or video is no longer there. Reload the page.', 400);
        await profiles.updateProject(actor, project!.projectId, { assets: project!.assets.filter((_, i) => i !== index.data) });
        return answer('Removed (in the draft).');
      }
      case 'move': {
        const position = positionSchema.safeParse(fields.position);
        if (!position.success) return problem('Choose a position in the list.', 400);
        await profiles.reorderProject(actor, project!.projectId, position.data);
        return answer(`“${project!.title}” moved to position ${position.data + 1}.`);
      }
      case 'pin':
      case 'unpin':
        await profiles.updateOrganisation(actor, profileId, { pinnedProjectId: intent === 'pin' ? project!.projectId : null });
        return answer(intent === 'pin' ? `“${project!.title}” is pinned (in the draft).` : 'No project is pinned now (in the draft).');
      case 'delete':
        await profiles.deleteProject(actor, project!.projectId);
        return { ...answer(`“${project!.title}” is deleted (in the draft).`), projectId: undefined };
      case 'publish':
        await profiles.publishOrganisation(actor, profileId);
        return redirect(`${paths.projectsEditor(profileId)}&done=published`);
      default:
        return problem(EDIT_MESSAGES.unknownForm, 400);
    }
  } catch (error) {
    return refusal(intent, error, { values: fields, refusedMessage, rename: videoPaths });
  }
}
