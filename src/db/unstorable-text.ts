// The last line of defence against text PostgreSQL cannot store. Boundaries refuse such text first
// (safeText in shared/validation/formats.ts); a string that slips past one must still be the
// sender's 400, not a server error, so each transport's error handler asks this.

/** 22021: invalid byte sequence (a NUL in text); 22P05: untranslatable character (\u0000 or half a surrogate pair in JSON). */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** True when a database error, or any error it was caused by, is PostgreSQL refusing the text it was sent. */
export function isUnstorableTextError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
  }
  return false;
}

export const UNSTORABLE_TEXT_MESSAGE =
  'The request holds text that cannot be stored (a control character such as NUL, or half of an emoji or symbol). Remove it and try again.';
