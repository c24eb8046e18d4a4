// Self-service flows: stored state between a form and its submission.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { identityFlows, type FlowInternal, type FlowKind, type FlowState, type UiText } from './schema.ts';

export type FlowRow = typeof identityFlows.$inferSelect;

/** Each flow lives an hour (Kratos default). */
export const FLOW_LIFESPAN_MS = 60 * 60 * 1000;

export const newCsrfToken = () => randomBytes(32).toString('base64url');

const initialState = (kind: FlowKind): FlowState => (kind === 'settings' ? 'show_form' : 'choose_method');

export function createFlowStore({ db }: { db: Db }) {
  return {
    async create({
      kind,
      type,
      requestUrl,
      returnTo,
      identityId,
      requestedAal = 'aal1',
      refresh = false,
      uiMessages = [],
      internal = {},
      csrfToken,
      state = initialState(kind),
      active = null,
      now = new Date(),
      expiresAt = new Date(now.getTime() + FLOW_LIFESPAN_MS),
    }: {
      kind: FlowKind;
      type: 'browser' | 'api';
      requestUrl: string;
      returnTo?: string | null;
      identityId?: string | null;
      requestedAal?: 'aal1' | 'aal2';
      refresh?: boolean;
      uiMessages?: UiText[];
      internal?: FlowInternal;
      /** The browser's anti-CSRF token (one per browser, shared by its flows); API flows get a fresh one. */
      csrfToken?: string;
      state?: FlowState;
      active?: string | null;
      now?: Date;
      /** Default: FLOW_LIFESPAN_MS after `now`. */
      expiresAt?: Date;
    }): Promise<FlowRow> {
      const [row] = await db
        .insert(identityFlows)
        .values({
          id: randomUUID(),
          kind,
          type,
          state,
          active,
          csrfToken: csrfToken ?? newCsrfToken(),
          requestUrl,
          returnTo: returnTo ?? null,
          identityId: identityId ?? null,
          requestedAal,
          refresh,
          uiMessages,
          internal,
          issuedAt: now,
          expiresAt,
          updatedAt: now,
        })
        .returning();
      return row!;
    },

    async get(id: string): Promise<FlowRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db.select().from(identityFlows).where(eq(identityFlows.id, id));
      return row ?? null;
    },

    async save(flow: FlowRow): Promise<FlowRow> {
      const [row] = await db
        .update(identityFlows)
        .set({
          state: flow.state,
          active: flow.active,
          uiMessages: flow.uiMessages,
          internal: flow.internal,
          identityId: flow.identityId,
          updatedAt: new Date(),
        })
        .where(eq(identityFlows.id, flow.id))
        .returning();
      return row!;
    },

    /** Removes the flow's emailed code or link token if it still has this hash: of two racing submissions, one wins. */
    async takeSecret(id: string, slot: 'code' | 'link', hash: string): Promise<boolean> {
      const rows = await db
        .update(identityFlows)
        .set({ internal: sql`${identityFlows.internal} - ${slot}::text`, updatedAt: new Date() })
        .where(and(eq(identityFlows.id, id), sql`${identityFlows.internal} -> ${slot}::text ->> 'hash' = ${hash}`))
        .returning({ id: identityFlows.id });
      return rows.length > 0;
    },

    /** Ends the flow's session token exchange if it still holds this return_to code: of two racing callers, one wins. */
    async endTokenExchange(id: string, returnToHash: string): Promise<boolean> {
      const rows = await db
        .update(identityFlows)
        .set({ internal: sql`${identityFlows.internal} - 'tokenExchange'`, updatedAt: new Date() })
        .where(and(eq(identityFlows.id, id), sql`${identityFlows.internal} -> 'tokenExchange' ->> 'returnToHash' = ${returnToHash}`))
        .returning({ id: identityFlows.id });
      return rows.length > 0;
    },

    /** Removes flows that expired a day ago or more (called from a periodic job). */
    async purgeExpired(now = new Date()): Promise<void> {
      await db.delete(identityFlows).where(lt(identityFlows.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
    },
  };
}

export type FlowStore = ReturnType<typeof createFlowStore>;
