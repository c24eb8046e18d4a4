// /user/welcome/ and /user/welcome-pro/ (§2): the first page after signing up. It says what the
// account gives and offers the first things to do: follow topics, read, check the account.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { followAction } from '../follow-action.server.ts';
import { followKey, followOfTopic } from '../../../modules/follows/follow-rules.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { FollowButton } from '../../components/follow-button.tsx';
import type { Route } from './+types/welcome';
import { requireSignedIn } from './details.server.ts';
import { userPageMeta } from './user-meta.ts';

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
  const professional = new URL(request.url).pathname.startsWith('/user/welcome-pro');
  const signedIn = await requireSignedIn(args, professional ? '/user/welcome-pro/' : '/user/welcome/');
  const [topics, followed] = await Promise.all([
    context.services.content.listTopics(),
    context.user ? context.services.follows.listFollows({ userId: context.user.id }) : Promise.resolve([]),
  ]);
  const following = new Set(followed.map(followKey));
  const card = (topic: (typeof topics)[number]) => {
    const follow = followOfTopic(topic);
    return {
      slug: topic.slug,
      name: topic.name,
      description: topic.description,
      follow: { ...follow, following: context.user ? following.has(followKey(follow)) : null },
    };
  };
  return {
    professional,
    firstName: signedIn.firstName,
    productName: context.config.productName,
    sections: topics.filter((topic) => topic.kind === 'section').map(card),
    series: topics.filter((topic) => topic.kind === 'series').map(card),
  };
}

/** The follow buttons post here (the same action as topic pages). */
export function action(args: Route.ActionArgs) {
  return followAction(args);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  userPageMeta(matches, { title: 'Welcome', description: 'Your account is ready.', path: location.pathname });

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { professional, firstName, productName, sections, series } = loaderData;
  useTrackEvent(professional ? 'user_view_welcome_professional' : 'user_view_welcome', {});
  const greeting = firstName ? `Welcome, ${firstName}` : `Welcome to ${productName}`;
  const topics = professional ? [...series, ...sections] : sections;
  return (
    <AuthPage
      kicker={professional ? 'Professional account' : 'Your account is ready'}
      title={greeting}
      standfirst={
        professional
          ? `Your professional account gives you the analysis, case studies and data that ${productName} members use at work. Start by following the areas you work in.`
          : `Follow the topics you care about and we’ll bring their latest stories together for you.`
      }
      aside={
        <p>
          Change your details or how you sign in on <Link to={paths.account()}>your account page</Link>.
        </p>
      }
    >
      <section aria-labelledby="welcome-topics" className="welcome">
        <h2 id="welcome-topics" className="account-panel__title">
          {professional ? 'Start with what you work on' : 'Start with a topic'}
        </h2>
        <ul className="list-plain welcome__topics">
          {topics.map((topic) => (
            <li key={topic.slug} className="welcome__topic">
              <div className="welcome__topic-head">
                <Link to={paths.topic(topic.slug)} className="welcome__topic-link">
                  {topic.name}
                </Link>
                <FollowButton follow={topic.follow} name={topic.name} />
              </div>
              {topic.description && <p className="welcome__topic-text">{topic.description}</p>}
            </li>
          ))}
        </ul>
        <p>
          <Link to={paths.home()} className="button">
            Start reading
          </Link>
        </p>
      </section>
    </AuthPage>
  );
}
