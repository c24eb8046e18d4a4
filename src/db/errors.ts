// PostgreSQL errors as both drivers report them (drizzle wraps the driver's error as `cause`).

/** PostgreSQL's unique violation (23505): a row whose key is already stored, or a race lost to a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
