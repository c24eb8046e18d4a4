// A refused field, as forms show it inline and the API returns it (§8 ZodError field errors).
import type { z } from 'zod';

export interface FieldError {
  /** Where in the input, e.g. ['country'] or ['input', 'firstName']. */
  path: string[];
  /** zod's issue code, or our own for rules zod cannot know (e.g. 'unknown_key'). */
  code: string;
  message: string;
}

export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String), code: issue.code, message: issue.message }));
}

/** The first message per top-level field, for rendering next to inputs. */
export function messagesByField(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const field = error.path.at(-1) ?? '';
    out[field] ??= error.message;
  }
  return out;
}

/** A service answer: the value, or the fields a person must correct. */
export type Validated<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldError[] };
