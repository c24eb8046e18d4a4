// The services every transport (pages, GraphQL, tRPC, HTTP routes) calls. Built once per process.
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed.ts';
import { createAnalyticsService } from '../modules/analytics/analytics-service.ts';
import { createConsentService } from '../modules/consent/consent-service.ts';
import { unconfiguredProvider } from '../modules/billing/provider.ts';
import { createSandboxProvider } from '../modules/billing/sandbox-provider.ts';
import { createRecurlyProvider } from '../modules/billing/recurly-provider.ts';
import { createCancellationService } from '../modules/billing/cancellation.ts';
import { createBillingService } from '../modules/billing/subscriptions-service.ts';
import { createLifecycle } from '../modules/billing/lifecycle.ts';
import { createUpgrades } from '../modules/billing/upgrades.ts';
import { createJobRunner } from '../modules/jobs/job-runner.ts';
import { createContentService } from '../modules/content/content-service.ts';
import { createIdentityService, type IdentityMailer } from '../modules/identity/identity-service.ts';
import { createMailService, createTransport } from '../modules/mail/mail-service.ts';
import { createOidc } from '../modules/identity/oidc.ts';
import type { SessionChanges } from '../modules/identity/session-changes.ts';
import { relyingPartyFor } from '../modules/identity/passkeys.ts';
import { createAccountsService } from '../modules/accounts/accounts-service.ts';
import { createGiftsService } from '../modules/gifts/gifts-service.ts';
import { createFollowsService } from '../modules/follows/follows-service.ts';
import { createLookupsService } from '../modules/lookups/lookups-service.ts';
import { createMediaService } from '../modules/media/media-service.ts';
import { createMembershipsService } from '../modules/memberships/memberships-service.ts';
import { createStudentsService } from '../modules/students/students-service.ts';
import { combineClaimsSources } from '../modules/session/claims-source.ts';
import { createSessionService } from '../modules/session/session-service.ts';
import { createMeterCookies } from '../modules/walls/meter.ts';
import { createWallRules } from '../modules/walls/rules.ts';
import { createWallsService } from '../modules/walls/walls-service.ts';
import { identitySecret } from './secrets.ts';
import type { LimitStore } from '../platform/rate-limits.ts';

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

export function createServices({
  db,
  config,
  passwordParams,
  sessionChanges,
  limits,
}: {
  db: Db;
  config: Config;
  /** Where rate limits and sign-in throttling count (Redis with REDIS_URL, else memory). */
  limits: LimitStore;
  /** How ended identity sessions reach every process (PostgreSQL NOTIFY); this process only when omitted. */
  sessionChanges?: SessionChanges;
  passwordParams?: {
    memoryCost: number;
    timeCost: number;
    parallelism: number;
  };
}) {
  const mail = createMailService({
    db,
    transport: createTransport({ smtpUrl: config.mail.smtpUrl }),
    from: config.mail.from,
    productName: config.productName,
    siteUrl: config.siteUrl,
  });
  const mailer: IdentityMailer = {
    async send({ to, template, data }) {
      await mail.send({ to, template, data });
    },
  };
  const services = {
    content: createContentService({ db }),
    media: createMediaService({
      db,
      cacheDir: path.resolve(config.dataDir, 'image-cache'),
    }),
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
      sessionChanges,
      limits,
      // Their password is in the README: they sign in only on this machine (loopback.ts).
      thisMachineOnlyEmails: new Set(DEMO_ACCOUNTS.map((account) => account.email)),
      oidc:
        config.identity.oidcProviders.length > 0
          ? createOidc({
              providers: config.identity.oidcProviders,
              callbackBase: `${identityPublicBaseUrl(config)}/self-service/methods/oidc/callback`,
            })
          : undefined,
    }),
  };
  const lookups = createLookupsService();
  const accounts = createAccountsService({
    db,
    identity: services.identity,
    lookups,
    mail,
    pepper: identitySecret(config),
  });
  const follows = createFollowsService({ db, content: services.content });
  const memberships = createMembershipsService({ db });
  // Student memberships (issue 7): the academic email address and its code; billing asks it who may buy a student plan.
  const students = createStudentsService({
    db,
    mail,
    pepper: identitySecret(config),
    userIdOf: async (identityId) => {
      const userId = (await services.identity.identities.get(identityId))?.identity.metadataPublic?.user_id;
      return typeof userId === 'string' || typeof userId === 'number' ? String(userId) : null;
    },
  });
  // Every fact in the session claims (admin, user data, membership); the paywall token follows from the same facts.
  const claimsSource = combineClaimsSources(accounts.claimsSource, memberships.claimsSource);
  const walls = createWallsService({
    rules: createWallRules({
      file: config.walls.rulesFile,
      onError: (error) => console.error(`WALL_RULES_FILE ignored: ${error.message}`),
    }),
    meterCookies: createMeterCookies({ secret: identitySecret(config) }),
    reads: follows,
  });
  const session = createSessionService({
    db,
    identity: services.identity,
    secret: identitySecret(config),
    issuer: config.siteUrl,
    tokenTtlSeconds: config.session.tokenTtlSeconds,
    claimsSource,
    paywallSource: walls,
  });
  const gifts = createGiftsService({
    db,
    content: services.content,
    identity: services.identity,
    siteUrl: config.siteUrl,
  });
  // Billing (issue 7): the embedded sandbox provider, or Recurly when its public and private keys are configured.
  const sandboxBilling = config.keys.billing === 'sandbox' ? createSandboxProvider({ db }) : null;
  const billingProvider =
    sandboxBilling ??
    (config.billing.privateKey
      ? createRecurlyProvider({
          privateKey: config.billing.privateKey,
          apiUrl: config.billing.apiUrl,
        })
      : unconfiguredProvider(config.keys.billing));
  // Background jobs (DESIGN §1, §8) and the subscription lifecycle they run (trial end, renewal, dunning, expiry); app.ts starts the loop.
  const jobs = createJobRunner({ db });
  const lifecycle = createLifecycle({
    db,
    jobs,
    provider: billingProvider,
    memberships,
    mail,
    siteUrl: config.siteUrl,
    personOf: async (identityId) => {
      const email = (await services.identity.identities.get(identityId))?.identity.traits.email;
      return email ? { email } : null;
    },
  });
  const emailOf = async (identityId: string) => (await services.identity.identities.get(identityId))?.identity.traits.email ?? null;
  const billing = Object.assign(
    createBillingService({
      db,
      provider: billingProvider,
      memberships,
      mail,
      siteUrl: config.siteUrl,
      lifecycle,
      isVerifiedStudent: students.isVerifiedStudent,
      personOf: async (identityId) => {
        const found = await services.identity.identities.get(identityId);
        return found
          ? {
              email: found.identity.traits.email,
              firstName: found.identity.traits.name?.first ?? null,
              lastName: found.identity.traits.name?.last ?? null,
            }
          : null;
      },
    }),
    {
      sandbox: sandboxBilling,
      // Cancellation with a retention offer (modules/billing/cancellation.ts).
      cancellation: createCancellationService({
        db,
        memberships,
        mail,
        siteUrl: config.siteUrl,
        emailOf,
      }),
      // Upgrades with a proration preview (modules/billing/upgrades.ts).
      upgrades: createUpgrades({
        db,
        provider: billingProvider,
        memberships,
        mail,
        siteUrl: config.siteUrl,
        lifecycle,
        emailOf,
      }),
    },
  );
  return {
    ...services,
    lookups,
    accounts,
    follows,
    memberships,
    students,
    walls,
    gifts,
    billing,
    session,
    jobs,
    lifecycle,
  };
}

export type Services = ReturnType<typeof createServices>;
