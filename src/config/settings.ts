// Every setting the product reads (SPEC §9), declared once: name, meaning, default, rule.
// `loadConfig` (config.ts) validates them all together; scripts/settings-table.ts prints this
// list into the README. Nothing else in the project reads process.env.
import { isIP } from 'node:net';
import { z } from 'zod';
import { emailSchema } from '../shared/validation/formats.ts';

export const APP_ENVIRONMENTS = ['dev', 'test', 'qa', 'prod'] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

/** A URL the product calls: absolute http(s), or a path on this same origin. */
const endpoint = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required (an http(s) URL or a path starting with /)`)
    .refine((value) => value.startsWith('/') || isHttpUrl(value), {
      message: `${what} must be an http(s) URL or a path starting with /`,
    });

const optionalKey = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine(isHttpUrl, { message: `${what} must be an absolute http(s) URL` });

/** Where the Recurly client sends the private key: https, or plain http only on this machine (a test double). */
const billingApiUrl = httpUrl('BILLING_API_URL').refine(
  (value) => {
    if (!isHttpUrl(value)) return true; // already reported
    const url = new URL(value);
    return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  },
  { message: 'BILLING_API_URL must be an https URL (plain http only for localhost, 127.0.0.1 or [::1])' },
);

/** Proxy-addr's names for ranges, and an address or CIDR range of either family. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyRange(value: string): boolean {
  if (PROXY_RANGE_NAMES.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Fastify's trustProxy: false (the default: believe no X-Forwarded-For) or the proxies' addresses.
 * Never `true`, which lets any client choose its own address, nor a hop count, which Fastify
 * ignores because it cannot tell a proxy from a client.
 */
const trustedProxies = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | string[] => {
    if (!value) return false;
    const ranges = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const wrong = ranges.find((range) => !isProxyRange(range));
    if (wrong)
      ctx.addIssue({
        code: 'custom',
        message: `"${wrong}" is not an address, a CIDR range (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(', ')}`,
      });
    return ranges;
  });

const boolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A flag whose default depends on other settings: undefined when unset. */
const optionalBoolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

const oidcProvider = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,40}$/, 'id must be 2–40 lowercase letters, digits or dashes'),
  label: z.string().min(1).max(60),
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  scope: z.string().optional(),
});
export type OidcProviderSetting = z.infer<typeof oidcProvider>;

function parseProviders(value: string | undefined, ctx: z.RefinementCtx): OidcProviderSetting[] {
  if (!value) return [];
  try {
    const parsed = z.array(oidcProvider).safeParse(JSON.parse(value));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: `is not a valid provider list: ${parsed.error.issues[0]?.message}` });
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
  }
  return [];
}

export interface SettingDefinition<N extends string = string, T = unknown> {
  /** Environment variable name. */
  name: N;
  description: string;
  /** Default shown in the README; undefined when the setting is optional with no default. */
  defaultValue?: string;
  schema: z.ZodType<T>;
}

function setting<N extends string, S extends z.ZodType>(
  name: N,
  description: string,
  schema: S,
  defaultValue?: string,
): SettingDefinition<N, z.output<S>> {
  return {
    name,
    description,
    schema: (defaultValue === undefined
      ? schema
      : z.preprocess((value) => (value === undefined ? defaultValue : value), schema)) as z.ZodType<z.output<S>>,
    defaultValue,
  };
}

export const SETTINGS = [
  setting(
    'APP_ENV',
    'App environment: dev, test, qa or prod. Chooses the analytics app id; outside prod the dev mailbox and the demo accounts exist, answering only this machine (loopback).',
    z.enum(APP_ENVIRONMENTS),
    'dev',
  ),
  setting(
    'DEPLOYMENT_VERSION',
    'Deployment version, reported to analytics (app id suffix) and in the app-version header.',
    z
      .string()
      .trim()
      .regex(/^\d+\.\d+\.\d+$/, 'must look like 9.36.0'),
    '9.36.0',
  ),
  setting(
    'PRODUCT_NAME',
    'Product name: the page title and the masthead.',
    z.string().trim().min(1, 'product name is required'),
    'Atelier',
  ),
  setting(
    'SITE_URL',
    'Public base URL of the site, used for canonical links, feeds and the sitemap. Defaults to http://localhost:PORT.',
    httpUrl('SITE_URL').optional(),
  ),
  setting('HOST', 'Interface the server listens on.', z.string().trim().min(1), '0.0.0.0'),
  setting('PORT', 'Port the server listens on.', z.coerce.number().int().min(0).max(65535), '3000'),
  setting(
    'LOG_LEVEL',
    'Log level: fatal, error, warn, info, debug, trace or silent.',
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  setting(
    'DATABASE_URL',
    'PostgreSQL connection string. When unset the embedded database (PGlite) is used.',
    z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined),
  ),
  setting(
    'WEB_CONCURRENCY',
    'Server processes with DATABASE_URL: npm start runs this many workers sharing the port. Unset: one per core. Each worker holds up to 11 PostgreSQL connections (10 pooled, 1 listening), so keep workers × 11 under the server’s max_connections. The embedded database (PGlite) always serves from one process.',
    z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1, 'must be at least 1').max(256).optional()),
  ),
  setting('DATA_DIR', 'Directory of the embedded database and caches.', z.string().trim().min(1, 'DATA_DIR must not be empty'), './data'),
  setting(
    'DEMO_CONTENT',
    'Create the demo stories, people, organisations and demo accounts on first start. Unset: on, except with APP_ENV=prod, which refuses it (the demo accounts’ password is public).',
    optionalBoolFlag,
  ),
  setting('PUBLIC_GRAPHQL_API_URL', 'Public GraphQL API endpoint.', endpoint('the public GraphQL API URL'), '/graphql'),
  setting('API_BASE_URL', 'Base URL of the product API.', endpoint('the API base URL'), '/api'),
  setting('TRPC_URL', 'tRPC endpoint.', endpoint('the tRPC URL'), '/trpc'),
  setting('STATIC_ASSETS_URL', 'Static assets host (cookie-consent.js and .css live here).', endpoint('the static assets URL'), '/static'),
  setting('IMAGE_RESIZER_URL', 'Image resizer base URL.', endpoint('the image resizer URL'), '/img'),
  setting(
    'IDENTITY_BASE_URL',
    'Identity provider base URL (Ory Kratos public API).',
    endpoint('the identity provider base URL'),
    '/identity',
  ),
  setting('AUTH_ENDPOINT_URL', 'Product auth endpoint that refreshes the session cookies.', endpoint('the auth endpoint URL'), '/api/auth'),
  setting(
    'WALL_RULES_FILE',
    'Optional JSON file with the wall rules (meter, variants, experiments, next-best-action banners; see src/modules/walls/rules.ts). Re-read when it changes; the built-in rules when unset.',
    z.string().trim().min(1).optional(),
  ),
  setting(
    'AUTH_TOKEN_TTL_SECONDS',
    'Lifetime of the bof_session and blaize_jwt tokens in seconds. Keep the default; tests shorten it to see tokens expire.',
    z.coerce.number().int().min(1).max(86_400),
    '600',
  ),
  setting(
    'ANALYTICS_COLLECTOR_URL',
    'Analytics collector (Snowplow protocol). Defaults to the environment’s collector, which is this site.',
    endpoint('the analytics collector URL').optional(),
  ),
  setting(
    'ANALYTICS_APP_ID',
    'Analytics app id. Defaults to the environment’s prefix followed by the deployment version (production-global-9.36.0 in prod).',
    z.string().trim().min(1).max(255).optional(),
  ),
  setting(
    'INSIGHT_PARTNER_ID',
    'Partner id of the LinkedIn-type insight tag (loaded once, after nonessential consent). Unset: no insight tag.',
    z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'must be the numeric partner id')
      .optional(),
  ),
  setting(
    'PIXEL_ID',
    'Advertising pixel id (its script loads after nonessential consent). Unset: no pixel.',
    z.string().trim().min(1).optional(),
  ),
  setting('TAG_MANAGER_ID', 'Tag manager id. Unset: no tag manager.', z.string().trim().min(1).optional()),
  setting(
    'TAG_MANAGER_SCRIPT_URL',
    'Tag manager script (e.g. a first-party gtm.js proxy). Loaded only after non-essential consent, and only when set.',
    httpUrl('TAG_MANAGER_SCRIPT_URL').optional(),
  ),
  setting(
    'TAG_MANAGER_TRANSPORT_URL',
    'First-party transport address the tag manager sends page views and events through.',
    endpoint('the tag manager transport URL'),
    '/metrics',
  ),
  setting(
    'BILLING_PUBLIC_KEY',
    'Subscription billing provider public key: the Recurly site\'s public key (Recurly.js uses it in the browser), or "sandbox" for the embedded sandbox provider.',
    z.string().trim().min(1),
    'sandbox',
  ),
  setting(
    'BILLING_PRIVATE_KEY',
    'Recurly private API key, used by the server only and never sent to the browser. Required when BILLING_PUBLIC_KEY is not "sandbox".',
    optionalKey,
  ),
  setting(
    'BILLING_API_URL',
    'Recurly API base URL: https://v3.eu.recurly.com for the EU region, or another https URL (a proxy) used as given. Unused with the sandbox.',
    billingApiUrl,
    'https://v3.recurly.com',
  ),
  setting(
    'BILLING_SCRIPT_URL',
    'Recurly.js, which draws the card fields and tokenises the card in the browser: loaded only on the payment pages, and only when a Recurly public key is set. Change it only for a test stand-in or a proxy. Unused with the sandbox.',
    httpUrl('BILLING_SCRIPT_URL'),
    'https://js.recurly.com/v4/recurly.js',
  ),
  setting('WALLET_MERCHANT_ID', 'Wallet (Apple Pay / Google Pay) merchant id; the wallet button shows only when set.', optionalKey),
  setting('MARKETING_MESSAGING_API_KEY', 'Marketing messaging SDK key; initialisation is skipped when missing.', optionalKey),
  setting('CAPTCHA_SITE_KEY', 'Captcha site key.', optionalKey),
  setting('MEDIA_UPLOAD_KEY', 'Media upload service key.', optionalKey),
  setting(
    'FRAUD_PUBLISHABLE_KEY',
    'Fraud detection publishable key: exactly 35 characters starting pk_.',
    optionalKey.refine((value) => value === undefined || (value.length === 35 && value.startsWith('pk_')), {
      message: 'missing or wrong publishableKey: it must be exactly 35 characters starting pk_',
    }),
  ),
  setting('DEBUGGER_ENABLED', 'Show the debug toolbar in the browser (never on the server).', boolFlag, 'false'),
  setting(
    'IDENTITY_SECRET',
    'Secret (32+ characters) that peppers one-time codes and backup codes and seals the session signing keys. Required in prod; elsewhere one is generated and kept under DATA_DIR.',
    z.string().trim().min(32, 'must be at least 32 characters').optional(),
  ),
  setting(
    'IDENTITY_RATE_LIMIT_PER_MINUTE',
    'Sign-in, sign-up, code and recovery submissions allowed per minute from one IP address.',
    z.coerce.number().int().min(1).max(100_000),
    '60',
  ),
  setting(
    'TRUSTED_PROXIES',
    'Proxies in front of the site whose X-Forwarded-For gives the client address: a comma list of addresses and CIDR ranges (10.0.0.0/8, ::1, or loopback, linklocal, uniquelocal). Unset: no proxy is trusted and every per-address limit counts the connecting address.',
    trustedProxies,
  ),
  setting(
    'REDIS_URL',
    'Redis (redis:// or rediss://) holding the rate limits and sign-in throttling, so every process shares them. Unset: each process counts in memory.',
    z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^rediss?:\/\//.test(value), { message: 'must start with redis:// or rediss://' }),
  ),
  setting(
    'REDIS_KEY_PREFIX',
    'Prefix of every key the site writes to Redis, so several sites can share one.',
    z
      .string()
      .trim()
      .regex(/^[\w.:-]{1,64}$/, 'must be 1–64 letters, digits, or . : _ -'),
    'atelier',
  ),
  setting(
    'SMTP_URL',
    'SMTP server for outgoing mail (smtp://user:pass@host:587). When unset, mail is kept in the outbox and shown at /_dev/mail/.',
    z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^smtps?:\/\//.test(value), { message: 'must start with smtp:// or smtps://' }),
  ),
  setting('MAIL_FROM', 'Sender of outgoing mail.', z.string().trim().min(3), 'Atelier <no-reply@atelier.example>'),
  setting(
    'ENQUIRIES_INBOX',
    'Address the contact forms (/contact/…/) and the team enquiry on /subscriptions/executive/ send each enquiry to; the sender gets an acknowledgement from MAIL_FROM.',
    emailSchema,
    'enquiries@atelier.example',
  ),
  setting(
    'ANSWERS_API_URL',
    'The Brain of Fashion: base URL of an OpenAI-compatible chat-completions API (https://api.openai.com/v1, http://127.0.0.1:11434/v1 for Ollama, a vLLM server), with ANSWERS_MODEL. Unset: answers are extracted from the sources, no model needed.',
    httpUrl('ANSWERS_API_URL').optional(),
  ),
  setting('ANSWERS_API_KEY', 'The Brain of Fashion: the API key sent as a bearer token to ANSWERS_API_URL (none when unset).', optionalKey),
  setting('ANSWERS_MODEL', 'The Brain of Fashion: the model ANSWERS_API_URL is asked for (e.g. gpt-4o-mini, llama3.1).', optionalKey),
  setting(
    'OIDC_PROVIDERS',
    'Social sign-in providers as a JSON list of {"id","label","issuer","clientId","clientSecret"} (any OpenID Connect issuer).',
    z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => parseProviders(value, ctx)),
  ),
  setting('GOOGLE_CLIENT_ID', 'Google sign-in client id ("Continue with Google" shows when set with its secret).', optionalKey),
  setting('GOOGLE_CLIENT_SECRET', 'Google sign-in client secret.', optionalKey),
  setting('APPLE_CLIENT_ID', 'Sign in with Apple services id ("Continue with Apple" shows when set with its secret).', optionalKey),
  setting('APPLE_CLIENT_SECRET', 'Sign in with Apple client secret (the signed JWT Apple asks for).', optionalKey),
  setting(
    'CAREERS_JOBS_URL',
    'External career partner page for job applications.',
    httpUrl('CAREERS_JOBS_URL'),
    'https://careers.atelier-partners.example/jobs',
  ),
  setting(
    'CAREERS_CONTACT_URL',
    'External career partner page for contact.',
    httpUrl('CAREERS_CONTACT_URL'),
    'https://careers.atelier-partners.example/contact',
  ),
] as const satisfies readonly SettingDefinition[];
