// Follow and unfollow an author, section or topic. A toggle button (aria-pressed) in a form that
// posts to its route's action (web/routes/follow-action.server.ts): it works before
// JavaScript, and after hydration a fetcher sends it without leaving the page. Signed-out readers
// get a link to sign in that brings them back here. A press on a topic's button sends
// user_click_topic_follow or user_click_topic_unfollow (authors have no catalogue event).
import { useFetcher, useLocation } from 'react-router';
import type { FollowActionData, FollowState } from '../../modules/follows/follow-rules.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { useRootData } from '../lib/root-data.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { SignInLink } from './auth-links.tsx';

/** Topics and series are followed by slug or section id; the topic page passes its slug, as story events do. */
const TOPIC_FOLLOWS: readonly string[] = ['TAG_SLUG', 'SITE_SECTION_ID'];

export function FollowButton({ follow, name, topicId }: { follow: FollowState; name: string; topicId?: string }) {
  const fetcher = useFetcher<FollowActionData>();
  const siteUrl = useRootData()?.config.siteUrl ?? '';
  const { pathname, search } = useLocation();

  if (follow.following === null) {
    return (
      <SignInLink className="button button--secondary button--small" redirectTo={canonicalUrl(siteUrl, pathname)}>
        Sign in to follow<span className="visually-hidden">{` ${name}`}</span>
      </SignInLink>
    );
  }

  // Shown at once, before the server answers; the loaders' next answer confirms it.
  const intent = fetcher.formData?.get('intent');
  const following = intent ? intent === 'follow' : follow.following;
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
