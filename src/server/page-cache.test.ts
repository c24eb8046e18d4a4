import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  allowsSharedCaching,
  createPageCache,
  encodePage,
  HOT_PAGE_HITS,
  isAnonymousRequest,
  isCacheablePath,
  isDataRequest,
  matchesEtag,
  normalisePath,
  pickEncoding,
  replaceNonceWithHashes,
  type CachedPage,
} from './page-cache.ts';
import { contentSecurityPolicy } from './security.ts';

async function page(html: string, variant = 'anon'): Promise<CachedPage> {
  return { headers: { 'content-type': 'text/html; charset=utf-8' }, csp: null, ...(await encodePage(html, variant)) };
}

const text = (page: CachedPage | undefined) => page?.bodies.identity.toString();

/**
 * Every executable inline script in `html` and the `'sha256-…'` a browser computes for it, found
 * without the code under test: each `<script` start tag, its text up to `</script`.
 */
function inlineScripts(html: string): { text: string; hash: string }[] {
  const scripts: { text: string; hash: string }[] = [];
  let at = 0;
  for (;;) {
    const open = html.toLowerCase().indexOf('<script', at);
    if (open === -1) return scripts;
    const tagEnd = html.indexOf('>', open);
    const tag = html.slice(open, tagEnd + 1);
    const close = html.toLowerCase().indexOf('</script', tagEnd);
    at = close;
    if (/\ssrc=/.test(tag) || /type="application\/(?:ld\+)?json"/.test(tag)) continue;
    const body = html.slice(tagEnd + 1, close).replace(/\r\n?/g, '\n');
    scripts.push({ text: body, hash: `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'` });
  }
}

const scriptSrc = (csp: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith('script-src '))!
    .split(' ');

describe('the page cache', () => {
  it('keeps each variant of a URL apart', async () => {
    const cache = createPageCache();
    cache.set('/articles/a/', 'anon', await page('<p>the wall</p>'), cache.generation());
    expect(cache.get('/articles/a/', 'premium|full')).toBeUndefined();
    cache.set('/articles/a/', 'premium|full', await page('<p>the whole story</p>', 'premium|full'), cache.generation());
    expect(text(cache.get('/articles/a/', 'anon'))).toBe('<p>the wall</p>');
    expect(text(cache.get('/articles/a/', 'premium|full'))).toBe('<p>the whole story</p>');
    expect(cache.get('/articles/a/?x=1', 'anon')).toBeUndefined();
  });

  it('drops every variant and query string of an invalidated path, and nothing else', async () => {
    const cache = createPageCache();
    const at = cache.generation();
    for (const url of ['/articles/a/', '/articles/a/?utm=1', '/articles/ab/', '/']) {
      for (const variant of ['anon', 'member']) cache.set(url, variant, await page(url), at);
    }
    cache.invalidate(['/articles/a']);
    for (const variant of ['anon', 'member']) {
      expect(cache.get('/articles/a/', variant)).toBeUndefined();
      expect(cache.get('/articles/a/?utm=1', variant)).toBeUndefined();
      expect(text(cache.get('/articles/ab/', variant))).toBe('/articles/ab/');
      expect(text(cache.get('/', variant))).toBe('/');
    }
    cache.invalidate();
    expect(cache.get('/', 'anon')).toBeUndefined();
  });

  it('does not store a page whose render began before an invalidation', async () => {
    const cache = createPageCache();
    const renderedAt = cache.generation();
    cache.invalidate(['/articles/other/']);
    expect(cache.set('/', 'anon', await page('old'), renderedAt)).toBe(false);
    expect(cache.get('/', 'anon')).toBeUndefined();
    expect(cache.set('/', 'anon', await page('new'), cache.generation())).toBe(true);
  });

  it('forgets pages after their time to live', async () => {
    let now = 5000;
    const cache = createPageCache({ ttlMs: 1000, now: () => now });
    cache.set('/a/', 'anon', await page('x'), cache.generation());
    now = 5999;
    expect(cache.get('/a/', 'anon')).toBeDefined();
    now = 6001;
    expect(cache.get('/a/', 'anon')).toBeUndefined();
  });

  it('keeps to its byte budget, dropping the least recently read page first', async () => {
    const big = (seed: string) =>
      page(
        Array.from({ length: 2000 }, (_, i) =>
          createHash('sha256')
            .update(seed + i)
            .digest('hex'),
        ).join(''),
      );
    const first = await big('a');
    const size = first.bodies.identity.length + first.bodies.br.length + first.bodies.gzip.length + 1024;
    const cache = createPageCache({ maxBytes: Math.round(size * 2.5) });
    const at = cache.generation();
    cache.set('/a/', 'anon', first, at);
    cache.set('/b/', 'anon', await big('b'), at);
    cache.get('/a/', 'anon');
    cache.set('/c/', 'anon', await big('c'), at);
    expect(cache.get('/a/', 'anon')).toBeDefined();
    expect(cache.get('/b/', 'anon')).toBeUndefined();
    expect(cache.get('/c/', 'anon')).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(size * 2.5);
  });
});

describe('a stored page', () => {
  it('holds the same HTML in brotli, gzip and plain bytes', async () => {
    const html = `<!DOCTYPE html><html><body>${'<p>Très chic — ünïcode</p>'.repeat(500)}</body></html>`;
    const { bodies } = await page(html);
    expect(bodies.identity.toString()).toBe(html);
    expect(brotliDecompressSync(bodies.br).toString()).toBe(html);
    expect(gunzipSync(bodies.gzip).toString()).toBe(html);
    expect(bodies.br.length).toBeLessThan(bodies.identity.length / 10);
  });

  it('has a strong ETag per coding that changes with the bytes and with the variant', async () => {
    const a = await page('<p>a</p>', 'anon');
    expect(new Set(Object.values(a.etags)).size).toBe(3);
    for (const etag of Object.values(a.etags)) expect(etag).toMatch(/^"[A-Za-z0-9_-]+(?:-br|-gz)?"$/);
    expect((await page('<p>a</p>', 'anon')).etags).toEqual(a.etags);
    expect((await page('<p>b</p>', 'anon')).etags.br).not.toBe(a.etags.br);
    expect((await page('<p>a</p>', 'member')).etags.br).not.toBe(a.etags.br);
  });
});

describe('content coding and revalidation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesEtag('"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEtag('"x", W/"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abc-gz"', '"abc-br"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });

  it('compares paths without trailing slash or percent-encoding', () => {
    expect(normalisePath('/articles/a/?utm=1')).toBe('/articles/a');
    expect(normalisePath('/articles/caf%C3%A9/')).toBe('/articles/café');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/bad%E0/')).toBe('/bad%E0');
  });
});

describe('hashes instead of the nonce', () => {
  const nonce = 'Zm9vYmFyYmF6cXV4MTIzNA==';
  const html = [
    '<!DOCTYPE html><html><head>',
    `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/>`,
    `<link rel="stylesheet" href="https://static.example/cookie-consent.css?v=1" nonce="${nonce}"/>`,
    `<script type="module" src="https://static.example/cookie-consent.js?v=1" nonce="${nonce}"></script>`,
    `<style nonce="${nonce}">.a{color:red}</style>`,
    '<script type="application/ld+json">{"@type":"NewsArticle"}</script>',
    '</head><body><p>Fashion</p>',
    `<script nonce="${nonce}">window.__reactRouterContext = {"a":"\\u003c/script>"};</script>`,
    `<script type="module" nonce="${nonce}" async="">import "/assets/entry.js";\r\nwindow.x = "é";</script>`,
    `<SCRIPT nonce="${nonce}">$RC("B:0","S:0")</SCRIPT>`,
    `<script nonce="${nonce}"></script>`,
    '</body></html>',
  ].join('');

  it('lists a hash for every inline script, drops every nonce, and keeps external origins', () => {
    const result = replaceNonceWithHashes(html, nonce)!;
    expect(result).not.toBeNull();
    expect(result.html).not.toContain(nonce);
    expect(result.html).not.toMatch(/\bnonce\b/i);
    const csp = contentSecurityPolicy(null, {
      hashes: result.sources.hashes,
      sources: { script: result.sources.origins.script, style: result.sources.origins.style },
    });
    expect(csp).not.toMatch(/nonce|unsafe-inline/);
    const scripts = inlineScripts(result.html);
    expect(scripts.map((s) => s.text)).toEqual([
      'window.__reactRouterContext = {"a":"\\u003c/script>"};',
      'import "/assets/entry.js";\nwindow.x = "é";',
      '$RC("B:0","S:0")',
      '',
    ]);
    const allowed = scriptSrc(csp);
    for (const script of scripts) expect(allowed).toContain(script.hash);
    expect(allowed).toContain('https://static.example');
    const style = csp.split('; ').find((d) => d.startsWith('style-src '))!;
    expect(style).toContain(`'sha256-${createHash('sha256').update('.a{color:red}').digest('base64')}'`);
    expect(style).toContain('https://static.example');
    // Everything but the nonce attributes is left as it was.
    expect(result.html).toBe(html.replaceAll(` nonce="${nonce}"`, ''));
  });

  it('refuses a page that has the nonce anywhere else (it would be served to every reader)', () => {
    expect(replaceNonceWithHashes(`<script nonce="${nonce}">x</script><p>${nonce}</p>`, nonce)).toBeNull();
  });

  it('keeps a nonce-based policy for pages rendered for one reader', () => {
    const csp = contentSecurityPolicy('abc');
    expect(scriptSrc(csp)).toEqual(['script-src', "'self'", "'nonce-abc'"]);
    expect(csp).toContain("style-src 'self' 'nonce-abc'");
  });
});

describe('who shares a page', () => {
  it('treats requests with a session cookie as personal, even an empty one', () => {
    expect(isAnonymousRequest({})).toBe(true);
    expect(isAnonymousRequest({ cc_cookie: 'x', sp: '1' })).toBe(true);
    expect(isAnonymousRequest({ a: '1', ory_kratos_session: 'abc' })).toBe(false);
    expect(isAnonymousRequest({ bof_session: 'abc' })).toBe(false);
    expect(isAnonymousRequest({ blaize_jwt: '' })).toBe(false);
  });

  it('never caches account, checkout or preview screens, nor pages that opt out', () => {
    expect(isCacheablePath('/articles/x/')).toBe(true);
    expect(isCacheablePath('/user/login/?flow=1')).toBe(false);
    expect(isCacheablePath('/subscriptions/packages/')).toBe(false);
    expect(isCacheablePath('/user/confirm-email')).toBe(false);
    expect(allowsSharedCaching('private, no-store')).toBe(false);
    expect(allowsSharedCaching('no-cache')).toBe(true);
    expect(allowsSharedCaching(null)).toBe(true);
  });

  it("knows React Router's data requests by their path, not by a query that mentions .data", () => {
    expect(isDataRequest('/articles/x.data')).toBe(true);
    expect(isDataRequest('/articles/x.data?_routes=routes%2Fstory')).toBe(true);
    expect(isDataRequest('/_root.data')).toBe(true);
    expect(isDataRequest('/articles/x/')).toBe(false);
    expect(isDataRequest('/search/?q=file.data')).toBe(false);
  });
});

describe('a page many readers get', () => {
  /** A page of prose-like HTML, as brotli meets it: words repeat, sentences do not. */
  const prose = () => {
    const words = ['collection', 'luxury', 'margin', 'retail', 'the', 'season', 'brand', 'growth', 'store', 'of', 'and', 'buyers'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const paragraphs = Array.from(
      { length: 120 },
      () => `<p>${Array.from({ length: 40 }, () => words[next() % words.length]).join(' ')}.</p>`,
    );
    return `<!DOCTYPE html><html><body>${paragraphs.join('')}</body></html>`;
  };
  const read = (cache: ReturnType<typeof createPageCache>, times: number) => {
    for (let i = 0; i < times; i++) cache.get('/', 'anon');
  };

  it('is compressed again, smaller, once it is read often; same HTML, a new brotli ETag, the rest unchanged', async () => {
    const cache = createPageCache();
    const html = prose();
    const first = await page(html);
    cache.set('/', 'anon', first, cache.generation());
    read(cache, HOT_PAGE_HITS - 1);
    await cache.settled();
    expect(cache.get('/', 'anon')!.bodies.br).toBe(first.bodies.br);
    await cache.settled();
    const hot = cache.get('/', 'anon')!;
    expect(hot.bodies.br.length).toBeLessThan(first.bodies.br.length);
    expect(brotliDecompressSync(hot.bodies.br).toString()).toBe(html);
    expect(hot.etags.br).not.toBe(first.etags.br);
    expect(hot.bodies.gzip).toBe(first.bodies.gzip);
    expect({ identity: hot.etags.identity, gzip: hot.etags.gzip }).toEqual({ identity: first.etags.identity, gzip: first.etags.gzip });
    // Still dropped with its path.
    cache.invalidate(['/']);
    expect(cache.get('/', 'anon')).toBeUndefined();
  });

  it('is not brought back by a recompression that ends after an invalidation, nor replaces a newer render', async () => {
    const cache = createPageCache();
    cache.set('/', 'anon', await page(prose()), cache.generation());
    read(cache, HOT_PAGE_HITS);
    cache.invalidate(['/']);
    await cache.settled();
    expect(cache.get('/', 'anon')).toBeUndefined();

    cache.set('/', 'anon', await page(prose()), cache.generation());
    read(cache, HOT_PAGE_HITS);
    const newer = await page('<p>the edited page</p>');
    cache.set('/', 'anon', newer, cache.generation());
    await cache.settled();
    expect(cache.get('/', 'anon')!.bodies.br).toBe(newer.bodies.br);
  });
});
