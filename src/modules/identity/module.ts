// The identity module: people, credentials, sessions and the Kratos-compatible HTTP API (§2).
import type { Config } from '../../config/config.ts';
import { pathPrefix, secureCookies, type AppModule, type ModuleDeps } from '../../platform/module.ts';
import type { MailService } from '../mail/mail-service.ts';
import { createIdentityService, type IdentityService, type IdentityServiceOptions } from './identity-service.ts';
import { registerIdentityRoutes, type IdentityRouteOptions } from './identity-routes.ts';
import { createOidc } from './oidc.ts';
import { relyingPartyFor } from './passkeys.ts';

/** Where each identity flow's screen lives (Kratos "UI URLs", §2). */
export function identityUiUrls(siteUrl: string) {
  return {
    login: `${siteUrl}/user/login/`,
    registration: `${siteUrl}/user/register/`,
    recovery: `${siteUrl}/user/recovery/`,
    verification: `${siteUrl}/user/confirm-email`,
    settings: `${siteUrl}/user/account/`,
    error: `${siteUrl}/user/error/`,
  };
}

/** The identity API's absolute URL (IDENTITY_ENDPOINT may be a path on this site). */
export function identityPublicBaseUrl(config: Config): string {
  return config.endpoints.identity.startsWith('/') ? `${config.siteUrl}${config.endpoints.identity}` : config.endpoints.identity;
}

export interface IdentityModuleDeps
  extends ModuleDeps, Pick<IdentityServiceOptions, 'passwordParams' | 'sessionChanges' | 'thisMachineOnlyEmails'> {
  mail: Pick<MailService, 'send'>;
  /**
   * whoami's tokenize_as. The session module mints the tokens and is built from identity, so this is
   * called per request, once both exist.
   */
  tokenize: NonNullable<IdentityRouteOptions['tokenize']>;
}

export function createIdentityModule(deps: IdentityModuleDeps): AppModule<IdentityService> {
  const { db, config, limits, secret, mail } = deps;
  const publicBaseUrl = identityPublicBaseUrl(config);
  const uiUrls = identityUiUrls(config.siteUrl);
  const identity = createIdentityService({
    db,
    mailer: { send: async ({ to, template, data }) => void (await mail.send({ to, template, data })) },
    publicBaseUrl,
    siteUrl: config.siteUrl,
    uiUrls,
    pepper: secret,
    passwordParams: deps.passwordParams,
    relyingParty: relyingPartyFor(config.siteUrl, config.productName),
    sessionChanges: deps.sessionChanges,
    limits,
    thisMachineOnlyEmails: deps.thisMachineOnlyEmails,
    oidc:
      config.identity.oidcProviders.length > 0
        ? createOidc({ providers: config.identity.oidcProviders, callbackBase: `${publicBaseUrl}/self-service/methods/oidc/callback` })
        : undefined,
  });
  return {
    name: 'identity',
    service: identity,
    routes: (app) =>
      registerIdentityRoutes(app, {
        identity,
        db,
        prefix: pathPrefix(config.endpoints.identity),
        publicBaseUrl,
        uiUrls,
        secureCookies: secureCookies(config),
        submitLimitPerMinute: config.identity.submitLimitPerMinute,
        limits,
        tokenize: deps.tokenize,
      }),
  };
}
