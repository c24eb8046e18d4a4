// Telling every process that identity sessions ended (or got a new token), so a cached "this
// session is active" (active-sessions.ts) never outlives a sign-out (issue 13). On PostgreSQL the
// message travels with NOTIFY to every process on the database; PGlite has one process, which is
// told directly. Delivery to this process never waits for the database.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';

export const SESSION_CHANGES_CHANNEL = 'identity_sessions_changed';
/** NOTIFY payloads stop at 8000 bytes: about 200 ids as JSON, so a message carries at most 150. */
const IDS_PER_MESSAGE = 150;
const payloadSchema = z.array(z.string().uuid());

export interface SessionChanges {
  /** These sessions' tokens no longer stand (the session ended, or its token was replaced). */
  announce(sessionIds: string[]): Promise<void>;
  /** Runs for every announcement, this process's and (on PostgreSQL) every other's. */
  subscribe(listener: (sessionIds: string[]) => void): () => void;
}

/** Announcements reach this process only: one process, or tests of a single service. */
export function localSessionChanges(): SessionChanges {
  return createSessionChanges(async () => {});
}

/** Announcements reach every process on the database. */
export async function openSessionChanges(database: Pick<Database, 'kind' | 'db' | 'listen'>): Promise<SessionChanges> {
  if (database.kind !== 'postgres') return localSessionChanges();
  const changes = createSessionChanges(async (payload) => {
    await database.db.execute(sql`select pg_notify(${SESSION_CHANGES_CHANNEL}, ${payload})`);
  });
  await database.listen(SESSION_CHANGES_CHANNEL, (payload) => {
    const ids = parsePayload(payload);
    if (ids) changes.deliver(ids);
  });
  return changes;
}

function createSessionChanges(broadcast: (payload: string) => Promise<void>): SessionChanges & { deliver(ids: string[]): void } {
  const listeners = new Set<(sessionIds: string[]) => void>();
  const deliver = (ids: string[]) => {
    for (const listener of listeners) listener(ids);
  };
  return {
    deliver,
    async announce(sessionIds) {
      if (sessionIds.length === 0) return;
      // This process forgets first; our own notification comes back later and changes nothing.
      deliver(sessionIds);
      for (let start = 0; start < sessionIds.length; start += IDS_PER_MESSAGE)
        await broadcast(JSON.stringify(sessionIds.slice(start, start + IDS_PER_MESSAGE)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function parsePayload(payload: string): string[] | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
