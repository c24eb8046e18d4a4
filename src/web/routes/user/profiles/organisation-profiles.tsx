// /user/organisations/profiles/ (§2, issue 18): the profiles of the organisations the person is
// OWNER or ADMIN of, each with its state (draft or published, version) and links to edit it, its
// projects, its preview and its public page. Anyone else reads why they may not (403).
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { organisationEditorMenu } from '../../../components/profiles/edit/editor-menu.ts';
import { userPageMeta } from '../user-meta.ts';
import type { Route } from './+types/organisation-profiles';
import { profilesListLoader } from './organisation-edit.server.ts';
import '../../../styles/profile-edit.css';

export const loader = (args: Route.LoaderArgs) => profilesListLoader(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Organisation profiles',
    description: 'Edit and publish your organisation’s profile.',
    path: paths.organisationProfiles(),
  });

export default function OrganisationProfiles({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'refused') return <Refused reason={loaderData.reason} />;
  return (
    <AccountLayout title="Organisation profiles" menu={organisationEditorMenu()}>
      {loaderData.groups.map((group) => (
        <section key={group.accountId} className="account-section profile-edit" aria-labelledby={`org-${group.accountId}`}>
          <h2 id={`org-${group.accountId}`} className="account-section__title">
            {group.title}
          </h2>
          {group.profiles.length === 0 ? (
            <p className="account-section__intro">
              {group.title} has no profile yet. The newsroom creates an organisation’s profile: write to us from the{' '}
              <Link to={paths.contact('professional')}>contact page</Link> and we will set it up for you to edit.
            </p>
          ) : (
            <ul className="profile-edit__list">
              {group.profiles.map((profile) => (
                <li key={profile.profileId} className="profile-edit__item">
                  <h3 className="profile-edit__item-title">{profile.title}</h3>
                  <p className="profile-edit__meta">
                    {profile.state.words}
                    {profile.state.published && profile.state.hasUnpublishedChanges ? ' · changes not published yet' : ''}
                  </p>
                  <p className="profile-edit__actions">
                    <Link to={profile.editUrl} className="button button--small">
                      Edit profile
                    </Link>
                    <Link to={profile.projectsUrl} className="button button--small button--secondary">
                      Projects
                    </Link>
                    <Link to={profile.previewUrl} className="button button--small button--secondary">
                      Preview
                    </Link>
                    {profile.publicUrl && (
                      <Link to={profile.publicUrl} className="button button--small button--secondary">
                        Public page
                      </Link>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </AccountLayout>
  );
}

/** Someone who may not edit: why, and where to go instead. */
export function Refused({ reason }: { reason: string }) {
  return (
    <AccountLayout title="Organisation profiles" menu={organisationEditorMenu()}>
      <section className="account-section profile-edit" aria-labelledby="refused-heading">
        <h2 id="refused-heading" className="account-section__title">
          You cannot edit this
        </h2>
        <p className="account-section__intro">{reason}</p>
        <p className="cta-row">
          <Link to={paths.personProfileEditor()} className="button button--secondary">
            Edit your own profile
          </Link>
        </p>
      </section>
    </AccountLayout>
  );
}
