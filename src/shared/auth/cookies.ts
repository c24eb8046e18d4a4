// Reading the two session cookies (§9). The server sets them; the browser reads them, and so do the
// server's session and walls modules: isomorphic, hence src/shared (decision 028).

export const MAIN_TOKEN_COOKIE = 'bof_session';
export const PAYWALL_TOKEN_COOKIE = 'blaize_jwt';

/** Reads one cookie by name; undefined when absent. */
export interface CookieReader {
  get(name: string): string | undefined;
}

/** A reader over a `document.cookie`-style string, re-read on every call so server updates show. */
export function createCookieReader(cookieString: () => string): CookieReader {
  return {
    get(name) {
      for (const part of cookieString().split(';')) {
        const eq = part.indexOf('=');
        if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
        const raw = part.slice(eq + 1).trim();
        try {
          return decodeURIComponent(raw);
        } catch {
          return raw;
        }
      }
      return undefined;
    },
  };
}
