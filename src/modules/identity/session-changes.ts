// Telling every process that identity sessions ended (or got a new token), so a cached "this
// session is active" (active-sessions.ts) never outlives a sign-out (issue 13). The message travels
// on the app's change bus (platform/change-bus.ts, topic 'sessions', decision 032): NOTIFY to every
// process on a PostgreSQL database; this process hears it first, directly, never waiting for the database.
import { localChangeBus, type ChangeBus } from '../../platform/change-bus.ts';

export interface SessionChanges {
  /** These sessions' tokens no longer stand (the session ended, or its token was replaced). */
  announce(sessionIds: string[]): Promise<void>;
  /** Runs for every announcement, this process's and (on PostgreSQL) every other's. */
  subscribe(listener: (sessionIds: string[]) => void): () => void;
}

/** Announcements reach this process only: tests of a single service. */
export function localSessionChanges(): SessionChanges {
  return sessionChangesOn(localChangeBus());
}

/** Announcements on the app's change bus: every process on the database hears them. */
export function sessionChangesOn(bus: ChangeBus): SessionChanges {
  return {
    async announce(sessionIds) {
      if (sessionIds.length === 0) return;
      await bus.publish('sessions', { ids: sessionIds });
    },
    subscribe(listener) {
      return bus.subscribe('sessions', ({ ids }) => listener(ids));
    },
  };
}
