import { useRouteLoaderData } from 'react-router';
import type { PublicConfig } from '../../config/config.ts';
import type { Audience } from '../../shared/auth/audience.ts';

export interface RootData {
  config: PublicConfig & { careers: { jobsUrl: string; contactUrl: string } };
  sections: { slug: string; name: string }[];
  series: { slug: string; name: string }[];
  /**
   * Which kind of reader the page was rendered for (verified bof_session): never who, so the page
   * is the same bytes for every reader of that kind (issue 15). The browser fills in the person.
   */
  audience: Audience;
}

/** The root loader's data: settings for the browser and the navigation. Undefined only if the root loader failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** Root data inside a route's `meta` function. */
export function rootDataFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
}
