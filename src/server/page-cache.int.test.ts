// The page cache on real pages (issue 15): the production build rendered on a fresh copy of the
// seeded database, cached per (URL, decision variant), compressed once, revalidated by ETag, with
// a CSP of hashes that covers every inline script; and (issue 13) a page rendered for a reader
// is never served to anyone else.
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, publicConfig } from '../config/config.ts';
import { createTestApp } from '../test/app.ts';
import { signIn } from '../test/graphql.ts';
import { SERVER_BUILD_FILE } from './app.ts';
import type { AppLoadContextValue } from './load-context.ts';
import type { PageDecision } from './page-cache.ts';
import { registerPages, type Pages } from './pages.ts';
import { registerSecurity } from './security.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
/** The pages alone, on the same services, with a decision read from a test header. */
let site: FastifyInstance;
let pages: Pages;
let renders = 0;
/** What the site logged at info and above. */
const logLines: { msg: string; url?: string; pageCache?: string }[] = [];

/** The reader's variant from `x-variant` (absent: personal), and a cookie of their own to set. */
async function decide(request: FastifyRequest): Promise<PageDecision> {
  const variant = request.headers['x-variant'];
  return {
    variant: typeof variant === 'string' ? variant : null,
    cookies: typeof variant === 'string' ? [`meter=${variant}.${request.id}; Path=/; HttpOnly`] : [],
  };
}

beforeAll(async () => {
  app = await createTestApp();
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'https://atelier.test' });
  site = Fastify({ logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } } });
  await registerSecurity(site);
  await site.register(cookie);
  await site.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  pages = await registerPages(site, {
    build: (await import(SERVER_BUILD_FILE)) as ServerBuild,
    mode: 'production',
    siteOrigin: 'https://atelier.test',
    decide,
    context: (request, _reply, decision) => {
      renders++;
      return {
        config: { ...publicConfig(config), careers: config.careers },
        services: app.services,
        nonce: request.cspNonce,
        requestId: request.id,
        clientAddress: request.ip,
        user: null,
        page: null,
        facts: decision.facts,
        refreshSession: async () => null,
      } as Omit<AppLoadContextValue, 'keptOnServer'>;
    },
  });
  await site.ready();
});
afterAll(async () => {
  await site?.close();
  await app?.close();
});

const cookies = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat();

const get = (url: string, headers: Record<string, string> = {}) => site.inject({ url, headers });

describe('the page cache per decision', () => {
  it('renders once per variant, never hands one variant another’s page, and sets each reader’s cookies', async () => {
    const url = '/?case=variants';
    const before = renders;
    const anonMiss = await get(url, { 'x-variant': 'anon' });
    expect(anonMiss.headers['x-page-cache']).toBe('miss');
    const member = await get(url, { 'x-variant': 'member|full' });
    expect(member.headers['x-page-cache']).toBe('miss');
    const anonHit = await get(url, { 'x-variant': 'anon' });
    expect(anonHit.headers['x-page-cache']).toBe('hit');
    expect((await get(url, { 'x-variant': 'member|full' })).headers['x-page-cache']).toBe('hit');
    expect(renders - before).toBe(2);

    expect(cookies(anonHit)).toEqual([expect.stringMatching(/^meter=anon\.req-[^;]+; Path=\/; HttpOnly$/)]);
    expect(cookies(anonHit)).not.toEqual(cookies(anonMiss));
    expect(cookies(member)).toEqual([expect.stringMatching(/^meter=member\|full\./)]);
    expect(anonHit.headers.etag).toBe(anonMiss.headers.etag);
    expect(member.headers.etag).not.toBe(anonMiss.headers.etag);
    expect(anonHit.body).toBe(anonMiss.body);

    const personal = await get(url);
    expect(personal.headers['x-page-cache']).toBeUndefined();
    expect(personal.headers['set-cookie']).toBeUndefined();
    expect(String(personal.headers['content-security-policy'])).toContain("'nonce-");
  });

  it('renders a page once when many readers miss it at the same moment (its time to live ended for all of them)', async () => {
    const url = '/?case=stampede';
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(url, { 'x-variant': 'anon' })));
    expect(renders - before).toBe(1);
    expect(answers.map((answer) => answer.headers['x-page-cache']).sort()).toEqual([...Array<string>(11).fill('hit'), 'miss']);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    // Each reader still gets their own cookies.
    expect(new Set(answers.map((answer) => cookies(answer)[0])).size).toBe(12);
    // Personal readers are not held back by each other: each renders.
    const personal = await Promise.all(Array.from({ length: 3 }, () => get(url)));
    expect(renders - before).toBe(4);
    expect(personal.every((answer) => answer.statusCode === 200)).toBe(true);
  });

  it('sends the same HTML in brotli, gzip and plain bytes, compressed once when stored', async () => {
    const url = '/?case=codings';
    const plain = await get(url, { 'x-variant': 'anon' });
    const br = await get(url, { 'x-variant': 'anon', 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(url, { 'x-variant': 'anon', 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const response of [plain, br, gz]) {
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    }
    expect(plain.body).toContain('</html>');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);

    const head = await site.inject({ method: 'HEAD', url, headers: { 'x-variant': 'anon', 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-page-cache']).toBe('hit');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 304 to the ETag the reader holds, still setting their cookies', async () => {
    const url = '/?case=etag';
    const first = await get(url, { 'x-variant': 'anon', 'accept-encoding': 'br' });
    const again = await get(url, { 'x-variant': 'anon', 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(cookies(again)).toEqual([expect.stringMatching(/^meter=anon\./)]);
    // Another variant, or another coding, is another representation: the whole page.
    const other = await get(url, { 'x-variant': 'member', 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(other.statusCode).toBe(200);
    const gzip = await get(url, { 'x-variant': 'anon', 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(gzip.statusCode).toBe(200);
  });

  it('drops every variant and query string of an invalidated path, and only that path', async () => {
    for (const url of ['/careers/', '/careers/?utm_source=x', '/legal/']) {
      for (const variant of ['anon', 'member']) await get(url, { 'x-variant': variant });
    }
    pages.invalidate(['/careers/']);
    for (const variant of ['anon', 'member']) {
      expect((await get('/careers/', { 'x-variant': variant })).headers['x-page-cache']).toBe('miss');
      expect((await get('/careers/?utm_source=x', { 'x-variant': variant })).headers['x-page-cache']).toBe('miss');
      expect((await get('/legal/', { 'x-variant': variant })).headers['x-page-cache']).toBe('hit');
    }
    pages.invalidate();
    expect((await get('/legal/', { 'x-variant': 'anon' })).headers['x-page-cache']).toBe('miss');
  });

  it('gives a cached page a CSP whose hashes cover every inline script, and no nonce', async () => {
    for (const url of ['/', '/careers/', '/topics/luxury/']) {
      await get(url, { 'x-variant': 'anon' });
      const hit = await get(url, { 'x-variant': 'anon' });
      expect(hit.headers['x-page-cache']).toBe('hit');
      const csp = String(hit.headers['content-security-policy']);
      expect(csp).not.toMatch(/nonce|unsafe-inline/);
      const scriptSrc = csp
        .split('; ')
        .find((directive) => directive.startsWith('script-src '))!
        .split(' ');
      const scripts = inlineScripts(hit.body);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(scriptSrc).toContain(script.hash);
      expect(hit.body).not.toMatch(/\snonce=/i);
    }
  });
});

describe('request logging', () => {
  it('logs one line for a rendered page and none for a cache hit', async () => {
    const url = '/?case=logging';
    const from = logLines.length;
    await get(url, { 'x-variant': 'anon' });
    await get(url, { 'x-variant': 'anon' });
    await get(url, { 'x-variant': 'anon', 'if-none-match': '"x"' });
    await get(url);
    const lines = logLines.slice(from).map(({ msg, url, pageCache }) => ({ msg, url, pageCache }));
    expect(lines).toEqual([
      { msg: 'page served', url, pageCache: 'miss' },
      { msg: 'page served', url, pageCache: undefined },
    ]);
  });
});

describe('pages rendered for one reader (issue 13)', () => {
  it('does not store a page rendered for a reader whose cookies have a space before =', async () => {
    const reader = await signIn(app);
    const spaced = reader.cookie.replace(/=/, ' =').replace(/; (bof_session|blaize_jwt)=/g, '; $1 =');
    expect(spaced).toMatch(/^ory_kratos_session =.*; bof_session =.*; blaize_jwt =/);
    const url = '/?from=page-cache-test';

    const personal = await app.inject({ url, headers: { cookie: spaced } });
    expect(personal.statusCode).toBe(200);
    expect(personal.headers['x-page-cache']).not.toBe('hit');

    const anonymous = await app.inject({ url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain(reader.email);
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    expect((await app.inject({ url })).headers['x-page-cache']).toBe('hit');
  });
});

/**
 * Every executable inline script and the `'sha256-…'` a browser computes for it, found without
 * the code under test: each `<script` start tag without src (or a JSON data block), its text up to `</script`.
 */
function inlineScripts(html: string): { hash: string }[] {
  const scripts: { hash: string }[] = [];
  const opening = /<script\b[^>]*>/gi;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    const closing = /<\/script/gi;
    closing.lastIndex = opening.lastIndex;
    const close = closing.exec(html)!.index;
    const tag = match[0];
    if (!/\ssrc=/i.test(tag) && !/type="application\/(?:ld\+)?json"/i.test(tag)) {
      const text = html.slice(opening.lastIndex, close).replace(/\r\n?/g, '\n');
      scripts.push({ hash: `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'` });
    }
    opening.lastIndex = close;
  }
  return scripts;
}
