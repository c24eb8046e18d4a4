// /careers/your-jobs/ (§2, issue 18): the jobs a signed-in reader saved from organisation
// profiles, the latest saved first, each as its organisation lists it now (one taken down says
// so), with a link to apply and a Remove button. Personal: never stored in the page cache.
import { Link, useFetcher } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { trackEvent } from '../../analytics/analytics.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import { formatShortDate } from '../../lib/format.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/your-jobs';
import { savedJobsAction, savedJobsLoader, type SaveJobActionData } from './saved-jobs.server.ts';
import '../../styles/careers.css';

export const loader = (args: Route.LoaderArgs) => savedJobsLoader(args);
export const action = (args: Route.ActionArgs) => savedJobsAction(args);
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Saved jobs', description: 'The jobs you saved from organisation profiles.', path: paths.yourJobs() });

type SavedJob = Route.ComponentProps['loaderData']['jobs'][number];

export default function YourJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  const answer = actionData as SaveJobActionData | undefined;
  return (
    <AccountLayout
      title="Saved jobs"
      intro="Jobs you saved from organisation profiles. Apply on the employer’s own site."
      menu={[
        { label: 'Your account', href: paths.account() },
        { label: 'Following', href: paths.following() },
        { label: 'Saved jobs', href: paths.yourJobs(), current: true },
        { label: 'Sign out', href: paths.logout() },
      ]}
    >
      {answer && <FormNotice kind={answer.ok ? 'success' : 'error'}>{answer.message}</FormNotice>}
      {jobs.length === 0 ? (
        <section className="account-section" aria-labelledby="jobs-empty">
          <h2 id="jobs-empty" className="account-section__title">
            You have not saved any jobs yet
          </h2>
          <p className="account-section__intro">
            Organisations list their open roles on their profiles. Press Save beside a job to keep it here until you are ready to apply.
          </p>
          <p>
            <Link to={paths.organisations()}>Browse organisations</Link> · <Link to="/careers/">Careers</Link>
          </p>
        </section>
      ) : (
        <section className="account-section" aria-labelledby="jobs-list">
          <h2 id="jobs-list" className="account-section__title">
            {jobs.length === 1 ? '1 saved job' : `${jobs.length} saved jobs`}
          </h2>
          <ul className="saved-jobs">
            {jobs.map((job) => (
              <SavedJobItem key={job.key} job={job} />
            ))}
          </ul>
        </section>
      )}
    </AccountLayout>
  );
}

function SavedJobItem({ job }: { job: SavedJob }) {
  const fetcher = useFetcher<SaveJobActionData>();
  const removing = fetcher.state !== 'idle';
  const title = job.job?.title ?? 'A job no longer listed';
  return (
    <li className="saved-jobs__item" aria-busy={removing || undefined}>
      <div className="saved-jobs__text">
        {job.job ? (
          <a
            href={job.job.url}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="saved-jobs__title"
            onClick={() =>
              trackEvent('user_click_profile_link', {
                profileId: job.profileId,
                profileType: 'org',
                profileLevel: job.organisation?.format === 'PREMIUM' ? 'premium' : 'basic',
                targetUrl: job.job!.url,
              })
            }
          >
            {job.job.title}
            <span className="visually-hidden"> (opens the employer’s site)</span>
          </a>
        ) : (
          <span className="saved-jobs__title">{title}</span>
        )}
        <p className="saved-jobs__meta">
          {job.organisation ? <Link to={paths.organisation(job.organisation.slug)}>{job.organisation.title}</Link> : 'An organisation'}
          {job.job ? ` · ${job.job.location} · posted ${job.job.postedOn}` : ' · taken down by the organisation'}
          {` · saved ${formatShortDate(job.savedAt)}`}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="profileId" value={job.profileId} />
        <input type="hidden" name="jobId" value={job.jobId} />
        <input type="hidden" name="title" value={title} />
        <button type="submit" name="intent" value="remove" className="button button--secondary button--small" disabled={removing}>
          Remove<span className="visually-hidden">{` ${title}`}</span>
        </button>
      </fetcher.Form>
    </li>
  );
}
