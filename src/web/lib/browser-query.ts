// A GraphQL query asked in the browser after hydration, never on the server: the page stays the
// same for every reader (it can be cached) and the reader's own part fills in after load.
import { useEffect, useState } from 'react';
import { useRootData } from './root-data.ts';

export type BrowserQuery<Data> = { state: 'waiting' } | { state: 'answered'; data: Data } | { state: 'failed' };

/**
 * The answer to `query` with `variables`, asked while `askFor` is set (e.g. the signed-in reader's id),
 * and again when it or the variables change. The API client loads with the first call (issue 15): a
 * page that never sets `askFor` never loads it.
 */
export function useBrowserQuery<Data>(
  query: string,
  variables: Record<string, unknown>,
  askFor: string | boolean | null,
): BrowserQuery<Data> {
  const root = useRootData();
  const [answer, setAnswer] = useState<BrowserQuery<Data>>({ state: 'waiting' });
  // By value: callers pass a fresh object on each render.
  const asked = JSON.stringify(variables);
  useEffect(() => {
    if (!askFor || !root) return;
    let current = true;
    import('../api/browser-clients.ts')
      .then(({ browserGraphQLClient }) =>
        browserGraphQLClient(root.config).query<Data>(query, JSON.parse(asked) as Record<string, unknown>),
      )
      .then(
        (data) => current && setAnswer({ state: 'answered', data }),
        () => current && setAnswer({ state: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [query, asked, askFor, root]);
  return answer;
}
