import { data, Link } from 'react-router';
import { imageUrl } from '../../shared/images.ts';
import { paths } from '../../shared/paths.ts';
import { AccessBadge } from '../components/access-badge.tsx';
import { Picture } from '../components/picture.tsx';
import { StoryBody } from '../components/story-body.tsx';
import { Prerendered } from '../lib/prerendered.tsx';
import { prerenderedData } from '../lib/prerendered-data.ts';
import { cardView, StoryCard } from '../components/story-card.tsx';
import { NextBestActionBanner } from '../components/next-best-action.tsx';
import { WallPanel } from '../components/wall-panel.tsx';
import { ConfirmEmailWall } from '../components/confirm-email-wall.tsx';
import { GiftBanner } from '../components/gift-banner.tsx';
import { GiftDialog } from '../components/gift-dialog.tsx';
import { ShareLinks } from '../components/share-links.tsx';
import { NewsletterPrompt } from '../components/newsletter-prompt.tsx';
import { NewsletterSignup } from '../components/newsletter-signup.tsx';
import { newsletterOffer } from './newsletter-offer.server.ts';
import { canGift, giftAction, storyGift } from './gift-action.server.ts';
import { storyNameLinks } from './profiles/story-names.server.ts';
import type { GiftOnPage } from '../../modules/gifts/gift-rules.ts';
import { meterCookieHeader } from '../../modules/walls/meter.ts';
import { StoryAnalytics } from '../analytics/story-analytics.tsx';
import { formatDate } from '../lib/format.ts';
import { JsonLd } from '../lib/json-ld.tsx';
import { rootDataFromMatches, useRootData } from '../lib/root-data.ts';
import { absoluteUrl, socialMeta } from '../lib/seo.ts';
import type { Route } from './+types/story';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { walls } = context.services;
  // The page request was decided before it got here (server/page-decision.ts): the story as this
  // reader may see it, the same for every reader with that decision, so the page may be shared.
  const decided = context.page?.story?.story.slug === params.slug ? context.page.story : null;
  const { page, gift, meterCookie } = decided
    ? { page: decided, gift: null, meterCookie: null }
    : await decideHere({ params, context, request });
  if (!page) throw data(null, { status: 404 });
  // Browsers revalidate (ETag); a shared cache may hold it only when the decision says it is shared.
  const headers = new Headers({ 'cache-control': context.page?.shared && decided ? 'no-cache' : 'private, no-cache' });
  if (meterCookie) headers.append('set-cookie', meterCookieHeader(meterCookie, { secure: context.config.siteUrl.startsWith('https://') }));
  // The story's text, its topics and the related stories are kept as the server wrote them, so a
  // document sends them once, as HTML (prerenderedData, decision 062).
  const { body, topics, personSlugs: _people, organisationSlugs: _organisations, ...story } = page.story;
  return data(
    {
      story,
      access: page.access,
      shown: prerenderedData(context, {
        body,
        // Names in the story link to their published profiles.
        names: await storyNameLinks(context, page.story),
        topics,
        related: page.related.map(cardView),
      }),
      hasRelated: page.related.length > 0,
      nextBestAction: walls.nextBestAction(context.user),
      gift,
      canGift: canGift(context),
      newsletters: await newsletterOffer(context, page.story.topic.slug),
    },
    { headers },
  );
}

/**
 * A request the page decision left to the loader: a gift link (counted as a visit), a form post's
 * reload and client-side navigation's route data. The same decision, made here for this reader.
 */
async function decideHere({ params, context, request }: Pick<Route.LoaderArgs, 'params' | 'context' | 'request'>) {
  const { content, walls, follows } = context.services;
  let meterCookie: string | null = null;
  // A valid ?gift= for this story (modules/gifts): the banner, and the whole story for anyone.
  let gift = null as GiftOnPage | null;
  const page = await content.readStory({
    slug: params.slug,
    decide: async (story) => {
      gift = await storyGift({ request, context }, story.id);
      const access = walls.storyAccess({ user: context.user, cookieHeader: request.headers.get('cookie') ?? undefined, story, gift });
      meterCookie = access.meterCookie;
      return access.decision;
    },
  });
  // A signed-in reader's reads personalise their recommendations and make their meter (modules/follows).
  if (page && context.user && request.method === 'GET') follows.recordRead({ userId: context.user.id, storyId: page.story.id });
  return { page, gift, meterCookie };
}

/** The gift dialog's form (intent=gift). */
export function action(args: Route.ActionArgs) {
  return giftAction(args);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { story } = loaderData;
  return [
    ...socialMeta({
      title: story.headline,
      description: story.standfirst,
      url: `${root.config.siteUrl}${paths.story(story.slug)}`,
      image: absoluteUrl(root.config.siteUrl, imageUrl(root.config.endpoints.imageResizer, story.heroKey, '16x9', 1280, 'jpg')),
      type: 'article',
      productName: root.config.productName,
    }),
    { property: 'article:published_time', content: story.publishedAt },
    { property: 'article:section', content: story.topic.name },
  ];
};

export default function Story({ loaderData, actionData }: Route.ComponentProps) {
  const { story, access, shown, nextBestAction, gift } = loaderData;
  const root = useRootData();
  const siteUrl = root?.config.siteUrl ?? '';
  const lead = story.authors[0];
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: story.headline,
          description: story.standfirst,
          datePublished: story.publishedAt,
          dateModified: story.updatedAt,
          mainEntityOfPage: `${siteUrl}${paths.story(story.slug)}`,
          image: [absoluteUrl(siteUrl, imageUrl(root?.config.endpoints.imageResizer ?? '/img', story.heroKey, '16x9', 1280, 'jpg'))],
          author: story.authors.map((a) => ({ '@type': 'Person', name: a.name, url: `${siteUrl}${paths.author(a.slug)}` })),
          publisher: { '@type': 'Organization', name: root?.config.productName, url: `${siteUrl}/` },
          articleSection: story.topic.name,
          isAccessibleForFree: story.access === 'free',
          ...(story.access === 'free'
            ? {}
            : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.story__body' } }),
        }}
      />
      <article className="story">
        <StoryAnalytics
          articleId={story.id}
          topicId={story.topic.slug}
          topicLabel={story.topic.name}
          wallVariant={access.kind === 'wall' ? access.variant.wallVariant : undefined}
          giftId={gift?.giftId}
        />
        <header className="story__header wrap wrap--narrow">
          {gift && <GiftBanner gift={gift} />}
          <p className="kicker">
            <Link to={paths.topic(story.topic.slug)}>{story.topic.name}</Link>
            <AccessBadge access={story.access} />
          </p>
          <h1 className="story__headline">{story.headline}</h1>
          <p className="standfirst">{story.standfirst}</p>
          <div className="byline">
            {lead?.portraitKey && (
              <Picture className="byline__avatar" imageKey={lead.portraitKey} alt="" ratio="1x1" width={160} sizes="48px" />
            )}
            <div>
              <p className="byline__names">
                By{' '}
                {story.authors.map((a, i) => (
                  <span key={a.slug}>
                    {i > 0 && (i === story.authors.length - 1 ? ' and ' : ', ')}
                    <Link to={paths.author(a.slug)}>{a.name}</Link>
                  </span>
                ))}
              </p>
              <p className="meta">
                <time dateTime={story.publishedAt}>{formatDate(story.publishedAt)}</time>
                <span>{story.readingMinutes} min read</span>
              </p>
            </div>
          </div>
          <div className="story__actions">
            <ShareLinks storyId={story.id} url={`${siteUrl}${paths.story(story.slug)}`} headline={story.headline} />
            {loaderData.canGift && <GiftDialog storyId={story.id} headline={story.headline} result={actionData} />}
          </div>
        </header>
        <figure className="story__hero wrap">
          <Picture
            imageKey={story.heroKey}
            alt={story.heroAlt}
            ratio="16x9"
            width={2000}
            sizes="(min-width: 1240px) 1180px, 100vw"
            priority
          />
          <figcaption>{story.heroCaption}</figcaption>
        </figure>
        <div className="wrap wrap--narrow">
          <StoryBody text={shown} />
          {access.kind === 'wall' && (
            <WallPanel wall={access.wall} variant={access.variant} articleId={story.id} topicId={story.topic.slug} />
          )}
          {access.kind === 'confirm-email' && <ConfirmEmailWall />}
          <Prerendered as="footer" className="story__footer" data={shown}>
            {({ topics }) => (
              <>
                <h2 className="visually-hidden">Topics</h2>
                <ul className="tags">
                  {topics.map((t) => (
                    <li key={t.slug}>
                      <Link to={paths.topic(t.slug)}>{t.name}</Link>
                    </li>
                  ))}
                </ul>
                {story.authors.map((a) => (
                  <p key={a.slug} className="story__author-note">
                    <Link to={paths.author(a.slug)}>{a.name}</Link> · {a.role} · {a.location}
                  </p>
                ))}
              </>
            )}
          </Prerendered>
          {/* A walled story has its call to action already; the banner suggests the step after reading. */}
          {access.kind === 'full' && nextBestAction && <NextBestActionBanner action={nextBestAction} articleId={story.id} />}
          <NewsletterSignup
            placement="story"
            newsletters={loaderData.newsletters}
            sourcePath={paths.story(story.slug)}
            articleId={story.id}
          />
          {/* Never over a wall: only a story the reader may read whole prompts them. */}
          {access.kind === 'full' && (
            <NewsletterPrompt newsletters={loaderData.newsletters} sourcePath={paths.story(story.slug)} articleId={story.id} />
          )}
        </div>
      </article>
      {loaderData.hasRelated && (
        <Prerendered as="section" className="wrap related" aria-labelledby="related-heading" data={shown}>
          {({ related }) => (
            <>
              <h2 id="related-heading" className="rail-title">
                More in {story.topic.name}
              </h2>
              <div className="rail__grid">
                {related.map((s) => (
                  <StoryCard key={s.slug} story={s} />
                ))}
              </div>
            </>
          )}
        </Prerendered>
      )}
    </>
  );
}
