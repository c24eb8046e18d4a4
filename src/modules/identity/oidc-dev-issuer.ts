// A local OpenID Connect issuer for tests: the `oidc-provider` package (a dev dependency) with its
// development sign-in pages, where any login typed in is an email address that signs in. Used by
// the integration tests and the browser tests (e2e/serve.mjs); the app itself never imports it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { OidcProviderConfig } from './oidc.ts';

const client = { id: 'example', label: 'Example ID', clientId: 'atelier', clientSecret: 'atelier-client-secret' };

/** Starts the issuer on 127.0.0.1 (a free port), for a site whose identity API is at `identityBaseUrl`. */
export async function startDevIssuer(identityBaseUrl: string): Promise<{ provider: OidcProviderConfig; close: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [`${identityBaseUrl}/self-service/methods/oidc/callback/${client.id}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: `sub-${id}`, email: id, email_verified: true, given_name: 'Oda', family_name: 'Nnamdi' }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-dev-issuer-cookie-key'] },
  });
  server.on('request', oidc.callback());
  return {
    provider: { id: client.id, label: client.label, issuer, clientId: client.clientId, clientSecret: client.clientSecret },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
