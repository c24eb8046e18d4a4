// The one place that reads the environment. Validates every setting at once and returns a
// frozen, typed Config; a bad environment is a ConfigError listing every problem in plain words.
import type { z } from 'zod';
import { SETTINGS, type AppEnvironment, type OidcProviderSetting } from './settings.ts';

type SettingName = (typeof SETTINGS)[number]['name'];
type SettingValues = { [S in (typeof SETTINGS)[number] as S['name']]: z.output<S['schema']> };

/**
 * Each environment's analytics app id and collector (§9), both first-party. The pixel, insight tag
 * and tag manager have no built-in ids: they load only when the operator sets theirs (decision 017).
 */
export const ENVIRONMENT_IDS: Record<AppEnvironment, { analyticsAppIdPrefix: string; collectorUrl: string }> = {
  dev: { analyticsAppIdPrefix: 'development-global', collectorUrl: '/' },
  test: { analyticsAppIdPrefix: 'test-global', collectorUrl: '/' },
  qa: { analyticsAppIdPrefix: 'qa-global', collectorUrl: '/' },
  prod: { analyticsAppIdPrefix: 'production-global', collectorUrl: '/' },
};

export interface Config {
  appEnv: AppEnvironment;
  version: string;
  productName: string;
  siteUrl: string;
  host: string;
  port: number;
  logLevel: SettingValues['LOG_LEVEL'];
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  /** WEB_CONCURRENCY: worker processes on PostgreSQL (server/main.ts); unset: one per core. */
  workers?: number;
  dataDir: string;
  demoContent: boolean;
  endpoints: {
    graphql: string;
    apiBase: string;
    trpc: string;
    staticAssets: string;
    imageResizer: string;
    identity: string;
    auth: string;
    analyticsCollector: string;
  };
  /** Third-party ids are set by the operator or absent (then that tag never loads). */
  analytics: {
    appId: string;
    pixelId?: string;
    insightPartnerId?: string;
    tagManagerId?: string;
    tagManagerScriptUrl?: string;
    tagManagerTransportUrl: string;
  };
  keys: {
    billing: string;
    walletMerchantId?: string;
    marketingMessaging?: string;
    captchaSite?: string;
    mediaUpload?: string;
    fraudPublishable?: string;
  };
  /** The billing provider's server side (Recurly): secret, never in publicConfig. */
  billing: { privateKey?: string; apiUrl: string };
  /** Recurly.js (BILLING_SCRIPT_URL), which the payment pages load when Recurly is the provider (decision 039). */
  billingScriptUrl: string;
  debuggerEnabled: boolean;
  careers: { jobsUrl: string; contactUrl: string };
  identity: { secret?: string; oidcProviders: OidcProviderSetting[]; submitLimitPerMinute: number };
  /** The product session tokens (bof_session, blaize_jwt). */
  session: { tokenTtlSeconds: number };
  walls: { rulesFile?: string };
  mail: { smtpUrl?: string; from: string };
  /** The Brain of Fashion's chat-completions endpoint (decision 052); unset: the extractive answer. */
  answers: { apiUrl?: string; apiKey?: string; model?: string };
  /** Where enquiries are emailed (ENQUIRIES_INBOX). */
  enquiries: { inbox: string };
  /** Fastify's trustProxy: which proxies' X-Forwarded-For names the client (false: none). */
  trustedProxies: false | string[];
  /** Where the rate limits live: Redis when a URL is set, else this process's memory. */
  limits: { redisUrl?: string; keyPrefix: string };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The server cannot start; fix these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const definition of SETTINGS) {
    const result = definition.schema.safeParse(env[definition.name]);
    if (result.success) values[definition.name] = result.data;
    // One message per setting: the first thing wrong with it is the one to fix.
    else problems.push(`${definition.name}: ${describeIssue(result.error.issues[0]!, env[definition.name])}`);
  }
  const v = values as SettingValues;
  if (v.APP_ENV === 'prod' && !v.IDENTITY_SECRET && problems.every((p) => !p.startsWith('IDENTITY_SECRET')))
    problems.push('IDENTITY_SECRET: is required when APP_ENV is prod');
  if (
    v.BILLING_PUBLIC_KEY &&
    v.BILLING_PUBLIC_KEY !== 'sandbox' &&
    !v.BILLING_PRIVATE_KEY &&
    problems.every((p) => !p.startsWith('BILLING_'))
  ) {
    problems.push('BILLING_PRIVATE_KEY: is required when BILLING_PUBLIC_KEY is not "sandbox"');
  }
  if (v.APP_ENV === 'prod' && v.DEMO_CONTENT)
    problems.push(
      'DEMO_CONTENT: cannot be on when APP_ENV is prod: the demo accounts’ password is public (unset it or set DEMO_CONTENT=false)',
    );
  if (v.ANSWERS_API_URL && !v.ANSWERS_MODEL && problems.every((p) => !p.startsWith('ANSWERS_')))
    problems.push('ANSWERS_MODEL: is required when ANSWERS_API_URL is set (the model the endpoint is asked for)');
  if (problems.length > 0) throw new ConfigError(problems);
  const ids = ENVIRONMENT_IDS[v.APP_ENV];
  const databaseUrl = v.DATABASE_URL as string | undefined;

  const config: Config = {
    appEnv: v.APP_ENV,
    version: v.DEPLOYMENT_VERSION,
    productName: v.PRODUCT_NAME,
    siteUrl: stripTrailingSlash((v.SITE_URL as string | undefined) ?? `http://localhost:${v.PORT}`),
    host: v.HOST,
    port: v.PORT,
    logLevel: v.LOG_LEVEL,
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: v.DATA_DIR },
    workers: v.WEB_CONCURRENCY,
    dataDir: v.DATA_DIR,
    demoContent: v.DEMO_CONTENT ?? v.APP_ENV !== 'prod',
    endpoints: {
      graphql: v.PUBLIC_GRAPHQL_API_URL,
      apiBase: v.API_BASE_URL,
      trpc: v.TRPC_URL,
      staticAssets: stripTrailingSlash(v.STATIC_ASSETS_URL),
      imageResizer: stripTrailingSlash(v.IMAGE_RESIZER_URL),
      identity: stripTrailingSlash(v.IDENTITY_BASE_URL),
      auth: v.AUTH_ENDPOINT_URL,
      analyticsCollector: v.ANALYTICS_COLLECTOR_URL ?? ids.collectorUrl,
    },
    analytics: {
      appId: v.ANALYTICS_APP_ID ?? `${ids.analyticsAppIdPrefix}-${v.DEPLOYMENT_VERSION}`,
      pixelId: v.PIXEL_ID,
      insightPartnerId: v.INSIGHT_PARTNER_ID,
      tagManagerId: v.TAG_MANAGER_ID,
      tagManagerScriptUrl: v.TAG_MANAGER_SCRIPT_URL,
      tagManagerTransportUrl: v.TAG_MANAGER_TRANSPORT_URL,
    },
    keys: {
      billing: v.BILLING_PUBLIC_KEY,
      walletMerchantId: v.WALLET_MERCHANT_ID,
      marketingMessaging: v.MARKETING_MESSAGING_API_KEY,
      captchaSite: v.CAPTCHA_SITE_KEY,
      mediaUpload: v.MEDIA_UPLOAD_KEY,
      fraudPublishable: v.FRAUD_PUBLISHABLE_KEY,
    },
    billing: { privateKey: v.BILLING_PRIVATE_KEY, apiUrl: stripTrailingSlash(v.BILLING_API_URL) },
    billingScriptUrl: v.BILLING_SCRIPT_URL,
    debuggerEnabled: v.DEBUGGER_ENABLED,
    careers: { jobsUrl: v.CAREERS_JOBS_URL, contactUrl: v.CAREERS_CONTACT_URL },
    session: { tokenTtlSeconds: v.AUTH_TOKEN_TTL_SECONDS },
    walls: { rulesFile: v.WALL_RULES_FILE },
    identity: {
      secret: v.IDENTITY_SECRET,
      submitLimitPerMinute: v.IDENTITY_RATE_LIMIT_PER_MINUTE,
      oidcProviders: [
        ...(v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
          ? [
              {
                id: 'google',
                label: 'Google',
                issuer: 'https://accounts.google.com',
                clientId: v.GOOGLE_CLIENT_ID,
                clientSecret: v.GOOGLE_CLIENT_SECRET,
              },
            ]
          : []),
        ...(v.APPLE_CLIENT_ID && v.APPLE_CLIENT_SECRET
          ? [
              {
                id: 'apple',
                label: 'Apple',
                issuer: 'https://appleid.apple.com',
                clientId: v.APPLE_CLIENT_ID,
                clientSecret: v.APPLE_CLIENT_SECRET,
                scope: 'openid email name',
              },
            ]
          : []),
        ...v.OIDC_PROVIDERS,
      ],
    },
    mail: { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM },
    answers: { apiUrl: v.ANSWERS_API_URL, apiKey: v.ANSWERS_API_KEY, model: v.ANSWERS_MODEL },
    enquiries: { inbox: v.ENQUIRIES_INBOX },
    trustedProxies: v.TRUSTED_PROXIES,
    limits: { redisUrl: v.REDIS_URL, keyPrefix: v.REDIS_KEY_PREFIX },
  };
  return deepFreeze(config);
}

function describeIssue(issue: z.core.$ZodIssue, raw: string | undefined): string {
  if (issue.code === 'invalid_value' && 'values' in issue) {
    return `"${raw ?? ''}" is not one of ${issue.values.map(String).join(', ')}`;
  }
  if (issue.code === 'invalid_type' && raw !== undefined && issue.expected === 'number') return `"${raw}" is not a number`;
  return issue.message;
}

function stripTrailingSlash(url: string): string {
  return url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** The subset the browser may see: endpoints, public ids and keys, never secrets. */
export function publicConfig(config: Config) {
  return {
    appEnv: config.appEnv,
    version: config.version,
    productName: config.productName,
    siteUrl: config.siteUrl,
    endpoints: config.endpoints,
    analytics: config.analytics,
    keys: {
      billing: config.keys.billing,
      walletMerchantId: config.keys.walletMerchantId,
      marketingMessaging: config.keys.marketingMessaging,
      captchaSite: config.keys.captchaSite,
      fraudPublishable: config.keys.fraudPublishable,
    },
    debuggerEnabled: config.debuggerEnabled,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
export type { SettingName };
