// HTTP for cookie consent: the script and stylesheet under the static base URL (SPEC §7
// "cookie-consent.js, cookie-consent.css") and POST {API}/consent, which records each decision.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createLimitStore, limitPerAddress, type LimitStore } from '../../platform/rate-limits.ts';
import { recordConsentInput, type ConsentService } from './consent-service.ts';

export const CONSENT_SCRIPT = 'cookie-consent.js';
export const CONSENT_STYLESHEET = 'cookie-consent.css';
/** Decisions are rare: a reader clicks a few times, never hundreds. */
export const DEFAULT_CONSENT_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 };
const CONSENT_BODY_LIMIT = 4096;

export interface ConsentRoutesOptions {
  consent: ConsentService;
  /** Path of the API base (default /api); the record endpoint is {apiPrefix}/consent. */
  apiPrefix: string;
  /** Path of the static base URL (default /static). */
  staticPrefix: string;
  rateLimit?: { max: number; timeWindowMs: number };
  /** Where the limit counts; this process's memory when omitted. */
  limits?: LimitStore;
}

export async function registerConsentRoutes(
  app: FastifyInstance,
  {
    consent,
    apiPrefix,
    staticPrefix,
    rateLimit: limit = DEFAULT_CONSENT_RATE_LIMIT,
    limits = createLimitStore({ keyPrefix: 'atelier' }),
  }: ConsentRoutesOptions,
): Promise<void> {
  const assets = await loadConsentAssets();
  for (const asset of [assets.script, assets.stylesheet]) {
    app.get(`${staticPrefix}/${asset.name}`, async (request, reply) => {
      const file = await asset.read();
      return sendAsset(reply, request.headers['if-none-match'], file);
    });
  }

  const perAddress = limitPerAddress(
    limits.limiter({ name: 'consent', points: limit.max, durationSeconds: Math.ceil(limit.timeWindowMs / 1000) }),
    (request, reply, seconds) =>
      reply
        .code(429)
        .send({ error: { message: `Too many requests. Please wait ${seconds} seconds and try again.`, requestId: request.id } }),
  );
  await app.register(async (scope) => {
    scope.post(`${apiPrefix}/consent`, { bodyLimit: CONSENT_BODY_LIMIT, onRequest: perAddress }, async (request, reply) => {
      const input = recordConsentInput.safeParse(request.body);
      if (!input.success) {
        return reply.code(400).send({
          error: {
            message: 'Invalid consent record',
            issues: input.error.issues.map(({ path: at, message }) => ({ path: at, message })),
            requestId: request.id,
          },
        });
      }
      const record = await consent.recordConsent(input.data);
      return reply.code(201).header('cache-control', 'no-store').send({ id: record.id, recordedAt: record.recordedAt.toISOString() });
    });
  });
}

interface AssetFile {
  body: string;
  etag: string;
  type: string;
}

interface Asset {
  name: string;
  read: () => Promise<AssetFile>;
}

/**
 * Running from the tsc build (dist/), the script is the compiled file beside this module and is
 * read once. Running from source (development, tests), it is compiled from the .ts on each request
 * with TypeScript, a development dependency, so edits show without a build.
 */
async function loadConsentAssets(): Promise<{ script: Asset; stylesheet: Asset }> {
  const here = import.meta.dirname;
  const compiled = path.join(here, 'browser', CONSENT_SCRIPT);
  // tsc does not copy CSS; the stylesheet is read from the sources in both cases.
  const cssFile = [
    path.join(here, 'browser', CONSENT_STYLESHEET),
    path.resolve(here, '../../../src/modules/consent/browser', CONSENT_STYLESHEET),
  ].find((file) => existsSync(file));
  if (!cssFile) throw new Error(`${CONSENT_STYLESHEET} not found beside ${here}`);
  const stylesheet: Asset = {
    name: CONSENT_STYLESHEET,
    read: cached(async () => asset(await readFile(cssFile, 'utf8'), 'text/css; charset=utf-8')),
  };

  if (existsSync(compiled)) {
    const script: Asset = {
      name: CONSENT_SCRIPT,
      read: cached(async () => asset(stripSourceMap(await readFile(compiled, 'utf8')), 'text/javascript; charset=utf-8')),
    };
    return { script, stylesheet };
  }
  const source = path.join(here, 'browser', 'cookie-consent.ts');
  const script: Asset = {
    name: CONSENT_SCRIPT,
    read: async () => {
      const ts = (await import('typescript')).default;
      const output = ts.transpileModule(await readFile(source, 'utf8'), {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true },
        fileName: source,
      });
      return asset(output.outputText, 'text/javascript; charset=utf-8');
    },
  };
  return { script, stylesheet: { ...stylesheet, read: async () => asset(await readFile(cssFile, 'utf8'), 'text/css; charset=utf-8') } };
}

function cached(read: () => Promise<AssetFile>): () => Promise<AssetFile> {
  let file: Promise<AssetFile> | undefined;
  return () => (file ??= read());
}

function asset(body: string, type: string): AssetFile {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** The source map is not served; a dangling comment would make devtools ask for it. */
function stripSourceMap(code: string): string {
  return code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
}

function sendAsset(reply: FastifyReply, ifNoneMatch: string | undefined, file: AssetFile) {
  // Not content-hashed in its name: pages add ?v=<version>, so an hour of caching is safe.
  reply.header('cache-control', 'public, max-age=3600').header('etag', file.etag);
  if (ifNoneMatch === file.etag) return reply.code(304).send();
  return reply.type(file.type).send(file.body);
}
