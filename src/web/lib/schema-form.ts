// Inline validation with the shared zod schemas: the browser checks a field when it loses focus
// and the whole form on submit, with the same messages the server action would return. Without
// JavaScript the form still posts and the action answers with those messages.
import './zod-jitless.ts';
import { useState, type FocusEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsFromZod, messagesByField, type FieldError } from '../../shared/validation/field-errors.ts';

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

export function useSchemaForm(schema: z.ZodType, serverErrors: readonly FieldError[] | undefined) {
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  // A new answer from the server replaces what the browser found.
  const [seen, setSeen] = useState(serverErrors);
  if (seen !== serverErrors) {
    setSeen(serverErrors);
    setClientErrors(null);
  }
  const errors = clientErrors ?? messagesByField(serverErrors ?? []);

  function check(form: HTMLFormElement) {
    const result = schema.safeParse(formValues(form));
    return result.success ? {} : messagesByField(fieldErrorsFromZod(result.error));
  }

  // Only the named field changes; others keep what the person has not fixed yet.
  function recheck(form: HTMLFormElement, name: string | undefined) {
    if (!name) return;
    const found = check(form);
    setClientErrors((current) => {
      const next = { ...(current ?? errors) };
      if (found[name]) next[name] = found[name];
      else delete next[name];
      return next;
    });
  }

  return {
    errors,
    onBlur(event: FocusEvent<HTMLFormElement>) {
      recheck(event.currentTarget, (event.target as Partial<HTMLInputElement>).name);
    },
    /** A field already marked wrong is checked as it changes, so the message goes once it is fixed. */
    onChange(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as Partial<HTMLInputElement>).name;
      if (name && errors[name]) recheck(event.currentTarget, name);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const found = check(event.currentTarget);
      setClientErrors(found);
      if (Object.keys(found).length > 0) {
        event.preventDefault();
        const first = event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`);
        first?.focus();
      }
    },
  };
}
