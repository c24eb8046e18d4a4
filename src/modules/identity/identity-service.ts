// The identity provider's use cases, transport-free: start, read and submit self-service flows,
// sessions, logout. identity-routes.ts maps them onto Kratos's HTTP API.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { codeExpiresAt, generateCode, hashCode, MAX_CODE_ATTEMPTS, verifyCode, CODE_TTL_MS } from './credentials/one-time-code.ts';
import { generateLinkToken, hashLinkToken, verifyLinkToken } from './credentials/link-token.ts';
import {
  checkPasswordPolicy,
  hashPassword,
  verifyPassword,
  verifyPasswordAgainstDummy,
  type Argon2Params,
} from './credentials/password.ts';
import { IdentityError, identityErrors } from './errors.ts';
import { createFlowStore, type FlowRow } from './flow-store.ts';
import { buildUi } from './flow-ui.ts';
import { createPeople } from './people.ts';
import { createIdentityStore, type IdentityWithAddresses } from './identity-store.ts';
import { messages } from './messages.ts';
import {
  identityErrors as errorTable,
  type FlowKind,
  type FlowParams,
  type IdentityTraits,
  type SentSecret,
  type SessionDevice,
  type UiText,
} from './schema.ts';
import { createSessionStore, hashToken, PRIVILEGED_WINDOW_MS, sessionToJson, type SessionRow } from './session-store.ts';
import { localSessionChanges, type SessionChanges } from './session-changes.ts';
import { createActiveSessions } from './active-sessions.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';
import type { LimitStore } from '../../platform/rate-limits.ts';
import { normaliseIdentifier, parseTraits, unsafeTextMessages } from './traits.ts';
import { createSecondFactors } from './second-factors.ts';
import { codeAddress, flowParamsJson, flowParamsOf } from './flows/flow-params.ts';
import { submitIdentifierFirst, submitProfileStep, type TwoStepDeps } from './flows/two-step.ts';
import type { ContinueWith, Outcome } from './outcome.ts';
import { flowIdOf, type Oidc, type OidcPending } from './oidc.ts';
import {
  credentialIdOf,
  loginOptions,
  registrationOptions,
  verifyLogin as verifyPasskeyLogin,
  verifyRegistration as verifyPasskeyRegistration,
  type RelyingParty,
  type StoredPasskey,
} from './passkeys.ts';
import { randomBytes, randomUUID } from 'node:crypto';

export type IdentityEmail =
  | {
      to: string;
      template: 'login_code' | 'registration_code' | 'verification_code' | 'recovery_code';
      data: { code: string; expiresInMinutes: number };
    }
  | { to: string; template: 'recovery_link' | 'verification_link'; data: { link: string; expiresInMinutes: number } };

/** How the identity provider sends its emails (the mail module in the app; a recorder in tests). */
export interface IdentityMailer {
  send(input: IdentityEmail): Promise<void>;
}

export interface IdentityServiceOptions {
  db: Db;
  mailer: IdentityMailer;
  /** Absolute URL of the identity API, e.g. https://example.com/identity. */
  publicBaseUrl: string;
  /** Absolute URL of the site; return_to must stay on this origin. */
  siteUrl: string;
  /** Where each flow's screen lives (Kratos "UI URL"). */
  uiUrls: Record<FlowKind | 'error', string>;
  pepper: string;
  passwordParams?: Argon2Params;
  /** Social sign-in; absent when no provider is configured. */
  oidc?: Oidc;
  /** The site as a WebAuthn relying party (passkeys). */
  relyingParty: RelyingParty;
  /** Where sign-in throttling counts (Redis or memory). */
  limits: LimitStore;
  /** How ended sessions reach every process; this process only when omitted. */
  sessionChanges?: SessionChanges;
  /** Emails whose sign-in works only from this machine: the demo accounts, whose password is public. */
  thisMachineOnlyEmails?: ReadonlySet<string>;
}

export interface RequestContext {
  sessionToken?: string;
  device: Omit<SessionDevice, 'id'>;
  /** The request came from this machine (server/loopback.ts); absent counts as not. */
  fromThisMachine?: boolean;
}

export type { ContinueWith, Outcome } from './outcome.ts';

type Body = Record<string, unknown>;
/** The flows that email a code or a link to an address. */
type ChallengeKind = 'recovery' | 'verification';

const SENT_MESSAGES = {
  recovery: { code: messages.recoveryCodeSent, link: messages.recoveryLinkSent },
  verification: { code: messages.verificationCodeSent, link: messages.verificationLinkSent },
} as const;
const TOKEN_INVALID_MESSAGES = { recovery: messages.recoveryTokenInvalid, verification: messages.verificationTokenInvalid } as const;
const EXPIRED_MESSAGES = {
  login: messages.loginExpired,
  registration: messages.registrationExpired,
  settings: messages.settingsExpired,
  recovery: messages.recoveryExpired,
  verification: messages.verificationExpired,
} as const;
const expiredMessage = (flow: FlowRow) => EXPIRED_MESSAGES[flow.kind]((Date.now() - flow.expiresAt.getTime()) / 60_000);
/** A flow whose emailed link has not been used yet (state and method; the token itself lives on the emailed flow). */
const awaitsLink = (flow: FlowRow) => flow.state === 'sent_email' && flow.active === 'link';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The client address sign-in throttling counts against. */
const addressOf = (context: RequestContext): string => context.device.ip_address ?? '';
const newSecret = () => randomBytes(32).toString('base64url');

export function createIdentityService(options: IdentityServiceOptions) {
  const { db, mailer, publicBaseUrl, siteUrl, uiUrls, pepper, passwordParams, oidc, relyingParty } = options;
  const identities = createIdentityStore({ db, publicBaseUrl });
  const sessionChanges = options.sessionChanges ?? localSessionChanges();
  const sessions = createSessionStore({ db, changes: sessionChanges });
  const activeSessions = createActiveSessions({ findByToken: (token) => sessions.findByToken(token), changes: sessionChanges });
  const flows = createFlowStore({ db });
  const limiter = createAttemptLimiter({ limits: options.limits });
  const secondFactors = createSecondFactors({ identities, pepper });
  const siteOrigin = new URL(siteUrl).origin;
  const defaultReturnTo = `${siteOrigin}/`;

  // ---------- helpers ----------

  function checkReturnTo(returnTo: string | undefined): string | null {
    if (!returnTo) return null;
    try {
      const url = new URL(returnTo, siteOrigin);
      if (url.origin !== siteOrigin) throw identityErrors.returnToForbidden();
      return url.toString();
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw identityErrors.returnToForbidden();
    }
  }

  async function currentSession(token: string | undefined): Promise<SessionRow | null> {
    return token ? sessions.findByToken(token) : null;
  }

  function resetMessages(flow: FlowRow): FlowRow {
    return { ...flow, uiMessages: [], internal: { ...flow.internal, nodeMessages: undefined } };
  }

  function withNodeMessages(flow: FlowRow, nodeMessages: Record<string, UiText[]>): FlowRow {
    return { ...flow, internal: { ...flow.internal, nodeMessages: { ...(flow.internal.nodeMessages ?? {}), ...nodeMessages } } };
  }

  async function invalid(
    flow: FlowRow,
    change: { ui?: UiText[]; nodes?: Record<string, UiText[]>; values?: Record<string, unknown> },
  ): Promise<Outcome> {
    let next: FlowRow = { ...flow, uiMessages: [...flow.uiMessages, ...(change.ui ?? [])] };
    if (change.nodes) next = withNodeMessages(next, change.nodes);
    if (change.values) next = { ...next, internal: { ...next.internal, values: { ...(next.internal.values ?? {}), ...change.values } } };
    return { kind: 'flow', status: 400, flow: await flows.save(next) };
  }

  async function sendCode(
    flow: FlowRow,
    template: Extract<IdentityEmail, { data: { code: string } }>['template'],
    address: string,
    extra: { identityId?: string; traits?: Record<string, unknown> } = {},
  ): Promise<FlowRow> {
    const code = generateCode();
    const now = new Date();
    await mailer.send({ to: address, template, data: { code, expiresInMinutes: Math.round(CODE_TTL_MS / 60_000) } });
    return {
      ...flow,
      internal: {
        ...flow.internal,
        code: { hash: hashCode(code, pepper), expiresAt: codeExpiresAt(now).toISOString(), attempts: 0, address, ...extra },
      },
    };
  }

  /** Emails a link to the flow's screen: opening it only shows a button, whose POST uses the token (docs/decisions/010). */
  async function sendLink(flow: FlowRow, kind: ChallengeKind, address: string, identityId: string): Promise<FlowRow> {
    const token = generateLinkToken();
    const link = `${uiUrls[kind]}?${new URLSearchParams({ flow: flow.id, token })}`;
    await mailer.send({
      to: address,
      template: `${kind}_link`,
      data: { link, expiresInMinutes: Math.max(1, Math.round((flow.expiresAt.getTime() - Date.now()) / 60_000)) },
    });
    // The token lives as long as its flow.
    return {
      ...flow,
      internal: {
        ...flow.internal,
        link: { hash: hashLinkToken(token, pepper), expiresAt: flow.expiresAt.toISOString(), attempts: 0, address, identityId },
      },
    };
  }

  /**
   * Checks a submitted code or link token against the flow's; counts attempts, and burns the secret
   * when it is used or used up.
   */
  async function checkSecret(
    flow: FlowRow,
    slot: 'code' | 'link',
    matches: (hash: string) => boolean,
  ): Promise<{ ok: true; flow: FlowRow } | { ok: false; flow: FlowRow; exhausted: boolean }> {
    const stored = flow.internal[slot];
    if (!stored) return { ok: false, flow, exhausted: true };
    const withSecret = (secret: SentSecret | undefined): FlowRow => ({ ...flow, internal: { ...flow.internal, [slot]: secret } });
    const expired = new Date(stored.expiresAt).getTime() < Date.now();
    const attempts = stored.attempts + 1;
    if (expired || attempts > MAX_CODE_ATTEMPTS) return { ok: false, flow: withSecret(undefined), exhausted: true };
    // Of two submissions racing with the right secret, only the one that takes it from the store wins.
    if (matches(stored.hash))
      return (await flows.takeSecret(flow.id, slot, stored.hash))
        ? { ok: true, flow: withSecret(undefined) }
        : { ok: false, flow: withSecret(undefined), exhausted: true };
    return { ok: false, flow: withSecret({ ...stored, attempts }), exhausted: attempts >= MAX_CODE_ATTEMPTS };
  }

  const checkCode = (flow: FlowRow, code: string) => checkSecret(flow, 'code', (hash) => verifyCode({ hash, code, pepper }));

  /** A wrong code or token: shown at its field, if any; a used-up or expired one sends the flow back to its first step. */
  function rejectSecret(checked: { flow: FlowRow; exhausted: boolean }, message: UiText, field?: string): Promise<Outcome> {
    if (!checked.exhausted) return invalid(checked.flow, field ? { nodes: { [field]: [message] } } : { ui: [message] });
    return invalid({ ...checked.flow, state: 'choose_method', active: null }, { ui: [message] });
  }

  async function startSession(identityId: string, method: string, context: RequestContext) {
    return sessions.create({ identityId, method, device: context.device });
  }

  function isPrivileged(session: SessionRow): boolean {
    return Date.now() - session.authenticatedAt.getTime() < PRIVILEGED_WINDOW_MS;
  }

  function returnTarget(flow: FlowRow): string {
    return flow.returnTo ?? defaultReturnTo;
  }

  async function startVerification(
    identityId: string,
    address: string,
    type: 'browser' | 'api',
    returnTo: string | null,
    csrfToken?: string,
  ) {
    let flow = await flows.create({
      kind: 'verification',
      type,
      requestUrl: `${publicBaseUrl}/self-service/verification/${type}`,
      returnTo,
      csrfToken,
    });
    flow = await sendCode(
      {
        ...flow,
        state: 'sent_email',
        active: 'code',
        internal: { values: { email: address } },
        uiMessages: [messages.verificationCodeSent()],
      },
      'verification_code',
      address,
      { identityId },
    );
    await identities.markSent(identityId, address);
    return flows.save(flow);
  }

  // ---------- flows ----------

  return {
    identities,
    /** What other modules may read and change about a person (people.ts); they never get the store. */
    people: createPeople(identities),
    sessions,
    flows,
    /** The active session a token names, checked through a short cache that ended sessions leave at once. */
    activeSession: (token: string) => activeSessions.find(token),
    /** Sessions that ended or got a new token, announced by any process. */
    sessionChanges: { subscribe: sessionChanges.subscribe },

    /** login_challenge, organization, via, after_verification_return_to of an init request (flows/flow-params.ts). */
    flowParams: (kind: FlowKind, query: Record<string, string | undefined>) => flowParamsOf(kind, query, (url) => checkReturnTo(url)),

    /** The `ui` and the rest of a flow as Kratos returns it. */
    async flowToJson(flow: FlowRow) {
      const base = {
        id: flow.id,
        type: flow.type,
        expires_at: flow.expiresAt.toISOString(),
        issued_at: flow.issuedAt.toISOString(),
        request_url: flow.requestUrl,
        ...(flow.returnTo ? { return_to: flow.returnTo } : {}),
        ...(flow.active ? { active: flow.active } : {}),
        state: flow.state,
      };
      if (flow.kind === 'settings' || (flow.kind === 'login' && flow.requestedAal === 'aal2')) {
        const identity = flow.identityId ? await identities.get(flow.identityId) : null;
        const credentialTypes = flow.identityId ? await identities.credentialTypes(flow.identityId) : [];
        const ui = buildUi(flow, {
          publicBaseUrl,
          traits: identity?.identity.traits,
          credentialTypes,
          passkeys: flow.identityId ? await storedPasskeys(flow.identityId) : [],
        });
        if (flow.kind === 'settings') return { ...base, ui, identity: identity ? identities.toJson(identity) : null };
        return {
          ...base,
          ui,
          refresh: flow.refresh,
          requested_aal: flow.requestedAal,
          created_at: flow.issuedAt.toISOString(),
          updated_at: flow.updatedAt.toISOString(),
          ...flowParamsJson(flow.internal.params),
        };
      }
      const ui = buildUi(flow, { publicBaseUrl, oidcProviders: oidc?.list() });
      if (flow.kind === 'login')
        return {
          ...base,
          ui,
          refresh: flow.refresh,
          requested_aal: flow.requestedAal,
          created_at: flow.issuedAt.toISOString(),
          updated_at: flow.updatedAt.toISOString(),
          ...flowParamsJson(flow.internal.params),
        };
      if (flow.kind === 'registration') return { ...base, ui, ...flowParamsJson(flow.internal.params) };
      return { ...base, ui };
    },

    async sessionToJson(session: SessionRow) {
      const identity = await identities.get(session.identityId);
      return sessionToJson(session, identity ? identities.toJson(identity) : null);
    },

    /** GET /self-service/<kind>/browser|api */
    async initFlow({
      kind,
      type,
      requestUrl,
      returnTo,
      refresh = false,
      aal,
      csrfToken,
      returnSessionTokenExchangeCode = false,
      params = {},
      context,
    }: {
      kind: FlowKind;
      type: 'browser' | 'api';
      requestUrl: string;
      returnTo?: string;
      refresh?: boolean;
      aal?: string;
      csrfToken?: string;
      /** A native app's login or registration that may finish in a browser (social sign-in). */
      returnSessionTokenExchangeCode?: boolean;
      /** login_challenge, organization, via, after_verification_return_to (flows/flow-params.ts). */
      params?: FlowParams;
      context: RequestContext;
    }): Promise<Outcome> {
      const target = checkReturnTo(returnTo);
      const session = await currentSession(context.sessionToken);
      const initCode =
        returnSessionTokenExchangeCode && type === 'api' && (kind === 'login' || kind === 'registration') ? newSecret() : undefined;
      const exchange = initCode ? { tokenExchange: { initHash: hashToken(initCode) } } : {};
      if (kind === 'settings') {
        if (!session) throw identityErrors.sessionInactive();
        const flow = await flows.create({ kind, type, requestUrl, returnTo: target, identityId: session.identityId, csrfToken });
        const identity = (await identities.get(session.identityId))!;
        const hasTotp = (await identities.credentialTypes(session.identityId)).includes('totp');
        // The enrolment QR code and the passkey options are ready when the page opens, as in Kratos.
        const withTotp = hasTotp ? flow : await secondFactors.withNewTotp(flow, identity.identity.traits.email);
        const options = await registrationOptions(relyingParty, {
          userHandle: session.identityId,
          userName: identity.identity.traits.email,
          exclude: await storedPasskeys(session.identityId),
        });
        return { kind: 'flow', status: 200, flow: await flows.save(withPasskey(withTotp, options)) };
      }
      if (kind === 'login') {
        const wantsAal2 = aal === 'aal2';
        if (wantsAal2 && !session)
          throw new IdentityError(
            401,
            'session_aal1_required',
            'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
          );
        if (session && !refresh && !wantsAal2) return { kind: 'already_signed_in', returnTo: target ?? defaultReturnTo };
        if (session && wantsAal2 && session.aal === 'aal2') return { kind: 'already_signed_in', returnTo: target ?? defaultReturnTo };
        const uiMessages = wantsAal2 ? [messages.secondFactor()] : refresh && session ? [messages.reauthenticate()] : [];
        const identity = session ? await identities.get(session.identityId) : null;
        const created = await flows.create({
          kind,
          type,
          requestUrl,
          returnTo: target,
          refresh: refresh && Boolean(session),
          requestedAal: wantsAal2 ? 'aal2' : 'aal1',
          identityId: session?.identityId,
          uiMessages,
          internal: { ...(identity && refresh ? { values: { identifier: identity.identity.traits.email } } : {}), ...exchange, params },
          csrfToken,
        });
        return {
          kind: 'flow',
          status: 200,
          flow: wantsAal2 ? created : await flows.save(withPasskey(created, await loginOptions(relyingParty))),
          sessionTokenExchangeCode: initCode,
        };
      }
      if ((kind === 'registration' || kind === 'recovery') && session)
        return { kind: 'already_signed_in', returnTo: target ?? defaultReturnTo };
      const created = await flows.create({
        kind,
        type,
        requestUrl,
        returnTo: target,
        csrfToken,
        internal: kind === 'registration' ? { ...exchange, params } : exchange,
      });
      if (kind !== 'registration') return { kind: 'flow', status: 200, flow: created };
      // The new account's WebAuthn user handle is its future identity id.
      const userHandle = randomUUID();
      const options = await registrationOptions(relyingParty, { userHandle, userName: 'new-account' });
      return {
        kind: 'flow',
        status: 200,
        flow: await flows.save(withPasskey(created, options, userHandle)),
        sessionTokenExchangeCode: initCode,
      };
    },

    /** GET /self-service/<kind>/flows?id= — checks the browser's anti-CSRF cookie. */
    async getFlow({
      kind,
      id,
      csrfCookie,
      sessionToken,
    }: {
      kind: FlowKind;
      id: string;
      csrfCookie?: string;
      /** The request's identity session (cookie or X-Session-Token). */ sessionToken?: string;
    }): Promise<FlowRow> {
      const flow = await flows.get(id);
      if (!flow || flow.kind !== kind) throw identityErrors.notFound(`Unable to locate the resource`);
      // A settings flow shows the identity (email, names, a pending TOTP secret): as in Kratos, only
      // the session of the identity it belongs to may read it, whoever knows its id.
      if (flow.kind === 'settings') {
        const session = await currentSession(sessionToken);
        if (!session) throw identityErrors.sessionInactive();
        if (session.identityId !== flow.identityId) throw identityErrors.identityMismatch();
      }
      if (flow.type === 'browser' && flow.csrfToken !== csrfCookie)
        throw identityErrors.csrf(
          csrfCookie ? 'The anti-CSRF cookie does not match this flow.' : 'The anti-CSRF cookie was not sent with the request.',
        );
      if (flow.expiresAt.getTime() < Date.now())
        throw identityErrors.flowExpired(
          flow.expiresAt,
          undefined,
          `${publicBaseUrl}/self-service/${kind}/browser${flow.returnTo ? `?return_to=${encodeURIComponent(flow.returnTo)}` : ''}`,
        );
      return flow;
    },

    /** POST /self-service/<kind>?flow= */
    async submitFlow({
      kind,
      id,
      body,
      token,
      csrfCookie,
      context,
    }: {
      kind: FlowKind;
      id: string;
      body: Body;
      /** An emailed link's token (query ?token=). */ token?: string;
      csrfCookie?: string;
      context: RequestContext;
    }): Promise<Outcome> {
      const found = await flows.get(id);
      if (!found || found.kind !== kind) throw identityErrors.notFound('Unable to locate the resource');
      if (found.type === 'browser') {
        const sent = str(body.csrf_token);
        if (!csrfCookie) throw identityErrors.csrf('The anti-CSRF cookie was not sent with the request.');
        if (!sent) throw identityErrors.csrf('The anti-CSRF token was not sent in the request body.');
        if (!(sent === found.csrfToken && csrfCookie === found.csrfToken))
          throw identityErrors.csrf('The anti-CSRF token does not match the anti-CSRF cookie.');
      }
      if (found.expiresAt.getTime() < Date.now()) {
        const replacement = await flows.create({
          kind,
          type: found.type,
          requestUrl: found.requestUrl,
          returnTo: found.returnTo,
          identityId: found.identityId,
          requestedAal: found.requestedAal,
          refresh: found.refresh,
          uiMessages: [expiredMessage(found)],
          csrfToken: found.type === 'browser' ? found.csrfToken : undefined,
        });
        throw identityErrors.flowExpired(found.expiresAt, replacement.id);
      }
      const flow = resetMessages(found);
      // Checked once here for every method: such text is never a real answer, and PostgreSQL could not store it.
      const unsafeText = unsafeTextMessages(body);
      if (unsafeText) return invalid(flow, unsafeText);
      switch (kind) {
        case 'login':
          return submitLogin(flow, body, context);
        case 'registration':
          return submitRegistration(flow, body, context);
        case 'recovery':
          return token ? confirmLink(flow, token, context) : submitRecovery(flow, body, context);
        case 'verification':
          return token ? confirmLink(flow, token, context) : submitVerification(flow, body, context);
        case 'settings':
          return submitSettings(flow, body, context);
      }
    },

    /**
     * GET /self-service/<kind>?flow=&token= (Kratos's link address): uses nothing up. It picks the
     * flow this browser confirms the link in: the emailed flow itself; a new flow of this browser's
     * that points to it, when the link was emailed from an app's flow or opened in another browser;
     * or, for a used, unknown or expired link, a fresh flow that says so (confirm: false).
     */
    async openLink({
      kind,
      id,
      csrfToken,
    }: {
      kind: ChallengeKind;
      id: string;
      csrfToken: string;
    }): Promise<{ flow: FlowRow; confirm: boolean }> {
      const named = await flows.get(id);
      const emailed = named?.kind === kind && named.internal.linkOf ? await flows.get(named.internal.linkOf) : named;
      const fresh = async (message: UiText) => ({
        flow: await flows.create({
          kind,
          type: 'browser',
          requestUrl: `${publicBaseUrl}/self-service/${kind}/browser`,
          returnTo: emailed?.returnTo,
          csrfToken,
          uiMessages: [message],
        }),
        confirm: false,
      });
      if (!named || named.kind !== kind || !emailed) return fresh(TOKEN_INVALID_MESSAGES[kind]());
      if (emailed.expiresAt.getTime() < Date.now()) return fresh(expiredMessage(emailed));
      if (!awaitsLink(emailed) || !emailed.internal.link) return fresh(TOKEN_INVALID_MESSAGES[kind]());
      if (named.type === 'browser' && named.csrfToken === csrfToken && awaitsLink(named)) return { flow: named, confirm: true };
      const own = await flows.create({
        kind,
        type: 'browser',
        requestUrl: emailed.requestUrl,
        returnTo: emailed.returnTo,
        csrfToken,
        state: 'sent_email',
        active: 'link',
        expiresAt: emailed.expiresAt,
        internal: { values: emailed.internal.values, linkOf: emailed.id },
      });
      return { flow: own, confirm: true };
    },

    /** GET /sessions/whoami */
    async whoami(token: string | undefined): Promise<SessionRow> {
      const session = await currentSession(token);
      if (!session) throw identityErrors.sessionInactive();
      // required_aal = highest_available (Kratos's default): an account with a second factor is
      // not signed in until the session has passed it, so a password alone opens nothing.
      if (session.aal === 'aal1') {
        const types = await identities.credentialTypes(session.identityId);
        if (types.includes('totp') || types.includes('lookup_secret')) {
          throw new IdentityError(
            403,
            'session_aal2_required',
            'Session does not fulfill the requested Authenticator Assurance Level',
            'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must use a second factor.',
            undefined,
            {
              redirect_browser_to: `${publicBaseUrl}/self-service/login/browser?aal=aal2`,
            },
          );
        }
      }
      return session;
    },

    async logoutUrl(token: string | undefined, returnTo?: string) {
      const session = await currentSession(token);
      if (!session) throw identityErrors.sessionInactive();
      const logoutToken = await sessions.rotateLogoutToken(session.id);
      const target = checkReturnTo(returnTo);
      return {
        logout_url: `${publicBaseUrl}/self-service/logout?token=${logoutToken}${target ? `&return_to=${encodeURIComponent(target)}` : ''}`,
        logout_token: logoutToken,
      };
    },

    /** GET /self-service/logout?token= — the token must belong to the browser's session. */
    async logout({
      sessionToken,
      logoutToken,
      returnTo,
    }: {
      sessionToken?: string;
      logoutToken: string;
      returnTo?: string;
    }): Promise<string> {
      const target = checkReturnTo(returnTo) ?? defaultReturnTo;
      const session = await currentSession(sessionToken);
      if (!session || session.logoutTokenHash !== hashToken(logoutToken))
        throw identityErrors.forbidden('Unable to log out because the logout token in the URL query does not match the session cookie.');
      await sessions.revoke(session.id);
      return target;
    },

    async logoutApi(sessionToken: string): Promise<void> {
      const session = await currentSession(sessionToken);
      if (!session) throw identityErrors.forbidden('The provided session token is invalid or has already been revoked.');
      await sessions.revoke(session.id);
    },

    /** GET|POST /self-service/methods/oidc/callback/:provider — the provider sends the browser back here. */
    async oidcCallback({ provider, url, context }: { provider: string; url: URL; context: RequestContext }): Promise<Outcome> {
      const flowId = flowIdOf(url.searchParams.get('state'));
      const flow = flowId ? await flows.get(flowId) : null;
      const pending = flow?.internal.pending?.oidc as OidcPending | undefined;
      if (!oidc || !flow || !pending || pending.provider !== provider || (flow.kind !== 'login' && flow.kind !== 'registration')) {
        throw identityErrors.badRequest('The social sign-in could not be matched to a sign-in attempt. Please start again.');
      }
      if (flow.expiresAt.getTime() < Date.now()) throw identityErrors.flowExpired(flow.expiresAt);
      if (url.searchParams.get('error'))
        throw identityErrors.badRequest(
          `The provider refused the sign-in: ${url.searchParams.get('error_description') ?? url.searchParams.get('error')}`,
        );
      const claims = await oidc.finish(url, pending).catch((error: unknown) => {
        throw identityErrors.badRequest(
          `The sign-in with the provider could not be completed (${error instanceof Error ? error.message : 'unknown error'}).`,
        );
      });
      const cleared: FlowRow = { ...flow, internal: { ...flow.internal, pending: { ...flow.internal.pending, oidc: undefined } } };
      // An app's flow only borrows this browser: whatever session the browser has stays out of it.
      const signIn: RequestContext = flow.type === 'api' ? { ...context, sessionToken: undefined } : context;
      const identifier = `${provider}:${claims.subject}`;
      const linked = await identities.findByCredential('oidc', identifier);
      if (linked) return backToApp(await finishLogin(cleared, linked.id, 'oidc', signIn));
      if (!claims.email)
        throw identityErrors.badRequest('The provider did not share an email address, which this site needs to create your account.');
      const existing = await identities.findByIdentifier(claims.email);
      if (existing) {
        // Never link silently: the owner of the account proves it by signing in the usual way first.
        const label = oidc.list().find((p) => p.id === provider)?.label ?? provider;
        const linking = await flows.create({
          kind: 'login',
          type: flow.type,
          requestUrl: `${publicBaseUrl}/self-service/login/${flow.type}`,
          returnTo: flow.returnTo,
          uiMessages: [
            messages.accountLinking({
              duplicateIdentifier: claims.email,
              provider: label,
              duplicate_identifier: claims.email,
              available_credential_types: await identities.credentialTypes(existing.id),
            }),
          ],
          internal: {
            values: { identifier: claims.email },
            pending: { linkOidc: { provider, subject: claims.subject, email: claims.email } },
          },
          csrfToken: flow.csrfToken,
        });
        // A native app signs in to link in its own screens: the exchange hands it this flow.
        if (flow.type === 'api') return returnToApp(cleared, { continueFlowId: linking.id });
        return { kind: 'redirect', to: `${uiUrls.login}?flow=${linking.id}` };
      }
      const created = await identities.create({
        traits: {
          email: claims.email,
          ...(claims.firstName || claims.lastName
            ? { name: { ...(claims.firstName ? { first: claims.firstName } : {}), ...(claims.lastName ? { last: claims.lastName } : {}) } }
            : {}),
        },
        verified: claims.emailVerified,
      });
      await identities.setCredential(created.identity.id, 'oidc', {
        identifiers: [identifier],
        config: { providers: [{ provider, subject: claims.subject }] },
      });
      return backToApp(await finishRegistration(cleared, created, 'oidc', signIn, !claims.emailVerified));
    },

    /** GET /sessions/token-exchange — a native app trades its two codes, once, for the session and its token. */
    async exchangeSessionToken(
      initCode: string,
      returnToCode: string,
    ): Promise<{ session: SessionRow; token: string } | { continueWith: FlowRow }> {
      const flowId = flowIdOf(returnToCode);
      const flow = flowId ? await flows.get(flowId) : null;
      const exchange = flow?.internal.tokenExchange;
      if (!flow || !exchange?.returnToHash || exchange.returnToHash !== hashToken(returnToCode)) throw identityErrors.noExchangedSession();
      // The return_to code went through a browser; only the app that started the flow knows the init code.
      if (exchange.initHash !== hashToken(initCode))
        throw identityErrors.forbidden('The init_code does not belong to the flow of this return_to_code.');
      if (flow.expiresAt.getTime() < Date.now()) throw identityErrors.flowExpired(flow.expiresAt);
      const next = exchange.continueFlowId ? await flows.get(exchange.continueFlowId) : null;
      if (next) return { continueWith: next };
      const session = exchange.sessionId ? await sessions.get(exchange.sessionId) : null;
      if (!session || !session.active || session.expiresAt.getTime() < Date.now()) throw identityErrors.noExchangedSession();
      if (!(await flows.endTokenExchange(flow.id, exchange.returnToHash))) throw identityErrors.noExchangedSession();
      // Nobody has held this session's token yet (the browser got no cookie): the exchange issues it.
      return { session, token: await sessions.renew(session.id) };
    },

    /** GET /self-service/errors?id= — an error kept for the browser's error page (also read by that page's loader). */
    async getFlowError(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db.select().from(errorTable).where(eq(errorTable.id, id));
      return row
        ? { id: row.id, error: row.error, created_at: row.createdAt.toISOString(), updated_at: row.createdAt.toISOString() }
        : null;
    },

    limiter,
  };

  function withPasskey(flow: FlowRow, options: { challenge: string }, userHandle?: string): FlowRow {
    return {
      ...flow,
      internal: {
        ...flow.internal,
        pending: {
          ...(flow.internal.pending ?? {}),
          passkey: { challenge: options.challenge, options, ...(userHandle ? { userHandle } : {}) },
        },
      },
    };
  }

  async function storedPasskeys(identityId: string): Promise<StoredPasskey[]> {
    const credential = await identities.credential(identityId, 'passkey');
    return (credential?.config.credentials as StoredPasskey[] | undefined) ?? [];
  }

  async function savePasskeys(identityId: string, passkeys: StoredPasskey[]): Promise<void> {
    if (passkeys.length === 0) await identities.removeCredential(identityId, 'passkey');
    else
      await identities.setCredential(identityId, 'passkey', { identifiers: passkeys.map((p) => p.id), config: { credentials: passkeys } });
  }

  function parseJsonField(value: unknown): unknown {
    if (typeof value !== 'string') return value && typeof value === 'object' ? value : null;
    try {
      return JSON.parse(value);
    } catch {
      return null;
    }
  }

  async function passkeyLogin(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const pending = flow.internal.pending?.passkey as { challenge: string } | undefined;
    const response = parseJsonField(body.passkey_login);
    const credentialId = credentialIdOf(response);
    const failed = () =>
      invalid(flow, {
        ui: [{ id: 4010009, text: 'The passkey could not be verified. Please try again or choose another way to sign in.', type: 'error' }],
      });
    if (!pending || !credentialId) return failed();
    const identity = await identities.findByCredential('passkey', credentialId);
    const passkeys = identity ? await storedPasskeys(identity.id) : [];
    const stored = passkeys.find((p) => p.id === credentialId);
    if (!identity || !stored) return failed();
    const counter = await verifyPasskeyLogin(relyingParty, { response, challenge: pending.challenge, stored });
    if (counter === null) return failed();
    await savePasskeys(
      identity.id,
      passkeys.map((p) => (p.id === stored.id ? { ...p, counter } : p)),
    );
    return finishLogin(flow, identity.id, 'passkey', context);
  }

  async function startOidc(flow: FlowRow, provider: string): Promise<Outcome> {
    if (!oidc || !oidc.has(provider)) return invalid(flow, { ui: [messages.generic(`Sign-in with "${provider}" is not available.`)] });
    if (flow.type === 'api' && !flow.internal.tokenExchange)
      return invalid(flow, {
        ui: [messages.generic('Social sign-in in an app needs a flow created with return_session_token_exchange_code=true.')],
      });
    const { url, pending } = await oidc.start(provider, flow.id);
    const saved = await flows.save({
      ...flow,
      active: 'oidc',
      internal: { ...flow.internal, pending: { ...(flow.internal.pending ?? {}), oidc: pending } },
    });
    return { kind: 'redirect', flow: saved, to: url };
  }

  /**
   * A native app's flow finished in the browser: instead of a cookie, the browser takes a code back
   * to the app's return_to, which the app trades with its init code for the session.
   */
  async function returnToApp(flow: FlowRow, result: { sessionId: string } | { continueFlowId: string }): Promise<Outcome> {
    const initHash = flow.internal.tokenExchange?.initHash;
    if (!initHash) throw identityErrors.badRequest('This flow cannot hand a session to an app.');
    const code = `${flow.id}.${newSecret()}`;
    await flows.save({ ...flow, internal: { ...flow.internal, tokenExchange: { initHash, returnToHash: hashToken(code), ...result } } });
    const to = new URL(returnTarget(flow));
    to.searchParams.set('code', code);
    return { kind: 'redirect', to: to.toString() };
  }

  function backToApp(outcome: Outcome): Promise<Outcome> | Outcome {
    if ((outcome.kind !== 'signed_in' && outcome.kind !== 'registered') || outcome.flow.type !== 'api') return outcome;
    return returnToApp(outcome.flow, { sessionId: outcome.session.id });
  }

  /** After the owner signs in, a social account waiting to be linked is added to it. */
  async function linkPendingOidc(flow: FlowRow, identityId: string): Promise<void> {
    const link = flow.internal.pending?.linkOidc as { provider: string; subject: string } | undefined;
    if (!link) return;
    const current = await identities.credential(identityId, 'oidc');
    const providers = [
      ...((current?.config.providers as { provider: string; subject: string }[] | undefined) ?? []),
      { provider: link.provider, subject: link.subject },
    ];
    await identities.setCredential(identityId, 'oidc', {
      identifiers: providers.map((p) => `${p.provider}:${p.subject}`),
      config: { providers },
    });
  }

  /** What the two-step screens (flows/two-step.ts) use of this service. */
  function twoStepDeps(): TwoStepDeps {
    return {
      findIdentity: (identifier) => identities.findByIdentifier(identifier),
      credentialTypes: (identityId) => identities.credentialTypes(identityId),
      emailInUse: (email) => identities.emailInUse(email),
      duplicate: (email) => duplicateMessage(email),
      save: (flow) => flows.save(flow),
      invalid,
    };
  }

  // ---------- login ----------

  async function submitLogin(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const method = str(body.method) || (body.provider ? 'oidc' : '');
    if (flow.requestedAal === 'aal2') return secondFactorLogin(flow, body, context);
    if (method === 'oidc') return startOidc(flow, str(body.provider));
    if (method === 'passkey' || method === 'webauthn') return passkeyLogin(flow, body, context);
    if (method === 'identifier_first') return submitIdentifierFirst(flow, body, twoStepDeps());
    if (method === 'password') {
      // After an identifier-first step the identifier is the flow's own.
      const identifier = normaliseIdentifier(
        str(body.identifier) ||
          str(body.password_identifier) ||
          (flow.internal.identifierFirst ? str(flow.internal.values?.identifier) : ''),
      );
      const password = str(body.password);
      const values = { identifier };
      const nodeMessages: Record<string, UiText[]> = {};
      if (!identifier) nodeMessages.identifier = [messages.required('identifier')];
      if (!password) nodeMessages.password = [messages.required('password')];
      if (Object.keys(nodeMessages).length > 0) return invalid(flow, { nodes: nodeMessages, values });
      const address = addressOf(context);
      const wait = await limiter.passwordWait(identifier, address);
      if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values });
      const identity = await identities.findByIdentifier(identifier);
      const credential = identity ? await identities.credential(identity.id, 'password') : null;
      const hash = typeof credential?.config.hashedPassword === 'string' ? credential.config.hashedPassword : null;
      // Without an account, spend the same time hashing so timing does not reveal which emails exist.
      const ok = hash ? await verifyPassword(hash, password) : await verifyPasswordAgainstDummy(password, { params: passwordParams });
      if (!ok || !identity) {
        await limiter.passwordFailed(identifier, address);
        return invalid(flow, { ui: [messages.invalidCredentials()], values });
      }
      if (identity.state !== 'active') return invalid(flow, { ui: [messages.identityDisabled()], values });
      await limiter.passwordSucceeded(identifier, address);
      return finishLogin(flow, identity.id, 'password', context);
    }
    if (method === 'code') {
      const identifier = normaliseIdentifier(str(body.identifier) || str(flow.internal.values?.identifier));
      const resend = str(body.resend) === 'code';
      const code = str(body.code).trim();
      if (flow.state === 'sent_email' && !resend && code) {
        const checked = await checkCode(flow, code);
        if (!checked.ok) {
          return rejectSecret(checked, messages.loginCodeInvalid(), 'code');
        }
        const stored = flow.internal.code!;
        await identities.markVerified(stored.identityId!, stored.address);
        return finishLogin(checked.flow, stored.identityId!, 'code', context);
      }
      if (!identifier) return invalid(flow, { nodes: { identifier: [messages.required('identifier')] } });
      const wait = await limiter.emailWait('code', identifier, addressOf(context));
      if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values: { identifier } });
      const identity = await identities.findByIdentifier(identifier);
      if (!identity) return invalid(flow, { nodes: { identifier: [messages.noCodeUser()] }, values: { identifier } });
      // The flow's `via` names the trait the code goes to (flows/flow-params.ts).
      const address = codeAddress(identity.traits as Record<string, unknown>, flow.internal.params) ?? identifier;
      const sent = await sendCode(
        {
          ...flow,
          state: 'sent_email',
          active: 'code',
          uiMessages: [messages.loginCodeSent()],
          internal: { ...flow.internal, values: { identifier } },
        },
        'login_code',
        address,
        { identityId: identity.id },
      );
      // Kratos answers a sent code with 400 and the flow: clients expect it.
      return { kind: 'flow', status: 400, flow: await flows.save(sent) };
    }
    return invalid(flow, { ui: [messages.noStrategy()] });
  }

  async function secondFactorLogin(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const session = await currentSession(context.sessionToken);
    if (!session || session.identityId !== flow.identityId) throw identityErrors.sessionInactive();
    const method = str(body.method);
    const result = await secondFactors.verifyLogin(session.identityId, method, body);
    if (!result.ok) return invalid(flow, { nodes: result.nodeMessages });
    const upgraded = await sessions.addMethod(session.id, { method, aal: 'aal2', completed_at: new Date().toISOString() });
    const token = await sessions.renew(session.id);
    const identity = (await identities.get(session.identityId))!;
    const saved = await flows.save({ ...flow, state: 'passed_challenge', active: method });
    const continueWith: ContinueWith[] = saved.type === 'api' ? [{ action: 'set_ory_session_token', ory_session_token: token }] : [];
    continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: returnTarget(flow) });
    return { kind: 'signed_in', flow: saved, session: upgraded, token, identity, continueWith };
  }

  async function finishLogin(flow: FlowRow, identityId: string, method: string, context: RequestContext): Promise<Outcome> {
    if (!context.fromThisMachine && (await signsInOnlyHere(identityId)))
      return invalid(flow, { ui: [messages.demoAccountThisMachineOnly()] });
    const existing = await currentSession(context.sessionToken);
    // A refresh (re-authentication) renews the same session's authentication time.
    const { session, token } =
      flow.refresh && existing && existing.identityId === identityId
        ? {
            session: await sessions.addMethod(existing.id, { method, aal: 'aal1', completed_at: new Date().toISOString() }),
            token: await sessions.renew(existing.id),
          }
        : await startSession(identityId, method, context);
    await linkPendingOidc(flow, identityId);
    const identity = (await identities.get(identityId))!;
    const saved = await flows.save({ ...flow, state: 'passed_challenge', active: method, identityId });
    const continueWith: ContinueWith[] = [];
    if (saved.type === 'api') continueWith.push({ action: 'set_ory_session_token', ory_session_token: token });
    // A second factor on the account: the browser continues to the aal2 step.
    const types = await identities.credentialTypes(identityId);
    const needsSecondFactor = types.includes('totp') || types.includes('lookup_secret');
    const next = needsSecondFactor
      ? `${publicBaseUrl}/self-service/login/browser?aal=aal2${flow.returnTo ? `&return_to=${encodeURIComponent(flow.returnTo)}` : ''}`
      : returnTarget(flow);
    continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: next });
    return { kind: 'signed_in', flow: saved, session, token, identity, continueWith };
  }

  async function signsInOnlyHere(identityId: string): Promise<boolean> {
    if (!options.thisMachineOnlyEmails?.size) return false;
    const found = await identities.get(identityId);
    return Boolean(found?.addresses.some((address) => options.thisMachineOnlyEmails!.has(address.value)));
  }

  // ---------- registration ----------

  async function submitRegistration(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const method = str(body.method) || (body.provider ? 'oidc' : '');
    if (method === 'oidc') return startOidc(flow, str(body.provider));
    if (method === 'profile' || str(body.screen)) return submitProfileStep(flow, body, twoStepDeps());
    // After a profile step the traits are the flow's own when the credential step does not repeat them.
    const sentTraits = body.traits && typeof body.traits === 'object' ? body.traits : flow.internal.profileStep?.traits;
    const parsed = parseTraits(sentTraits);
    const rawTraits = (sentTraits ?? {}) as Record<string, unknown>;
    if (method === 'code') {
      const resend = str(body.resend) === 'code';
      const code = str(body.code).trim();
      if (flow.state === 'sent_email' && !resend && code) {
        const stored = flow.internal.code;
        if (
          stored?.traits &&
          parsed.ok &&
          normaliseIdentifier(parsed.traits.email) !== normaliseIdentifier(String((stored.traits as IdentityTraits).email))
        ) {
          return invalid(flow, { ui: [messages.traitsChanged()] });
        }
        const checked = await checkCode(flow, code);
        if (!checked.ok) {
          return rejectSecret(checked, messages.registrationCodeInvalid(), 'code');
        }
        const traits = stored!.traits as IdentityTraits;
        if (await identities.emailInUse(traits.email)) return invalid(checked.flow, { ui: [duplicateMessage(traits.email)] });
        const identity = await identities.create({ traits, verified: true });
        await identities.setCredential(identity.identity.id, 'code', {
          identifiers: [normaliseIdentifier(traits.email)],
          config: { addresses: [{ channel: 'email', address: traits.email }] },
        });
        return finishRegistration(checked.flow, identity, 'code', context, false);
      }
      if (!parsed.ok) return invalid(flow, { nodes: parsed.nodeMessages, values: { traits: rawTraits } });
      if (await identities.emailInUse(parsed.traits.email))
        return invalid(flow, { ui: [duplicateMessage(parsed.traits.email)], values: { traits: rawTraits } });
      const wait = await limiter.emailWait('code', normaliseIdentifier(parsed.traits.email), addressOf(context));
      if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values: { traits: rawTraits } });
      const sent = await sendCode(
        {
          ...flow,
          state: 'sent_email',
          active: 'code',
          uiMessages: [messages.registrationCodeSent()],
          internal: { ...flow.internal, values: { traits: parsed.traits } },
        },
        'registration_code',
        parsed.traits.email,
        { traits: parsed.traits },
      );
      return { kind: 'flow', status: 400, flow: await flows.save(sent) };
    }
    if (method === 'password') {
      const password = str(body.password);
      const nodeMessages: Record<string, UiText[]> = parsed.ok ? {} : { ...parsed.nodeMessages };
      if (!password) nodeMessages.password = [messages.required('password')];
      else {
        const policy = checkPasswordPolicy({ password, identifier: parsed.ok ? parsed.traits.email : str(rawTraits.email) });
        if (!policy.ok) nodeMessages.password = [policy.message];
      }
      if (Object.keys(nodeMessages).length > 0 || !parsed.ok) return invalid(flow, { nodes: nodeMessages, values: { traits: rawTraits } });
      if (await identities.emailInUse(parsed.traits.email))
        return invalid(flow, { ui: [duplicateMessage(parsed.traits.email)], values: { traits: rawTraits } });
      const identity = await identities.create({ traits: parsed.traits });
      await identities.setCredential(identity.identity.id, 'password', {
        identifiers: [normaliseIdentifier(parsed.traits.email)],
        config: { hashedPassword: await hashPassword(password, { params: passwordParams }) },
      });
      return finishRegistration(flow, identity, 'password', context, true);
    }
    if (method === 'passkey' || method === 'webauthn') {
      if (!parsed.ok) return invalid(flow, { nodes: parsed.nodeMessages, values: { traits: rawTraits } });
      if (await identities.emailInUse(parsed.traits.email))
        return invalid(flow, { ui: [duplicateMessage(parsed.traits.email)], values: { traits: rawTraits } });
      const pending = flow.internal.pending?.passkey as { challenge: string; userHandle?: string } | undefined;
      const passkey = pending
        ? await verifyPasskeyRegistration(relyingParty, {
            response: parseJsonField(body.passkey_register),
            challenge: pending.challenge,
            displayName: 'Passkey',
          })
        : null;
      if (!passkey || !pending?.userHandle)
        return invalid(flow, {
          ui: [
            { id: 4000001, text: 'The passkey could not be created. Please try again or choose another way to sign up.', type: 'error' },
          ],
          values: { traits: rawTraits },
        });
      const identity = await identities.create({ traits: parsed.traits, id: pending.userHandle });
      await savePasskeys(identity.identity.id, [passkey]);
      return finishRegistration(flow, identity, 'passkey', context, true);
    }
    return invalid(flow, {
      ui: [{ id: 4010003, text: 'Could not find a strategy to sign you up with. Did you fill out the form correctly?', type: 'error' }],
      values: { traits: rawTraits },
    });
  }

  function duplicateMessage(email: string): UiText {
    return messages.duplicateWithHints({
      available_credential_types: ['password', 'code'],
      available_oidc_providers: [],
      credential_identifier_hint: email,
    });
  }

  async function finishRegistration(
    flow: FlowRow,
    identity: IdentityWithAddresses,
    method: string,
    context: RequestContext,
    verify: boolean,
  ): Promise<Outcome> {
    const { session, token } = await startSession(identity.identity.id, method, context);
    const saved = await flows.save({ ...flow, state: 'passed_challenge', active: method, identityId: identity.identity.id });
    const continueWith: ContinueWith[] = [];
    if (saved.type === 'api') continueWith.push({ action: 'set_ory_session_token', ory_session_token: token });
    if (verify) {
      // after_verification_return_to, when the flow was started with one (flows/flow-params.ts).
      const afterVerification = flow.internal.params?.afterVerificationReturnTo ?? flow.returnTo;
      const verification = await startVerification(
        identity.identity.id,
        identity.identity.traits.email,
        saved.type,
        afterVerification,
        saved.type === 'browser' ? saved.csrfToken : undefined,
      );
      continueWith.push({
        action: 'show_verification_ui',
        flow: {
          id: verification.id,
          verifiable_address: identity.identity.traits.email,
          url: `${uiUrls.verification}?flow=${verification.id}`,
        },
      });
    }
    const fresh = (await identities.get(identity.identity.id))!;
    return { kind: 'registered', flow: saved, session, token, identity: fresh, continueWith };
  }

  // ---------- recovery and verification ----------

  /**
   * Recovery and verification take the same submissions: an email (send a code or a link), or the
   * emailed code (check it, then `finish`). Links are confirmed elsewhere (a POST with the token).
   */
  async function submitChallenge(
    flow: FlowRow,
    body: Body,
    context: RequestContext,
    kind: ChallengeKind,
    invalidCode: UiText,
    finish: (checked: FlowRow, stored: SentSecret) => Promise<Outcome>,
  ): Promise<Outcome> {
    const code = str(body.code).trim();
    const email = normaliseIdentifier(str(body.email));
    const method = str(body.method) === 'link' ? 'link' : 'code';
    if (method === 'code' && flow.state === 'sent_email' && code && !email) {
      const checked = await checkCode(flow, code);
      if (!checked.ok) return rejectSecret(checked, invalidCode, 'code');
      return finish(checked.flow, flow.internal.code!);
    }
    if (!email) return invalid(flow, { nodes: { email: [messages.required('email')] } });
    return sendChallenge(flow, kind, method, email, addressOf(context));
  }

  async function submitRecovery(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const invalidCode = messages.recoveryCodeInvalid();
    return submitChallenge(flow, body, context, 'recovery', invalidCode, (checked, stored) =>
      finishRecovery(checked, stored, 'code_recovery', context, invalidCode),
    );
  }

  /** The account is recovered: a privileged session, and the settings screen asks for a new password. */
  async function finishRecovery(
    flow: FlowRow,
    stored: SentSecret,
    method: 'code_recovery' | 'link_recovery',
    context: RequestContext,
    invalidMessage: UiText,
  ): Promise<Outcome> {
    if (!stored.identityId) return invalid({ ...flow, state: 'choose_method', active: null }, { ui: [invalidMessage] });
    if (!context.fromThisMachine && (await signsInOnlyHere(stored.identityId)))
      return invalid(flow, { ui: [messages.demoAccountThisMachineOnly()] });
    await identities.markVerified(stored.identityId, stored.address);
    const { session, token } = await startSession(stored.identityId, method, context);
    const settings = await flows.create({
      kind: 'settings',
      type: flow.type,
      requestUrl: `${publicBaseUrl}/self-service/settings/${flow.type}`,
      returnTo: flow.returnTo,
      identityId: stored.identityId,
      uiMessages: [messages.recoveredChangePassword(Math.round(PRIVILEGED_WINDOW_MS / 60_000))],
      csrfToken: flow.type === 'browser' ? flow.csrfToken : undefined,
    });
    const saved = await flows.save({ ...flow, state: 'passed_challenge' });
    return { kind: 'redirect', flow: saved, to: `${uiUrls.settings}?flow=${settings.id}`, session: { row: session, token } };
  }

  async function submitVerification(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    return submitChallenge(flow, body, context, 'verification', messages.verificationCodeInvalid(), finishVerification);
  }

  async function finishVerification(flow: FlowRow, stored: SentSecret): Promise<Outcome> {
    if (stored.identityId) await identities.markVerified(stored.identityId, stored.address);
    return { kind: 'flow', status: 200, flow: await flows.save({ ...flow, state: 'passed_challenge', uiMessages: [messages.verified()] }) };
  }

  /** Emails a code or a link; the same answer whether or not the address has an account (no enumeration). */
  async function sendChallenge(
    flow: FlowRow,
    kind: ChallengeKind,
    method: 'code' | 'link',
    email: string,
    address: string,
  ): Promise<Outcome> {
    const wait = await limiter.emailWait(kind, email, address);
    if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values: { email } });
    const identity = await identities.findByIdentifier(email);
    let next: FlowRow = {
      ...flow,
      state: 'sent_email',
      active: method,
      uiMessages: [SENT_MESSAGES[kind][method]()],
      internal: { ...flow.internal, values: { email }, code: undefined, link: undefined, linkOf: undefined },
    };
    if (identity) {
      next =
        method === 'code'
          ? await sendCode(next, `${kind}_code`, email, { identityId: identity.id })
          : await sendLink(next, kind, email, identity.id);
      if (kind === 'verification') await identities.markSent(identity.id, email);
    }
    return { kind: 'flow', status: 200, flow: await flows.save(next) };
  }

  /**
   * The confirming POST from an emailed link's screen (opening the link uses nothing up:
   * docs/decisions/010). The token belongs to this flow, or to the flow this browser's flow points
   * to (openLink).
   */
  async function confirmLink(flow: FlowRow, token: string, context: RequestContext): Promise<Outcome> {
    const kind = flow.kind as ChallengeKind;
    const tokenInvalid = TOKEN_INVALID_MESSAGES[kind]();
    const emailed = flow.internal.linkOf ? await flows.get(flow.internal.linkOf) : flow;
    if (!emailed) return rejectSecret({ flow, exhausted: true }, tokenInvalid);
    const checked = await checkSecret(emailed, 'link', (hash) => verifyLinkToken({ hash, token, pepper }));
    const borrowed = emailed.id !== flow.id;
    // Attempts, and the use, count on the emailed flow, whichever browser's flow confirms.
    if (borrowed) await flows.save(checked.ok ? { ...checked.flow, state: 'passed_challenge' } : checked.flow);
    const current = borrowed ? flow : checked.flow;
    if (!checked.ok) return rejectSecret({ flow: current, exhausted: checked.exhausted }, tokenInvalid);
    const stored = emailed.internal.link!;
    return kind === 'recovery'
      ? finishRecovery(current, stored, 'link_recovery', context, tokenInvalid)
      : finishVerification(current, stored);
  }

  // ---------- settings ----------

  async function submitSettings(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const session = await currentSession(context.sessionToken);
    if (!session) throw identityErrors.sessionInactive();
    if (session.identityId !== flow.identityId) throw identityErrors.identityMismatch();
    const identity = (await identities.get(session.identityId))!;
    const method =
      str(body.method) ||
      (body.totp_unlink
        ? 'totp'
        : body.lookup_secret_regenerate || body.lookup_secret_confirm
          ? 'lookup_secret'
          : body.passkey_remove
            ? 'passkey'
            : '');
    const refreshUrl = `${publicBaseUrl}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(`${uiUrls.settings}?flow=${flow.id}`)}`;
    const saved = async (next: FlowRow) => ({
      kind: 'flow' as const,
      status: 200 as const,
      flow: await flows.save({ ...next, state: 'success', uiMessages: [messages.settingsSaved()] }),
    });

    if (method === 'profile') {
      const parsed = parseTraits(body.traits);
      if (!parsed.ok) return invalid(flow, { nodes: parsed.nodeMessages });
      const emailChanged = normaliseIdentifier(parsed.traits.email) !== normaliseIdentifier(identity.identity.traits.email);
      if (emailChanged) {
        // The email is a sign-in identifier: changing it needs a recent sign-in.
        if (!isPrivileged(session)) throw identityErrors.sessionRefreshRequired(refreshUrl);
        if (await identities.emailInUse(parsed.traits.email, identity.identity.id))
          return invalid(flow, { nodes: { 'traits.email': [messages.duplicate()] } });
      }
      await identities.updateTraits(identity.identity.id, parsed.traits);
      if (emailChanged)
        await startVerification(
          identity.identity.id,
          parsed.traits.email,
          flow.type,
          flow.returnTo,
          flow.type === 'browser' ? flow.csrfToken : undefined,
        );
      return saved(flow);
    }
    if (method === 'password') {
      if (!isPrivileged(session)) throw identityErrors.sessionRefreshRequired(refreshUrl);
      const password = str(body.password);
      if (!password) return invalid(flow, { nodes: { password: [messages.required('password')] } });
      const policy = checkPasswordPolicy({ password, identifier: identity.identity.traits.email });
      if (!policy.ok) return invalid(flow, { nodes: { password: [policy.message] } });
      await identities.setCredential(identity.identity.id, 'password', {
        identifiers: [normaliseIdentifier(identity.identity.traits.email)],
        config: { hashedPassword: await hashPassword(password, { params: passwordParams }) },
      });
      // Other devices sign in again with the new password.
      await sessions.revokeOthers(identity.identity.id, session.id);
      return saved(flow);
    }
    if (method === 'totp' || method === 'lookup_secret') {
      if (!isPrivileged(session)) throw identityErrors.sessionRefreshRequired(refreshUrl);
      const result = await secondFactors.updateSettings(identity, flow, method, body);
      if (!result.ok) return invalid(result.flow, { nodes: result.nodeMessages });
      // Turning the app on proves it just now, so this session has passed the second factor: without
      // this, the account page (which wants aal2 once a second factor exists) would ask for another code at once.
      if (result.done && method === 'totp' && !body.totp_unlink)
        await sessions.addMethod(session.id, { method: 'totp', aal: 'aal2', completed_at: new Date().toISOString() });
      if (result.done) return saved(result.flow);
      return { kind: 'flow', status: 200, flow: await flows.save(result.flow) };
    }
    if (method === 'passkey' || method === 'webauthn') {
      if (!isPrivileged(session)) throw identityErrors.sessionRefreshRequired(refreshUrl);
      const passkeys = await storedPasskeys(identity.identity.id);
      if (typeof body.passkey_remove === 'string' && body.passkey_remove) {
        await savePasskeys(
          identity.identity.id,
          passkeys.filter((p) => p.id !== body.passkey_remove),
        );
        return saved(flow);
      }
      const pending = flow.internal.pending?.passkey as { challenge: string } | undefined;
      const passkey = pending
        ? await verifyPasskeyRegistration(relyingParty, {
            response: parseJsonField(body.passkey_settings_register),
            challenge: pending.challenge,
            displayName: `Passkey ${passkeys.length + 1}`,
          })
        : null;
      if (!passkey)
        return invalid(flow, { ui: [{ id: 4000001, text: 'The passkey could not be added. Please try again.', type: 'error' }] });
      await savePasskeys(identity.identity.id, [...passkeys, passkey]);
      const options = await registrationOptions(relyingParty, {
        userHandle: identity.identity.id,
        userName: identity.identity.traits.email,
        exclude: [...passkeys, passkey],
      });
      return saved(withPasskey(flow, options));
    }
    return invalid(flow, {
      ui: [{ id: 4010005, text: 'Could not find a strategy to update your settings. Did you fill out the form correctly?', type: 'error' }],
    });
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>;
