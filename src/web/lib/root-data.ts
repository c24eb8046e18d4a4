import { useRouteLoaderData } from 'react-router';
import type { PublicConfig } from '../../config/config.ts';

export interface RootData {
  config: PublicConfig & { careers: { jobsUrl: string; contactUrl: string } };
  sections: { slug: string; name: string }[];
  series: { slug: string; name: string }[];
}

/** The root loader's data: settings for the browser and the navigation. Undefined only if the root loader failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** Root data inside a route's `meta` function. */
export function rootDataFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
}
