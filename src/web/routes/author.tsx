import { data } from 'react-router';
import { followAction, followState } from './follow-action.server.ts';
import { followOfAuthor } from '../../modules/follows/follow-rules.ts';
import { paths } from '../../shared/paths.ts';
import { FollowButton } from '../components/follow-button.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Picture } from '../components/picture.tsx';
import { cardView, StoryCard } from '../components/story-card.tsx';
import { pageParam } from '../lib/page-param.ts';
import { rootDataFromMatches } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import type { Route } from './+types/author';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await context.services.content.getAuthorPage({ slug: params.slug, page: pageParam(request) });
  if (!page) throw data(null, { status: 404 });
  return {
    ...page,
    stories: { ...page.stories, items: page.stories.items.map(cardView) },
    follow: await followState(context, followOfAuthor(page.author)),
  };
}

export function action(args: Route.ActionArgs) {
  return followAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { author } = loaderData;
  return socialMeta({
    title: author.name,
    description: author.bio,
    url: `${root.config.siteUrl}${paths.author(author.slug)}`,
    type: 'profile',
    productName: root.config.productName,
  });
};

export default function Author({ loaderData }: Route.ComponentProps) {
  const { author, stories, follow } = loaderData;
  return (
    <div className="wrap listing">
      <header className="author-header">
        {author.portraitKey && (
          <Picture
            className="author-header__portrait"
            imageKey={author.portraitKey}
            alt={`Portrait illustration for ${author.name}`}
            ratio="1x1"
            width={320}
            sizes="160px"
            priority
          />
        )}
        <div>
          <p className="kicker">{author.role}</p>
          <h1 className="display">{author.name}</h1>
          <p className="standfirst">{author.bio}</p>
          <p className="listing__meta">
            {author.location} · {stories.total} stories
          </p>
          <div className="cta-row">
            <FollowButton follow={follow} name={author.name} />
          </div>
        </div>
      </header>
      <h2 className="rail-title">{`Stories by ${author.name}`}</h2>
      <div className="rail__grid listing__grid">
        {stories.items.map((story) => (
          <StoryCard key={story.slug} story={story} />
        ))}
      </div>
      <Pagination page={stories.page} pageCount={stories.pageCount} basePath={paths.author(author.slug)} />
    </div>
  );
}
