// A browser without JavaScript for HTTP tests of the pages: keeps cookies, sends plain form posts,
// and follows redirects only when asked (open), as the user pages' and buying path's tests need.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The first form's action on a page (its URL, entities decoded). */
/** The action of the page's first form, after the masthead's search box (a GET form on every page). */
export const formAction = (html: string) =>
  [...html.matchAll(/<form\b([^>]*)>/g)]
    .filter(([, attributes]) => !attributes!.includes('role="search"'))
    .map(([, attributes]) => /action="([^"]+)"/.exec(attributes!)?.[1])
    .find(Boolean)
    ?.replace(/&amp;/g, '&') ?? '';
/** The CSRF token an identity screen's form carries. */
export const csrfToken = (html: string) => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** A browser without JavaScript: keeps cookies, follows nothing by itself. */
export function formBrowser(app: Pick<FastifyInstance, 'inject'>, site: string) {
  const cookies = new Map<string, string>();
  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const pathOf = (url: string) => (url.startsWith(site) ? url.slice(site.length) : url);
  return {
    cookies,
    get: async (url: string) =>
      keep(await app.inject({ method: 'GET', url: pathOf(url), headers: { accept: 'text/html', cookie: cookie() } })),
    post: async (url: string, form: Record<string, string>) =>
      keep(
        await app.inject({
          method: 'POST',
          url: pathOf(url),
          headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
          payload: new URLSearchParams(form).toString(),
        }),
      ),
    /** GET, following redirects on this site, as a browser does. */
    async open(url: string) {
      let response = await this.get(url);
      for (let hops = 0; hops < 10 && response.statusCode >= 300 && response.statusCode < 400; hops++)
        response = await this.get(String(response.headers.location));
      return response;
    },
  };
}
