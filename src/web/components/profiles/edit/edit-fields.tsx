// The profile editors' form parts (issue 18, decision 047): a long-text field, repeated rows (an
// empty row to fill in always offered, so no JavaScript is needed to add one), the publish state
// with preview and public links, and an action's answer. Plain inputs posted by a Form.
import { Form, Link, useNavigation } from 'react-router';
import { FormNotice } from '../../form-fields.tsx';
import { Picture } from '../../picture.tsx';

export interface Answer {
  intent: string;
  status: 'success' | 'error';
  message: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  projectId?: string;
}

/** The value to show: what the person typed in a refused form, else what is saved. */
export function valueFrom(answer: Answer | undefined, intent: string) {
  const typed = answer?.status === 'error' && answer.intent === intent ? answer.values : undefined;
  return (name: string, saved: Saved) => typed?.[name] ?? (saved === null || saved === undefined ? '' : String(saved));
}

export function errorFrom(answer: Answer | undefined, intent: string) {
  return (name: string) => (answer?.intent === intent ? answer.fieldErrors?.[name] : undefined);
}

export type Saved = string | number | null | undefined;

/**
 * One form's fields bound to what is saved and to the answer of its `intent`:
 * `<TextField label="City" {...field('city', profile.city)} />` gives a field its name, value and error.
 */
export function formOf(answer: Answer | undefined, intent: string) {
  const value = valueFrom(answer, intent);
  const error = errorFrom(answer, intent);
  const field = (name: string, saved: Saved) => ({ name, defaultValue: value(name, saved), error: error(name) });
  return { value, error, field };
}

export type BoundForm = ReturnType<typeof formOf>;

/** A notice after a redirect (?done=): shown until the next form is answered. */
export function DoneNotice({ notice, answer }: { notice: string | null; answer: Answer | undefined }) {
  if (!notice || answer) return null;
  return (
    <div className="profile-edit__notice">
      <FormNotice kind="success">{notice}</FormNotice>
    </div>
  );
}

/** The answer to the form `intent`, shown by it. */
export function AnswerNotice({ answer, intents, projectId }: { answer: Answer | undefined; intents: string[]; projectId?: string }) {
  if (!answer || !intents.includes(answer.intent) || (projectId !== undefined && answer.projectId !== projectId)) return null;
  return <FormNotice kind={answer.status}>{answer.message}</FormNotice>;
}

export function TextArea({
  name,
  label,
  defaultValue,
  error,
  hint,
  rows = 4,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  rows?: number;
}) {
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={name} className="field__label">
        {label}
        <span className="field__optional"> (optional)</span>
      </label>
      {hint && (
        <p id={`${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={name}
        name={name}
        rows={rows}
        className="field__input profile-edit__textarea"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error && (
        <p id={`${name}-error`} className="field__message field__message--error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's submit button, which says what it is doing while its form (`intent`) is being sent. */
export function IntentButton({ intent, label, busyLabel, small }: { intent: string; label: string; busyLabel: string; small?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" className={small ? 'button button--small' : 'button'} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** One column of repeated rows: its input is named `prefix.index.name`. */
export interface RowColumn {
  name: string;
  label: string;
  type?: 'text' | 'url' | 'date';
  placeholder?: string;
}

/**
 * Repeated rows in a fieldset, one input per column: the saved rows, then one empty row to fill in
 * (left empty, it is ignored), so adding a row needs no JavaScript. `value` and `error` are the
 * form's (formOf): a refused form shows what was typed.
 */
export function FieldRows({
  legend,
  hint,
  prefix,
  columns,
  items,
  form,
}: {
  legend: string;
  hint: string;
  prefix: string;
  columns: RowColumn[];
  items: readonly object[];
  form: BoundForm;
}) {
  return (
    <fieldset className="profile-edit__rows">
      <legend className="field__label">{legend}</legend>
      <p className="field__hint">{hint}</p>
      {[...items, {}].map((item, index) => {
        const row = item as Record<string, Saved>;
        return (
          <div className="profile-edit__row" key={index}>
            {columns.map((column) => (
              <RowInput
                key={column.name}
                id={`${prefix}.${index}.${column.name}`}
                column={column}
                value={form.value(`${prefix}.${index}.${column.name}`, row[column.name])}
                error={form.error(`${prefix}.${index}.${column.name}`)}
              />
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}

/** One cell of a repeated row, labelled for assistive technology with its column. */
function RowInput({ id, column, value, error }: { id: string; column: RowColumn; value: string; error: string | undefined }) {
  return (
    <div className="field profile-edit__cell">
      <label htmlFor={id} className="field__label">
        {column.label}
      </label>
      <input
        id={id}
        name={id}
        type={column.type ?? 'text'}
        className="field__input"
        defaultValue={value}
        placeholder={column.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__message field__message--error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Draft or published, with the preview, the public page and the publish button. */
export function PublishPanel({
  state,
  previewUrl,
  publicUrl,
  hidden,
}: {
  state: { words: string; detail: string; published: boolean; hasUnpublishedChanges: boolean };
  previewUrl: string;
  publicUrl: string | null;
  hidden?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const publishing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'publish';
  return (
    <section className="profile-edit__state" aria-labelledby="profile-state-heading">
      <h2 id="profile-state-heading" className="profile-edit__state-title">
        {state.words}
      </h2>
      <p className="profile-edit__state-detail">{state.detail}</p>
      <div className="profile-edit__actions">
        {(!state.published || state.hasUnpublishedChanges) && (
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            {Object.entries(hidden ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button" disabled={publishing}>
              {publishing ? 'Publishing…' : state.published ? 'Publish changes' : 'Publish'}
            </button>
          </Form>
        )}
        <Link to={previewUrl} className="button button--secondary">
          Preview
        </Link>
        {publicUrl && (
          <Link to={publicUrl} className="button button--secondary">
            Public page
          </Link>
        )}
      </div>
    </section>
  );
}

type ImageSlot = 'thumbnail' | 'cover';

/**
 * The profile's own pictures (a portrait or logo, and a cover): each shown as it is in the draft,
 * with an upload form (a file posted as multipart: no JavaScript needed) and a Remove button.
 */
export function ImagesPanel({
  images,
  labels,
  answer,
  hidden = {},
}: {
  images: Record<ImageSlot, string | null>;
  labels: Record<ImageSlot, string>;
  answer: Answer | undefined;
  hidden?: Record<string, string>;
}) {
  const hiddenInputs = (intent: string, slot: ImageSlot) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slot" value={slot} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  return (
    <section className="account-section profile-edit" aria-labelledby="images-heading">
      <h2 id="images-heading" className="account-section__title">
        Pictures
      </h2>
      <AnswerNotice answer={answer} intents={['image', 'remove-image']} />
      <div className="profile-edit__images">
        {(['thumbnail', 'cover'] as const).map((slot) => {
          const key = images[slot];
          const name = labels[slot].toLowerCase();
          return (
            <div key={slot} className="profile-edit__image">
              <h3 className="profile-edit__item-title">{labels[slot]}</h3>
              {key ? (
                <Picture
                  className={slot === 'thumbnail' ? 'profile-edit__picture profile-edit__picture--square' : 'profile-edit__picture'}
                  imageKey={key}
                  alt={`The ${name} in the draft`}
                  ratio={slot === 'thumbnail' ? '1x1' : '3x2'}
                  width={320}
                  sizes="160px"
                />
              ) : (
                <p className="profile-edit__meta">None yet.</p>
              )}
              <Form method="post" encType="multipart/form-data">
                {hiddenInputs('image', slot)}
                <div className="field">
                  <label htmlFor={`image-${slot}`} className="field__label">
                    {key ? `Replace the ${name}` : `Upload a ${name}`}
                  </label>
                  <p id={`image-${slot}-hint`} className="field__hint">
                    JPEG, PNG or WebP, up to 5 MB.
                  </p>
                  <input
                    id={`image-${slot}`}
                    name="image"
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    required
                    className="field__input"
                    aria-describedby={`image-${slot}-hint`}
                  />
                </div>
                <IntentButton intent="image" label={`Upload the ${name}`} busyLabel="Uploading…" small />
              </Form>
              {key && (
                <Form method="post">
                  {hiddenInputs('remove-image', slot)}
                  <button type="submit" className="button button--small button--secondary">
                    Remove the {name}
                  </button>
                </Form>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
