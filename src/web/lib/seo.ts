// Canonical links and social meta (§1: canonical = site base + current path with a trailing slash).
import type { MetaDescriptor } from 'react-router';

export function canonicalUrl(siteUrl: string, pathname: string): string {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return `${siteUrl}${path}`;
}

export function socialMeta({
  title,
  description,
  url,
  image,
  type = 'website',
  productName,
}: {
  title: string;
  description: string;
  url: string;
  image?: string;
  type?: 'website' | 'article' | 'profile';
  productName: string;
}): MetaDescriptor[] {
  return [
    { name: 'description', content: description },
    { property: 'og:site_name', content: productName },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { name: 'twitter:image', content: image },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
}

/** Absolute URL for a same-origin path or an already absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return pathOrUrl.startsWith('http') ? pathOrUrl : `${siteUrl}${pathOrUrl}`;
}
