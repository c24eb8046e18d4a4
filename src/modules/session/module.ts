// The session module: the product's session tokens (§3) minted from the identity session, and the /auth routes.
import { pathPrefix, secureCookies, type AppModule, type ModuleDeps } from '../../platform/module.ts';
import type { IdentityService } from '../identity/identity-service.ts';
import { registerSessionRoutes } from './auth-routes.ts';
import { combineClaimsSources, type ClaimsSource } from './claims-source.ts';
import { createSessionService, type PaywallSource, type SessionService } from './session-service.ts';

/** What a module adds to the session claims (accounts: user data; memberships: level and type). */
export interface ClaimsContribution {
  claims: ClaimsSource;
}

export interface SessionModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'limits' | 'secret'> {
  identity: IdentityService;
  /** Every fact in the claims, in order: a later source overrides an earlier one. */
  claimsFrom: ClaimsContribution[];
  /** The paywall token follows from the same facts (walls). */
  paywallSource: PaywallSource;
}

export function createSessionModule({
  db,
  config,
  limits,
  secret,
  identity,
  claimsFrom,
  paywallSource,
}: SessionModuleDeps): AppModule<SessionService> {
  const session = createSessionService({
    db,
    identity,
    secret,
    issuer: config.siteUrl,
    tokenTtlSeconds: config.session.tokenTtlSeconds,
    claimsSource: combineClaimsSources(...claimsFrom.map((module) => module.claims)),
    paywallSource,
  });
  return {
    name: 'session',
    service: session,
    routes: (app) =>
      registerSessionRoutes(app, {
        session,
        authPath: pathPrefix(config.endpoints.auth),
        siteOrigin: new URL(config.siteUrl).origin,
        secureCookies: secureCookies(config),
        limits,
      }),
  };
}
