// What the profile editors share on the server (issue 18, decision 047): the person asking as a
// profiles actor, the form read (fields, repeated rows, an uploaded file), the service's refusals
// in the page's words, the lookups' options and the draft/published words. The rules (who may
// edit, what a field takes) are the profiles service's: these pages call it and show its answers.
import { data, type AppLoadContext } from 'react-router';
import { APP_ERRORS } from '../../../../shared/errors.ts';
import type { FieldError } from '../../../../shared/validation/field-errors.ts';
import type { Option } from '../../../components/form-fields.tsx';

export type Args = { request: Request; context: AppLoadContext };

/** An action's answer, shown beside its form: what happened, or what to correct (by field name). */
export interface EditAnswer {
  intent: string;
  status: 'success' | 'error';
  message: string;
  fieldErrors?: Record<string, string>;
  /** What was typed, so a refused form keeps it. */
  values?: Record<string, string>;
  /** The project the answer is about (the projects page has a form per project). */
  projectId?: string;
}

export const EDIT_MESSAGES = {
  refusedPerson: 'You can edit only your own profile.',
  refusedOrganisation: 'Only the organisation’s owner and admins can edit its profile.',
  unknownForm: 'This form could not be sent. Reload the page and try again.',
  saved: 'Saved. Your changes are in the draft: publish to show them on your public page.',
  published: 'Published: your public page shows this version now.',
} as const;

/** The form: text fields (cut to a sane length) and files by name. */
export async function readForm(request: Request): Promise<{ fields: Record<string, string>; files: Record<string, File> }> {
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value === 'string') fields[name.slice(0, 80)] = value.slice(0, 20_000);
    else if (value.size > 0) files[name.slice(0, 80)] = value;
  }
  return { fields, files };
}

/**
 * Repeated rows named `prefix.<n>.<name>` (careers, links, jobs …), in order; a row left wholly
 * blank is dropped, so a form can always offer an empty row to fill in.
 */
export function rowsOf(fields: Record<string, string>, prefix: string, names: readonly string[]): Record<string, string>[] {
  const indexes = new Set<number>();
  for (const key of Object.keys(fields)) {
    const match = new RegExp(`^${prefix}\\.(\\d{1,2})\\.`).exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => Object.fromEntries(names.map((name) => [name, (fields[`${prefix}.${index}.${name}`] ?? '').trim()])))
    .filter((row) => Object.values(row).some((value) => value !== ''));
}

/** A year field: empty is "none"; anything else goes to the service as a number (or as typed, for its message). */
export function yearOf(value: string | undefined): number | null | string {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return /^\d{1,4}$/.test(text) ? Number(text) : text;
}

const text = (value: string | undefined) => (value ?? '').trim();
export { text as fieldText };

/** The service's refusal as the form's answer and status: 403 not theirs, 400 a field to correct, 422 refused. */
export function refusal(
  intent: string,
  error: unknown,
  { values, refusedMessage, rename = {} }: { values?: Record<string, string>; refusedMessage: string; rename?: Record<string, string> },
) {
  // By its code, not instanceof: the page build has its own copy of the error classes.
  if (!(error instanceof Error) || !('code' in error) || !(String(error.code) in APP_ERRORS)) throw error;
  const code = String(error.code);
  if (code === 'FORBIDDEN')
    return data<EditAnswer>({ intent, status: 'error', message: refusedMessage, values }, { status: APP_ERRORS.FORBIDDEN.httpStatus });
  const problems = 'fieldErrors' in error && Array.isArray(error.fieldErrors) ? (error.fieldErrors as FieldError[]) : [];
  const fieldErrors: Record<string, string> = {};
  for (const problem of problems) {
    const name = problem.path.join('.');
    fieldErrors[rename[name] ?? name] ??= problem.message;
  }
  const messages = [...new Set(problems.map((problem) => problem.message))];
  const message =
    messages.length === 0 ? error.message : messages.length <= 2 ? messages.join(' ') : 'Please correct the highlighted fields.';
  const status = code === 'INVALID_INPUT' ? APP_ERRORS.INVALID_INPUT.httpStatus : APP_ERRORS.REFUSED.httpStatus;
  return data<EditAnswer>({ intent, status: 'error', message, fieldErrors, values }, { status });
}

/** The lookups' lists as select options. */
export function lookupOptions(context: AppLoadContext) {
  const { lookups } = context.services;
  const options = (list: readonly { key: string; title: string }[]): Option[] => list.map(({ key, title }) => ({ key, title }));
  return {
    countries: options(lookups.countries()),
    personCategories: options(lookups.personCategories()),
    industries: options(lookups.jobIndustries()),
    sizes: options(lookups.companySizes()),
    types: options(lookups.companyTypes()),
    ownership: options(lookups.companyOwnership()),
  };
}
export type LookupOptions = ReturnType<typeof lookupOptions>;

/** "Draft, not published" or "Published, version N", and whether the draft is ahead of it. */
export function publishState(version: number, hasUnpublishedChanges: boolean) {
  return {
    version,
    published: version > 0,
    words: version > 0 ? `Published, version ${version}` : 'Draft, not published',
    detail:
      version === 0
        ? 'No one else sees this profile until you publish it.'
        : hasUnpublishedChanges
          ? 'You have changes that are not published yet: the public page shows the last version.'
          : 'The public page shows everything below.',
    hasUnpublishedChanges,
  };
}

/** The profile's own pictures: `thumbnail` (a person's portrait, an organisation's logo) and `cover`. */
const IMAGE_SLOTS = { thumbnail: 'thumbnailKey', cover: 'coverKey' } as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;

/**
 * The "image" and "remove-image" forms of an editor: an uploaded picture (checked and stored by the
 * media module) becomes the draft's portrait, logo or cover; removing one clears it. `save` is the
 * editor's own update, called only after the caller has checked who may edit.
 */
export async function imageAction(
  args: Args,
  {
    intent,
    fields,
    files,
    label,
  }: { intent: string; fields: Record<string, string>; files: Record<string, File>; label: Record<ImageSlot, string> },
  save: (update: Partial<Record<(typeof IMAGE_SLOTS)[ImageSlot], string | null>>) => Promise<unknown>,
): Promise<EditAnswer | ReturnType<typeof data<EditAnswer>>> {
  const slot = fields.slot === 'thumbnail' || fields.slot === 'cover' ? fields.slot : null;
  if (!slot) return data<EditAnswer>({ intent, status: 'error', message: EDIT_MESSAGES.unknownForm }, { status: 400 });
  if (intent === 'remove-image') {
    await save({ [IMAGE_SLOTS[slot]]: null });
    return { intent, status: 'success', message: `${label[slot]} removed from the draft: publish to take it off your public page.` };
  }
  const file = files.image;
  if (!file) return data<EditAnswer>({ intent, status: 'error', message: 'Choose an image file (JPEG, PNG or WebP).' }, { status: 400 });
  const stored = await args.context.services.media.upload(new Uint8Array(await file.arrayBuffer()));
  if (!stored.ok) return data<EditAnswer>({ intent, status: 'error', message: stored.message }, { status: 422 });
  await save({ [IMAGE_SLOTS[slot]]: stored.key });
  return { intent, status: 'success', message: `${label[slot]} added to the draft: publish to show it on your public page.` };
}
