// The §3 page fields of a page call, from the page's URL, its referrer and its title. Cut to the
// §5 limits so a very long address still yields a valid page view.
import { LIMITS } from '../../shared/analytics/limits.ts';
import type { PageView } from './tracker-proxy.ts';

const UTM = [
  ['utmMedium', 'utm_medium'],
  ['utmSource', 'utm_source'],
  ['utmTerm', 'utm_term'],
  ['utmContent', 'utm_content'],
  ['utmCampaign', 'utm_campaign'],
] as const;

function cut(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

export function pageViewFields({ url, referrer, title }: { url: string; referrer?: string; title?: string }): PageView {
  const parsed = new URL(url);
  const fields: PageView = {
    pagePath: cut(parsed.pathname, LIMITS.pagePath),
    pageUrl: cut(parsed.href, LIMITS.pageLong),
  };
  if (referrer) fields.pageReferrer = cut(referrer, LIMITS.pageLong);
  if (title) fields.pageTitle = cut(title, LIMITS.pageTitle);
  const query = parsed.search.slice(1);
  if (query) fields.pageQuery = cut(query, LIMITS.pageLong);
  for (const [field, param] of UTM) {
    const value = parsed.searchParams.get(param);
    if (value) fields[field] = cut(value, LIMITS.utm);
  }
  return fields;
}
