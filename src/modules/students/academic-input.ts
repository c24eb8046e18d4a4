// What a student types to prove they study (issue 7 "Students"): an academic email address, the
// year they expect to graduate, and the code we email to that address. Isomorphic: the validation
// page checks fields in the browser with these schemas and the service parses with the same ones,
// so a message reads the same in both places. Whether the address's domain is academic needs the
// dataset, so only the server knows (academic-domains.ts).
import { z } from 'zod';
import { emailSchema } from '../../shared/validation/formats.ts';

/** A student membership lasts until graduation; nobody studies for more than eight more years. */
export const MAX_YEARS_TO_GRADUATION = 8;

export const academicMessages = {
  graduationYearMissing: 'Enter the year you expect to graduate.',
  code: 'Enter the 6-digit code from the email.',
} as const;

/** The graduation years accepted on `now`: this year (UTC) to eight years on. */
export function graduationYearBounds(now: Date = new Date()): { min: number; max: number } {
  const min = now.getUTCFullYear();
  return { min, max: min + MAX_YEARS_TO_GRADUATION };
}

export function graduationYearMessage(now: Date = new Date()): string {
  const { min, max } = graduationYearBounds(now);
  return `Enter the year you expect to graduate: a whole number from ${min} to ${max}.`;
}

// Forms send text ("2028"), the API a number: both arrive here as a number when they are one.
const asNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : value;
};

/** A whole number from this year to this year + 8, with a message that says so. */
export function graduationYearSchema(now: Date = new Date()) {
  const { min, max } = graduationYearBounds(now);
  const message = graduationYearMessage(now);
  return z.preprocess(
    asNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? academicMessages.graduationYearMissing : message) })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );
}

/** Step 1 of the validation page and the validateAcademicEmail mutation. */
export function academicEmailInputSchema(now: Date = new Date()) {
  return z.object({ email: emailSchema, graduationYear: graduationYearSchema(now) });
}
export type AcademicEmailInput = z.output<ReturnType<typeof academicEmailInputSchema>>;

/** Step 2: the code from the email; spaces people paste along ("123 456") are forgiven. */
export const academicCodeSchema = z.object({
  code: z
    .string({ error: academicMessages.code })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: academicMessages.code })),
});
