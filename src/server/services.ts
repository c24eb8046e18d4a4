// The services every transport (pages, GraphQL, tRPC, HTTP routes) calls. Built once per process.
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { createAnalyticsService } from '../modules/analytics/analytics-service.ts';
import { createConsentService } from '../modules/consent/consent-service.ts';
import { createContentService } from '../modules/content/content-service.ts';
import { createIdentityService, type IdentityMailer } from '../modules/identity/identity-service.ts';
import { createMailService, createTransport } from '../modules/mail/mail-service.ts';
import { createOidc } from '../modules/identity/oidc.ts';
import { relyingPartyFor } from '../modules/identity/passkeys.ts';
import { createMediaService } from '../modules/media/media-service.ts';
import { createSessionService } from '../modules/session/session-service.ts';
import { identitySecret } from './secrets.ts';

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

export function identityPublicBaseUrl(config: Config): string {
  return config.endpoints.identity.startsWith('/') ? `${config.siteUrl}${config.endpoints.identity}` : config.endpoints.identity;
}

export function createServices({ db, config, passwordParams }: { db: Db; config: Config; passwordParams?: { memoryCost: number; timeCost: number; parallelism: number } }) {
  const mail = createMailService({ db, transport: createTransport({ smtpUrl: config.mail.smtpUrl }), from: config.mail.from, productName: config.productName, siteUrl: config.siteUrl });
  const mailer: IdentityMailer = {
    async send({ to, template, data }) {
      await mail.send({ to, template, data });
    },
  };
  const services = {
    content: createContentService({ db }),
    media: createMediaService({ db, cacheDir: path.resolve(config.dataDir, 'image-cache') }),
    mail,
    analytics: createAnalyticsService({ db }),
    consent: createConsentService({ db }),
    identity: createIdentityService({
      db,
      mailer,
      publicBaseUrl: identityPublicBaseUrl(config),
      siteUrl: config.siteUrl,
      uiUrls: identityUiUrls(config.siteUrl),
      pepper: identitySecret(config),
      passwordParams,
      relyingParty: relyingPartyFor(config.siteUrl, config.productName),
      oidc: config.identity.oidcProviders.length > 0 ? createOidc({ providers: config.identity.oidcProviders, callbackBase: `${identityPublicBaseUrl(config)}/self-service/methods/oidc/callback` }) : undefined,
    }),
  };
  const session = createSessionService({ db, identity: services.identity, secret: identitySecret(config), issuer: config.siteUrl, tokenTtlSeconds: config.session.tokenTtlSeconds });
  return { ...services, session };
}

export type Services = ReturnType<typeof createServices>;
