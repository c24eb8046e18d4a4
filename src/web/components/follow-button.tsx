// Follow and unfollow an author, section or topic. A toggle button (aria-pressed) in a form that
// posts to its route's action (web/routes/follow-action.server.ts): it works before
// JavaScript, and after hydration a fetcher sends it without leaving the page. Signed-out readers
// get a link to sign in that brings them back here. A press on a topic's button sends
// user_click_topic_follow or user_click_topic_unfollow, on a profile user_click_profile_follow or
// user_click_profile_unfollow (authors have no catalogue event).
import { useFetcher, useLocation } from 'react-router';
import type { FollowActionData, FollowRef, FollowState } from '../../modules/follows/follow-rules.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { useBrowserQuery } from '../lib/browser-query.ts';
import { useRootData } from '../lib/root-data.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { SignInLink } from './auth-links.tsx';

/** Topics and series are followed by slug or section id; the topic page passes its slug, as story events do. */
const TOPIC_FOLLOWS: readonly string[] = ['TAG_SLUG', 'SITE_SECTION_ID'];

/** FollowState, where a missing `following` means the page does not say: the browser asks. */
export type PageFollowState = FollowRef & { following?: FollowState['following'] };

const USER_FOLLOWS = /* GraphQL */ `
  query PageFollows($followsType: FollowsType) {
    userFollows(followsType: $followsType) {
      __typename
      ... on UserFollowsSuccess {
        follows {
          followsKey
        }
      }
    }
  }
`;

interface UserFollowsData {
  userFollows: { __typename: string; follows?: { followsKey: string }[] };
}

/**
 * Whether the signed-in reader follows this: the page's answer, or, on a page shared by every
 * signed-in reader (it does not say), the reader's own follows asked for after load. Until then
 * (and without JavaScript) the button reads "Follow", which is harmless: following is idempotent.
 */
function useFollowing(follow: PageFollowState): boolean | null {
  const known = follow.following;
  const asked = useBrowserQuery<UserFollowsData>(USER_FOLLOWS, { followsType: follow.followsType }, known === undefined);
  if (known !== undefined) return known;
  // Not knowing (yet, or at all) keeps the neutral button; a press still does the right thing.
  return asked.state === 'answered' ? followsIncludes(asked.data.userFollows.follows ?? [], follow) : null;
}

const followsIncludes = (follows: readonly { followsKey: string }[], { followsKey }: FollowRef) =>
  follows.some((candidate) => candidate.followsKey === followsKey);

export function FollowButton({
  follow,
  name,
  topicId,
  profile,
}: {
  follow: PageFollowState;
  name: string;
  topicId?: string;
  /** A profile's button sends user_click_profile_follow or user_click_profile_unfollow. */
  profile?: { profileId: string; profileType: 'org' | 'people' };
}) {
  const fetcher = useFetcher<FollowActionData>();
  const root = useRootData();
  const siteUrl = root?.config.siteUrl ?? '';
  const { pathname, search } = useLocation();
  const followingNow = useFollowing(follow);

  if (follow.following === null) {
    return (
      <SignInLink className="button button--secondary button--small" redirectTo={canonicalUrl(siteUrl, pathname)}>
        Sign in to follow<span className="visually-hidden">{` ${name}`}</span>
      </SignInLink>
    );
  }

  // Shown at once, before the server answers; the loaders' next answer confirms it.
  const intent = fetcher.formData?.get('intent');
  const following = intent ? intent === 'follow' : (followingNow ?? false);
  const problem = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors[0]?.message : undefined;

  return (
    // Posted to this page's own address (with its trailing slash), so without JavaScript the
    // answer is this page again, at its canonical URL.
    <fetcher.Form method="post" action={`${canonicalUrl('', pathname)}${search}`}>
      <input type="hidden" name="followsType" value={follow.followsType} />
      <input type="hidden" name="followsKey" value={follow.followsKey} />
      {/* The name stays "Follow …" whatever the state: aria-pressed says whether it is on. */}
      <button
        type="submit"
        name="intent"
        value={following ? 'unfollow' : 'follow'}
        onClick={() => {
          if (TOPIC_FOLLOWS.includes(follow.followsType))
            trackEvent(following ? 'user_click_topic_unfollow' : 'user_click_topic_follow', {
              topicId: topicId ?? follow.followsKey,
              topicLabel: name,
            });
          if (profile)
            trackEvent(following ? 'user_click_profile_unfollow' : 'user_click_profile_follow', {
              profileId: profile.profileId,
              profileType: profile.profileType,
            });
        }}
        aria-pressed={following}
        className={following ? 'button button--small' : 'button button--secondary button--small'}
      >
        {following && <span aria-hidden="true">✓&nbsp;</span>}
        Follow<span className="visually-hidden">{` ${name}`}</span>
      </button>
      {problem && (
        <p className="form-message form-message--error" role="alert">
          {problem}
        </p>
      )}
    </fetcher.Form>
  );
}
