// §8 auth errors in GraphQL and tRPC answers. Apart from auth-client.ts, which loads the identity
// SDK: the API clients need this on every call, the SDK only once a reader with a session acts.

export const AUTH_ERROR_TYPE = 'AuthError';
/** The value itself is level 1. */
export const AUTH_ERROR_MAX_DEPTH = 3;

/**
 * §8: true when the value, or an object nested in it at most 3 levels deep counting the value
 * itself (arrays count as a level), has `__typename` or `type` 'AuthError'. For GraphQL
 * `{ data: { field: { __typename: 'AuthError' } } }` is found; one level deeper is not.
 */
export function isAuthError(value: unknown): boolean {
  return hasAuthError(value, 1);
}

function hasAuthError(value: unknown, level: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  if (fields.__typename === AUTH_ERROR_TYPE || fields.type === AUTH_ERROR_TYPE) return true;
  if (level >= AUTH_ERROR_MAX_DEPTH) return false;
  return Object.values(fields).some((child) => hasAuthError(child, level + 1));
}
