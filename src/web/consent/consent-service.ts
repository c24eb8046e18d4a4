// Starts cookie consent in the browser (SPEC §4, §5): waits for cookie-consent.js (in the page
// from root.tsx, or added from the static base URL), then starts it with the user id.
import type { ConsentApi, ConsentVariant, READY_EVENT } from '../../modules/consent/browser/cookie-consent.ts';
import { loadScript } from './load-script.ts';

/** The script's ready event (typed against the script so the two cannot drift). */
export const CONSENT_READY_EVENT: typeof READY_EVENT = 'atelier:consent-ready';
export const CONSENT_SCRIPT_WAIT_MS = 10_000;

export interface ConsentServiceOptions {
  /** Where cookie-consent.js and .css live (config.endpoints.staticAssets). */
  staticBaseUrl: string;
  /** The signed-in user's id, or null. */
  getUser: () => string | null;
  /** POST endpoint for decisions ({API base}/consent). */
  recordUrl: string;
  variant?: ConsentVariant;
  win?: Window;
  timeoutMs?: number;
}

export function consentAssetUrl(staticBaseUrl: string, file: 'cookie-consent.js' | 'cookie-consent.css', version?: string): string {
  const base = staticBaseUrl.replace(/\/+$/, '');
  return `${base}/${file}${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

/** The window API once the script has run; rejects if it has not after 10 s. */
export function whenConsentReady({
  staticBaseUrl,
  win = window,
  timeoutMs = CONSENT_SCRIPT_WAIT_MS,
}: Pick<ConsentServiceOptions, 'staticBaseUrl' | 'win' | 'timeoutMs'>): Promise<ConsentApi> {
  if (win.atelierConsent) return Promise.resolve(win.atelierConsent);
  const doc = win.document;
  return new Promise((resolve, reject) => {
    const timer = win.setTimeout(() => {
      doc.removeEventListener(CONSENT_READY_EVENT, onReady);
      reject(new Error('cookie-consent.js did not load'));
    }, timeoutMs);
    function onReady() {
      win.clearTimeout(timer);
      doc.removeEventListener(CONSENT_READY_EVENT, onReady);
      if (win.atelierConsent) resolve(win.atelierConsent);
      else reject(new Error('cookie-consent.js loaded without its API'));
    }
    doc.addEventListener(CONSENT_READY_EVENT, onReady);
    // root.tsx renders the tag; a page without it (an error page from elsewhere) gets one here.
    const present = Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]')).some((script) =>
      script.src.includes('/cookie-consent.js'),
    );
    if (!present) loadScript(consentAssetUrl(staticBaseUrl, 'cookie-consent.js'), { doc, type: 'module' });
  });
}

export async function startConsent(options: ConsentServiceOptions): Promise<ConsentApi> {
  // §5: the consent service requires a static base URL and a getUser function.
  if (!options.staticBaseUrl) throw new Error('The consent service requires a static base URL');
  if (typeof options.getUser !== 'function') throw new Error('The consent service requires a getUser function');
  const api = await whenConsentReady(options);
  api.start({ userId: options.getUser(), recordUrl: options.recordUrl, variant: options.variant });
  return api;
}
