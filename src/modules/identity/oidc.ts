// Social sign-in with OpenID Connect (Google, Apple, or any issuer) through openid-client:
// authorization code flow with PKCE, state and nonce; the identity provider decides what the
// verified claims mean (sign in, sign up, or link to an existing account).
import * as client from 'openid-client';

export interface OidcProviderConfig {
  /** Stable id used in URLs and credentials: google, apple, or a name of your choosing. */
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scope?: string;
}

/** What the flow remembers between the redirect out and the callback. */
export interface OidcPending {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcClaims {
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

export function createOidc({ providers, callbackBase }: { providers: readonly OidcProviderConfig[]; callbackBase: string }) {
  const configurations = new Map<string, Promise<client.Configuration>>();

  function provider(id: string): OidcProviderConfig | undefined {
    return providers.find((p) => p.id === id);
  }

  function configuration(p: OidcProviderConfig): Promise<client.Configuration> {
    let pending = configurations.get(p.id);
    if (!pending) {
      const issuer = new URL(p.issuer);
      // Plain http issuers exist only on a developer's machine and in tests.
      const insecure = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
      pending = client.discovery(issuer, p.clientId, p.clientSecret, undefined, insecure);
      pending.catch(() => configurations.delete(p.id));
      configurations.set(p.id, pending);
    }
    return pending;
  }

  const callbackUrl = (id: string) => `${callbackBase}/${encodeURIComponent(id)}`;

  return {
    list: () => providers.map(({ id, label }) => ({ id, label })),
    has: (id: string) => Boolean(provider(id)),

    /** Where to send the browser, and what to remember for the callback. */
    async start(id: string, flowId: string): Promise<{ url: string; pending: OidcPending }> {
      const p = provider(id);
      if (!p) throw new Error(`unknown OIDC provider ${id}`);
      const config = await configuration(p);
      const verifier = client.randomPKCECodeVerifier();
      const state = `${flowId}.${client.randomState()}`;
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(id),
        scope: p.scope ?? 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Apple returns the name only with form_post.
        ...(id === 'apple' ? { response_mode: 'form_post' } : {}),
      });
      return { url: url.toString(), pending: { provider: id, state, nonce, verifier } };
    },

    /** Exchanges the code on the callback URL for verified claims. */
    async finish(currentUrl: URL, pending: OidcPending): Promise<OidcClaims> {
      const p = provider(pending.provider);
      if (!p) throw new Error(`unknown OIDC provider ${pending.provider}`);
      const config = await configuration(p);
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      let info: Record<string, unknown> = claims;
      if (!claims.email && tokens.access_token) {
        info = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      }
      return {
        subject: claims.sub,
        email: typeof info.email === 'string' ? info.email.toLowerCase() : undefined,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        firstName: typeof info.given_name === 'string' ? info.given_name : undefined,
        lastName: typeof info.family_name === 'string' ? info.family_name : undefined,
      };
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;

/** The flow id before the dot of an OIDC state parameter or a session token exchange's return_to code. */
export function flowIdOf(value: string | null): string | null {
  const id = value?.split('.')[0];
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}
