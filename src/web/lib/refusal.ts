// A service's refusal in words a form can show: the first field's problem of a refused input
// (InputError), else the refusal's own message. Anything that is not a refusal is thrown on:
// the page shows its error page.
import { isAppError } from '../../shared/errors.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';

export function refusalMessage(error: unknown): string {
  if (!isAppError(error)) throw error;
  const fieldErrors = 'fieldErrors' in error ? (error.fieldErrors as FieldError[]) : [];
  return fieldErrors[0]?.message ?? error.message;
}
