// Test doubles shared by the auth unit tests (imported only by *.test.ts): unsigned JWTs, a
// cookie store, a Web Storage, Kratos flows and the SDK's ResponseError with a Kratos body.
import { ResponseError, type LoginFlow, type LogoutFlow, type RegistrationFlow, type UiNode } from '@ory/client-fetch';
import type { CookieReader } from '../../shared/auth/cookies.ts';
import type { StorageLike } from './storage.ts';

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned-but-well-formed JWT; the browser never verifies signatures. */
export function makeJwt(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.c2ln`;
}

export const START_MS = Date.UTC(2026, 0, 15, 12, 0, 0);

/** A main token (`bof_session`) for user 42, expiring `expiresInMs` after `nowMs`. */
export function mainJwt(claims: Record<string, unknown> = {}, { nowMs = START_MS, expiresInMs = 10 * 60_000 } = {}): string {
  return makeJwt({
    user_id: 42,
    email: 'ana@example.com',
    membership_level: 'Standard',
    membership_type: 'Individual',
    is_bof_admin: false,
    is_first_login: false,
    unclaimed_membership_account_id: null,
    is_challenged: false,
    is_user_data_complete: true,
    exp: Math.floor((nowMs + expiresInMs) / 1000),
    ...claims,
  });
}

export function paywallJwt(claims: Record<string, unknown> = {}): string {
  return makeJwt({ sub: '42', entitlements: ['standard'], ...claims });
}

export interface FakeCookies extends CookieReader {
  set(name: string, value: string): void;
  delete(name: string): void;
}

export function createFakeCookies(initial: Record<string, string> = {}): FakeCookies {
  const jar = new Map(Object.entries(initial));
  return {
    get: (name) => jar.get(name),
    set: (name, value) => void jar.set(name, value),
    delete: (name) => void jar.delete(name),
  };
}

export interface MemoryStorage extends StorageLike {
  readonly items: Map<string, string>;
}

export function createMemoryStorage(): MemoryStorage {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** What the SDK throws for a non-2xx answer, with a JSON body. */
export function identityError(status: number, body: unknown): ResponseError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return new ResponseError(response, 'Response returned an error code');
}

/** A Kratos error envelope (kratos-notes §3). */
export function kratosError(
  status: number,
  id: string,
  message = 'An error occurred with the session',
  extra: Record<string, unknown> = {},
): ResponseError {
  return identityError(status, { error: { id, code: status, status: 'Bad Request', message }, ...extra });
}

function csrfNode(value: string): UiNode {
  return {
    type: 'input',
    group: 'default',
    attributes: { node_type: 'input', name: 'csrf_token', type: 'hidden', value, disabled: false, required: true },
    messages: [],
    meta: {},
  };
}

function flowBase(id: string, path: string, csrf: string) {
  return {
    id,
    type: 'browser',
    expires_at: new Date(START_MS + 3_600_000),
    issued_at: new Date(START_MS),
    request_url: `https://atelier.test/identity/self-service/${path}/browser`,
    state: 'choose_method',
    ui: { action: `https://atelier.test/identity/self-service/${path}?flow=${id}`, method: 'POST', nodes: [csrfNode(csrf)] },
  };
}

export function loginFlow(id = 'login-flow-1', csrf = 'csrf-login'): LoginFlow {
  return flowBase(id, 'login', csrf);
}

export function registrationFlow(id = 'reg-flow-1', csrf = 'csrf-reg'): RegistrationFlow {
  return flowBase(id, 'registration', csrf);
}

export function logoutFlow(url = 'https://atelier.test/identity/self-service/logout?token=t1'): LogoutFlow {
  return { logout_url: url, logout_token: 't1' };
}
