// "For you" on the home page: stories picked from what the signed-in reader follows and has not
// read yet (GraphQL recommendedStories). Fetched in the browser after hydration, so the home page
// itself stays the same for everyone and can be cached; an expired token is refreshed by the
// GraphQL client and the call retried, so the reader never sees the difference.
import { Link } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { useBrowserQuery } from '../lib/browser-query.ts';
import { useSessionUser } from '../lib/session.ts';

const RECOMMENDED_STORIES = /* GraphQL */ `
  query RecommendedStories($first: Int) {
    recommendedStories(first: $first) {
      __typename
      ... on RecommendedStoriesSuccess {
        stories {
          id
          title
          description
          uri
          primarySection {
            name
          }
        }
      }
    }
  }
`;

interface Recommended {
  id: string;
  title: string;
  description: string;
  uri: string;
  primarySection: { name: string };
}

interface RecommendedData {
  recommendedStories: { __typename: string; stories?: Recommended[] };
}

const STORY_COUNT = 4;

export function ForYou() {
  const user = useSessionUser();
  const userId = user?.isLoggedIn ? user.id : null;
  // The API clients load with the first signed-in reader's call, never on an anonymous page (issue 15).
  const recommended = useBrowserQuery<RecommendedData>(RECOMMENDED_STORIES, { first: STORY_COUNT }, userId);
  // Recommendations are extra: if they cannot load, the rest of the page is what the reader came for.
  const stories = recommended.state === 'answered' ? (recommended.data.recommendedStories.stories ?? []) : null;

  if (!userId || !stories?.length) return null;
  return (
    <section className="rail for-you" aria-labelledby="for-you-heading">
      <div className="rail__head">
        <h2 id="for-you-heading" className="rail-title">
          For you
        </h2>
        <Link to={paths.following()} className="rail__more">
          What you follow <span aria-hidden="true">→</span>
        </Link>
      </div>
      <ol className="list-plain for-you__list">
        {stories.map((story) => (
          <li key={story.id} className="for-you__item">
            <p className="kicker">{story.primarySection.name}</p>
            <h3 className="for-you__title">
              <Link to={story.uri}>{story.title}</Link>
            </h3>
            <p className="for-you__text">{story.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
