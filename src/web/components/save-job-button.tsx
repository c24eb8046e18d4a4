// Save a job listed on an organisation profile for later (/careers/your-jobs/). A toggle button
// (aria-pressed) in a form posting to the saved-jobs action: it works before JavaScript, and after
// hydration a fetcher sends it without leaving the page. The profile page is the same for every
// signed-in reader, so which jobs this reader saved is asked for in the browser, once per page.
import { useEffect, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { savedJobKey } from '../../modules/careers/saved-job-key.ts';
import { paths } from '../../shared/paths.ts';
import type { SaveJobActionData } from '../routes/careers/saved-jobs.server.ts';
import { useRootData, type RootData } from '../lib/root-data.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { SignInLink } from './auth-links.tsx';

/** One ask per page load, shared by the page's buttons. */
let savedKeys: Promise<Set<string>> | null = null;

function useSavedJobKeys(root: RootData | undefined, ask: boolean): Set<string> | null {
  const [keys, setKeys] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (!ask || !root) return;
    let current = true;
    savedKeys ??= import('../api/browser-clients.ts')
      .then(({ browserTrpcClient }) => browserTrpcClient(root.config).careers.savedJobKeys.query())
      .then((list) => new Set(list));
    savedKeys.then(
      (set) => current && setKeys(set),
      () => {
        savedKeys = null; // asked again on the next page
      },
    );
    return () => {
      current = false;
    };
  }, [ask, root]);
  return keys;
}

export function SaveJobButton({
  profileId,
  job,
  signedIn,
}: {
  profileId: string;
  job: { jobId: string; title: string };
  signedIn: boolean;
}) {
  const fetcher = useFetcher<SaveJobActionData>();
  const root = useRootData();
  const { pathname } = useLocation();
  const keys = useSavedJobKeys(root, signedIn);

  if (!signedIn) {
    return (
      <SignInLink className="button button--secondary button--small" redirectTo={canonicalUrl(root?.config.siteUrl ?? '', pathname)}>
        Sign in to save<span className="visually-hidden">{` ${job.title}`}</span>
      </SignInLink>
    );
  }

  const key = savedJobKey({ profileId, jobId: job.jobId });
  const sending = fetcher.formData?.get('intent');
  const answered = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data.intent : undefined;
  // What was pressed shows at once; the answer confirms it; before either, what the reader saved.
  const saved = sending ? sending === 'save' : answered ? answered === 'save' : (keys?.has(key) ?? false);
  const problem = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;

  return (
    <fetcher.Form method="post" action={paths.yourJobs()} className="save-job">
      <input type="hidden" name="profileId" value={profileId} />
      <input type="hidden" name="jobId" value={job.jobId} />
      <input type="hidden" name="title" value={job.title} />
      <button
        type="submit"
        name="intent"
        value={saved ? 'remove' : 'save'}
        aria-pressed={saved}
        className={saved ? 'button button--small' : 'button button--secondary button--small'}
      >
        {/* The name stays "Save …" whatever the state: aria-pressed says whether it is saved. */}
        {saved && <span aria-hidden="true">✓&nbsp;</span>}
        Save<span className="visually-hidden">{` ${job.title}`}</span>
      </button>
      {problem && (
        <p className="form-message form-message--error" role="alert">
          {problem}
        </p>
      )}
    </fetcher.Form>
  );
}
