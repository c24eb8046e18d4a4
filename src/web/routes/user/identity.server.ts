// How the /user/ pages reach the identity provider: in process, through context.services.identity
// (never over HTTP), with the browser's own cookies. Server-only: loaders and actions use it.
import { createHash } from 'node:crypto';
// Redirects to the identity API are document loads: it is not a route, so a client-side
// navigation there would ask it for route data (…/browser.data) and get a 404.
import { redirectDocument, type AppLoadContext } from 'react-router';
import type { FlowKind } from '../../../modules/identity/schema.ts';

type Context = AppLoadContext;

/** Kratos's session cookie (SESSION_COOKIE in identity-routes.ts). */
const SESSION_COOKIE = 'ory_kratos_session';

/** Flows a browser cannot use (another browser's: 403 CSRF; unknown: 404; expired: 410) are started again. */
// 401: the identity session behind a settings flow has ended; a new flow sends the browser to sign in.
const RESTART_STATUSES = new Set([401, 403, 404, 410]);

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The identity API's public URL, worked out as src/server/services.ts does for the provider. */
function identityPublicUrl(config: Context['config']): string {
  const endpoint = config.endpoints.identity;
  return endpoint.startsWith('/') ? `${config.siteUrl}${endpoint}` : endpoint;
}

/** Kratos names its anti-CSRF cookie after its public URL: csrf_token_<sha256 hex>. */
function csrfCookieName(config: Context['config']): string {
  return `csrf_token_${createHash('sha256').update(identityPublicUrl(config)).digest('hex')}`;
}

/** A provider failure (IdentityError), told apart without importing the class into the web build. */
function providerStatus(error: unknown): number | null {
  if (!(error instanceof Error) || !('code' in error)) return null;
  const code = (error as { code: unknown }).code;
  return typeof code === 'number' ? code : null;
}

export interface InitOptions {
  returnTo?: string | null;
  refresh?: boolean;
  aal?: string | null;
}

/** The browser endpoint that starts a flow and sends the browser back to its screen with ?flow=. */
export function initFlowUrl(config: Context['config'], kind: FlowKind, { returnTo, refresh, aal }: InitOptions = {}): string {
  const query = new URLSearchParams();
  if (returnTo) query.set('return_to', returnTo);
  if (kind === 'login' && refresh) query.set('refresh', 'true');
  if (kind === 'login' && aal) query.set('aal', aal);
  const search = query.toString();
  return `${config.endpoints.identity}/self-service/${kind}/browser${search ? `?${search}` : ''}`;
}

/** return_to, refresh and aal as a screen received them, to pass on to a new flow. */
export function initOptionsOf(request: Request): InitOptions {
  const params = new URL(request.url).searchParams;
  return { returnTo: params.get('return_to'), refresh: params.get('refresh') === 'true', aal: params.get('aal') };
}

/**
 * The flow named by ?flow=, as Kratos's GET /self-service/<kind>/flows returns it. Without one, or
 * with one this browser cannot use, the browser is sent to start a fresh flow.
 */
export async function loadFlow(kind: FlowKind, { request, context }: { request: Request; context: Context }) {
  const id = new URL(request.url).searchParams.get('flow');
  const passOn = initOptionsOf(request);
  if (!id) throw redirectDocument(initFlowUrl(context.config, kind, passOn));
  const { identity } = context.services;
  try {
    const flow = await identity.getFlow({
      kind,
      id,
      csrfCookie: readCookie(request, csrfCookieName(context.config)),
      sessionToken: readCookie(request, SESSION_COOKIE),
    });
    return await identity.flowToJson(flow);
  } catch (error) {
    const status = providerStatus(error);
    if (status === null || !RESTART_STATUSES.has(status)) throw error;
    // Keep where the old flow was going; return_to is checked again when the new flow starts.
    const stale = await identity.flows.get(id);
    throw redirectDocument(
      initFlowUrl(context.config, kind, {
        returnTo: passOn.returnTo ?? stale?.returnTo,
        refresh: passOn.refresh || stale?.refresh,
        aal: passOn.aal ?? (stale?.requestedAal === 'aal2' ? 'aal2' : null),
      }),
    );
  }
}

/** The browser's identity session and its person, or null when signed out. */
export async function currentSession({ request, context }: { request: Request; context: Context }) {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const { identity } = context.services;
  try {
    const session = await identity.whoami(token);
    const person = await identity.people.get(session.identityId);
    if (!person) return null;
    return { token, session, email: person.email, firstName: person.firstName };
  } catch (error) {
    if (providerStatus(error) === 401) return null;
    throw error;
  }
}

/** A same-site path or URL to come back to after signing in (the provider checks it again). */
export function absoluteSiteUrl(config: Context['config'], path: string): string {
  return new URL(path, `${config.siteUrl}/`).toString();
}
