// Plain form fields for the product's own forms (account details, one-more-step …), styled like
// the identity screens' fields. Each field shows its hint and its error in place and points
// assistive technology at both; errors come from the shared zod schemas, in the browser or back
// from the server action.
import type { ReactNode } from 'react';

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

function describedBy(name: string, { error, hint }: { error?: string; hint?: string }) {
  return [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
}

function FieldFrame({ name, label, error, hint, required, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={name} className="field__label">
        {label}
        {!required && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${name}-error`} className="field__message field__message--error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  defaultValue,
  type = 'text',
  autoComplete,
  inputMode,
  inputClassName,
  ...props
}: FieldProps & {
  defaultValue?: string | null;
  type?: 'text' | 'email' | 'datetime-local';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  /** e.g. field__input--code for a one-time code. */ inputClassName?: string;
}) {
  const { name, error, required } = props;
  return (
    <FieldFrame {...props}>
      <input
        id={name}
        name={name}
        type={type}
        className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
        defaultValue={defaultValue ?? ''}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoCapitalize={type === 'email' ? 'none' : undefined}
        spellCheck={type === 'email' ? false : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, props)}
      />
    </FieldFrame>
  );
}

export interface Option {
  key: string;
  title: string;
}

export function SelectField({
  options,
  defaultValue,
  placeholder = 'Choose…',
  autoComplete,
  ...props
}: FieldProps & { options: readonly Option[]; defaultValue?: string | null; placeholder?: string; autoComplete?: string }) {
  const { name, error, required } = props;
  return (
    <FieldFrame {...props}>
      <select
        id={name}
        name={name}
        className="field__input field__select"
        defaultValue={defaultValue ?? ''}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, props)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.title}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A message for the whole form: what went wrong (role=alert) or what just happened (role=status). */
export function FormNotice({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
