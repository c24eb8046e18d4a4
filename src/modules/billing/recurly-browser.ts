// What the browser needs for Recurly (decision 039): the public key and Recurly.js, and the sources
// the payment pages' CSP must allow for them. Recurly is the provider when BILLING_PUBLIC_KEY is not
// "sandbox" and BILLING_PRIVATE_KEY is set (module.ts); with a public key alone nothing can be charged,
// so the pages show no card fields either.
import type { Config } from '../../config/config.ts';

export const RECURLY_JS_URL = 'https://js.recurly.com/v4/recurly.js';

/** Handed to the payment page: enough to draw Recurly's card fields, nothing secret. */
export interface RecurlyBrowserSettings {
  publicKey: string;
  scriptUrl: string;
}

export function recurlyBrowserSettings(config: Pick<Config, 'keys' | 'billing' | 'billingScriptUrl'>): RecurlyBrowserSettings | null {
  if (config.keys.billing === 'sandbox' || !config.billing.privateKey) return null;
  return { publicKey: config.keys.billing, scriptUrl: config.billingScriptUrl };
}

/** The origin Recurly.js calls and frames: Recurly.js picks the EU API for an EU site's key ("fra-…"). */
export function recurlyJsApiOrigin(publicKey: string): string {
  return publicKey.startsWith('fra-') ? 'https://api.eu.recurly.com' : 'https://api.recurly.com';
}

/**
 * The CSP sources Recurly.js needs on a page that uses it: its script, the card fields' frames and the
 * 3-D Secure frame (served by Recurly's API origin), and its calls to that API (tokens, 3-D Secure).
 * Nothing else: no 'unsafe-inline', no wildcard.
 */
export function recurlyCspSources({ publicKey, scriptUrl }: RecurlyBrowserSettings): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  const api = recurlyJsApiOrigin(publicKey);
  return { script: [new URL(scriptUrl).origin], frame: [api], connect: [api] };
}
