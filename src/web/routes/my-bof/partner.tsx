// /my-bof/partner/ (§2, issue 18) — the partner hub: how readers find an organisation's profile
// and its jobs, for its owner and admins. Numbers from readers who accepted analytics cookies.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { organisationEditorMenu } from '../../components/profiles/edit/editor-menu.ts';
import { PeriodSwitch, StatTiles } from '../../components/stats.tsx';
import { formatDay, formatNumber } from '../admin/charts.tsx';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/partner';
import { partnerHubLoader } from './partner.server.ts';
import '../../styles/profile-edit.css';

export const loader = (args: Route.LoaderArgs) => partnerHubLoader(args);
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Partner hub',
    description: 'How readers find your organisation’s profile and its jobs.',
    path: paths.partnerHub(),
  });

type Hub = Extract<Route.ComponentProps['loaderData'], { kind: 'hub' }>;

export default function PartnerHub({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'refused') {
    return (
      <AccountLayout title="Partner hub" menu={organisationEditorMenu('partner')}>
        <section className="account-section" aria-labelledby="refused-heading">
          <h2 id="refused-heading" className="account-section__title">
            No numbers to show you
          </h2>
          <p className="account-section__intro">{loaderData.reason}</p>
          <p>
            <Link to={paths.contact('professional')}>Ask us about a profile for your organisation</Link>
          </p>
        </section>
      </AccountLayout>
    );
  }
  const hub: Hub = loaderData;
  return (
    <AccountLayout
      title="Partner hub"
      intro={`The last ${hub.days} days, ${formatDay(hub.from)} to ${formatDay(hub.to)}, from readers who accepted analytics cookies.`}
      menu={organisationEditorMenu('partner')}
    >
      <PeriodSwitch path={paths.partnerHub()} periods={hub.periods} current={hub.days} className="partner-periods" />
      {hub.groups.map((group) => (
        <section key={group.accountId} className="account-section" aria-labelledby={`partner-${group.accountId}`}>
          <h2 id={`partner-${group.accountId}`} className="account-section__title">
            {group.title}
          </h2>
          {group.profiles.length === 0 && (
            <p className="account-section__intro">
              {group.unpublished > 0
                ? `${group.title}’s profile is not published yet: publish it and its numbers start here.`
                : `${group.title} has no profile yet. Write to us from the contact page and we will set one up for you to edit.`}{' '}
              <Link to={paths.organisationProfiles()}>Organisation profiles</Link>
            </p>
          )}
          {group.profiles.map((profile) => (
            <ProfileNumbers key={profile.profileId} profile={profile} />
          ))}
        </section>
      ))}
    </AccountLayout>
  );
}

function ProfileNumbers({ profile }: { profile: Hub['groups'][number]['profiles'][number] }) {
  return (
    <div className="partner-profile">
      <h3 className="profile-edit__item-title">
        <Link to={profile.publicUrl}>{profile.title}</Link>
      </h3>
      <StatTiles
        items={[
          { label: 'Profile views', value: profile.views },
          { label: 'Visitors', value: profile.visitors },
          {
            label: 'Followers',
            value: profile.followers,
            detail: profile.newFollowers > 0 ? `${formatNumber(profile.newFollowers)} new` : undefined,
          },
          { label: 'Links followed', value: profile.linkClicks },
        ]}
      />
      {profile.jobs.length === 0 ? (
        <p className="profile-edit__meta">
          No jobs listed. <Link to={profile.editUrl}>Add jobs to the profile</Link>
        </p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{`Jobs on ${profile.title}: clicks and saves`}</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Clicks</th>
              <th scope="col">Saves</th>
            </tr>
          </thead>
          <tbody>
            {profile.jobs.map((job) => (
              <tr key={job.jobId}>
                <th scope="row">
                  {job.title}
                  <span className="profile-edit__meta"> · {job.location}</span>
                </th>
                <td>{formatNumber(job.clicks)}</td>
                <td>{formatNumber(job.saves)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="profile-edit__actions">
        <Link to={profile.editUrl} className="button button--small button--secondary">
          Edit profile
        </Link>
      </p>
    </div>
  );
}
