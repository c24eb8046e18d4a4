// The profile editors' form parts (issue 18, decision 047): a long-text field, repeated rows (an
// empty row to fill in always offered, so no JavaScript is needed to add one), the publish state
// with preview and public links, and an action's answer. Plain inputs posted by a Form.
import { Form, Link, useNavigation } from 'react-router';
import { FormNotice } from '../../form-fields.tsx';

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
  return (name: string, saved: string | number | null | undefined) =>
    typed?.[name] ?? (saved === null || saved === undefined ? '' : String(saved));
}

export function errorFrom(answer: Answer | undefined, intent: string) {
  return (name: string) => (answer?.intent === intent ? answer.fieldErrors?.[name] : undefined);
}

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

/** One input of a repeated row: `prefix.index.name`, labelled for assistive technology with its row. */
export function RowInput({
  prefix,
  index,
  name,
  label,
  value,
  error,
  type = 'text',
  placeholder,
}: {
  prefix: string;
  index: number;
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: 'text' | 'url' | 'date';
  placeholder?: string;
}) {
  const id = `${prefix}.${index}.${name}`;
  return (
    <div className="field profile-edit__cell">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        className="field__input"
        defaultValue={value}
        placeholder={placeholder}
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

/** Repeated rows in a fieldset: the saved ones, then one empty row (left empty, it is ignored). */
export function Rows<T>({
  legend,
  hint,
  items,
  empty,
  render,
}: {
  legend: string;
  hint: string;
  items: T[];
  empty: T;
  render: (item: T, index: number) => React.ReactNode;
}) {
  return (
    <fieldset className="profile-edit__rows">
      <legend className="field__label">{legend}</legend>
      <p className="field__hint">{hint}</p>
      {[...items, empty].map((item, index) => (
        <div className="profile-edit__row" key={index}>
          {render(item, index)}
        </div>
      ))}
    </fieldset>
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
