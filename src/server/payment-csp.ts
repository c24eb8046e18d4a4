// The CSP sources of the pages that take a card (decision 039): with Recurly as the provider, the payment
// pages and the membership page ("Update card") load Recurly.js, frame its card field and 3-D Secure step
// and call its API. Only those pages, and only then: every other page keeps the site's policy, so a story
// page cannot run Recurly's script or anyone's.
import type { Config } from '../config/config.ts';
import { recurlyBrowserSettings, recurlyCspSources } from '../modules/billing/recurly-browser.ts';
import { paths } from '../shared/paths.ts';
import { PAYMENT_PATH, STUDENT_PAYMENT_PATH } from '../web/components/billing/payment-types.ts';
import type { PageSources } from './security.ts';

/** The pages that take a card: the two payment pages, and the membership page's "Update card". */
const PAYMENT_PAGES = new Set([PAYMENT_PATH, STUDENT_PAYMENT_PATH, paths.membership()]);

export function paymentPageSources(config: Pick<Config, 'keys' | 'billing' | 'billingScriptUrl'>): PageSources | undefined {
  const recurly = recurlyBrowserSettings(config);
  if (!recurly) return undefined;
  const sources = recurlyCspSources(recurly);
  return (url) => {
    const path = url.split('?')[0] ?? '';
    return PAYMENT_PAGES.has(path.endsWith('/') ? path : `${path}/`) ? sources : null;
  };
}
