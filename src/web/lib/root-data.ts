import { useRouteLoaderData } from 'react-router';
import type { PublicConfig } from '../../config/config.ts';
import type { SessionUser } from '../../shared/auth/session-user.ts';

export interface RootData {
  config: PublicConfig & { careers: { jobsUrl: string; contactUrl: string } };
  sections: { slug: string; name: string }[];
  series: { slug: string; name: string }[];
  /** The signed-in reader as the server saw them (verified bof_session), or null. */
  user: SessionUser | null;
}

/** The root loader's data: settings for the browser and the navigation. Undefined only if the root loader failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** Root data inside a route's `meta` function. */
export function rootDataFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
}
