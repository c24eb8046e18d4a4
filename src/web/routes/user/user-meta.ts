// Meta for the /user/ pages: social tags like every page, and kept out of search indexes
// (sign-in and account screens are not content, and their URLs carry flow ids).
import type { MetaDescriptor } from 'react-router';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';

export function userPageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  { title, description, path }: { title: string; description: string; path: string },
): MetaDescriptor[] {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return [
    ...socialMeta({ title, description, url: `${root.config.siteUrl}${path}`, productName: root.config.productName }),
    { name: 'robots', content: 'noindex' },
  ];
}
