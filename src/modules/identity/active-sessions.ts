// "Does this identity session token name an active, unexpired session, and whose?" — asked by
// every request that acts for a user (the product session's tokens name the session they were
// minted from, issue 13). Positive answers are kept a few seconds so hot reads skip the database;
// a session that ends, gets a new token or whose tokens' claims changed is forgotten at once in
// every process (session-changes.ts).
import type { SessionChanges } from './session-changes.ts';
import { hashToken, type SessionRow } from './session-store.ts';

export interface ActiveSession {
  id: string;
  identityId: string;
  expiresAt: Date;
  /** Product tokens minted before this are stale (what they say changed); null when never. */
  claimsChangedAt: Date | null;
}

export interface ActiveSessionOptions {
  /** The store's lookup: an active, unexpired session for the token, or null. */
  findByToken: (token: string) => Promise<Pick<SessionRow, 'id' | 'identityId' | 'expiresAt' | 'claimsChangedAt'> | null>;
  changes: SessionChanges;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createActiveSessions({ findByToken, changes, ttlMs = 30_000, maxEntries = 10_000, now = Date.now }: ActiveSessionOptions) {
  // By token hash: the token itself never sits in memory longer than the request.
  const known = new Map<string, { session: ActiveSession; until: number }>();
  // Bumped by every announcement: an answer read from the database before one is not kept.
  let generation = 0;

  changes.subscribe((sessionIds) => {
    generation += 1;
    const changed = new Set(sessionIds);
    for (const [key, entry] of known) if (changed.has(entry.session.id)) known.delete(key);
  });

  return {
    async find(token: string): Promise<ActiveSession | null> {
      const key = hashToken(token);
      const at = now();
      const hit = known.get(key);
      if (hit && hit.until > at && hit.session.expiresAt.getTime() > at) return hit.session;
      known.delete(key);
      const asked = generation;
      const row = await findByToken(token);
      if (!row) return null;
      const session = { id: row.id, identityId: row.identityId, expiresAt: row.expiresAt, claimsChangedAt: row.claimsChangedAt };
      if (asked === generation) {
        if (known.size >= maxEntries) known.delete(known.keys().next().value!);
        known.set(key, { session, until: at + ttlMs });
      }
      return session;
    },
  };
}

export type ActiveSessions = ReturnType<typeof createActiveSessions>;
