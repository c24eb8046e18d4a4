import { Link, redirect } from 'react-router';
import { followAction } from '../follow-action.server.ts';
import { paths } from '../../../shared/paths.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { FollowButton } from '../../components/follow-button.tsx';
import { formatShortDate } from '../../lib/format.ts';
import type { Route } from './+types/following';
import { absoluteSiteUrl } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

const PATH = '/user/following/';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, PATH)));
  return { groups: await context.services.follows.followingPage({ userId: context.user.id }) };
}

export function action(args: Route.ActionArgs) {
  return followAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Following',
    description: 'The sections, topics and authors you follow, with their latest stories.',
    path: PATH,
  });

export default function Following({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <AccountLayout
      title="Following"
      intro="The latest stories from the sections, topics and authors you follow."
      menu={[
        { label: 'Your account', href: paths.account() },
        { label: 'Following', href: PATH, current: true },
        { label: 'Sign out', href: paths.logout() },
      ]}
    >
      {groups.length === 0 && (
        <section className="account-section" aria-labelledby="following-empty">
          <h2 id="following-empty" className="account-section__title">
            You don’t follow anything yet
          </h2>
          <p className="account-section__intro">
            Use the Follow button on a section, topic or author page, and their new stories will be gathered here.
          </p>
          <p>
            <Link to={paths.home()}>Browse the latest stories</Link>
          </p>
        </section>
      )}
      {groups.map((group) => (
        <section key={group.followsType} className="account-section" aria-labelledby={`following-${group.followsType}`}>
          <h2 id={`following-${group.followsType}`} className="account-section__title">
            {group.title}
          </h2>
          {group.items.map((item) => (
            <section key={item.followsKey} className="account-panel" aria-labelledby={`follow-${item.followsKey}`}>
              <h3 id={`follow-${item.followsKey}`} className="account-panel__title">
                {item.path ? <Link to={item.path}>{item.name}</Link> : item.name}
              </h3>
              <FollowButton follow={{ ...item, following: true }} name={item.name} />
              {item.stories.length > 0 ? (
                <ul className="list-plain" aria-label={`Latest from ${item.name}`}>
                  {item.stories.map((story) => (
                    <li key={story.id} className="card card--compact">
                      <p className="card__headline">
                        <Link to={paths.story(story.slug)}>{story.headline}</Link>
                      </p>
                      <p className="meta">
                        <span>{story.topic.name}</span>
                        <time dateTime={story.publishedAt}>{formatShortDate(story.publishedAt)}</time>
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="account-panel__text">No stories yet.</p>
              )}
            </section>
          ))}
        </section>
      ))}
    </AccountLayout>
  );
}
