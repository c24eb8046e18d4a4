// Whole-page cache (DESIGN §2, issue 15: render once per decision). A page is stored under its
// URL and the reader's access decision (`variant`: every reader with the same outcome gets the
// same bytes), already compressed (brotli and gzip, once), with a strong ETag and a CSP that lists
// the hashes of its inline scripts instead of the per-request nonce it was rendered with. A hit is
// a lookup: no render, no compression, no string replacement (pages.ts).
// Bounded by bytes (LRU), with a time to live as a backstop; `invalidate(paths)` drops every
// variant and every query string of a path, and stops a render that began before it from storing.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** What the access decision (src/server/page-decision.ts) says about this reader on this URL. */
export interface PageDecision {
  /** The access decision's outcome for this reader on this URL (e.g. 'anon', 'member|full:entitled').
   *  null: this request must not be served from or stored in the cache (personal page). */
  variant: string | null;
  /** This reader's own Set-Cookie values (e.g. the meter), sent on a hit and on a miss. */
  cookies: string[];
  /** Handed to the load context unchanged (the lead puts the story decision there). */
  facts?: unknown;
}

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  /** The render's own headers (content-type, cache-control, vary …), without cookies, lengths, encodings or a CSP. */
  headers: Record<string, string>;
  /** The page's CSP: its inline scripts' hashes, no nonce. null when the app sets no CSP. */
  csp: string | null;
  /** One strong ETag per representation (a different content coding is a different representation). */
  etags: Record<Encoding, string>;
  bodies: Record<Encoding, Buffer>;
}

/** Cookies that make a page personal: the identity session and the product session. */
const PERSONAL_COOKIES = ['ory_kratos_session', 'bof_session', 'blaize_jwt'];

/**
 * `cookies`: as the server parsed them (request.cookies), the same parser the session reader
 * uses, so `bof_session =…` (a space before `=`) is a session cookie here as it is there.
 */
export function isAnonymousRequest(cookies: Partial<Record<string, string>>): boolean {
  return PERSONAL_COOKIES.every((name) => cookies[name] === undefined);
}

/**
 * Account, checkout and preview screens show flow state and forms, and admin screens what only a
 * site admin may see (the page decision's audience does not say admin): never shared between readers.
 */
// A reader's own pages: their account, purchases, staff screens, the partner hub, saved jobs, previews.
const PRIVATE_PATHS = /^\/(?:user|subscriptions|admin|my-bof|_preview|_dev|careers\/your-jobs)(?:\/|$)/;

export function isCacheablePath(url: string): boolean {
  return !PRIVATE_PATHS.test(url);
}

/** React Router's data request for a page (`/articles/x.data?…`): answered as data, not a document. */
export function isDataRequest(url: string): boolean {
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).endsWith('.data');
}

/** A page may opt out with Cache-Control: private or no-store. */
export function allowsSharedCaching(cacheControl: string | null): boolean {
  return !cacheControl || !/\b(?:private|no-store)\b/.test(cacheControl);
}

/** Source expressions a cached page's CSP lists instead of the nonce. */
export interface PageCspSources {
  /** `'sha256-…'` of each inline script and inline style that carried the nonce. */
  hashes: { script: string[]; style: string[] };
  /** Origins of external scripts and stylesheets that were allowed by the nonce alone (e.g. a static-asset CDN). */
  origins: { script: string[]; style: string[] };
}

const ELEMENT = /<(script|style|link)\b([^>]*)>/gi;

/**
 * Drops every `nonce="…"` attribute carrying `nonce` and says what the CSP must allow instead:
 * the sha256 of each inline script's and style's exact text (as the browser hashes it: UTF-8,
 * line endings normalised by the HTML parser), and the origin of each absolute external script or
 * stylesheet. null when the nonce would still be in the page (it must never be served twice).
 */
export function replaceNonceWithHashes(html: string, nonce: string): { html: string; sources: PageCspSources } | null {
  const sources: PageCspSources = { hashes: { script: [], style: [] }, origins: { script: [], style: [] } };
  if (!nonce) return { html, sources };
  const attribute = ` nonce="${nonce}"`;
  const add = (list: string[], value: string) => {
    if (!list.includes(value)) list.push(value);
  };
  let out = '';
  let last = 0;
  for (const match of html.matchAll(ELEMENT)) {
    const [tag, name, attributes] = match as unknown as [string, string, string];
    if (match.index < last || !attributes.includes(attribute)) continue; // inside a script already read, or not ours
    const start = match.index;
    const end = start + tag.length;
    out += html.slice(last, start) + tag.replace(attribute, '');
    last = end;
    const element = name.toLowerCase();
    if (element === 'link') {
      const origin = absoluteOrigin(attributeValue(attributes, 'href'));
      const rel = attributeValue(attributes, 'rel')?.toLowerCase() ?? '';
      if (origin && /\bstylesheet\b/.test(rel)) add(sources.origins.style, origin);
      else if (origin && (/\bmodulepreload\b/.test(rel) || attributeValue(attributes, 'as') === 'script'))
        add(sources.origins.script, origin);
      continue;
    }
    const src = element === 'script' ? attributeValue(attributes, 'src') : undefined;
    if (src !== undefined) {
      const origin = absoluteOrigin(src);
      if (origin) add(sources.origins.script, origin);
      continue;
    }
    // Raw text: the element ends at the first `</script` (or `</style`), whatever the case.
    const closing = new RegExp(`</${element}`, 'gi');
    closing.lastIndex = end;
    const close = closing.exec(html)?.index;
    if (close === undefined) return null;
    const text = html.slice(end, close).replace(/\r\n?/g, '\n');
    last = close;
    out += html.slice(end, close);
    add(
      element === 'script' ? sources.hashes.script : sources.hashes.style,
      `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    );
  }
  out += html.slice(last);
  return out.includes(nonce) ? null : { html: out, sources };
}

function attributeValue(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3])!.replaceAll('&amp;', '&') : undefined;
}

function absoluteOrigin(url: string | undefined): string | null {
  if (!url || !/^(?:https?:)?\/\//i.test(url)) return null;
  try {
    return new URL(url, 'https://placeholder.invalid').origin;
  } catch {
    return null;
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality for stored pages: done once per page and variant, off the event loop (zlib's
 * thread pool). Quality 11 costs 40–50 times as much CPU (80 ms for the home page on a quiet
 * machine, about a second on a busy one) for 10–15 % fewer bytes; see docs/decisions/030.
 */
export const BROTLI_QUALITY = 6;
/**
 * A page read this many times is compressed again at quality 11 in the background: the few pages
 * most readers get (home, the day's stories) become smaller, the long tail is never paid for.
 * Fewer bytes is more pages per second: on this machine a bare route's rate falls about in
 * proportion to its body size (docs/performance.md, session 8).
 */
export const HOT_PAGE_HITS = 20;
export const HOT_BROTLI_QUALITY = 11;

const brotliAt = (bytes: Buffer, quality: number) =>
  brotli(bytes, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

/** The stored form of a page: its bytes in each content coding, and their ETags. */
export async function encodePage(html: string, variant: string): Promise<Pick<CachedPage, 'bodies' | 'etags'>> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([brotliAt(identity, BROTLI_QUALITY), gzipAsync(identity, { level: 9 })]);
  const tag = createHash('sha256').update(variant).update('\0').update(identity).digest('base64url').slice(0, 32);
  return {
    bodies: { identity, br, gzip: gz },
    etags: { identity: `"${tag}"`, br: `"${tag}-br"`, gzip: `"${tag}-gz"` },
  };
}

/** Accept-Encoding values seen, and their coding: browsers send a handful of distinct values. */
const encodingOfHeader = new Map<string, Encoding>();
const REMEMBERED_ACCEPT_ENCODINGS = 256;

/** The content coding to send for an Accept-Encoding header: br, then gzip, then none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (typeof acceptEncoding !== 'string') return encodingFor(String(acceptEncoding));
  let encoding = encodingOfHeader.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = encodingFor(acceptEncoding);
    if (encodingOfHeader.size < REMEMBERED_ACCEPT_ENCODINGS) encodingOfHeader.set(acceptEncoding, encoding);
  }
  return encoding;
}

function encodingFor(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(coding, q === undefined ? 1 : Number(q));
  }
  const quality = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

/** If-None-Match against one ETag (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return String(ifNoneMatch)
    .split(',')
    .some((candidate) => {
      const value = candidate.trim();
      return value === '*' || value.replace(/^W\//, '') === etag;
    });
}

/** Page paths compare without their trailing slash and percent-encoding: `/a/b/` and `/a/b` are one page. */
export function normalisePath(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  try {
    path = decodeURI(path);
  } catch {
    // a malformed escape: compare as sent
  }
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function createPageCache({
  ttlMs = 30_000,
  maxBytes = 64 * 1024 * 1024,
  now,
}: {
  ttlMs?: number;
  maxBytes?: number;
  /** The clock for the time to live (tests). */
  now?: () => number;
} = {}) {
  /** Keys of the stored pages, by normalised path, so a path's variants and query strings go together. */
  const byPath = new Map<string, Set<string>>();
  type Stored = CachedPage & { path: string; hits: number };
  const pages = new LRUCache<string, Stored>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.bodies.identity.length + page.bodies.br.length + page.bodies.gzip.length + 1024,
    ttl: ttlMs,
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    dispose: (page, key) => {
      const keys = byPath.get(page.path);
      keys?.delete(key);
      if (keys?.size === 0) byPath.delete(page.path);
    },
  });
  /** Bumped by every invalidation: a render that started before one must not store what it read. */
  let generation = 0;
  const keyOf = (url: string, variant: string) => `${variant}\0${url}`;

  /** Hot pages being compressed again (tests wait for them). */
  const recompressing = new Set<Promise<void>>();

  /** Swaps in a smaller brotli body (and so a new ETag) unless the page was dropped or replaced meanwhile. */
  function recompress(key: string, stored: Stored) {
    const done = brotliAt(stored.bodies.identity, HOT_BROTLI_QUALITY).then(
      (br) => {
        if (pages.peek(key) !== stored || br.length >= stored.bodies.br.length) return;
        const smaller: Stored = {
          ...stored,
          bodies: { ...stored.bodies, br },
          etags: { ...stored.etags, br: stored.etags.br.replace(/-br"$/, `-br${HOT_BROTLI_QUALITY}"`) },
        };
        // Same key, same path, same time left: nothing for dispose to undo.
        pages.set(key, smaller, { noDisposeOnSet: true, noUpdateTTL: true });
      },
      () => {}, // the quality-6 bytes are still right
    );
    recompressing.add(done);
    void done.finally(() => recompressing.delete(done));
  }

  return {
    get(url: string, variant: string): CachedPage | undefined {
      const key = keyOf(url, variant);
      const stored = pages.get(key);
      if (stored && ++stored.hits === HOT_PAGE_HITS) recompress(key, stored);
      return stored;
    },
    /** Resolves when no hot page is being compressed again. */
    async settled(): Promise<void> {
      while (recompressing.size > 0) await Promise.all(recompressing);
    },
    /** Take before rendering; `set` refuses the page if anything was invalidated since. */
    generation(): number {
      return generation;
    },
    /** Stores the page unless an invalidation happened after `renderedAt` (then its data may be old). */
    set(url: string, variant: string, page: CachedPage, renderedAt: number): boolean {
      if (renderedAt !== generation) return false;
      const key = keyOf(url, variant);
      const path = normalisePath(url);
      pages.set(key, { ...page, path, hits: 0 });
      if (!pages.has(key)) return false; // larger than the whole budget
      let keys = byPath.get(path);
      if (!keys) byPath.set(path, (keys = new Set()));
      keys.add(key);
      return true;
    },
    /** No paths: every page. Otherwise every variant and query string of each path. */
    invalidate(paths?: readonly string[]): void {
      if (paths === undefined) {
        generation++;
        pages.clear();
        byPath.clear();
        return;
      }
      if (paths.length === 0) return;
      generation++;
      for (const path of paths) {
        const keys = byPath.get(normalisePath(path));
        if (keys) for (const key of [...keys]) pages.delete(key);
      }
    },
    /** Bytes held (for tests and logs). */
    get size(): number {
      return pages.calculatedSize;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
