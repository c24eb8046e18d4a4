// Whole-page cache for anonymous readers (DESIGN §2: what anonymous readers see is served from
// memory; PGlite and SSR stay off the hot path). A page is cached only when the request carries
// no session cookie and the response is a plain 200 HTML page that sets no cookie, rendered for
// no reader (pages.ts). Each page holds the CSP nonce it was rendered with; a hit swaps in the
// new request's nonce.

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expires: number;
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

/** Account, checkout and preview screens show flow state and forms: never shared between readers. */
const PRIVATE_PATHS = /^\/(?:user|subscriptions|my-bof|_preview|_dev)(?:\/|$)/;

export function isCacheablePath(url: string): boolean {
  return !PRIVATE_PATHS.test(url);
}

/** A page may opt out with Cache-Control: private or no-store. */
export function allowsSharedCaching(cacheControl: string | null): boolean {
  return !cacheControl || !/\b(?:private|no-store)\b/.test(cacheControl);
}

export function createPageCache({ ttlMs = 30_000, maxEntries = 500 }: { ttlMs?: number; maxEntries?: number } = {}) {
  const pages = new Map<string, CachedPage>();
  return {
    get(key: string, nonce: string): CachedPage | null {
      const page = pages.get(key);
      if (!page) return null;
      if (page.expires <= Date.now()) {
        pages.delete(key);
        return null;
      }
      return { ...page, body: page.body.replaceAll(page.nonce, nonce), nonce };
    },
    set(key: string, page: Omit<CachedPage, 'expires'>): void {
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
      pages.set(key, { ...page, expires: Date.now() + ttlMs });
    },
    invalidate(): void {
      pages.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
