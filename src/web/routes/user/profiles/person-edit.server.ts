// /user/people/profiles/edit/ on the server: the signed-in person's own profile — create it when
// they have none, edit the draft (the §3 person fields the service takes), publish. Every call
// goes to the profiles service with the person as its actor; it decides who may.
import { data, redirect } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { previewActor } from '../../profiles/profile-page.server.ts';
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
import { PERSON_IMAGES } from '../../../components/profiles/edit/image-labels.ts';

const PATH = paths.personProfileEditor();
const refusedMessage = EDIT_MESSAGES.refusedPerson;

export async function personEditLoader(args: Args) {
  const actor = await previewActor(args.context, args.request);
  const { profiles } = args.context.services;
  const options = lookupOptions(args.context);
  const done = new URL(args.request.url).searchParams.get('done');
  const profileId = await profiles.ownPersonProfileId(actor.identityId);
  if (!profileId) return { kind: 'create' as const, options };
  const source = await profiles.personSource(actor, profileId);
  const { profile } = source;
  return {
    kind: 'edit' as const,
    options,
    notice: done === 'published' ? EDIT_MESSAGES.published : done === 'created' ? 'Your profile is created as a draft.' : null,
    state: publishState(profile.version, source.hasUnpublishedChanges),
    previewUrl: paths.personPreview(profile.profileId),
    publicUrl: profile.version > 0 ? paths.person(profile.slug) : null,
    images: { thumbnail: profile.thumbnailKey, cover: profile.details.coverKey ?? null },
    profile: {
      profileId: profile.profileId,
      firstName: profile.firstName,
      lastName: profile.lastName,
      title: profile.details.title ?? '',
      subtitle: profile.subtitle,
      category: profile.category,
      location: profile.location,
      nationalities: profile.nationalities,
      yearBorn: profile.yearBorn,
      summary: profile.summary,
      editorialDescription: profile.details.editorialDescription ?? '',
      careers: profile.details.careers ?? [],
      education: profile.details.education ?? [],
      socialLinks: profile.details.socialLinks ?? [],
    },
  };
}

/** The person form as the service's input (updatePersonProfile's fields). */
function personInput(fields: Record<string, string>) {
  return {
    firstName: fieldText(fields.firstName),
    lastName: fieldText(fields.lastName),
    title: fieldText(fields.title),
    subtitle: fieldText(fields.subtitle),
    category: fieldText(fields.category),
    location: fieldText(fields.location),
    nationalities: [fields.nationality1, fields.nationality2].map(fieldText).filter((key) => key !== ''),
    yearBorn: yearOf(fields.yearBorn),
    summary: fieldText(fields.summary),
    editorialDescription: fieldText(fields.editorialDescription),
    careers: rowsOf(fields, 'careers', ['title', 'organisationName', 'startYear', 'endYear']).map((row) => ({
      title: row.title,
      organisationName: row.organisationName,
      startYear: yearOf(row.startYear),
      endYear: yearOf(row.endYear),
    })),
    education: rowsOf(fields, 'education', ['institution', 'qualification', 'endYear']).map((row) => ({
      institution: row.institution,
      qualification: row.qualification,
      endYear: yearOf(row.endYear),
    })),
    socialLinks: rowsOf(fields, 'socialLinks', ['label', 'url']),
  };
}

export async function personEditAction(args: Args) {
  const actor = await previewActor(args.context, args.request);
  const { profiles } = args.context.services;
  const { fields, files } = await readForm(args.request);
  const intent = fields.intent ?? '';
  try {
    switch (intent) {
      case 'create': {
        await profiles.createPerson(actor, {
          firstName: fieldText(fields.firstName),
          lastName: fieldText(fields.lastName),
          category: fieldText(fields.category),
        });
        return redirect(`${PATH}?done=created`);
      }
      case 'save': {
        const profileId = await profiles.ownPersonProfileId(actor.identityId);
        if (!profileId) return data<EditAnswer>({ intent, status: 'error', message: refusedMessage }, { status: 403 });
        await profiles.updatePerson(actor, profileId, personInput(fields));
        return { intent, status: 'success', message: EDIT_MESSAGES.saved } satisfies EditAnswer;
      }
      case 'publish': {
        const profileId = await profiles.ownPersonProfileId(actor.identityId);
        if (!profileId) return data<EditAnswer>({ intent, status: 'error', message: refusedMessage }, { status: 403 });
        await profiles.publishPerson(actor, profileId);
        return redirect(`${PATH}?done=published`);
      }
      case 'image':
      case 'remove-image': {
        // Only someone with a profile gets this far: a stranger's upload is never stored.
        const profileId = await profiles.ownPersonProfileId(actor.identityId);
        if (!profileId) return data<EditAnswer>({ intent, status: 'error', message: refusedMessage }, { status: 403 });
        return await imageAction(args, { intent, fields, files, label: PERSON_IMAGES }, (update) =>
          profiles.updatePerson(actor, profileId, update),
        );
      }
      default:
        return data<EditAnswer>({ intent, status: 'error', message: EDIT_MESSAGES.unknownForm }, { status: 400 });
    }
  } catch (error) {
    return refusal(intent, error, {
      values: fields,
      refusedMessage,
      rename: { 'nationalities.0': 'nationality1', 'nationalities.1': 'nationality2' },
    });
  }
}
