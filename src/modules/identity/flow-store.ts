// Self-service flows: stored state between a form and its submission.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
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
      now = new Date(),
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
      now?: Date;
    }): Promise<FlowRow> {
      const [row] = await db
        .insert(identityFlows)
        .values({
          id: randomUUID(),
          kind,
          type,
          state: initialState(kind),
          csrfToken: csrfToken ?? newCsrfToken(),
          requestUrl,
          returnTo: returnTo ?? null,
          identityId: identityId ?? null,
          requestedAal,
          refresh,
          uiMessages,
          internal,
          issuedAt: now,
          expiresAt: new Date(now.getTime() + FLOW_LIFESPAN_MS),
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
        .set({ state: flow.state, active: flow.active, uiMessages: flow.uiMessages, internal: flow.internal, identityId: flow.identityId, updatedAt: new Date() })
        .where(eq(identityFlows.id, flow.id))
        .returning();
      return row!;
    },

    /** Removes flows that expired a day ago or more (called from a periodic job). */
    async purgeExpired(now = new Date()): Promise<void> {
      await db.delete(identityFlows).where(lt(identityFlows.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
    },
  };
}

export type FlowStore = ReturnType<typeof createFlowStore>;
