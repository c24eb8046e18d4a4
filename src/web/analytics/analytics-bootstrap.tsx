// Client-only start of consent → analytics, and a page call on every route change (SPEC §1, §3).
// Renders nothing; root.tsx mounts it once.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PublicConfig } from '../../config/config.ts';
import { startAnalytics, trackPage } from './analytics.ts';
import { pageViewFields } from './page-view.ts';

export function AnalyticsBootstrap({ config }: { config: Pick<PublicConfig, 'endpoints' | 'analytics'> }) {
  const { pathname, search } = useLocation();
  const previousUrl = useRef<string | null>(null);
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    startAnalytics(config).catch((error: unknown) => {
      // Without the consent script nothing is sent, which is the safe way to fail.
      console.warn('Cookie consent did not start; analytics stays off', error);
    });
    // Config comes from the root loader and does not change within a page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const url = window.location.href;
    // Hash changes are not page views; StrictMode's second run is not a new page either.
    if (lastTracked.current === pathname + search) return;
    lastTracked.current = pathname + search;
    trackPage(pageViewFields({ url, referrer: previousUrl.current ?? document.referrer, title: document.title }));
    previousUrl.current = url;
  }, [pathname, search]);

  return null;
}
