import { data, Link } from 'react-router';
import { followAction, followState } from './follow-action.server.ts';
import { followOfTopic } from '../../modules/follows/follow-rules.ts';
import { paths } from '../../shared/paths.ts';
import { useTrackEvent } from '../analytics/use-track-event.ts';
import { FollowButton } from '../components/follow-button.tsx';
import { NewsletterSignup } from '../components/newsletter-signup.tsx';
import { newsletterOffer } from './newsletter-offer.server.ts';
import { Pagination } from '../components/pagination.tsx';
import { cardView, StoryCard } from '../components/story-card.tsx';
import { pageParam } from '../lib/page-param.ts';
import { rootDataFromMatches } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import { Prerendered } from '../lib/prerendered.tsx';
import { prerenderedData } from '../lib/prerendered-data.ts';
import type { Route } from './+types/topic';

/** One module serves /topics/:slug/, the BoF Insights series and the case studies index. */
const FIXED_SLUGS: Record<string, string> = { '/series/bof-insights/': 'bof-insights', '/case-studies/': 'case-studies' };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Data requests (client navigation, revalidation after a follow) arrive without the trailing slash.
  const slug = params.slug ?? FIXED_SLUGS[new URL(request.url).pathname.replace(/\/?$/, '/')];
  if (!slug) throw data(null, { status: 404 });
  const page = await context.services.content.getTopicPage({ slug, page: pageParam(request) });
  if (!page) throw data(null, { status: 404 });
  // A topic that has its own address is served there only.
  if (params.slug && paths.topic(slug) !== `/topics/${slug}/`) throw data(null, { status: 404 });
  const { items, ...pages } = page.stories;
  const cards = items.map(cardView);
  // The first page opens with a lead card. The cards are kept as the server wrote them, so a
  // document sends them once, as HTML (prerenderedData, decision 062).
  const lead = pages.page === 1 ? (cards[0] ?? null) : null;
  return {
    ...page,
    stories: { ...pages, hasLead: lead !== null, cards: prerenderedData(context, { lead, grid: lead ? cards.slice(1) : cards }) },
    follow: await followState(context, followOfTopic(page.topic)),
    newsletters: await newsletterOffer(context, page.topic.slug),
  };
}

export function action(args: Route.ActionArgs) {
  return followAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  return [
    ...socialMeta({
      title: loaderData.topic.name,
      description: loaderData.topic.description,
      url: `${root.config.siteUrl}${paths.topic(loaderData.topic.slug)}`,
      productName: root.config.productName,
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${loaderData.topic.name} stories`,
      href: paths.topicFeed(loaderData.topic.slug),
    },
  ];
};

export default function Topic({ loaderData }: Route.ComponentProps) {
  const { topic, stories, follow } = loaderData;
  useTrackEvent('user_view_topic', { topicId: topic.slug, topicLabel: topic.name });
  return (
    <div className="wrap listing">
      <header className="listing__header">
        <p className="kicker">{topic.kind === 'series' ? 'Series' : 'Topic'}</p>
        <h1 className="display">{topic.name}</h1>
        <p className="standfirst">{topic.description}</p>
        <p className="listing__meta">
          {stories.total} stories · <a href={paths.topicFeed(topic.slug)}>RSS feed</a>
        </p>
        <div className="cta-row">
          <FollowButton follow={follow} name={topic.name} topicId={topic.slug} />
        </div>
      </header>
      {/* The cards stay as the server wrote them when the page hydrates (decision 060). */}
      {stories.hasLead ? (
        <Prerendered as="div" className="listing__lead" data={stories.cards}>
          {({ lead }) => lead && <StoryCard story={lead} size="lead" headingLevel={2} priority />}
        </Prerendered>
      ) : null}
      <Prerendered as="div" className="rail__grid listing__grid" data={stories.cards}>
        {({ grid }) => grid.map((story) => <StoryCard key={story.slug} story={story} headingLevel={2} />)}
      </Prerendered>
      <Pagination page={stories.page} pageCount={stories.pageCount} basePath={paths.topic(topic.slug)} />
      <NewsletterSignup
        placement="topic"
        newsletters={loaderData.newsletters}
        sourcePath={paths.topic(topic.slug)}
        title={`${topic.name} by email`}
      />
      <p className="listing__back">
        <Link to="/">← Back to the home page</Link>
      </p>
    </div>
  );
}
