// Waiting for the server to catch up (§4 Refresh-until-changed): after a purchase or a profile
// change the new claims reach the token asynchronously, so refresh until the field moves.
import type { SessionUser } from '../../shared/auth/session-user.ts';

export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_ATTEMPTS = 5;

export const REFRESH_FAILED_MESSAGE = 'Failed to refresh the token!';
export const PARAM_UNCHANGED_MESSAGE = 'Param has not changed!';

export interface RefreshUntilChangedDeps {
  forceRefresh: () => Promise<SessionUser>;
  getUser: () => SessionUser;
  sleep: (ms: number) => Promise<void>;
}

export interface RefreshUntilChangedOptions<K extends keyof SessionUser> {
  /** The user field to watch. */
  field: K;
  /** Values that count as success even when equal to the starting value. */
  allowedValues?: readonly SessionUser[K][];
}

/**
 * Forces a refresh up to 5 times, waiting 1 s, 2 s, 4 s, 8 s between attempts, until `field`
 * differs from its value at the call or takes one of `allowedValues`. A failed refresh throws
 * 'Failed to refresh the token!' at once; an unchanged field is 'Param has not changed!' and is
 * retried; the last error is thrown when the attempts run out.
 */
export async function refreshUntilChanged<K extends keyof SessionUser>(
  deps: RefreshUntilChangedDeps,
  { field, allowedValues = [] }: RefreshUntilChangedOptions<K>,
): Promise<SessionUser> {
  const initial = deps.getUser()[field];
  let lastError = new Error(PARAM_UNCHANGED_MESSAGE);
  for (let attempt = 0; attempt < RETRY_MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await deps.sleep(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    let user: SessionUser;
    try {
      user = await deps.forceRefresh();
    } catch (cause) {
      // Only an unchanged value is worth waiting for; a broken refresh will not mend itself.
      throw new Error(REFRESH_FAILED_MESSAGE, { cause });
    }
    const value = user[field];
    if (value !== initial || allowedValues.includes(value)) return user;
    lastError = new Error(PARAM_UNCHANGED_MESSAGE);
  }
  throw lastError;
}
