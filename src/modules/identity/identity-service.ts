// The identity provider's use cases, transport-free: start, read and submit self-service flows,
// sessions, logout. identity-routes.ts maps them onto Kratos's HTTP API. This file only wires: each
// flow lives in flows/ and gets the shared context (flows/context.ts) built here once.
import { eq } from 'drizzle-orm';
import { createActiveSessions } from './active-sessions.ts';
import { createIdentityAdmin } from './identity-admin.ts';
import type { IdentityWithAddresses } from './identity-store.ts';
import type { Outcome } from './outcome.ts';
import { createPeople } from './people.ts';
import { identityErrors as errorTable, type FlowKind } from './schema.ts';
import { unsafeTextMessages } from './traits.ts';
import { createFlowContext, type Body, type IdentityServiceOptions, type RequestContext } from './flows/context.ts';
import { createEmailChallenge, type LinkFinishers } from './flows/email-challenge.ts';
import { flowParamsOf } from './flows/flow-params.ts';
import { createFlowJson } from './flows/flow-json.ts';
import { createLoginFlow } from './flows/login.ts';
import { createRecoveryFlow } from './flows/recovery.ts';
import { createRegistrationFlow } from './flows/registration.ts';
import { createSessionFlows } from './flows/sessions.ts';
import { createSettingsFlow } from './flows/settings.ts';
import { createSocialSignIn } from './flows/social-sign-in.ts';
import { createFlowStart } from './flows/start.ts';
import { createVerificationFlow } from './flows/verification.ts';

export type { IdentityEmail, IdentityMailer, IdentityServiceOptions, RequestContext } from './flows/context.ts';
export type { ContinueWith, Outcome } from './outcome.ts';

export function createIdentityService(options: IdentityServiceOptions) {
  const ctx = createFlowContext(options);
  const { identities, sessions, flows } = ctx;
  const activeSessions = createActiveSessions({ findByToken: (token) => sessions.findByToken(token), changes: ctx.sessionChanges });

  const start = createFlowStart(ctx);
  const challenge = createEmailChallenge(ctx);
  const verification = createVerificationFlow(ctx, challenge);
  const recovery = createRecoveryFlow(ctx, challenge);
  const login = createLoginFlow(ctx);
  const registration = createRegistrationFlow(ctx, verification);
  const settings = createSettingsFlow(ctx, verification);
  const social = createSocialSignIn(ctx, { finishLogin: login.finish, finishRegistration: registration.finish });
  const linkFinishers: LinkFinishers = {
    recovery: (flow, stored, context, invalidMessage) => recovery.finish(flow, stored, 'link_recovery', context, invalidMessage),
    verification: verification.finish,
  };

  return {
    /** @deprecated The identity store; other modules use `people` (and the seed `admin`). Kept until the last callers move (issue 14). */
    identities,
    /** What other modules may read and change about a person (people.ts); they never get the store. */
    people: createPeople(identities),
    /** In-process admin calls: create an identity, set its password or staff flag (identity-admin.ts). */
    admin: createIdentityAdmin(identities, options),
    sessions,
    flows,
    /** The active session a token names, checked through a short cache that ended sessions leave at once. */
    activeSession: (token: string) => activeSessions.find(token),
    /**
     * What the product tokens say about this identity changed (memberships call it): tokens minted
     * before now are stale in every session and process, and the next request gets new ones.
     */
    claimsChanged: (identityId: string) => sessions.claimsChanged(identityId),
    /** Sessions that ended or got a new token, announced by any process. */
    sessionChanges: { subscribe: ctx.sessionChanges.subscribe },
    limiter: ctx.limiter,

    /** login_challenge, organization, via, after_verification_return_to of an init request (flows/flow-params.ts). */
    flowParams: (kind: FlowKind, query: Record<string, string | undefined>) => flowParamsOf(kind, query, (url) => ctx.checkReturnTo(url)),
    /** The `ui` and the rest of a flow as Kratos returns it. */
    flowToJson: createFlowJson(ctx),
    /** The Kratos `identity` object of a signed-in or registered outcome. */
    identityToJson: (identity: IdentityWithAddresses) => identities.toJson(identity),
    initFlow: start.initFlow,
    getFlow: start.getFlow,

    /** POST /self-service/<kind>?flow= */
    async submitFlow(input: {
      kind: FlowKind;
      id: string;
      body: Body;
      /** An emailed link's token (query ?token=). */ token?: string;
      csrfCookie?: string;
      context: RequestContext;
    }): Promise<Outcome> {
      const { kind, body, token, context } = input;
      const flow = await start.openForSubmit(input);
      // Checked once here for every method: such text is never a real answer, and PostgreSQL could not store it.
      const unsafeText = unsafeTextMessages(body);
      if (unsafeText) return ctx.invalid(flow, unsafeText);
      switch (kind) {
        case 'login':
          return login.submit(flow, body, context);
        case 'registration':
          return registration.submit(flow, body, context);
        case 'recovery':
          return token ? challenge.confirmLink(flow, token, context, linkFinishers) : recovery.submit(flow, body, context);
        case 'verification':
          return token ? challenge.confirmLink(flow, token, context, linkFinishers) : verification.submit(flow, body, context);
        case 'settings':
          return settings.submit(flow, body, context);
      }
    },
    openLink: challenge.openLink,

    ...createSessionFlows(ctx),
    oidcCallback: social.callback,
    exchangeSessionToken: social.exchangeSessionToken,

    /** GET /self-service/errors?id= — an error kept for the browser's error page (also read by that page's loader). */
    async getFlowError(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await options.db.select().from(errorTable).where(eq(errorTable.id, id));
      return row
        ? { id: row.id, error: row.error, created_at: row.createdAt.toISOString(), updated_at: row.createdAt.toISOString() }
        : null;
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
