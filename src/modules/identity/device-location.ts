// Where a session's device is, as far as the proxy in front of the site says: Cloudflare's visitor
// location headers (its "Add visitor location headers" transform), the ones Kratos reads too.
// Unlike the client address (believed only from TRUSTED_PROXIES), these are read as sent: they only
// describe a session to its owner, and a proxy that does not set them should strip them. Without
// them the location stays empty: we do not guess from the IP.
import type { IncomingHttpHeaders } from 'node:http';

const header = (headers: IncomingHttpHeaders, name: string) => [headers[name]].flat()[0]?.trim() ?? '';

/** "City, CC" (Kratos's format), either part alone, or ''. XX (unknown) and T1 (Tor) are no country. */
export function deviceLocation(headers: IncomingHttpHeaders): string {
  const city = header(headers, 'cf-ipcity');
  const country = header(headers, 'cf-ipcountry').toUpperCase();
  return [city.length <= 100 ? city : '', /^[A-Z]{2}$/.test(country) && country !== 'XX' && country !== 'T1' ? country : '']
    .filter(Boolean)
    .join(', ');
}
