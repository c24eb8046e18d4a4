// After a purchase or an upgrade the new membership reaches the session claims asynchronously
// (SPEC §4 Refresh-until-changed): the confirmation waits for them through the auth client, so the
// header, the walls and every later call see the new membership without a page load.
import { useEffect, useState } from 'react';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import { browserAuthStarting } from './session.ts';

export type ClaimsWait = 'waiting' | 'ready' | 'failed';

export interface NewClaims<K extends keyof SessionUser> {
  /** The claim that the purchase changes. */
  field: K;
  /** Values that mean "done" even if the browser already held them. */
  allowedValues: readonly SessionUser[K][];
}

/**
 * Waits for `claims` (null: nothing to wait for yet). Without the browser auth client (no
 * JavaScript yet) there is nothing to refresh: the purchase's own answer already set the cookies.
 */
export function useNewClaims<K extends keyof SessionUser>(claims: NewClaims<K> | null): ClaimsWait {
  const [state, setState] = useState<ClaimsWait>('waiting');
  // The options are compared by content: callers pass a fresh object on every render.
  const key = claims === null ? null : JSON.stringify(claims);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    const wanted = JSON.parse(key) as NewClaims<K>;
    void (browserAuthStarting() ?? Promise.resolve(null))
      .then((client) => client?.refreshUntilChanged(wanted))
      .then(
        () => current && setState('ready'),
        () => current && setState('failed'),
      );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
