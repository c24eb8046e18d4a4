// Identity sessions: opaque tokens (only their hashes are stored), assurance levels, devices.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { identitySessions, type AuthenticationMethod, type SessionDevice } from './schema.ts';
import { localSessionChanges, type SessionChanges } from './session-changes.ts';

export type SessionRow = typeof identitySessions.$inferSelect;

/** Sessions last a day (Kratos default); settings changes need a sign-in within the privileged window. */
export const SESSION_LIFESPAN_MS = 24 * 60 * 60 * 1000;
export const PRIVILEGED_WINDOW_MS = 15 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

export function createSessionStore({
  db,
  changes = localSessionChanges(),
}: {
  db: Db;
  /** Told of every session that ends or gets a new token. */ changes?: SessionChanges;
}) {
  /**
   * The one way sessions end (logout, "sign out of other sessions", a password change, an admin):
   * every process forgets them at once, so no cached check lets their tokens act a moment longer.
   */
  async function end(which: SQL | undefined): Promise<number> {
    const rows = await db
      .update(identitySessions)
      .set({ active: false })
      .where(and(which, eq(identitySessions.active, true)))
      .returning({ id: identitySessions.id });
    await changes.announce(rows.map((row) => row.id));
    return rows.length;
  }

  return {
    async create({
      identityId,
      method,
      aal = 'aal1',
      device,
      now = new Date(),
    }: {
      identityId: string;
      method: AuthenticationMethod['method'];
      aal?: 'aal1' | 'aal2';
      device: Omit<SessionDevice, 'id'>;
      now?: Date;
    }) {
      const token = newToken('ory_st_');
      const logoutToken = newToken('ory_lo_');
      const [row] = await db
        .insert(identitySessions)
        .values({
          id: randomUUID(),
          tokenHash: hashToken(token),
          logoutTokenHash: hashToken(logoutToken),
          identityId,
          aal,
          authenticationMethods: [{ method, aal: 'aal1', completed_at: now.toISOString() }],
          devices: [{ id: randomUUID(), ...device }],
          authenticatedAt: now,
          issuedAt: now,
          expiresAt: new Date(now.getTime() + SESSION_LIFESPAN_MS),
        })
        .returning();
      return { token, session: row! };
    },

    /** An active, unexpired session for this token, or null. */
    async findByToken(token: string, now = new Date()): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(identitySessions)
        .where(
          and(eq(identitySessions.tokenHash, hashToken(token)), eq(identitySessions.active, true), gt(identitySessions.expiresAt, now)),
        );
      return row ?? null;
    },

    /** Adds a completed method (a second factor, or a re-authentication) to the session. */
    async addMethod(sessionId: string, method: AuthenticationMethod, now = new Date()): Promise<SessionRow> {
      const [row] = await db
        .update(identitySessions)
        .set({
          authenticationMethods: sql`${identitySessions.authenticationMethods} || ${JSON.stringify([method])}::jsonb`,
          aal: method.aal === 'aal2' ? 'aal2' : sql`${identitySessions.aal}`,
          authenticatedAt: now,
        })
        .where(eq(identitySessions.id, sessionId))
        .returning();
      return row!;
    },

    /**
     * A new token for the same session. Called when the session gains privileges (a second
     * factor, a re-authentication), so a token seen before then is worth nothing afterwards.
     */
    async renew(sessionId: string): Promise<string> {
      const token = newToken('ory_st_');
      await db
        .update(identitySessions)
        .set({ tokenHash: hashToken(token) })
        .where(eq(identitySessions.id, sessionId));
      await changes.announce([sessionId]);
      return token;
    },

    /**
     * What the product tokens say about the identity changed (a membership granted or ended, a
     * seat removed): every active session is marked, and every process forgets its cached answer,
     * so the next request with an older token gets new ones (decision 046). Returns the sessions marked.
     */
    async claimsChanged(identityId: string, now = new Date()): Promise<number> {
      const rows = await db
        .update(identitySessions)
        .set({ claimsChangedAt: now })
        .where(and(eq(identitySessions.identityId, identityId), eq(identitySessions.active, true), gt(identitySessions.expiresAt, now)))
        .returning({ id: identitySessions.id });
      await changes.announce(rows.map((row) => row.id));
      return rows.length;
    },

    /** A fresh logout token for the browser logout flow. */
    async rotateLogoutToken(sessionId: string): Promise<string> {
      const logoutToken = newToken('ory_lo_');
      await db
        .update(identitySessions)
        .set({ logoutTokenHash: hashToken(logoutToken) })
        .where(eq(identitySessions.id, sessionId));
      return logoutToken;
    },

    async revoke(sessionId: string): Promise<void> {
      await end(eq(identitySessions.id, sessionId));
    },

    async revokeOthers(identityId: string, keepSessionId: string): Promise<number> {
      return end(and(eq(identitySessions.identityId, identityId), ne(identitySessions.id, keepSessionId)));
    },

    /** Every session of the identity (an administrator's revocation). */
    async revokeAll(identityId: string): Promise<number> {
      return end(eq(identitySessions.identityId, identityId));
    },

    async get(sessionId: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(identitySessions).where(eq(identitySessions.id, sessionId));
      return row ?? null;
    },

    /** The identity's other active sessions, newest first. */
    async listOthers(identityId: string, exceptSessionId: string, { offset, limit }: { offset: number; limit: number }, now = new Date()) {
      const where = and(
        eq(identitySessions.identityId, identityId),
        ne(identitySessions.id, exceptSessionId),
        eq(identitySessions.active, true),
        gt(identitySessions.expiresAt, now),
      );
      const rows = await db
        .select()
        .from(identitySessions)
        .where(where)
        .orderBy(desc(identitySessions.issuedAt))
        .limit(limit)
        .offset(offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(identitySessions)
        .where(where);
      return { rows, total: count?.n ?? 0 };
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function sessionToJson(row: SessionRow, identity: unknown) {
  return {
    id: row.id,
    active: row.active && row.expiresAt.getTime() > Date.now(),
    expires_at: row.expiresAt.toISOString(),
    authenticated_at: row.authenticatedAt.toISOString(),
    issued_at: row.issuedAt.toISOString(),
    authenticator_assurance_level: row.aal,
    authentication_methods: row.authenticationMethods,
    devices: row.devices,
    identity,
  };
}
